// The admin page's words (web/js/admin/words.js): the audit log's sentences, players as the
// log names them, room states, why an action was refused, who is in a room and the list
// pages' paths.
// Run: node --test web/test/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import './fixtures/english.js';
import { auditText, hostLine, pagePath, playerLabel, refusalWords, roomStateWords } from '../js/admin/words.js';

test('the audit log names players by what the page has seen of them', () => {
  const names = new Map([['p1', 'Ann (@ann)'], ['p2', 'Bob']]);
  const label = (id) => names.get(id) || id;
  assert.equal(auditText({ admin_id: 'p1', action: 'ban', target: 'p2' }, label), 'Ann (@ann) banned Bob');
  assert.equal(auditText({ admin_id: 'p1', action: 'unban', target: 'p9' }, label), 'Ann (@ann) lifted the ban of p9');
  assert.equal(auditText({ admin_id: 'p1', action: 'invite', target: 'K7M2' }, label), 'Ann (@ann) made invite K7M2');
  assert.equal(auditText({ admin_id: 'p1', action: 'close_room', target: 'r1' }, label), 'Ann (@ann) closed room r1');
  assert.equal(auditText({ admin_id: 'p1', action: 'new_thing', target: 'p2' }, label), 'Ann (@ann) new_thing Bob');
});

test('a player with an account is named with the username; a guest by name', () => {
  assert.equal(playerLabel({ name: 'Ann', username: 'ann' }), 'Ann (@ann)');
  assert.equal(playerLabel({ name: 'Guest 12', username: null }), 'Guest 12');
});

test('room states in words, unknown ones as they came', () => {
  assert.equal(roomStateWords('waiting'), 'waiting for players');
  assert.equal(roomStateWords('aborted'), 'closed');
  assert.equal(roomStateWords('paused'), 'paused');
});

test('the next page of a list keeps the search in the path', () => {
  assert.equal(pagePath('/api/admin/audit', 50, 100), '/api/admin/audit?limit=50&offset=100');
  assert.equal(pagePath('/api/admin/players?q=an', 50, 50), '/api/admin/players?q=an&limit=50&offset=50');
});

test('a room names its host, then the others seated, bots as what they are', () => {
  assert.equal(hostLine({ host_name: 'Ann', seats: [{ name: 'Ann' }, { name: null }] }), 'host Ann');
  assert.equal(hostLine({ host_name: 'Ann', seats: [{ name: 'Ann' }, { name: 'Bob' }, { name: 'engine (bot, level 3)' }] }),
    'host Ann · with Bob, Computer level 3');
  assert.equal(hostLine({ host_name: 'Ann' }), 'host Ann');
});

test('an admin refusal reads as words, never as a code', () => {
  assert.equal(refusalWords({ code: 'already_over', message: 'This game is already over; there is nothing to close.' }),
    'This game is already over; there is nothing to close.');
  assert.equal(refusalWords({ code: 'already_over', message: 'already_over' }), 'This game is already over; there is nothing to close.');
  assert.match(refusalWords({ code: 'too_late_to_abort', message: 'too late to abort' }), /cannot be closed/);
  assert.equal(refusalWords({ code: 'not_found' }), 'This room is gone already.');
  assert.equal(refusalWords({ code: 'other', message: 'Something plain.' }), 'Something plain.');
});
