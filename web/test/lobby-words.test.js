// The words of the admin page and the front page's remembered level.
// Run: node --test web/test/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { refusalWords } from '../js/admin/words.js';
import { savedLevel } from '../js/views/lobby.js';

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
