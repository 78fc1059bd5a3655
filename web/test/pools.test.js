// The front page's quick pairing in words (web/js/pools.js): which game a pool belongs to,
// its counts, an open seek, and a broken seek.
// Run: node --test web/test/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import './fixtures/english.js';
import { countWords, kindOf, seekError, seekWords, speedWords } from '../js/pools.js';

test('a pool id names its kind of table, Neva teams apart from Neva free-for-all', () => {
  assert.equal(kindOf('queah-3+2'), 'queah');
  assert.equal(kindOf('giveandtake-3d'), 'giveandtake');
  assert.equal(kindOf('neva-teams-10+5'), 'neva-teams');
  assert.equal(kindOf('neva-ffa-5+3'), 'neva-ffa');
  assert.equal(kindOf('chess-1+0'), null);
});

test('counts say who waits and who plays, and nothing about an empty pool\'s games', () => {
  assert.equal(countWords({ waiting: 0, playing: 0 }), 'nobody waiting');
  assert.equal(countWords({ waiting: 2, playing: 4 }), '2 waiting, 4 playing');
  assert.equal(countWords({ waiting: 0, playing: 8 }), 'nobody waiting, 8 playing');
  assert.equal(speedWords('correspondence'), 'Correspondence');
});

test('an open seek names the player, their rating when they have one, the pool and the kind of game', () => {
  const pools = [{ id: 'queah-3+2', label: '3+2' }, { id: 'neva-teams-3d', label: '3 days' }];
  assert.equal(seekWords({ pool: 'queah-3+2', name: 'ann', rating: 1512, rated: true }, pools), 'ann (1512), Queah 3+2, rated');
  assert.equal(seekWords({ pool: 'neva-teams-3d', name: 'Guest-1a2b3c', rating: null, rated: false }, pools),
    'Guest-1a2b3c, Neva, two against two 3 days, casual');
});

test('a cancelled seek says nothing; a failed or refused one says what to do', () => {
  assert.equal(seekError('cancelled'), '');
  assert.match(seekError('failed'), /try again/);
  assert.match(seekError('error'), /another tab/);
});
