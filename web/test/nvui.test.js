// Screen-reader mode's words (web/js/nvui/text.js and the room's text board in nvui/room.js):
// every game's position read seat by seat, Queah's reserves, Neva's four seats and teams,
// Give and Take's moved piece, whose turn, the last move, the legal moves, the clocks, and
// what a line typed in the move box asks.
// Run: node --test web/test/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { clocksText, lastMoveText, legalText, playedText, positionLines, readCommand, sortSquares, turnText } from '../js/nvui/text.js';
import { roomBoardText, roomNews } from '../js/nvui/room.js';
import { initialState, reduce } from '../js/room/state.js';
import { startPosition } from '../js/position.js';
import { useBundle } from '../js/i18n.js';

// The room's words in English, as the page reads them.
useBundle('en', [readFileSync(new URL('../locales/en/room.ftl', import.meta.url), 'utf8')]);

const texts = (lines) => lines.map((l) => l.text);

const roomSnapshot = () => JSON.parse(readFileSync(new URL('./fixtures/room-snapshot.json', import.meta.url), 'utf8'));

function pageOf(me, data) {
  return reduce(reduce(initialState(), { type: 'me', me }), { type: 'snapshot', v: data.version, data, now: 0, serverNow: 0 });
}

test('a Stockholm position reads each seat by square, men before kings', () => {
  const lines = positionLines('stockholm', 'B:Wc1,a3,Kd4:Bb8,Kh8,Kb6', { mine: 'white' });
  assert.deepEqual(texts(lines), [
    'White, you: men a3, c1; king d4.',
    'Black: man b8; kings b6, h8.',
  ]);
  assert.deepEqual(lines.map((l) => l.seat), ['white', 'black']);
});

test('the start of Stockholm lists twelve men a side', () => {
  const [white, black] = texts(positionLines('stockholm', 'W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8'));
  assert.equal(white, 'White: men a1, a3, b2, c1, c3, d2, e1, e3, f2, g1, g3, h2.');
  assert.equal(black, 'Black: men a7, b6, b8, c7, d6, d8, e7, f6, f8, g7, h6, h8.');
});

test('Queah says every seat\'s reserve and a drop owed', () => {
  assert.deepEqual(texts(positionLines('queah', 'W:Wc1,e1,b2,d2:Ba5,c5,b4,d4:reserve=W6,B6')), [
    'White: men b2, c1, d2, e1; 6 in reserve.',
    'Black: men a5, b4, c5, d4; 6 in reserve.',
  ]);
  assert.deepEqual(texts(positionLines('queah', 'B:Wc1:B:reserve=W0,B2:owe=B')), [
    'White: man c1; 0 in reserve.',
    'Black: no pieces; 2 in reserve; owes a drop.',
  ]);
});

test('Give and Take names its kings and the piece that just moved', () => {
  assert.deepEqual(texts(positionLines('giveandtake', 'B:Wc5,Ka1:Bd6:hot=c5')), [
    'White: man c5; king a1.',
    'Black: man d6.',
    'The piece that just moved stands on c5.',
  ]);
});

test('Neva reads four seats by corner, numbers in order, with teams, partners and seats out', () => {
  const start = 'W:W14,15,16,25,26,36:R46,55,56,64,65,66:G41,51,52,61,62,63:B11,12,13,21,22,31';
  assert.deepEqual(texts(positionLines('neva', start)), [
    'White (Morning): men 14, 15, 16, 25, 26, 36.',
    'Red (Day): men 46, 55, 56, 64, 65, 66.',
    'Green (Evening): men 41, 51, 52, 61, 62, 63.',
    'Black (Night): men 11, 12, 13, 21, 22, 31.',
  ]);
  const lines = texts(positionLines('neva', 'R:W14:R46,K55:G:B11', { mine: 'white', teams: true, playing: ['white', 'red', 'black'] }));
  assert.deepEqual(lines, [
    'White (Morning), you, team A: man 14.',
    'Red (Day), team B: man 46; king 55.',
    'Green (Evening), your partner, team A, out: no pieces.',
    'Black (Night), team B: man 11.',
  ]);
  // Squares sort as numbers, files as letters then ranks.
  assert.deepEqual(sortSquares('neva', ['36', '4', '14']), ['4', '14', '36']);
  assert.deepEqual(sortSquares('stockholm', ['b10', 'b2', 'a9']), ['a9', 'b2', 'b10']);
});

test('a Neva room with three seats reads only those seats before the game', () => {
  const pos = startPosition('neva', ['white', 'red', 'green']);
  assert.equal(pos.seats.length, 3);
});

test('whose turn, the last move and what it took', () => {
  const data = roomSnapshot();
  data.last_move = { seat: 'black', move: { text: 'e5xc3xa5', captured: ['d4', 'b4'] } };
  const ann = pageOf({ id: 'a1', name: 'Ann' }, data);
  assert.equal(turnText(ann.snap, 'white'), 'It is your turn.');
  assert.equal(turnText(ann.snap, 'black'), 'Ann (White) to move.');
  assert.equal(turnText(ann.snap, null), 'Ann (White) to move.');
  assert.equal(lastMoveText(ann.snap, 'white'), 'Last move: Bob (Black) played e5xc3xa5. It took 2 pieces.');
  assert.equal(lastMoveText(ann.snap, 'black'), 'Last move: you played e5xc3xa5. It took 2 pieces.');
  assert.equal(lastMoveText({ ...ann.snap, last_move: null }), 'No move has been played yet.');
  // The others' moves are read out as they come, in a sentence of their own.
  assert.equal(playedText(ann.snap, 'white'), 'Bob (Black) played e5xc3xa5. It took 2 pieces.');
  assert.equal(playedText(ann.snap, 'black'), 'You played e5xc3xa5. It took 2 pieces.');
  assert.equal(playedText({ ...ann.snap, last_move: { seat: 'white', move: { text: 'a3-b4', captured: [] } } }, 'black'), 'Ann (White) played a3-b4.');
  assert.equal(turnText({ ...ann.snap, state: 'finished' }), 'The game is over.');
  assert.equal(turnText({ ...ann.snap, state: 'waiting' }), 'The game has not started yet.');
  assert.equal(turnText({ ...ann.snap, state: 'aborted' }), 'The game was aborted.');
  // A Neva seat in a sentence is its colour; its corner is said with its pieces.
  const neva = { ...ann.snap, room: { ...ann.snap.room, game: 'neva' }, board: { ...ann.snap.board, turn: 'black' } };
  assert.equal(turnText(neva, 'white'), 'Bob (Black) to move.');
  const bot = { ...ann.snap, seats: { ...ann.snap.seats, black: { occupant: { type: 'bot', kind: 'engine', level: 1 } } } };
  assert.equal(lastMoveText(bot, 'white'), 'Last move: Computer level 1 (Black) played e5xc3xa5. It took 2 pieces.');
});

test('the room\'s text board: the live position, or the one looked back at', () => {
  const data = roomSnapshot();
  const ann = pageOf({ id: 'a1', name: 'Ann' }, data);
  assert.deepEqual(roomBoardText(ann), {
    turn: 'It is your turn.',
    last: 'No move has been played yet.',
    lines: [{ seat: 'white', text: 'White, you: men 21, 22.' }, { seat: 'black', text: 'Black: men 1, 2.' }],
  });
  const looking = { ...ann, viewing: 0, moves: [{ seat: 'white', text: '21-17', position: 'B:W17,22:B1,2' }, { seat: 'black', text: '1-5', position: 'W:W17,22:B5,2' }] };
  const v = roomBoardText(looking);
  assert.match(v.last, /^Showing the position after move 1\./);
  assert.equal(v.lines[0].text, 'White, you: men 17, 22.');
  // Before the start the usual start position is read.
  const waiting = pageOf({ id: 'a1', name: 'Ann' }, { ...data, state: 'waiting', board: null });
  assert.equal(roomBoardText(waiting).lines[0].text, 'White, you: men a1, a3, b2, c1, c3, d2, e1, e3, f2, g1, g3, h2.');
  assert.equal(roomBoardText(waiting).turn, 'The game has not started yet.');
});

test('legal moves in one sentence, or none', () => {
  assert.equal(legalText([{ text: 'a3-b4' }, { text: '@e5,d2-e3' }]), 'Legal moves: a3-b4, @e5,d2-e3.');
  assert.equal(legalText([]), 'You have no move to play now.');
  assert.equal(legalText(null), 'You have no move to play now.');
  assert.equal(legalText(null, true), 'Your legal moves are on their way: ask again in a moment.');
});

test('the clocks read every seat, the running one said', () => {
  const data = roomSnapshot();
  const snap = {
    ...data,
    room: { ...data.room, time_control: { kind: 'fischer', base_ms: 300000, increment_ms: 0 } },
    board: { ...data.board, clocks: { remaining_ms: { white: 299000, black: 300000 }, running: 'white', since: 1000, first_move_by: null } },
  };
  assert.equal(clocksText(snap, 2000, 'white'), 'Clocks: White 4:58, running; Black 5:00.');
  assert.equal(clocksText({ ...snap, room: { ...snap.room, time_control: { kind: 'none' } } }, 0), 'This game has no clock.');
  assert.equal(clocksText({ ...snap, room: { ...snap.room, time_control: null } }, 0), 'This game has no clock.');
});

test('a line typed in the move box: a command by its word or letter, else a move', () => {
  assert.deepEqual(readCommand(' moves '), { command: 'moves' });
  assert.deepEqual(readCommand('M'), { command: 'moves' });
  assert.deepEqual(readCommand('c'), { command: 'clocks' });
  assert.deepEqual(readCommand('l'), { command: 'last' });
  assert.deepEqual(readCommand('b'), { command: 'board' });
  assert.deepEqual(readCommand('t'), { command: 'turn' });
  assert.deepEqual(readCommand('?'), { command: 'help' });
  assert.deepEqual(readCommand('c3-d4'), { move: 'c3-d4' });
  assert.deepEqual(readCommand('25-24'), { move: '25-24' });
  assert.deepEqual(readCommand('@e5,d2-e3'), { move: '@e5,d2-e3' });
  assert.equal(readCommand('   '), null);
});

test('the log reads out the others\' moves and chat lines once, not what a snapshot brings', () => {
  const ANN = { id: 'a1', name: 'Ann' };
  let st = pageOf(ANN, roomSnapshot());
  let told = roomNews(null, st);
  assert.deepEqual(told.lines, []);
  const ev = (v, data) => ({ type: 'event', v, data: { version: v, ...data }, now: 0 });
  // Ann's own move is not read out; Bob's is, with her turn.
  st = reduce(st, ev(6, { type: 'moved', seat: 'white', move: { text: '21-17', captured: [] }, board: { position: 'B:W17,22:B1,2', turn: 'black', playing: ['white', 'black'], plies: 1 } }));
  told = roomNews(told.seen, st);
  assert.deepEqual(told.lines, []);
  st = reduce(st, ev(7, { type: 'moved', seat: 'black', move: { text: '1-5', captured: [] }, board: { position: 'W:W17,22:B5,2', turn: 'white', playing: ['white', 'black'], plies: 2 } }));
  told = roomNews(told.seen, st);
  assert.deepEqual(told.lines, ['Bob (Black) played 1-5. It is your turn.']);
  // The same state again says nothing more.
  assert.deepEqual(roomNews(told.seen, st).lines, []);
  // Bob's chat line is read out; Ann's own is not.
  st = reduce(st, ev(8, { type: 'chat', line: { id: 1, channel: 'players', from: { id: 'b2', name: 'Bob' }, seat: 'black', text: 'good luck' } }));
  st = reduce(st, ev(9, { type: 'chat', line: { id: 2, channel: 'players', from: ANN, seat: 'white', text: 'thanks' } }));
  told = roomNews(told.seen, st);
  assert.deepEqual(told.lines, ['Bob says: good luck']);
  // A new snapshot (a reconnection) is taken as read.
  const again = roomSnapshot();
  again.actions = ['21-17', '1-5', '17-13'];
  again.last_move = { seat: 'black', move: { text: '17-13', captured: [] } };
  st = reduce(st, { type: 'snapshot', v: 20, data: { ...again, version: 20 }, now: 0, serverNow: 0 });
  assert.deepEqual(roomNews(told.seen, st).lines, []);
});
