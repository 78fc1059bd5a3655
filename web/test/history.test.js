// The words of finished games and players (history, your games, the replay's analysis, the
// rating graph) in each language, from the Fluent files the pages load.
// Run: node --test web/test/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useBundle, PSEUDO } from '../js/i18n.js';
import { resultWords } from '../js/views/history.js';
import { deadlineWords, statusWords } from '../js/views/games.js';
import { markSummary, noteView } from '../js/replay/show.js';
import { pawns } from '../js/widgets/evalgraph.js';
import { POOLS, provisionalWords, opponentLimitWords, ratingText, progressText } from '../js/ratings.js';

// The files the history, replay and player pages load (the shared words with them).
const FILES = ['common.ftl', 'room.ftl', 'nvui.ftl', 'history.ftl', 'players.ftl'];
const words = (tag) => useBundle(tag, FILES.map((f) => readFileSync(new URL(`../locales/${tag === PSEUDO ? 'en' : tag}/${f}`, import.meta.url), 'utf8')));

test('a result names the winners, bots as the server names them', () => {
  words('en');
  assert.equal(resultWords({ seats: { white: 'Ann', black: 'Bob' }, winners: ['black'], result: 'black won', reason: 'resigned' }),
    'Bob won, resigned');
  assert.equal(resultWords({ seats: { white: 'engine (bot, level 3)', black: 'Bob' }, winners: ['white'], reason: 'captured_all' }),
    'Computer level 3 won, all pieces captured');
  assert.equal(resultWords({ seats: { white: 'Ann', red: 'Bo', green: 'Cy', black: 'Di' }, winners: ['white', 'green'], reason: 'blocked' }),
    'Ann and Cy won, no move left');
  assert.equal(resultWords({ seats: {}, winners: [], result: 'draw', reason: 'repetition' }), 'Draw, position repeated');
  assert.equal(resultWords({ seats: {}, winners: ['red'] }), 'Red won');
  assert.equal(resultWords({ seats: {}, winners: [], result: 'unfinished' }), 'Unfinished');
});

test('your games: the time left and whose move it is', () => {
  words('en');
  const h = 3_600_000;
  assert.equal(deadlineWords(null, 0), '');
  assert.equal(deadlineWords(2 * 24 * h + 5 * h + 10_000, 0), '2 days 5 hours left');
  assert.equal(deadlineWords(24 * h, 0), '1 day left');
  assert.equal(deadlineWords(3 * h + 20 * 60_000, 0), '3 hours 20 min left');
  assert.equal(deadlineWords(45_000, 0), '45 s left');
  assert.equal(deadlineWords(5, 10), 'Time is up');
  assert.equal(statusWords({ state: 'playing', my_turn: true, opponents: ['Ann'] }), 'Your turn');
  assert.equal(statusWords({ state: 'playing', my_turn: false, opponents: ['Ann'] }), 'Waiting for Ann');
  assert.equal(statusWords({ state: 'waiting', my_turn: false, opponents: [] }), 'Waiting for players');
  words('ru');
  assert.equal(deadlineWords(5, 10), 'Время вышло');
  assert.equal(statusWords({ state: 'playing', my_turn: true, opponents: ['Ann'] }), 'Ваш ход');
  assert.match(statusWords({ state: 'playing', my_turn: false, opponents: ['Ann'] }), /Ann/);
  words('pt-BR');
  assert.equal(statusWords({ state: 'playing', my_turn: true, opponents: ['Ann'] }), 'Sua vez');
});

test('the analysis counts flagged moves with each language\'s plurals, and scores in its digits', () => {
  const analysis = (n) => ({
    seats: ['white'],
    positions: [{ scores: { white: 0 } }, { scores: { white: -250 } }],
    moves: Array.from({ length: n }, () => ({ seat: 'white', notation: '1x10', mark: 'blunder', symbol: '??', loss: 250, best: '2-6' })),
  });
  words('en');
  assert.match(markSummary(analysis(1))[0], /: 0 inaccuracies, 0 mistakes, 1 blunder$/);
  assert.equal(pawns(150), '+1.50');
  assert.equal(noteView(analysis(1), 1).mark.text, '1x10?? Blunder (-2.50).');
  words('ru');
  assert.match(markSummary(analysis(1))[0], /0 неточностей, 0 ошибок, 1 зевок$/);
  assert.match(markSummary(analysis(3))[0], /3 зевка$/);
  assert.match(markSummary(analysis(5))[0], /5 зевков$/);
  assert.equal(pawns(150), '+1,50');
  words('pt-BR');
  assert.match(markSummary(analysis(2))[0], /0 imprecisões, 0 erros, 2 erros graves$/);
  assert.equal(pawns(-250), '-2,50');
});

test('ratings read the same digits everywhere; pools and rules in each language', () => {
  words('ru');
  assert.equal(ratingText({ rating: 1523.4, provisional: true }), '1523?', 'a rating is never grouped');
  assert.equal(progressText(-1200), '−1200');
  assert.deepEqual(POOLS.map((p) => p.name).slice(0, 2), ['Стокгольмские', 'Бразильские']);
  assert.match(provisionalWords(110), /1500\?/);
  assert.match(provisionalWords(110), /110/);
  assert.match(opponentLimitWords(3), /3 рейтинговые партии/);
  words('pt-BR');
  assert.match(opponentLimitWords(1), /Só a primeira partida valendo rating por dia contra o mesmo adversário muda/);
  words(PSEUDO);
  for (const p of POOLS) assert.doesNotMatch(p.name, /[A-Za-z]/);
});
