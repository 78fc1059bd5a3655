// The "server is recovering" banner's logic: which answers mean an outage, and
// the banner shown until `/readyz` says ready again.
// Run: node --test web/test/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isOutage, Recovery } from '../js/recovering.js';

test('an outage is a 503 unavailable or a move the store could not keep', () => {
  assert.ok(isOutage(503, 'unavailable'));
  assert.ok(isOutage(0, 'store_failed'));
  assert.ok(!isOutage(503, 'overloaded'), 'a full server is not an outage');
  assert.ok(!isOutage(500, 'internal'));
  assert.ok(!isOutage(400, 'illegal_move'));
});

/** A Recovery with its timer and probe in the test's hands. */
function harness(answers) {
  const shown = [];
  const timers = [];
  let probes = 0;
  const r = new Recovery({
    probe: async () => {
      probes += 1;
      const a = answers.shift();
      if (a instanceof Error) throw a;
      return a;
    },
    show: (on) => shown.push(on),
    every: 1000,
    setTimer: (fn) => { timers.push(fn); return timers.length; },
    clearTimer: () => {},
  });
  const tick = async () => { const fn = timers.shift(); assert.ok(fn, 'a check is scheduled'); await fn(); };
  return { r, shown, timers, tick, probes: () => probes };
}

test('the banner stays until the server is ready, then goes', async () => {
  const h = harness([false, new Error('network down'), true]);
  h.r.noteOutage();
  h.r.noteOutage(); // a second refusal while shown changes nothing
  assert.deepEqual(h.shown, [true]);
  await h.tick(); // 503
  await h.tick(); // no answer at all
  assert.deepEqual(h.shown, [true]);
  await h.tick(); // ready
  assert.deepEqual(h.shown, [true, false]);
  assert.equal(h.timers.length, 0, 'no more checks once ready');
  assert.equal(h.probes(), 3);
  // A later outage shows it again.
  h.r.noteOutage();
  assert.deepEqual(h.shown, [true, false, true]);
});
