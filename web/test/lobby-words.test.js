// The words of the history page and the front page's remembered level.
// Run: node --test web/test/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import './fixtures/english.js';
import { resultWords } from '../js/views/history.js';
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

test('the computer level defaults to 2 where nothing is stored', () => {
  assert.equal(savedLevel(), 2);
});
