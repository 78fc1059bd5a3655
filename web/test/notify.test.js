// Notifications of games that become your move (the account page's words: account.test.js).
// Run: node --test web/test/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import './fixtures/english.js';
import { newTurns, notifyState, roomOnScreen, turnNotice } from '../js/notify.js';

const games = [
  { room_id: 'a', game: 'queah', opponents: ['Bob'], my_turn: true },
  { room_id: 'b', game: 'stockholm', opponents: ['Cy'], my_turn: true },
  { room_id: 'c', game: 'neva', opponents: ['Di', 'Ed'], my_turn: false },
];

test('only games newly waiting for you, less the one you look at', () => {
  const ids = (list) => list.map((g) => g.room_id);
  assert.deepEqual(ids(newTurns(new Set(), games, null, false)), ['a', 'b']);
  assert.deepEqual(ids(newTurns(new Set(['a']), games, null, false)), ['b']);
  // On b's page, b is seen already; with the page hidden, it is not.
  assert.deepEqual(ids(newTurns(new Set(), games, 'b', false)), ['a']);
  assert.deepEqual(ids(newTurns(new Set(), games, 'b', true)), ['a', 'b']);
  assert.deepEqual(newTurns(new Set(['a', 'b']), games, null, true), []);
  assert.deepEqual(newTurns(new Set(), null, null, true), []);
});

test('the room on screen is read from the path', () => {
  assert.equal(roomOnScreen('/room/0b7e8d1c-1111-4222-8333-944445555666'), '0b7e8d1c-1111-4222-8333-944445555666');
  assert.equal(roomOnScreen('/games'), null);
  assert.equal(roomOnScreen('/room/x/extra'), null);
});

test('a notification names the game and the opponents', () => {
  assert.deepEqual(turnNotice(games[0]), { title: 'Your move', body: 'Queah against Bob' });
  assert.deepEqual(turnNotice(games[2]), { title: 'Your move', body: 'Neva against Di and Ed' });
  assert.deepEqual(turnNotice({ room_id: 'x', game: 'giveandtake', opponents: [] }), { title: 'Your move', body: 'Give and Take' });
});

test('notifications are on only when asked for and allowed', () => {
  const store = (v) => ({ getItem: () => v });
  const saved = globalThis.Notification;
  try {
    delete globalThis.Notification;
    assert.equal(notifyState(store('on')), 'unsupported');
    globalThis.Notification = class { static permission = 'granted'; };
    assert.equal(notifyState(store('on')), 'on');
    assert.equal(notifyState(store(null)), 'off');
    globalThis.Notification.permission = 'default';
    assert.equal(notifyState(store('on')), 'off');
    globalThis.Notification.permission = 'denied';
    assert.equal(notifyState(store('on')), 'denied');
  } finally {
    globalThis.Notification = saved;
  }
});
