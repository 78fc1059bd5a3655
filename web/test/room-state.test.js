// The pure room state (web/js/room/state.js): snapshots and events shaped as in
// docs/protocol.md go in, the state the room view draws comes out.
// Run: node --test web/test/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import './fixtures/english.js';
import {
  initialState, reduce, mySeat, isHost, shownPosition, lastSquares, departureText,
} from '../js/room/state.js';
import { useBundle } from '../js/i18n.js';


/** The two-seat room of test/fixtures/room-snapshot.json, a fresh copy each time. */
const roomSnapshot = ((text) => () => JSON.parse(text))(readFileSync(new URL('./fixtures/room-snapshot.json', import.meta.url), 'utf8'));

const ANN = { id: 'a1', name: 'Ann' };
const BOB = { id: 'b2', name: 'Bob' };

const player = (p) => ({ occupant: { type: 'player', id: p.id, name: p.name }, connected: true, since: 1000 });

function board(over = {}) {
  return { position: 'W:W21,22:B1,2', turn: 'white', playing: ['white', 'black'], plies: 0, clocks: null, ...over };
}

/** A two-seat room: Ann (host) White, Bob Black, as a snapshot's `data`. */
function snapshot(over = {}) {
  return { ...roomSnapshot(), ...over };
}

const snap = (data, v = data.version, extra = {}) => ({ type: 'snapshot', v, data, ...extra });
const ev = (v, data) => ({ type: 'event', v, data: { version: v, audience: 'everyone', ...data } });

function moved(v, seat, text, from, to, over = {}) {
  return ev(v, {
    type: 'moved',
    seat,
    move: { text, origin: from, path: [to], captured: [], drop: null, promotes: false },
    board: board({ position: `after ${text}`, turn: seat === 'white' ? 'black' : 'white', plies: v }),
    ...over,
  });
}

/** Ann's page in the room after the snapshot. */
function annIn(data = snapshot()) {
  return reduce(reduce(initialState(), { type: 'me', me: ANN }), snap(data));
}

/** Freezes `o` deeply, so a reducer that changes its input throws. */
function deepFreeze(o) {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

const texts = (st) => st.moves.map((m) => m.text);
const effects = (st, type) => st.effects.filter((e) => e.type === type);

test('a first snapshot fills the state and asks for the history', () => {
  const st = annIn(snapshot({ actions: ['c3-d4', 'f6-e5'] }));
  assert.equal(st.version, 5);
  assert.equal(st.snap.state, 'playing');
  assert.deepEqual(texts(st), ['c3-d4', 'f6-e5']);
  assert.equal(st.viewing, null);
  assert.equal(mySeat(st), 'white');
  assert.equal(isHost(st), true);
  assert.deepEqual(st.effects.map((e) => e.type), ['first_snapshot', 'load_history']);
  // initialState(snapshot) is the same as feeding the snapshot to an empty state.
  const direct = initialState(snapshot({ actions: ['c3-d4', 'f6-e5'] }), { me: ANN });
  assert.deepEqual(texts(direct), ['c3-d4', 'f6-e5']);
  assert.equal(mySeat(direct), 'white');
});

test('a spectator has no seat and is not the host; events before any snapshot are ignored', () => {
  const st0 = reduce(initialState(), moved(6, 'white', 'c3-d4', 'c3', 'd4'));
  assert.equal(st0.snap, null);
  assert.deepEqual(st0.moves, []);
  const st = reduce(initialState(), snap(snapshot()));
  assert.equal(mySeat(st), null);
  assert.equal(isHost(st), false);
});

test('moves are appended to the actions and the move list, with their route', () => {
  let st = annIn();
  st = reduce(st, moved(6, 'white', 'c3-d4', 'c3', 'd4'));
  st = reduce(st, moved(7, 'black', 'f6-e5', 'f6', 'e5'));
  assert.deepEqual(st.snap.actions, ['c3-d4', 'f6-e5']);
  assert.deepEqual(texts(st), ['c3-d4', 'f6-e5']);
  assert.deepEqual(st.moves[1], { seat: 'black', text: 'f6-e5', position: 'after f6-e5', route: ['f6', 'e5'] });
  assert.equal(st.snap.board.position, 'after f6-e5');
  assert.deepEqual(st.snap.last_move, { seat: 'black', move: st.snap.last_move.move });
  assert.equal(st.version, 7);
  assert.deepEqual(lastSquares(st), ['f6', 'e5']);
  assert.equal(shownPosition(st), 'after f6-e5');
});

test('reduce never changes the state it is given', () => {
  const st = deepFreeze(annIn());
  const msgs = [
    moved(6, 'white', 'c3-d4', 'c3', 'd4'),
    ev(7, { type: 'presence', seat: 'black', connected: false, since: 2000 }),
    ev(8, { type: 'departed', seat: 'black', reason: 'left', action: 'leave black', board: board({ turn: null }) }),
    ev(9, { type: 'resumed', down_ms: 5000, given_back_ms: 0, clocks: { remaining_ms: { white: 1, black: 2 }, running: 'white', since: 3 } }),
  ];
  let cur = st;
  for (const m of msgs) cur = deepFreeze(reduce(cur, deepFreeze(m)));
  assert.equal(cur.snap.seats.black.connected, false);
  assert.equal(st.snap.seats.black.connected, true);
  assert.deepEqual(st.snap.actions, []);
});

test('a departure shows the record\'s own words ("leave red"), not a verb made up from the reason', () => {
  let st = annIn();
  st = reduce(st, ev(6, { type: 'departed', seat: 'black', reason: 'left', action: 'leave black', board: board({ playing: ['white'], turn: null }) }));
  assert.deepEqual(texts(st), ['leave black']);
  assert.deepEqual(st.snap.actions, ['leave black']);
  assert.equal(st.reasons.black, 'left');
  assert.deepEqual(st.moves[0].route, []);
  // Even when the reason would once have read "resign": the action is what the record says.
  const red = reduce(annIn(), ev(6, { type: 'departed', seat: 'red', reason: 'resigned', action: 'leave red', board: board() }));
  assert.deepEqual(texts(red), ['leave red']);
});

test('a resignation shows "resign ..." and a timeout "timeout ..."', () => {
  let st = annIn();
  st = reduce(st, ev(6, { type: 'departed', seat: 'white', reason: 'resigned', action: 'resign white', board: board() }));
  st = reduce(st, ev(7, { type: 'departed', seat: 'black', reason: 'time', action: 'timeout black', board: board() }));
  assert.deepEqual(texts(st), ['resign white', 'timeout black']);
  // A departure of our own seat takes our legal moves away.
  assert.equal(st.snap.legal_moves, null);
});

test('without `action` (an older server) the departure text is built from the reason', () => {
  assert.equal(departureText({ seat: 'red', reason: 'resigned' }), 'resign red');
  assert.equal(departureText({ seat: 'red', reason: 'time' }), 'timeout red');
  assert.equal(departureText({ seat: 'red', reason: 'left' }), 'leave red');
  assert.equal(departureText({ seat: 'red', reason: 'abandonment' }), 'leave red');
  const st = reduce(annIn(), ev(6, { type: 'departed', seat: 'black', reason: 'resigned', board: board() }));
  assert.deepEqual(texts(st), ['resign black']);
});

test('seats, presence and the room settings follow their events', () => {
  let st = annIn(snapshot({ state: 'waiting', board: null, seats: { white: player(ANN), black: null } }));
  assert.deepEqual(effects(st, 'load_history'), [], 'no board: no history to fetch');
  st = reduce(st, ev(6, { type: 'seats', seats: { white: player(ANN), black: player(BOB) } }));
  assert.equal(st.snap.seats.black.occupant.name, 'Bob');
  st = reduce(st, ev(7, { type: 'presence', seat: 'black', connected: false, since: 4242 }));
  assert.equal(st.snap.seats.black.connected, false);
  assert.equal(st.snap.seats.black.since, 4242);
  // Presence for an empty seat changes nothing.
  const before = st.snap.seats;
  st = reduce(st, ev(8, { type: 'presence', seat: 'red', connected: true, since: 1 }));
  assert.deepEqual(st.snap.seats, before);
  st = reduce(st, ev(9, { type: 'created', room: { ...st.snap.room, private: true } }));
  assert.equal(st.snap.room.private, true);
});

test('the start resets the move list and turns the board; our turn brings legal moves and a sound', () => {
  let st = annIn(snapshot({ state: 'waiting', board: null, actions: [] }));
  st = reduce(st, ev(6, { type: 'started', first: 'white', board: board({ position: 'START' }) }));
  assert.equal(st.snap.state, 'playing');
  assert.equal(st.start, 'START');
  assert.deepEqual(st.moves, []);
  assert.deepEqual(effects(st, 'orient'), [{ type: 'orient' }]);
  const legal = [{ text: 'c3-d4', origin: 'c3', path: ['d4'], captured: [], drop: null, promotes: false }];
  st = reduce(st, { type: 'event', v: 7, data: { version: 7, audience: { seat: 'white' }, type: 'your_turn', seat: 'white', legal_moves: legal } });
  assert.deepEqual(st.snap.legal_moves, legal);
  assert.deepEqual(effects(st, 'sound'), [{ type: 'sound', sound: 'turn' }]);
  // Someone else's turn is not ours.
  const other = reduce(st, ev(8, { type: 'your_turn', seat: 'black', legal_moves: [] }));
  assert.deepEqual(other.snap.legal_moves, legal);
  assert.deepEqual(other.effects, []);
});

test('our own move is not animated again; others\' moves are, and captures sound', () => {
  let st = annIn(snapshot({ legal_moves: [{ text: 'c3-d4' }] }));
  st = reduce(st, { type: 'sent', text: 'c3-d4' });
  st = reduce(st, moved(6, 'white', 'c3-d4', 'c3', 'd4'));
  assert.deepEqual(effects(st, 'play'), []);
  assert.equal(st.sent, null);
  assert.equal(st.snap.legal_moves, null);
  st = reduce(st, moved(7, 'black', 'f6xd4', 'f6', 'd4', { move: { text: 'f6xd4', origin: 'f6', path: ['d4'], captured: ['e5'], drop: null, promotes: false } }));
  assert.deepEqual(effects(st, 'play').map((e) => e.move.text), ['f6xd4']);
  assert.deepEqual(effects(st, 'sound'), [{ type: 'sound', sound: 'capture' }]);
});

test('draw offers: the offer is kept, and each change is announced', () => {
  let st = annIn();
  const offer = { side: ['white'], accepted: ['white'], waiting_for: ['black'] };
  st = reduce(st, ev(6, { type: 'draw_offer', action: 'offered', by: 'white', offer }));
  assert.deepEqual(st.snap.draw_offer, offer);
  assert.deepEqual(effects(st, 'announce'), [{ type: 'announce', text: 'You offered a draw.', sound: 'notify' }]);
  st = reduce(st, ev(7, { type: 'draw_offer', action: 'declined', by: 'black', offer: null }));
  assert.equal(st.snap.draw_offer, null);
  assert.deepEqual(effects(st, 'announce').map((e) => e.text), ['Bob (Black) declined the draw.']);
  st = reduce(st, ev(8, { type: 'draw_offer', action: 'offered', by: 'black', offer: { ...offer, side: ['black'] } }));
  assert.deepEqual(effects(st, 'announce').map((e) => e.text), ['Bob (Black) offers a draw.']);
  st = reduce(st, ev(9, { type: 'draw_offer', action: 'lapsed', offer: null }));
  assert.deepEqual(effects(st, 'announce').map((e) => e.text), ['The draw offer lapsed.']);
  st = reduce(st, ev(10, { type: 'draw_offer', action: 'withdrawn', by: 'black', offer: null }));
  assert.deepEqual(effects(st, 'announce').map((e) => e.text), ['The draw offer was withdrawn.']);
});

test('the finish records the outcome, announces it in words and asks for the result dialog', () => {
  let st = annIn(snapshot({ legal_moves: [{ text: 'c3-d4' }] }));
  const outcome = { winners: ['black'], reason: 'left', finishing_order: [['black'], ['white']], seats: { white: { verdict: 'loss', reason: 'left' }, black: { verdict: 'win', reason: 'left' } } };
  st = reduce(st, ev(6, { type: 'finished', outcome, board: board({ turn: null }) }));
  assert.equal(st.snap.state, 'finished');
  assert.deepEqual(st.snap.outcome, outcome);
  assert.equal(st.snap.legal_moves, null);
  assert.deepEqual(st.reasons, { white: 'left', black: 'left' });
  assert.deepEqual(effects(st, 'announce'), [{ type: 'announce', text: 'Bob (Black) won.', sound: 'end' }]);
  assert.deepEqual(effects(st, 'result'), [{ type: 'result' }]);
  st = reduce(st, ev(7, { type: 'rematch', asked: ['white'], waiting_for: ['black'], room: null }));
  assert.deepEqual(st.snap.rematch, { asked: ['white'], waiting_for: ['black'], room: null, expires_at: null, offer_ms: null, declined_by: null, expired: false });
  assert.deepEqual(effects(st, 'announce'), [], 'our own ask is not news to us');
  const aborted = reduce(annIn(), ev(6, { type: 'aborted' }));
  assert.equal(aborted.snap.state, 'aborted');
});

test('events at or below the version held are ignored', () => {
  let st = annIn(); // version 5
  st = reduce(st, moved(6, 'white', 'c3-d4', 'c3', 'd4'));
  const again = reduce(st, moved(6, 'white', 'c3-d4', 'c3', 'd4'));
  assert.deepEqual(texts(again), ['c3-d4']);
  assert.deepEqual(again.effects, []);
  const old = reduce(st, moved(4, 'black', 'f6-e5', 'f6', 'e5'));
  assert.deepEqual(texts(old), ['c3-d4']);
  assert.equal(old.version, 6);
  // Gaps are fine: versions count events of every audience.
  const gap = reduce(st, moved(9, 'black', 'f6-e5', 'f6', 'e5'));
  assert.deepEqual(texts(gap), ['c3-d4', 'f6-e5']);
  assert.equal(gap.version, 9);
});

test('a resync snapshot replaces the state, even at a lower version, and makes old history fetches stale', () => {
  let st = annIn();
  const epoch = st.epoch;
  st = reduce(st, moved(6, 'white', 'c3-d4', 'c3', 'd4'));
  st = reduce(st, { type: 'view', ply: 0 });
  const resync = reduce(st, snap(snapshot({ version: 3, actions: ['c3-d4', 'f6-e5', 'd4xf6'] })));
  assert.equal(resync.version, 3);
  assert.deepEqual(texts(resync), ['c3-d4', 'f6-e5', 'd4xf6']);
  assert.equal(resync.viewing, null);
  assert.deepEqual(resync.effects.map((e) => e.type), ['load_history'], 'not a first snapshot');
  // Events after it count from its version.
  assert.deepEqual(texts(reduce(resync, moved(4, 'black', 'x', 'a', 'b'))).length, 4);
  // The history asked for by the first snapshot no longer applies.
  const stale = reduce(resync, { type: 'history', epoch, start_position: 'S', moves: [{ seat: 'white', notation: 'zz', position: 'p' }] });
  assert.deepEqual(texts(stale), ['c3-d4', 'f6-e5', 'd4xf6']);
});

test('the history fills seats and positions of the moves so far', () => {
  let st = annIn(snapshot({ actions: ['c3-d4', 'f6-e5'] }));
  const { epoch } = effects(st, 'load_history')[0];
  st = reduce(st, { type: 'history', epoch, start_position: 'START', moves: [
    { seat: 'white', notation: 'c3-d4', position: 'P1' },
    { seat: 'black', notation: 'f6-e5', position: 'P2' },
    { seat: 'white', notation: 'd4xf6', position: 'P3' }, // not in our actions yet: left out
  ] });
  assert.equal(st.start, 'START');
  assert.deepEqual(st.moves, [
    { seat: 'white', text: 'c3-d4', position: 'P1', route: ['c3', 'd4'] },
    { seat: 'black', text: 'f6-e5', position: 'P2', route: ['f6', 'e5'] },
  ]);
  // A failed fetch (moves null) leaves the list as it was.
  assert.deepEqual(reduce(st, { type: 'history', epoch, moves: null }).moves, st.moves);
});

test('looking back: view and step move through the list and back to the live board', () => {
  let st = annIn(snapshot({ actions: ['c3-d4', 'f6-e5', 'd4xf6'] }));
  st = reduce(st, { type: 'history', epoch: st.epoch, start_position: 'S', moves: [
    { seat: 'white', notation: 'c3-d4', position: 'P1' },
    { seat: 'black', notation: 'f6-e5', position: 'P2' },
    { seat: 'white', notation: 'd4xf6', position: 'P3' },
  ] });
  st = reduce(st, { type: 'view', ply: 0 });
  assert.equal(st.viewing, 0);
  assert.equal(shownPosition(st), 'P1');
  assert.deepEqual(lastSquares(st), ['c3', 'd4']);
  st = reduce(st, { type: 'step', by: -1 });
  assert.equal(st.viewing, 0, 'no step before the first move');
  st = reduce(st, { type: 'step', by: 1 });
  assert.equal(st.viewing, 1);
  st = reduce(st, { type: 'step', by: 1 });
  assert.equal(st.viewing, null, 'the last move is the live board');
  assert.equal(shownPosition(st), 'W:W21,22:B1,2');
  st = reduce(st, { type: 'step', by: -1 });
  assert.equal(st.viewing, 1);
  // A move arriving while we look back is listed but not animated.
  st = reduce(st, moved(6, 'black', 'a7-b6', 'a7', 'b6'));
  assert.equal(st.viewing, 1);
  assert.deepEqual(effects(st, 'play'), []);
});

test('claims and server restarts: countdowns from the message\'s clock, clocks replaced', () => {
  let st = reduce(reduce(initialState(), { type: 'me', me: ANN }),
    snap(snapshot({ claim_opens_at: 10_000, board: board({ clocks: { remaining_ms: { white: 60_000, black: 60_000 }, running: 'white', since: 1 } }) }), 5, { now: 500, serverNow: 4_000 }));
  assert.equal(st.claimAt, 500 + 6_000);
  st = reduce(st, { type: 'event', v: 6, now: 1_000, data: { version: 6, audience: { seat: 'white' }, type: 'claim', opens_in_ms: 2_000 } });
  assert.equal(st.claimAt, 3_000);
  st = reduce(st, ev(7, { type: 'claim', opens_in_ms: null }));
  assert.equal(st.claimAt, null);
  const clocks = { remaining_ms: { white: 9_200, black: 10_000 }, running: 'black', since: 1718000012310 };
  st = reduce(st, ev(8, { type: 'resumed', down_ms: 12_480, given_back_ms: 12_310, clocks }));
  assert.deepEqual(st.snap.board.clocks, clocks);
  assert.deepEqual(effects(st, 'say'), [{
    type: 'say',
    kind: 'notice',
    text: 'The server was down for 12 s. The clock of the player to move was given back 12 s: nobody loses time for it.',
  }]);
});

test('eliminations record the reason; unknown events change nothing but the version', () => {
  let st = annIn();
  st = reduce(st, ev(6, { type: 'eliminated', seat: 'black', reason: 'blocked' }));
  assert.equal(st.reasons.black, 'blocked');
  const odd = reduce(st, ev(7, { type: 'something_new', x: 1 }));
  assert.deepEqual(odd.snap, st.snap);
  assert.equal(odd.version, 7);
});

/** Bob's page (Black) in the room. */
function bobIn(data = snapshot()) {
  return reduce(reduce(initialState(), { type: 'me', me: BOB }), snap(data));
}

test('the start announces the first mover; sitting down turns the board at once', () => {
  let st = reduce(reduce(initialState(), { type: 'me', me: BOB }), snap(snapshot({ state: 'waiting', board: null, seats: { white: player(ANN), black: null } })));
  st = reduce(st, ev(6, { type: 'seats', seats: { white: player(ANN), black: player(BOB) } }));
  assert.deepEqual(effects(st, 'orient'), [{ type: 'orient' }], 'Bob sees the board from Black from the moment he sits');
  // Someone else sitting down does not turn our board.
  const again = reduce(st, ev(7, { type: 'seats', seats: { white: player(ANN), black: player(BOB) } }));
  assert.deepEqual(effects(again, 'orient'), []);
  st = reduce(st, ev(8, { type: 'started', first: 'white', board: board() }));
  assert.deepEqual(effects(st, 'announce'), [{ type: 'announce', text: 'The game has started. Ann (White) moves first.', sound: 'start' }]);
  const ann = reduce(annIn(snapshot({ state: 'waiting', board: null })), ev(6, { type: 'started', first: 'white', board: board() }));
  assert.deepEqual(effects(ann, 'announce').map((e) => e.text), ['The game has started. You move first.']);
});

test('Neva: the seat drawn first, eliminations and departures are announced', () => {
  const CY = { id: 'c3', name: 'Cy' };
  const DI = { id: 'd4', name: 'Di' };
  const room = { id: 'r2', game: 'neva', layout: ['white', 'red', 'green', 'black'], host: ANN, options: {}, private: false, teams: true };
  const four = { white: player(ANN), red: player(BOB), green: player(CY), black: player(DI) };
  let st = annIn(snapshot({ room, seats: four, state: 'waiting', board: null }));
  st = reduce(st, ev(6, { type: 'started', first: 'green', board: board({ playing: room.layout }) }));
  assert.deepEqual(effects(st, 'announce').map((e) => e.text), ['The game has started. Cy (Green) was drawn to move first.']);
  st = reduce(st, ev(7, { type: 'eliminated', seat: 'red', reason: 'captured_all' }));
  assert.deepEqual(effects(st, 'announce'), [{ type: 'announce', text: 'Bob (Red) is out: all pieces captured.', sound: 'out' }]);
  st = reduce(st, ev(8, { type: 'eliminated', seat: 'white', reason: 'blocked' }));
  assert.deepEqual(effects(st, 'announce').map((e) => e.text), ['You are out: no move left.']);
  st = reduce(st, ev(9, { type: 'departed', seat: 'black', reason: 'resigned', action: 'resign black', board: board({ playing: ['green', 'white'] }) }));
  assert.deepEqual(effects(st, 'announce').map((e) => e.text), ['Di (Black) resigned.']);
  // A departure that ends the game is said by the end, not twice.
  const two = reduce(annIn(), ev(6, { type: 'departed', seat: 'black', reason: 'resigned', action: 'resign black', board: board({ playing: ['white'] }) }));
  assert.deepEqual(effects(two, 'announce'), []);
});

test('rematch: asked, declined, expired are announced; the new room takes the players there', () => {
  const over = snapshot({ state: 'finished', outcome: { winners: ['white'], reason: 'resigned', seats: {}, finishing_order: [] } });
  let st = annIn(over);
  st = reduce(st, ev(6, { type: 'rematch', asked: ['black'], waiting_for: ['white'], room: null, expires_at: 70_000 }));
  assert.deepEqual(effects(st, 'announce').map((e) => e.text), ['Bob (Black) asks for a rematch.']);
  assert.equal(st.snap.rematch.expires_at, 70_000);
  const declined = reduce(st, ev(7, { type: 'rematch', asked: [], waiting_for: [], room: null, declined_by: 'white' }));
  assert.deepEqual(effects(declined, 'announce').map((e) => e.text), ['You declined the rematch.']);
  const expired = reduce(st, ev(7, { type: 'rematch', asked: [], waiting_for: [], room: null, expired: true }));
  assert.deepEqual(effects(expired, 'announce').map((e) => e.text), ['The rematch offer expired: nobody answered in time.']);
  const created = reduce(st, ev(7, { type: 'rematch', asked: ['white', 'black'], waiting_for: [], room: 'r9' }));
  assert.deepEqual(effects(created, 'goto'), [{ type: 'goto', room: 'r9' }]);
  // A spectator stays (the result offers a link to watch).
  const cy = reduce(reduce(initialState(), { type: 'me', me: { id: 'c3', name: 'Cy' } }), snap(over));
  assert.deepEqual(effects(reduce(cy, ev(7, { type: 'rematch', asked: ['white', 'black'], waiting_for: [], room: 'r9' })), 'goto'), []);
  // A resync snapshot that shows the new room moves a player too; a page opened later does not.
  const resync = reduce(st, snap({ ...over, version: 9, rematch: { asked: ['white', 'black'], waiting_for: [], room: 'r9' } }));
  assert.deepEqual(effects(resync, 'goto'), [{ type: 'goto', room: 'r9' }]);
  const later = annIn({ ...over, rematch: { asked: ['white', 'black'], waiting_for: [], room: 'r9' } });
  assert.deepEqual(effects(later, 'goto'), []);
});

test('aborted: the reason is kept and said in words', () => {
  let st = bobIn();
  st = reduce(st, ev(6, { type: 'aborted', by: null, reason: 'no_first_move', seat: 'white' }));
  assert.deepEqual(st.snap.aborted, { by: null, reason: 'no_first_move', seat: 'white' });
  assert.deepEqual(effects(st, 'announce').map((e) => e.text), ['The game was aborted: Ann (White) did not make a first move in time. Nobody wins or loses.']);
  assert.deepEqual(effects(st, 'result'), [{ type: 'result' }]);
  const mine = reduce(annIn(), ev(6, { type: 'aborted', by: null, reason: 'no_first_move', seat: 'white' }));
  assert.match(effects(mine, 'announce')[0].text, /you did not make a first move in time/);
  const cancelled = reduce(annIn(snapshot({ state: 'waiting', board: null })), ev(6, { type: 'aborted', by: 'white', reason: 'requested', seat: null }));
  assert.deepEqual(effects(cancelled, 'announce').map((e) => e.text), ['The host cancelled this room.']);
  assert.deepEqual(effects(cancelled, 'result'), [], 'a room cancelled before its game has no result to show');
});

test('chat lines, deletions, watchers and renames follow their events', () => {
  const line = (id, channel, from, text) => ({ id, channel, from, seat: null, text, at: 1000 + id });
  let st = annIn(snapshot({ chat: [line(1, 'players', BOB, 'hi')], watchers: 2 }));
  assert.deepEqual(st.chat.map((l) => l.text), ['hi']);
  st = reduce(st, ev(6, { type: 'chat', line: line(2, 'players', ANN, 'hello') }));
  st = reduce(st, ev(7, { type: 'chat', line: line(2, 'players', ANN, 'hello') }));
  assert.deepEqual(st.chat.map((l) => l.id), [1, 2], 'a line is kept once');
  st = reduce(st, ev(8, { type: 'chat_deleted', id: 1 }));
  assert.deepEqual(st.chat.map((l) => l.id), [2]);
  st = reduce(st, ev(9, { type: 'watchers', count: 3 }));
  assert.equal(st.snap.watchers, 3);
  st = reduce(st, ev(10, { type: 'renamed', player: ANN.id, name: 'Annie' }));
  assert.equal(st.snap.room.host.name, 'Annie');
  assert.equal(st.chat[0].from.name, 'Annie');
  assert.equal(st.me.name, 'Annie');
});

test('chat lines read again after the end are merged in by id', () => {
  const line = (id, channel, text) => ({ id, channel, from: ANN, seat: null, text, at: id });
  let st = annIn(snapshot({ chat: [line(1, 'players', 'hi'), line(3, 'players', 'gg')] }));
  st = reduce(st, { type: 'chat_lines', lines: [line(2, 'spectators', 'go'), line(3, 'players', 'gg')] });
  assert.deepEqual(st.chat.map((l) => l.id), [1, 2, 3]);
  assert.deepEqual(reduce(st, { type: 'chat_lines', lines: null }).chat, st.chat);
});

test('takebacks: the request is kept and announced; taken back, the moves leave the list and a premove goes', () => {
  let st = annIn();
  st = reduce(st, moved(6, 'white', 'c3-d4', 'c3', 'd4'));
  st = reduce(st, moved(7, 'black', 'f6-e5', 'f6', 'e5'));
  const request = { by: 'white', plies: 2, accepted: [], waiting_for: ['black'] };
  st = reduce(st, ev(8, { type: 'takeback', action: 'asked', by: 'white', request }));
  assert.deepEqual(st.snap.takeback, request);
  assert.deepEqual(effects(st, 'announce').map((e) => e.text), ['You asked to take back your last move.']);
  const start = board({ position: 'W:W21,22:B1,2', turn: 'white', plies: 0 });
  st = reduce(st, ev(9, { type: 'took_back', by: 'white', plies: 2, board: start, last_move: null }));
  assert.deepEqual(texts(st), []);
  assert.deepEqual(st.snap.actions, []);
  assert.equal(st.snap.board.position, 'W:W21,22:B1,2');
  assert.equal(st.snap.last_move, null);
  assert.equal(st.snap.takeback, null);
  assert.equal(st.snap.legal_moves, null);
  assert.equal(effects(st, 'cancel_premove').length, 1);
  assert.deepEqual(effects(st, 'announce').map((e) => e.text), ['Your last move was taken back, with the move after it. It is your turn again.']);

  let bob = reduce(reduce(initialState(), { type: 'me', me: BOB }), snap(snapshot()));
  bob = reduce(bob, moved(6, 'white', 'c3-d4', 'c3', 'd4'));
  bob = reduce(bob, ev(7, { type: 'takeback', action: 'asked', by: 'white', request: { ...request, plies: 1 } }));
  assert.deepEqual(effects(bob, 'announce').map((e) => e.text), ['Ann (White) asks to take back their last move.']);
  bob = reduce(bob, ev(8, { type: 'takeback', action: 'declined', by: 'black', request: null }));
  assert.equal(bob.snap.takeback, null);
  assert.deepEqual(effects(bob, 'announce').map((e) => e.text), ['You declined the takeback.']);
});
