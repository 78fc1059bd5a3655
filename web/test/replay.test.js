// What the replay page shows of a stored game (web/js/replay/show.js): the positions to step
// through, the title, the result, the counter, the keys, and the analysis's words.
// Run: node --test web/test/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import './fixtures/english.js';
import { counterText, keyTarget, markSummary, noteView, replayStates, resultText, seatNamer, titleText } from '../js/replay/show.js';
import { readFileSync } from 'node:fs';
import { useBundle } from '../js/i18n.js';


/** A stored stockholm game of two moves (GET /api/history/{id}). */
function stored(over = {}) {
  return {
    game: 'stockholm',
    start_position: 'W:W21,22:B1,2',
    seats: { white: 'Ann', black: 'random (bot)' },
    seat_details: { white: { name: 'Ann' } },
    moves: [
      { seat: 'white', notation: '21-17', position: 'B:W17,22:B1,2' },
      { seat: 'black', notation: '1x10', position: null },
    ],
    result: 'white',
    reason: 'resigned',
    outcome: null,
    ...over,
  };
}

test('the positions: the start, then after every move, a missing one kept from before', () => {
  const r = replayStates(stored());
  assert.deepEqual(r.layout, ['white', 'black']);
  assert.equal(r.states.length, 3);
  assert.deepEqual(r.states.map((s) => s.text), ['W:W21,22:B1,2', 'B:W17,22:B1,2', 'B:W17,22:B1,2']);
  assert.deepEqual(r.states.map((s) => s.route), [[], ['21', '17'], ['1', '10']]);
  assert.equal(r.states[2].pos, r.states[1].pos, 'a move without a position keeps the one before');
  assert.equal(r.states[1].pos.turn, 'black');
  assert.deepEqual(r.plies, [{ seat: 'white', text: '21-17' }, { seat: 'black', text: '1x10' }]);
});

test('names, the title and the result in words', () => {
  const g = stored();
  const nameOf = seatNamer(g);
  assert.equal(nameOf('white'), 'Ann');
  assert.equal(nameOf('black'), 'Random mover');
  assert.equal(titleText(g, nameOf), 'Stockholm checkers: White Ann, Black Random mover');
  assert.equal(resultText(g, ['white', 'black'], nameOf), 'White: resigned');
  const outcome = { winners: ['white'], reason: 'resigned', seats: { white: { verdict: 'win' }, black: { verdict: 'loss', reason: 'resigned' } } };
  assert.equal(resultText(stored({ outcome }), ['white', 'black'], nameOf), 'Ann (White) won. Random mover (Black) resigned.');
});

test('the counter and the keys', () => {
  const { plies, layout } = replayStates(stored());
  assert.equal(counterText(plies, layout, 0), 'Start position');
  assert.equal(counterText(plies, layout, 2), 'Move 1 of 1: Black 1x10');
  assert.equal(keyTarget('ArrowLeft', 2, 3), 1);
  assert.equal(keyTarget('End', 0, 3), 2);
  assert.equal(keyTarget('Home', 2, 3), 0);
  assert.equal(keyTarget('x', 2, 3), undefined);
});

test('the analysis: scores and the flagged move in words, marks counted per seat', () => {
  const analysis = {
    seats: ['white', 'black'],
    positions: [{ scores: { white: 0, black: 0 } }, { scores: { white: 150, black: -150 } }, { scores: {} }],
    moves: [
      { seat: 'white', notation: '21-17', mark: null },
      { seat: 'black', notation: '1x10', mark: 'blunder', symbol: '??', loss: 250, best: '2-6' },
    ],
  };
  assert.deepEqual(noteView(analysis, 1), { scores: 'White +1.50, Black -1.50', mark: null });
  assert.deepEqual(noteView(analysis, 2), { scores: '', mark: { mark: 'blunder', text: '1x10?? Blunder (-2.50).', best: ' Best was 2-6.' } });
  assert.equal(noteView(analysis, 5), null);
  assert.equal(noteView(null, 0), null);
  assert.deepEqual(markSummary(analysis), [
    'White: 0 inaccuracies, 0 mistakes, 0 blunders',
    'Black: 0 inaccuracies, 0 mistakes, 1 blunder',
  ]);
});
