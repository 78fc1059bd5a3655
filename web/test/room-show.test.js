// What the room page's parts show, decided from the room state (web/js/room/show.js and the
// clocks' sides in room/clocks.js): the status line, the waiting panel, the seats, the
// actions, the invite, the board, the move list and the chat.
// Run: node --test web/test/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import './fixtures/english.js';
import { initialState, reduce } from '../js/room/state.js';
import {
  actionList, boardView, chatView, claimText, dropHint, inviteView, moveFormShown, movePlaceholder,
  movesView, orderLine, orientation, ratingsBySeat, seatingKey, seatRows, statusView, waitingView,
} from '../js/room/show.js';
import { clockSides } from '../js/room/clocks.js';
import { useBundle } from '../js/i18n.js';


/** The two-seat room of test/fixtures/room-snapshot.json, a fresh copy each time. */
const roomSnapshot = ((text) => () => JSON.parse(text))(readFileSync(new URL('./fixtures/room-snapshot.json', import.meta.url), 'utf8'));

const ANN = { id: 'a1', name: 'Ann' };
const BOB = { id: 'b2', name: 'Bob' };
const CAT = { id: 'c3', name: 'Cat' };

const player = (p, connected = true) => ({ occupant: { type: 'player', id: p.id, name: p.name }, connected, since: 1000 });

function board(over = {}) {
  return { position: 'W:W21,22:B1,2', turn: 'white', playing: ['white', 'black'], plies: 0, clocks: null, ...over };
}

/** A two-seat room: Ann (host) White, Bob Black, as a snapshot's `data`; `room` changes its room. */
function snapshot(over = {}, room = {}) {
  const base = roomSnapshot();
  return { ...base, ...over, room: { ...base.room, ...room } };
}

/** The page of `me` (null: a visitor not yet known) after the snapshot `data`. */
function pageOf(me, data = snapshot(), extra = {}) {
  return reduce(reduce(initialState(), { type: 'me', me }), { type: 'snapshot', v: data.version, data, now: 0, serverNow: 0, ...extra });
}

const waitingRoom = (seats, room = {}) => snapshot({ state: 'waiting', board: null, first: null, seats }, room);
const ids = (list) => list.map((a) => a.id || a.kind);

test('the status line says whose turn it is, and the tab says it too', () => {
  const ann = statusView(pageOf(ANN));
  assert.equal(ann.title, 'Stockholm checkers');
  assert.equal(ann.text, 'Your turn');
  assert.equal(ann.turn, 'white');
  assert.equal(ann.mine, true);
  assert.match(ann.tab, /^Your turn · /);
  const bob = statusView(pageOf(BOB));
  assert.equal(bob.text, 'White to move (Ann)');
  assert.equal(bob.mine, false);
  assert.equal(bob.tab, 'Stockholm checkers · Checkerhall');
  assert.equal(statusView(pageOf(ANN, snapshot({ state: 'finished' }))).text, 'Game over');
  assert.equal(statusView(pageOf(ANN, snapshot({ state: 'aborted' }))).text, 'This game was aborted');
  const priv = statusView(pageOf(ANN, waitingRoom({ white: player(ANN) }, { private: true })));
  assert.equal(priv.title, 'Stockholm checkers (private)');
  assert.equal(priv.text, 'Waiting for 1 more player.');
  assert.equal(priv.turn, '');
});

test('the waiting panel shows who sits, and offers a visitor of a full room to watch', () => {
  const half = waitingView(pageOf(ANN, waitingRoom({ white: player(ANN) })));
  assert.equal(half.who, 'Seated: Ann (White).');
  assert.equal(half.offerWatch, false);
  assert.equal(waitingView(pageOf(ANN, waitingRoom({}))).who, 'Nobody is seated yet.');
  const full = waitingRoom({ white: player(ANN), black: player(BOB) });
  assert.equal(waitingView(pageOf(CAT, full)).offerWatch, true);
  assert.equal(waitingView(pageOf(BOB, full)).offerWatch, false);
  assert.equal(waitingView(pageOf(ANN)), null);
});

test('seat rows: who sits, presence, the turn, and what this page may do with a seat', () => {
  const rows = seatRows(pageOf(ANN, waitingRoom({ white: player(ANN), black: null })));
  assert.equal(rows[0].name, 'Ann');
  assert.equal(rows[0].mine, true);
  assert.equal(rows[0].presence, true);
  assert.equal(rows[0].sit, null);
  assert.equal(rows[1].name, 'Free seat');
  assert.equal(rows[1].presence, null);
  assert.deepEqual(rows[1].sit, { command: 'change_seat', label: 'Move here' });
  assert.equal(rows[1].addBot, true, 'the host may seat a computer');
  const visitor = seatRows(pageOf(CAT, waitingRoom({ white: player(ANN), black: null })));
  assert.deepEqual(visitor[1].sit, { command: 'take_seat', label: 'Sit here' });
  assert.equal(visitor[1].addBot, false);
  const bot = { occupant: { type: 'bot', kind: 'engine', level: 3 }, connected: true };
  assert.equal(seatRows(pageOf(ANN, waitingRoom({ white: player(ANN), black: bot })))[1].removeBot, true);
  const playing = seatRows(pageOf(BOB, snapshot({ seats: { white: player(ANN), black: player(BOB, false) } })));
  assert.equal(playing[0].first, true);
  assert.equal(playing[0].toMove, true);
  assert.equal(playing[1].presence, false);
  assert.equal(playing[1].sit, null);
  assert.equal(orderLine(pageOf(ANN)), 'Turn order: White, Black.');
});

test('a seat out of the game says why; teams show the partner', () => {
  const layout = ['white', 'red', 'green', 'black'];
  const seats = { white: player(ANN), red: player(BOB), green: player(CAT), black: player({ id: 'd4', name: 'Dan' }) };
  const data = snapshot({ seats, board: board({ playing: ['white', 'red', 'black'] }) }, { game: 'neva', layout, teams: true });
  const rows = seatRows(pageOf(ANN, data));
  assert.equal(rows[2].out, true);
  assert.equal(rows[2].outReason, 'out: all pieces captured');
  assert.equal(rows[0].out, false);
  assert.equal(rows[0].team, 'A');
  assert.equal(rows[2].partner, 'your partner');
  assert.equal(rows[1].partner, 'partner: Black');
  let st = pageOf(ANN, data);
  st = reduce(st, { type: 'event', v: 6, data: { type: 'eliminated', seat: 'green', reason: 'time' } });
  assert.equal(seatRows(st)[2].outReason, 'out: out of time');
});

test('the actions follow the room: the waiting room, the game, the claim, the end', () => {
  const wait = waitingRoom({ white: player(ANN), black: null });
  assert.deepEqual(ids(actionList(pageOf(ANN, wait), 0)), ['leave-seat', 'start', 'abort']);
  const start = actionList(pageOf(ANN, wait), 0)[1];
  assert.equal(start.primary, true);
  assert.equal(start.disabled, true, 'Start waits for every seat');
  assert.deepEqual(ids(actionList(pageOf(CAT, wait), 0)), ['join']);
  assert.deepEqual(ids(actionList(pageOf(ANN, waitingRoom({}, { auto_start: true })), 0)), ['join', 'abort']);
  const game = actionList(pageOf(ANN), 0);
  assert.deepEqual(ids(game), ['offer-draw', 'resign', 'abort']);
  assert.equal(game[1].confirm, 'Resign this game?');
  assert.deepEqual(ids(actionList(pageOf(CAT), 0)), [], 'a spectator has no actions');
  const moved = snapshot({ board: board({ plies: 2 }), claim_opens_at: 5000 });
  const claim = pageOf(ANN, moved);
  assert.deepEqual(actionList(claim, 2000).map((a) => a.kind), ['button', 'button', 'countdown']);
  assert.equal(actionList(claim, 2000)[2].text, claimText(3000));
  assert.deepEqual(ids(actionList(claim, 5000)), ['offer-draw', 'resign', 'claim-victory', 'claim-draw']);
  assert.deepEqual(ids(actionList(pageOf(CAT, snapshot({ state: 'finished' })), 0)), ['show_result', 'lobby']);
  assert.deepEqual(ids(actionList(pageOf(CAT, snapshot({ state: 'aborted', board: null })), 0)), ['lobby']);
  assert.equal(claimText(1200), 'Your opponents are away: you may claim in 2 s');
});

test('a draw offer: who may answer it, and the offer in words', () => {
  const offer = { side: ['white'], accepted: [], waiting_for: ['black'] };
  const data = snapshot({ draw_offer: offer });
  assert.deepEqual(ids(actionList(pageOf(BOB, data), 0)), ['accept-draw', 'decline-draw', 'resign', 'abort', 'offer']);
  assert.deepEqual(ids(actionList(pageOf(ANN, data), 0)), ['withdraw-draw', 'resign', 'abort', 'offer']);
  const said = actionList(pageOf(CAT, data), 0);
  assert.deepEqual(said, [{ kind: 'offer', parts: ['Draw offered by White.', '', ' Waiting for Black.'] }]);
});

test('the invite: the code\'s link when known, the room\'s otherwise, none once started', () => {
  const wait = pageOf(ANN, waitingRoom({ white: player(ANN) }));
  assert.deepEqual(inviteView(wait, 'http://x', 'r1', null), { url: 'http://x/room/r1' });
  assert.deepEqual(inviteView(wait, 'http://x', 'r1', 'K7M2QX9P'), { url: 'http://x/join/K7M2QX9P' });
  const priv = pageOf(BOB, waitingRoom({ white: player(ANN) }, { private: true }));
  assert.deepEqual(inviteView(priv, 'http://x', 'r1', null), { askHost: true });
  assert.equal(inviteView(pageOf(ANN), 'http://x', 'r1', null), null);
});

test('the board: legal moves only for the seat to move on the live board', () => {
  const legal = [{ text: 'c3-d4' }];
  const ann = boardView(pageOf(ANN, snapshot({ legal_moves: legal })));
  assert.deepEqual(ann.dests, legal);
  assert.equal(ann.movable, true);
  assert.equal(ann.mySeat, 'white');
  assert.equal(ann.text, 'W:W21,22:B1,2');
  assert.equal(ann.posKey, 'null:W:W21,22:B1,2');
  assert.equal(boardView(pageOf(BOB, snapshot({ legal_moves: legal }))).movable, false);
  assert.equal(boardView(pageOf(ANN, waitingRoom({}))).text, null);
  assert.equal(orientation(pageOf(BOB)), 'black');
  assert.equal(orientation(pageOf(CAT)), 'white');
  assert.equal(moveFormShown(pageOf(ANN)), true);
  assert.equal(moveFormShown(pageOf(CAT)), false);
  assert.equal(moveFormShown(pageOf(ANN, snapshot({ state: 'finished' }))), false);
  assert.equal(movePlaceholder('neva'), 'Type a move, e.g. 25-24 (squares by two digits)');
  assert.equal(movePlaceholder('unknown'), 'Type a move, e.g. c3-d4');
});

test('Queah\'s drop hint shows only after a drop with a move still to make', () => {
  assert.equal(dropHint('queah', { drop: 'e5', origin: null }, true), 'Dropped on e5: now move a piece to finish your turn.');
  assert.equal(dropHint('queah', { drop: 'e5', origin: 'd2' }, true), '');
  assert.equal(dropHint('queah', { drop: 'e5' }, false), '');
  assert.equal(dropHint('stockholm', { drop: 'e5' }, true), '');
  assert.equal(dropHint('queah', undefined, true), '');
});

test('the move list marks the move looked back at, and hides in an empty waiting room', () => {
  let st = pageOf(ANN, snapshot({ actions: ['c3-d4', 'f6-e5', 'd4-c5'] }));
  assert.deepEqual(movesView(st), { current: 2, viewing: null, hidden: false });
  st = reduce(st, { type: 'view', ply: 0 });
  assert.deepEqual(movesView(st), { current: 0, viewing: 0, hidden: false });
  assert.equal(movesView(pageOf(ANN, waitingRoom({}))).hidden, true);
});

test('the chat: our channel by seat, the other one after the game when it has lines', () => {
  const lines = [{ id: 1, channel: 'spectators', text: 'hi', from: CAT }];
  assert.deepEqual(chatView(pageOf(ANN, snapshot({ chat: lines, watchers: 2 }))),
    { lines, channel: 'players', others: null, watchers: 2, me: 'a1', canSend: true });
  assert.equal(chatView(pageOf(ANN, snapshot({ chat: lines, state: 'finished' }))).others, 'spectators');
  assert.equal(chatView(pageOf(ANN, snapshot({ state: 'finished' }))).others, null);
  const visitor = chatView(pageOf(null, snapshot()));
  assert.equal(visitor.channel, 'spectators');
  assert.equal(visitor.canSend, false);
  assert.equal(visitor.watchers, 0);
});

test('clocks: ours below, the others above in turn order; none without a time control', () => {
  const layout = ['white', 'red', 'green', 'black'];
  const data = snapshot({}, { layout, time_control: { kind: 'fischer', base_ms: 60_000, increment_ms: 0 } });
  assert.deepEqual(clockSides(data, 'green'), { above: ['white', 'red', 'black'], below: ['green'] });
  assert.equal(clockSides(snapshot({}, { time_control: { kind: 'none' } }), 'white'), null);
  assert.equal(clockSides(snapshot(), 'white'), null);
});

test('a tournament game offers no abort', () => {
  const st = reduce(pageOf(ANN), { type: 'tournament', tournament: { id: 't1', name: 'Club night', round: 2 } });
  assert.equal(st.tournament.name, 'Club night');
  assert.deepEqual(ids(actionList(st, 0)), ['offer-draw', 'resign']);
});

test('takebacks: asked after one\'s own move in a casual game, answered by the others, none when rated', () => {
  // Ann (White) and Bob (Black) each moved once; the history gave the moves their seats.
  const played = snapshot({ actions: ['c3-d4', 'f6-e5'], board: board({ plies: 2 }) });
  const withMoves = (me, data, extra) => {
    const st = pageOf(me, data, extra);
    return { ...st, moves: [{ seat: 'white', text: 'c3-d4' }, { seat: 'black', text: 'f6-e5' }] };
  };
  assert.deepEqual(ids(actionList(withMoves(ANN, played), 0)), ['offer-draw', 'ask-takeback', 'resign']);
  assert.deepEqual(ids(actionList(pageOf(ANN), 0)), ['offer-draw', 'resign', 'abort'], 'nothing to take back yet');
  const rated = snapshot({ actions: ['c3-d4', 'f6-e5'], board: board({ plies: 2 }) }, { rated: true });
  assert.deepEqual(ids(actionList(withMoves(ANN, rated), 0)), ['offer-draw', 'resign'], 'rated games take nothing back');
  const request = { by: 'white', plies: 2, accepted: [], waiting_for: ['black'] };
  const asked = snapshot({ actions: ['c3-d4', 'f6-e5'], board: board({ plies: 2 }), takeback: request });
  assert.deepEqual(ids(actionList(withMoves(BOB, asked), 0)), ['offer-draw', 'accept-takeback', 'decline-takeback', 'resign', 'takeback']);
  assert.deepEqual(ids(actionList(withMoves(ANN, asked), 0)), ['offer-draw', 'withdraw-takeback', 'resign', 'takeback']);
  const said = actionList(withMoves(CAT, asked), 0);
  assert.deepEqual(said, [{ kind: 'takeback', text: 'White asks to take back their last move and the move after it. Waiting for Black.' }]);
});

test('a seated account shows its rating, "?" while provisional; guests, bots and free seats none', () => {
  const bot = { occupant: { type: 'bot', kind: 'engine', level: 2 }, connected: true, since: 1000 };
  const data = waitingRoom({ white: player(ANN), black: bot });
  assert.equal(seatingKey(data), 'white:a1');
  assert.equal(seatingKey(waitingRoom({ white: null, black: bot })), '');
  const ratings = ratingsBySeat({ game: 'queah', mode: 'standard', seats: [{ seat: 'white', player: 'a1', name: 'Ann', rating: 1500, deviation: 500, provisional: true }] });
  const rows = seatRows(pageOf(ANN, data), ratings);
  assert.deepEqual(rows.map((r) => r.rating), ['1500?', null]);
  const settled = ratingsBySeat({ seats: [{ seat: 'white', player: 'a1', rating: 1712, provisional: false }] });
  assert.equal(seatRows(pageOf(ANN, data), settled)[0].rating, '1712');
  // Another person in the seat now: the reading was of who sat there before.
  const moved = waitingRoom({ white: player(BOB), black: null });
  assert.equal(seatingKey(moved), 'white:b2');
  assert.deepEqual(seatRows(pageOf(ANN, moved), ratings).map((r) => r.rating), [null, null]);
  // Not read yet.
  assert.equal(seatRows(pageOf(ANN, data))[0].rating, null);
});
