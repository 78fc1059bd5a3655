// The room page's words, clocks and chat filters (web/js/room/words.js, clocks.js, chat.js)
// and the move list's numbering (widgets/movelist.js): pure functions of the room's data.
// Run: node --test web/test/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useEnglish } from './fixtures/english.js';
import { waitingWords, resultWords, abortWords, seatLabel, occupantName, describeRoom, turnOrderWords, teamName, partnerOf } from '../js/room/words.js';
import { clockMs, clockReading, lowThreshold, firstMoveLeft } from '../js/room/clocks.js';
import { visibleLines } from '../js/room/chat.js';
import { rematchWords } from '../js/room/result.js';
import { moveNumber, plyWords } from '../js/widgets/movelist.js';
import { readFileSync } from 'node:fs';
import { useBundle } from '../js/i18n.js';


const ANN = { id: 'a1', name: 'Ann' };
const BOB = { id: 'b2', name: 'Bob' };
const seat = (p) => ({ occupant: { type: 'player', ...p }, connected: true, since: 0 });
const bot = (level) => ({ occupant: { type: 'bot', kind: 'engine', level }, connected: true, since: 0 });

function room(over = {}) {
  return { id: 'r1', game: 'stockholm', layout: ['white', 'black'], host: ANN, options: {}, private: false, teams: false, time_control: { kind: 'none' }, auto_start: false, ...over };
}

test('the waiting room says who is missing and what happens next, to the host and the joiner', () => {
  const one = { room: room(), seats: { white: seat(ANN), black: null } };
  assert.deepEqual(waitingWords(one, 'white', true), { head: 'Waiting for 1 more player.', next: 'You start the game (Start) when every seat is filled.', free: 1, full: false });
  assert.equal(waitingWords(one, null, false).next, 'The host (Ann) starts the game when every seat is filled. Take a free seat to play.');
  const full = { room: room(), seats: { white: seat(ANN), black: seat(BOB) } };
  assert.equal(waitingWords(full, 'black', false).head, 'Every seat is filled.');
  assert.equal(waitingWords(full, 'black', false).next, 'Waiting for the host (Ann) to start the game.');
  assert.equal(waitingWords(full, 'white', true).next, 'Press Start to begin the game.');
  assert.match(waitingWords(full, null, false).next, /This room is full: you are watching/);
  const auto = { room: room({ auto_start: true, game: 'neva', layout: ['white', 'red', 'green', 'black'] }), seats: { white: seat(ANN), red: null, green: null, black: null } };
  assert.deepEqual([waitingWords(auto, 'white', true).head, waitingWords(auto, 'white', true).next], ['Waiting for 3 more players.', 'The game starts when every seat is filled.']);
});

test('names: bots as the computer, our seat as You, free seats by colour', () => {
  const snap = { room: room(), seats: { white: seat(ANN), black: bot(3) } };
  assert.equal(occupantName(snap, 'black'), 'Computer level 3');
  assert.equal(occupantName({ seats: { black: { occupant: { type: 'bot', kind: 'random', level: 1 } } } }, 'black'), 'Random mover');
  assert.equal(seatLabel(snap, 'white', 'white'), 'You');
  assert.equal(seatLabel(snap, 'white', 'black'), 'Ann (White)');
  assert.equal(seatLabel({ seats: {} }, 'red'), 'Red');
});

test('the result in words: who won, how, and Neva\'s finishing order', () => {
  const snap = {
    room: room(),
    seats: { white: seat(ANN), black: seat(BOB) },
    outcome: { winners: ['black'], reason: 'resigned', seats: { white: { verdict: 'loss', reason: 'resigned' }, black: { verdict: 'win', reason: 'resigned' } }, finishing_order: [['black'], ['white']] },
  };
  assert.deepEqual(resultWords(snap, 'white'), { headline: 'Bob (Black) won.', how: 'You resigned.', verdict: 'loss', order: [] });
  assert.deepEqual(resultWords(snap, 'black'), { headline: 'You won!', how: 'Ann (White) resigned.', verdict: 'win', order: [] });
  assert.equal(resultWords(snap, null).how, 'Ann (White) resigned.');
  const time = { ...snap, outcome: { ...snap.outcome, reason: 'time', seats: { white: { verdict: 'loss', reason: 'time' }, black: { verdict: 'win', reason: 'time' } } } };
  assert.equal(resultWords(time, null).how, 'Ann (White) ran out of time.');
  const draw = { ...snap, outcome: { winners: [], reason: 'agreement', seats: {}, finishing_order: [['white', 'black']] } };
  assert.deepEqual([resultWords(draw, 'white').headline, resultWords(draw, 'white').how], ['Draw.', 'The players agreed to a draw.']);
  const layout = ['white', 'red', 'green', 'black'];
  const neva = {
    room: room({ game: 'neva', layout, teams: false }),
    seats: { white: seat(ANN), red: seat(BOB), green: bot(2), black: bot(4) },
    outcome: {
      winners: ['green'],
      reason: 'captured_all',
      seats: { white: { verdict: 'loss', reason: 'captured_all' }, red: { verdict: 'loss', reason: 'resigned' }, green: { verdict: 'win', reason: 'captured_all' }, black: { verdict: 'loss', reason: 'blocked' } },
      finishing_order: [['green'], ['white'], ['black'], ['red']],
    },
  };
  const w = resultWords(neva, 'white');
  assert.equal(w.headline, 'Computer level 2 (Green) won.');
  assert.equal(w.how, 'You have no pieces left.');
  assert.deepEqual(w.order, [['Computer level 2 (Green)'], ['You'], ['Computer level 4 (Black)'], ['Bob (Red)']]);
  const team = { ...neva, room: room({ game: 'neva', layout, teams: true }), outcome: { ...neva.outcome, winners: ['white', 'green'] } };
  assert.equal(resultWords(team, 'white').headline, 'Your team won (you and Computer level 2 (Green))!');
});

test('an aborted game says why: no first move, by a player, or the host cancelled', () => {
  const base = { room: room(), seats: { white: seat(ANN), black: seat(BOB) }, board: {} };
  assert.equal(abortWords({ ...base, aborted: { reason: 'no_first_move', seat: 'black' } }, 'white'), 'The game was aborted: Bob (Black) did not make a first move in time. Nobody wins or loses.');
  assert.equal(abortWords({ ...base, aborted: { reason: 'requested', by: 'white' } }, 'white'), 'You aborted the game before it really began. Nobody wins or loses.');
  assert.equal(abortWords({ ...base, board: null, aborted: { reason: 'requested', by: 'white' } }, 'black'), 'The host cancelled this room.');
});

test('a game ended before every seat moved says it does not count; an empty room says it closed', () => {
  const base = { room: room(), seats: { white: seat(ANN), black: seat(BOB) }, board: {} };
  assert.equal(abortWords({ ...base, aborted: { reason: 'resigned', by: 'black', seat: 'black' } }, 'white'), 'The game was aborted: Bob (Black) resigned before every player had moved, so it does not count. Nobody wins or loses.');
  assert.equal(abortWords({ ...base, aborted: { reason: 'left', by: 'white', seat: 'white' } }, 'white'), 'The game was aborted: you left before every player had moved, so it does not count. Nobody wins or loses.');
  assert.equal(abortWords({ ...base, aborted: { reason: 'unattended', by: null, seat: null } }, 'white'), 'The game was closed: nobody was playing it. It does not count; nobody wins or loses.');
  assert.equal(abortWords({ ...base, board: null, aborted: { reason: 'unattended', by: null, seat: null } }, null), 'The room was closed: nobody was in it.');
});

test('the room header, turn order and teams: a letter and a shape, partners named', () => {
  assert.equal(describeRoom(room({ time_control: { kind: 'fischer', base_ms: 300000, increment_ms: 3000 } })), 'Stockholm, 5+3');
  assert.equal(describeRoom(room({ private: true })), 'Stockholm, no clock, private');
  assert.equal(turnOrderWords(['white', 'red', 'green', 'black']), 'White, Red, Green, Black (clockwise)');
  assert.deepEqual(['white', 'red', 'green', 'black'].map(teamName), ['A', 'B', 'A', 'B']);
  assert.equal(partnerOf('white', ['white', 'red', 'green', 'black']), 'green');
  assert.equal(partnerOf('red', ['white', 'red', 'green', 'black']), 'black');
});

test('clocks: the running one counts down, the first-move deadline and low time show', () => {
  const clocks = { remaining_ms: { white: 60_000, black: 8_000 }, running: 'white', since: 1_000, first_move_by: null };
  const board = { clocks, turn: 'white', playing: ['white', 'black'] };
  assert.equal(clockMs(board, 'white', 11_000), 50_000);
  assert.equal(clockMs(board, 'black', 11_000), 8_000, 'a clock that does not run stays');
  assert.equal(clockMs({ clocks: null }, 'white', 0), null);
  const tc = { kind: 'fischer', base_ms: 60_000, increment_ms: 0 };
  assert.equal(lowThreshold(tc), 10_000);
  assert.equal(lowThreshold({ kind: 'fischer', base_ms: 300_000, increment_ms: 3000 }), 20_000);
  const snap = { state: 'playing', room: room({ time_control: tc }), board };
  assert.equal(clockReading(snap, 'white', 55_000).low, true);
  assert.equal(clockReading(snap, 'white', 11_000).low, false);
  // Before anyone has moved: no clock runs, the seat to move has a deadline.
  const first = { ...snap, board: { ...board, clocks: { ...clocks, running: null, first_move_by: 31_000 } } };
  assert.equal(firstMoveLeft(first.board, 6_000), 25_000);
  assert.equal(clockReading(first, 'white', 6_000, { mine: 'white' }).note, 'Your first move within 25 s');
  assert.equal(clockReading(first, 'white', 6_000).note, 'first move within 25 s');
  assert.equal(clockReading(first, 'black', 6_000).note, 'clock starts after its first move');
  assert.equal(clockReading(first, 'white', 6_000).ms, 60_000, 'the clock does not run before the first move');
  const waiting = { state: 'waiting', room: room({ time_control: tc }), board: null };
  assert.deepEqual(clockReading(waiting, 'black', 0), { ms: 60_000, low: false, running: false, note: 'clock starts after its first move', out: false });
});

test('chat: a channel\'s lines, muted authors hidden and counted', () => {
  const lines = [
    { id: 1, channel: 'players', from: ANN, text: 'hi' },
    { id: 2, channel: 'spectators', from: { id: 'c3', name: 'Cy' }, text: 'go Ann' },
    { id: 3, channel: 'players', from: BOB, text: 'hello' },
  ];
  const muted = (id) => id === BOB.id;
  assert.deepEqual(visibleLines(lines, 'players', muted), { shown: [lines[0]], hidden: 1 });
  assert.deepEqual(visibleLines(lines, 'spectators', muted), { shown: [lines[1]], hidden: 0 });
});

test('the rematch in words: who asked, for whom it waits, when it lapses', () => {
  const snap = { room: room(), seats: { white: seat(ANN), black: seat(BOB) }, rematch: { asked: ['black'], waiting_for: ['white'], room: null, expires_at: 61_000 } };
  assert.equal(rematchWords(snap, 'white', 1_000), 'Bob (Black) asks for a rematch; waiting for you. The offer lapses in 60 s.');
  assert.equal(rematchWords({ ...snap, rematch: { ...snap.rematch, declined_by: 'white' } }, 'black', 0), 'Ann (White) declined the rematch.');
  assert.equal(rematchWords({ ...snap, rematch: { asked: [], waiting_for: [], expired: true } }, 'black', 0), 'The rematch offer expired: nobody answered in time.');
  assert.equal(rematchWords({ ...snap, rematch: null }, 'black', 0), '');
  // A viewer whose clock estimate runs behind the server's never sees more than the offer's time.
  const early = { ...snap, rematch: { ...snap.rematch, offer_ms: 10_000, expires_at: 11_000 } };
  assert.equal(rematchWords(early, 'white', -50_000), 'Bob (Black) asks for a rematch; waiting for you. The offer lapses in 10 s.');
  assert.equal(rematchWords(early, 'white', 5_000), 'Bob (Black) asks for a rematch; waiting for you. The offer lapses in 6 s.');
});

test('the replay counts as the list numbers: full moves, Neva rounds', () => {
  const two = ['white', 'black'];
  const moves = ['white', 'black', 'white', 'black', 'white'].map((s, i) => ({ seat: s, text: `m${i}` }));
  assert.deepEqual(moveNumber(moves, two, 0), { number: 1, of: 3 });
  assert.deepEqual(moveNumber(moves, two, 1), { number: 1, of: 3 });
  assert.deepEqual(moveNumber(moves, two, 4), { number: 3, of: 3 });
  const four = ['white', 'red', 'green', 'black'];
  const neva = ['green', 'black', 'white', 'red', 'green'].map((s, i) => ({ seat: s, text: `m${i}` }));
  assert.deepEqual(moveNumber(neva, four, 1), { number: 1, of: 2 });
  assert.deepEqual(moveNumber(neva, four, 2), { number: 2, of: 2 });
});

test('a recorded departure is said in words; a move is the seat and its notation', () => {
  assert.equal(plyWords('white', 'resign white'), 'White resigned');
  assert.equal(plyWords('red', 'leave red'), 'Red left the game');
  assert.equal(plyWords('black', 'timeout black'), 'Black ran out of time');
  assert.equal(plyWords('white', 'c3-d4'), 'White c3-d4');
  assert.equal(plyWords('white', 'e5xe8xe2xa2xh2'), 'White e5xe8xe2xa2xh2');
});

test('Russian and Portuguese: counts take their plural forms, the verb agrees with who did it', () => {
  const words = (tag) => ['common.ftl', 'room.ftl'].map((f) => readFileSync(new URL(`../locales/${tag}/${f}`, import.meta.url), 'utf8'));
  const free = (n) => ({ room: room({ game: 'neva', layout: ['white', 'red', 'green', 'black'] }), seats: { white: seat(ANN), red: n < 3 ? seat(BOB) : null, green: n < 2 ? bot(2) : null, black: null } });
  const lost = (reason) => ({
    room: room(),
    seats: { white: seat(ANN), black: seat(BOB) },
    outcome: { winners: ['black'], reason, seats: { white: { verdict: 'loss', reason }, black: { verdict: 'win', reason } }, finishing_order: [['black'], ['white']] },
  });
  try {
    useBundle('ru', words('ru'));
    assert.deepEqual([1, 2, 3].map((n) => waitingWords(free(n), 'white', true).head), ['Ждём ещё 1 игрока.', 'Ждём ещё 2 игроков.', 'Ждём ещё 3 игроков.']);
    assert.equal(resultWords(lost('resigned'), 'white').how, 'Вы сдались.');
    assert.equal(resultWords(lost('resigned'), 'white').headline, 'Победа: Чёрные (Bob).');
    assert.equal(seatLabel(lost('resigned'), 'black', 'white'), 'Чёрные (Bob)');
    useBundle('pt-BR', words('pt-BR'));
    assert.deepEqual([1, 3].map((n) => waitingWords(free(n), null, false).head), ['Falta 1 jogador.', 'Faltam 3 jogadores.']);
    assert.equal(resultWords(lost('resigned'), 'black').how, 'Ann (Brancas) desistiu.');
    assert.equal(resultWords(lost('resigned'), 'white').how, 'Você desistiu.');
    assert.equal(resultWords(lost('captured_all'), 'white').headline, 'Bob (Pretas) venceu.');
  } finally {
    useEnglish();
  }
});
