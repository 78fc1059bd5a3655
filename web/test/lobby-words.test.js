// The front page's remembered level.
// Run: node --test web/test/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import './fixtures/english.js';
import { savedLevel } from '../js/views/lobby.js';

test('the computer level defaults to 2 where nothing is stored', () => {
  assert.equal(savedLevel(), 2);
});
