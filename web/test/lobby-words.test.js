// The words of the history and admin pages and the front page's remembered level.
// Run: node --test web/test/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import './fixtures/english.js';
import { resultWords } from '../js/views/history.js';
import { refusalWords } from '../js/admin/words.js';
import { savedLevel } from '../js/views/lobby.js';

test('a result names the winners, bots as the server names them', () => {
  assert.equal(resultWords({ seats: { white: 'Ann', black: 'Bob' }, winners: ['black'], result: 'black won', reason: 'resigned' }),
    'Bob won, resigned');
  assert.equal(resultWords({ seats: { white: 'engine (bot, level 3)', black: 'Bob' }, winners: ['white'], reason: 'captured_all' }),
    'Computer level 3 won, all pieces captured');
  assert.equal(resultWords({ seats: { white: 'Ann', red: 'Bo', green: 'Cy', black: 'Di' }, winners: ['white', 'green'], reason: 'blocked' }),
    'Ann and Cy won, no move left');
  assert.equal(resultWords({ seats: {}, winners: [], result: 'draw', reason: 'repetition' }), 'Draw, position repeated');
  assert.equal(resultWords({ seats: {}, winners: ['red'] }), 'Red won');
});

test('an admin refusal reads as words, never as a code', () => {
  assert.equal(refusalWords({ code: 'already_over', message: 'This game is already over; there is nothing to close.' }),
    'This game is already over; there is nothing to close.');
  assert.equal(refusalWords({ code: 'already_over', message: 'already_over' }), 'This game is already over; there is nothing to close.');
  assert.match(refusalWords({ code: 'too_late_to_abort', message: 'too late to abort' }), /cannot be closed/);
  assert.equal(refusalWords({ code: 'not_found' }), 'This room is gone already.');
  assert.equal(refusalWords({ code: 'other', message: 'Something plain.' }), 'Something plain.');
});

test('the computer level defaults to 2 where nothing is stored', () => {
  assert.equal(savedLevel(), 2);
});
