// Ratings in words and the rating graph's scales (web/js/ratings.js). Run: node --test web/test/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import './fixtures/english.js';
import { readFileSync } from 'node:fs';
import { useBundle } from '../js/i18n.js';
import {
  POOLS, poolOf, poolByKey, ratingText, deviationText, progressText, niceStep, graphScale, linePoints, ratingChangeWords,
  provisionalWords, opponentLimitWords, PROVISIONAL_DEVIATION, RATED_GAMES_PER_OPPONENT_PER_DAY,
} from '../js/ratings.js';


test('six pools, each with its own address key', () => {
  assert.deepEqual(POOLS.map((p) => p.name), ['Stockholm', 'Brazilian', 'Give and Take', 'Queah', 'Neva', 'Neva teams']);
  assert.equal(new Set(POOLS.map((p) => p.key)).size, 6);
  assert.equal(poolOf('stockholm', 'brazilian').name, 'Brazilian');
  assert.equal(poolOf('neva').mode, 'free_for_all', 'a missing mode is the game\'s first');
  assert.equal(poolOf('neva', 'teams').key, 'neva-teams');
  assert.equal(poolOf('newgame', 'blitz_mode').name, 'Newgame blitz mode');
  assert.equal(poolByKey('queah').game, 'queah');
  assert.equal(poolByKey('nonsense').key, 'stockholm');
});

test('a provisional rating carries a question mark', () => {
  assert.equal(ratingText({ rating: 1523.4, provisional: true }), '1523?');
  assert.equal(ratingText({ rating: 1688.6, provisional: false }), '1689');
  assert.equal(ratingText(null), '–');
  assert.equal(deviationText({ deviation: 84.7 }), '±85');
  assert.equal(progressText(12), '+12');
  assert.equal(progressText(-7.2), '−7');
  assert.equal(progressText(0), '0');
  assert.equal(progressText(undefined), '');
});

test('nice steps are 1, 2 or 5 times a power of ten', () => {
  assert.equal(niceStep(100, 4), 50);
  assert.equal(niceStep(430, 4), 200);
  assert.equal(niceStep(60, 4), 20);
  assert.equal(niceStep(0, 4), 1);
});

test('the graph scales ratings to whole steps and time to the width', () => {
  const points = [{ at: 3000, rating: 1620 }, { at: 1000, rating: 1500 }, { at: 2000, rating: 1410 }];
  const s = graphScale(points, { width: 600, height: 200, pad: { left: 40, right: 10, top: 10, bottom: 20 } });
  assert.deepEqual(s.points.map((p) => p.at), [1000, 2000, 3000], 'sorted by time');
  assert.equal(s.lo, 1400);
  assert.equal(s.hi, 1700);
  assert.deepEqual(s.yTicks, [1400, 1500, 1600, 1700]);
  assert.equal(s.x(1000), 40);
  assert.equal(s.x(3000), 590);
  assert.equal(s.x(2000), 315);
  assert.equal(s.y(1400), 180, 'the lowest tick at the bottom of the plot');
  assert.equal(s.y(1700), 10, 'the highest at the top');
  assert.equal(s.xTicks.length, 5);
  assert.equal(s.xTicks[0], 1000);
  assert.equal(s.xTicks[4], 3000);
  assert.equal(linePoints(s).split(' ').length, 3);
  // Every point lies inside the plot.
  for (const p of s.points) {
    assert.ok(s.x(p.at) >= 40 && s.x(p.at) <= 590);
    assert.ok(s.y(p.rating) >= 10 && s.y(p.rating) <= 180);
  }
});

test('a single game or a flat record still gives a readable graph', () => {
  const one = graphScale([{ at: 5, rating: 1500 }], { width: 100, height: 100, pad: { left: 0, right: 0, top: 0, bottom: 0 } });
  assert.equal(one.x(5), 50, 'one point in the middle');
  assert.ok(one.hi - one.lo >= 100, 'at least a hundred points of range');
  assert.equal(one.y(1500), 50);
  assert.deepEqual(one.xTicks, [5]);
  const flat = graphScale([{ at: 1, rating: 1500 }, { at: 2, rating: 1502 }]);
  assert.ok(flat.hi - flat.lo >= 100);
  const none = graphScale([]);
  assert.equal(none.points.length, 0);
  assert.deepEqual(none.xTicks, []);
  // Bad entries are skipped, not drawn at NaN.
  const bad = graphScale([{ at: 1, rating: 1500 }, { at: 'x', rating: 2 }, null, { at: 2, rating: NaN }]);
  assert.equal(bad.points.length, 1);
});

test('a rated game\'s changes in words', () => {
  const names = { white: 'Ann', black: 'Bob' };
  assert.deepEqual(
    ratingChangeWords([{ seat: 'white', before: 1500, after: 1512.4 }, { seat: 'black', before: 1500.2, after: 1488 }, { seat: 'red' }], (s) => names[s]),
    ['Ann 1500 → 1512 (+12)', 'Bob 1500 → 1488 (−12)']);
  assert.deepEqual(ratingChangeWords(undefined, () => ''), []);
});

test('the provisional rule and the daily limit per opponent are stated with their numbers', () => {
  assert.equal(PROVISIONAL_DEVIATION, 110);
  assert.equal(RATED_GAMES_PER_OPPONENT_PER_DAY, 3);
  const words = provisionalWords();
  assert.match(words, /1500\?/);
  assert.match(words, /± is 110 or more/);
  assert.match(words, /from the first rated game/);
  assert.match(provisionalWords(150), /± is 150 or more/);
  assert.match(opponentLimitWords(), /first 3 rated games a day against the same opponent/);
  assert.doesNotMatch(words + opponentLimitWords(), /§|section \d/i, 'no spec section numbers');
});
