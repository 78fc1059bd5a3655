// Your games: the count in the title, the page's order and words, long clocks in days.
// Run: node --test web/test/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useEnglish } from './fixtures/english.js';
import { titleWithCount, badgeLabel } from '../js/mygames.js';
import { useBundle } from '../js/i18n.js';
import { sortGames } from '../js/views/games.js';
import { clockText, durationWords } from '../js/seats.js';
import { clockWords } from '../js/describe.js';
import { clockReading, lowThreshold } from '../js/room/clocks.js';

test('the title carries the count while something waits, once', () => {
  assert.equal(titleWithCount('Checkerhall', 2), '(2) Checkerhall');
  assert.equal(titleWithCount('(2) Checkerhall', 3), '(3) Checkerhall');
  assert.equal(titleWithCount('(2) Your turn · Queah', 0), 'Your turn · Queah');
  assert.equal(titleWithCount('Your turn · Queah', 1), '(1) Your turn · Queah');
});

test('the badge says how many games wait, in the reader\'s language', () => {
  const shell = (tag) => readFileSync(new URL(`../locales/${tag}/shell.ftl`, import.meta.url), 'utf8');
  useBundle('en', [shell('en')]);
  assert.equal(badgeLabel(1), '1 game waits for your move');
  assert.equal(badgeLabel(4), '4 games wait for your move');
  useBundle('ru', [shell('ru')]);
  assert.equal(badgeLabel(1), '1 партия ждёт вашего хода');
  assert.equal(badgeLabel(3), '3 партии ждут вашего хода');
  assert.equal(badgeLabel(5), '5 партий ждут вашего хода');
  assert.equal(badgeLabel(21), '21 партия ждёт вашего хода');
  useBundle('pt-BR', [shell('pt-BR')]);
  assert.equal(badgeLabel(2), '2 partidas esperam a sua jogada');
  useEnglish();
});

test('your turn first, then the newest move', () => {
  const games = [
    { room_id: 'a', my_turn: false, last_move_at: 300 },
    { room_id: 'b', my_turn: true, last_move_at: 100 },
    { room_id: 'c', my_turn: true, last_move_at: 200 },
    { room_id: 'd', my_turn: false, last_move_at: 400 },
  ];
  assert.deepEqual(sortGames(games).map((g) => g.room_id), ['c', 'b', 'd', 'a']);
  assert.deepEqual(sortGames(null), []);
});

test('deadlines read in days and hours', () => {
  const h = 3_600_000;
  assert.equal(durationWords(h), '1 hour');
});

test('correspondence clocks in words', () => {
  useEnglish();
  const tc = { kind: 'correspondence', days: 3 };
  assert.equal(clockWords(tc), '3 days a move');
  assert.equal(clockWords({ kind: 'correspondence', days: 1 }), '1 day a move');
  assert.equal(clockText(3 * 86_400_000), '3d 00h');
  assert.equal(clockText(86_400_000 + 5 * 3_600_000 + 1), '1d 05h');
  assert.equal(clockText(185_000), '3:05', 'live clocks read as before');
  assert.equal(lowThreshold(tc), 3_600_000);
  // Waiting for the first move: the note gives days, not seconds.
  const snap = {
    state: 'playing',
    room: { time_control: tc },
    board: {
      turn: 'white',
      playing: ['white', 'black'],
      clocks: { remaining_ms: { white: 3 * 86_400_000, black: 3 * 86_400_000 }, running: null, since: 0, first_move_by: 3 * 86_400_000 },
    },
  };
  assert.equal(clockReading(snap, 'white', 86_400_000, { mine: 'white' }).note, 'Your first move within 2 days');
});
