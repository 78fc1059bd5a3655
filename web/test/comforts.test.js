// The room's comforts, pure parts: sentences from names (lists.js), premoves (room/premove.js),
// the move list as one tab stop (widgets/movelist.js), the display settings (settings.js) and
// the board themes' contrast (the end of css/app.css), the move box once a player is out, partners
// marked, a quiet move in a rules try. Run: node --test web/test/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import './fixtures/english.js';
import { listWords } from '../js/lists.js';
import { resultWords } from '../js/room/words.js';
import { canPremove, premoveDests, premoveOf, resolvePremove } from '../js/room/premove.js';
import { plyForKey, tabStop } from '../js/widgets/movelist.js';
import { SCHEMES, BOARDS, known, isDark } from '../js/settings.js';
import { boardView, moveFormShown } from '../js/room/show.js';
import { initialState, reduce } from '../js/room/state.js';
import { judge } from '../js/learn/logic.js';
import { RULES } from '../js/learn/text.js';
import { DATA as GIVEANDTAKE } from '../js/learn/data/giveandtake.js';
import { contrast } from './board-contrast.test.js';
import { useBundle } from '../js/i18n.js';

const ANN = { id: 'a1', name: 'Ann' };
const BOB = { id: 'b2', name: 'Bob' };
const player = (p) => ({ occupant: { type: 'player', id: p.id, name: p.name }, connected: true, since: 0 });
const LAYOUT = ['white', 'red', 'green', 'black'];

function nevaPage(me, board, room = {}) {
  const data = {
    version: 5,
    state: 'playing',
    room: { id: 'r1', game: 'neva', layout: LAYOUT, host: ANN, options: {}, private: false, teams: false, time_control: { kind: 'none' }, auto_start: false, ...room },
    seats: { white: player(ANN), red: player(BOB), green: player({ id: 'c3', name: 'Cy' }), black: player({ id: 'd4', name: 'Di' }) },
    board: { position: 'W:W16,33:R23,66:G61:B11', turn: 'white', playing: LAYOUT, plies: 4, clocks: null, ...board },
    first: 'white',
    chat: [],
    watchers: 0,
    actions: [],
  };
  return reduce(reduce(initialState(), { type: 'me', me }), { type: 'snapshot', v: 5, data, now: 0, serverNow: 0 });
}

test('lists of names read as English writes them', () => {
  assert.equal(listWords([]), '');
  assert.equal(listWords(['Red']), 'Red');
  assert.equal(listWords(['Red', 'Green']), 'Red and Green');
  assert.equal(listWords(['You', 'Red', 'Green']), 'You, Red and Green');
});

test('a move that puts out several players says so in one agreeing sentence', () => {
  const st = nevaPage(ANN, { playing: ['black'] });
  const snap = {
    ...st.snap,
    state: 'finished',
    outcome: {
      winners: ['black'],
      reason: 'captured_all',
      seats: { white: { verdict: 'loss', reason: 'captured_all' }, red: { verdict: 'loss', reason: 'captured_all' }, green: { verdict: 'loss', reason: 'captured_all' }, black: { verdict: 'win', reason: 'captured_all' } },
      finishing_order: [['black'], ['white', 'red', 'green']],
    },
  };
  assert.equal(resultWords(snap, 'white').how, 'You, Bob (Red) and Cy (Green) have no pieces left.');
  assert.equal(resultWords({ ...snap, outcome: { ...snap.outcome, seats: { ...snap.outcome.seats, white: { verdict: 'loss', reason: 'time' }, red: { verdict: 'loss', reason: 'time' } } } }, 'black').how, 'Cy (Green) has no pieces left.');
});

test('the move box goes once the player is out, and stays for those still in', () => {
  assert.equal(moveFormShown(nevaPage(ANN)), true);
  assert.equal(moveFormShown(nevaPage(ANN, { playing: ['red', 'green', 'black'], turn: 'red' })), false);
  assert.equal(moveFormShown(nevaPage(BOB, { playing: ['red', 'green', 'black'], turn: 'red' })), true);
});

test('a premove: offered while another seat moves, from our pieces only, never onto our own', () => {
  const bob = nevaPage(BOB);
  assert.equal(canPremove(bob, 'red'), true);
  assert.equal(canPremove(nevaPage(ANN), 'white'), false, 'not on our own turn');
  assert.equal(canPremove(bob, null), false, 'not for a spectator');
  assert.equal(canPremove(nevaPage(BOB, { playing: ['white', 'green', 'black'] }), 'red'), false, 'not once out');
  assert.equal(canPremove({ ...bob, viewing: 1 }, 'red'), false, 'not while looking back');
  const pieces = new Map([['23', { seat: 'red', king: false }], ['66', { seat: 'red', king: false }], ['16', { seat: 'white', king: false }]]);
  const dests = premoveDests(pieces, 'red', ['23', '66', '16', '24', '56']);
  assert.deepEqual(dests.map((m) => m.text), ['23-16', '23-24', '23-56', '66-16', '66-24', '66-56']);
  assert.ok(dests.every((m) => m.premove && m.captured.length === 0));
});

test('a premove is played when the rules allow it in the new position, otherwise dropped with a word', () => {
  const pre = premoveOf({ origin: '55', path: ['54'] });
  assert.deepEqual(pre, { origin: '55', dest: '54' });
  const quiet = { text: '55-54', origin: '55', path: ['54'], captured: [], drop: null };
  assert.deepEqual(resolvePremove(pre, [quiet, { text: '56-55', origin: '56', path: ['55'], captured: [], drop: null }]), { move: quiet });
  // The opponent's move made a capture compulsory: the quiet step is no longer legal.
  const capture = { text: '55:35', origin: '55', path: ['35'], captured: ['45'], drop: null };
  assert.deepEqual(resolvePremove(pre, [capture]), { dropped: 'Premove 55 to 54 dropped: it is not a legal move now.' });
  // A capture premoved by its landing square is played when it is the one way there.
  const jump = premoveOf({ origin: '55', path: ['35'] });
  assert.deepEqual(resolvePremove(jump, [capture]), { move: capture });
  const twice = [capture, { ...capture, text: '55:33:35', path: ['33', '35'], captured: ['44', '34'] }];
  assert.match(resolvePremove(jump, twice).dropped, /more than one capture ends there/);
  assert.match(resolvePremove(pre, null).dropped, /not a legal move now/);
});

test('the move list is one tab stop; the arrows, Home and End move inside it', () => {
  assert.equal(tabStop(10, 4), 4);
  assert.equal(tabStop(10, -1), 0, 'at the start, the first move');
  assert.equal(tabStop(0, -1), 0);
  assert.equal(plyForKey('ArrowRight', 4, 10), 5);
  assert.equal(plyForKey('ArrowDown', 4, 10), 5);
  assert.equal(plyForKey('ArrowLeft', 4, 10), 3);
  assert.equal(plyForKey('ArrowUp', 0, 10), 0, 'no step before the first');
  assert.equal(plyForKey('ArrowRight', 9, 10), 9, 'no step past the last');
  assert.equal(plyForKey('Home', 7, 10), 0);
  assert.equal(plyForKey('End', 2, 10), 9);
  assert.equal(plyForKey('Tab', 2, 10), null, 'Tab leaves the list');
  assert.equal(plyForKey('ArrowRight', 0, 0), null);
});

test('display settings: unknown stored values fall back, dark follows the system unless chosen', () => {
  assert.equal(known(SCHEMES, 'dark'), 'dark');
  assert.equal(known(SCHEMES, 'purple'), 'system');
  assert.equal(known(BOARDS, null), 'wood');
  assert.equal(isDark('system', true), true);
  assert.equal(isDark('system', false), false);
  assert.equal(isDark('light', true), false);
  assert.equal(isDark('dark', false), true);
});

test('every board theme keeps the pieces\u2019 rims and the focus ring at 3:1 on its squares', () => {
  const board = readFileSync(new URL('../css/board.css', import.meta.url), 'utf8');
  const themes = readFileSync(new URL('../css/app.css', import.meta.url), 'utf8');
  const base = Object.fromEntries([...board.matchAll(/--([\w-]+):\s*(#[0-9a-fA-F]{6})\s*;/g)].map((m) => [m[1], m[2]]));
  const blocks = [...themes.matchAll(/:root\[data-board="(\w+)"\]\s*\{([^}]*)\}/g)];
  assert.deepEqual(blocks.map((b) => b[1]), BOARDS.map(([k]) => k).filter((k) => k !== 'wood'), 'a block per theme but the default');
  for (const [, name, body] of blocks) {
    const vars = { ...base, ...Object.fromEntries([...body.matchAll(/--([\w-]+):\s*(#[0-9a-fA-F]{6})\s*;/g)].map((m) => [m[1], m[2]])) };
    for (const sq of ['sq-dark', 'sq-light', 'sq-gt', 'sq-gt-alt', 'sq-queah', 'sq-last', 'sq-selected']) {
      for (const edge of ['piece-edge', 'focus']) {
        const r = contrast(vars[edge], vars[sq]);
        assert.ok(r >= 3, `${name}: --${edge} on --${sq} ${vars[sq]}: ${r.toFixed(2)}`);
      }
    }
  }
});

test('in team play the board rings the partner\u2019s pieces; without teams, nobody\u2019s', () => {
  assert.equal(boardView(nevaPage(ANN, {}, { teams: true })).partner, 'green');
  assert.equal(boardView(nevaPage(BOB, {}, { teams: true })).partner, 'black');
  assert.equal(boardView(nevaPage(ANN)).partner, null);
  assert.equal(boardView(nevaPage(null, {}, { teams: true })).partner, null, 'a spectator has no partner');
});

test('a quiet king move in a rules try is not called a capture', () => {
  const tr = GIVEANDTAKE.tries.find((t) => t.id === 'giveandtake-king');
  const quiet = tr.legal.find((m) => m.captured.length === 0);
  assert.ok(quiet, 'the try has a quiet move');
  // The try's sentences are Fluent messages: the page's words and the game's, in English.
  useBundle('en', ['learn.ftl', 'rules-giveandtake.ftl'].map((f) => readFileSync(new URL(`../locales/en/${f}`, import.meta.url), 'utf8')));
  const v = judge(tr, RULES.giveandtake.tries[tr.id], quiet);
  assert.equal(v.verdict, 'legal');
  assert.doesNotMatch(v.message, /takes 0|0 pieces/);
  assert.match(v.message, /captures nothing: the king can take 4 pieces/);
  const fallback = judge(tr, { right: 'ok' }, quiet);
  assert.equal(fallback.message, 'That move is allowed, but it is not a capture; there is a way to take 4 pieces.');
});
