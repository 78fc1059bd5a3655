// The installable app's page side (js/pwa.js): the version read from a module's URL, and
// the reload an outdated page makes once, never in a loop.
// Run: node --test web/test/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { versionOf, reloadOnce, RELOADED_KEY } from '../js/pwa.js';

/** A sessionStorage stand-in. */
function storage() {
  const m = new Map();
  return { getItem: (k) => (m.has(k) ? m.get(k) : null), setItem: (k, v) => m.set(k, String(v)) };
}

test('the version is the asset hash of a module URL', () => {
  assert.equal(versionOf('http://h/static/0a1b2c3d4e5f/js/pwa.js'), '0a1b2c3d4e5f');
  assert.equal(versionOf('http://h/js/pwa.js'), null);
  assert.equal(versionOf('file:///work/web/js/pwa.js'), null);
});

test('an outdated page reloads once per version, then asks instead', () => {
  const s = storage();
  let reloads = 0;
  const reload = () => { reloads += 1; };
  assert.equal(reloadOnce('aaa', s, reload), true);
  assert.equal(s.getItem(RELOADED_KEY), 'aaa');
  // The reload brought the same old files (a cache in the way): no second reload.
  assert.equal(reloadOnce('aaa', s, reload), false);
  assert.equal(reloads, 1);
  // The new files came; a later deploy makes them outdated too: one reload again.
  assert.equal(reloadOnce('bbb', s, reload), true);
  assert.equal(reloads, 2);
});

test('without storage to remember it by, the page does not reload', () => {
  let reloads = 0;
  const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => {} };
  assert.equal(reloadOnce('aaa', broken, () => { reloads += 1; }), false);
  assert.equal(reloadOnce('aaa', undefined, () => { reloads += 1; }), false);
  assert.equal(reloads, 0);
});
