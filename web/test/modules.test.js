// The client's module layout: no import circle among web/js files, no view importing
// app.js, the room state free of the DOM; and the small pure helpers around the room.
// Run: node --test web/test/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import './fixtures/english.js';
import { reasonText } from '../js/seats.js';
import { roomPath, roomParams } from '../js/room/link.js';

const JS = resolve(dirname(fileURLToPath(import.meta.url)), '../js');

function files(dir) {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.js') ? [p] : [];
  });
}

/** file (relative to web/js) -> the web/js files it imports. */
function graph() {
  const g = new Map();
  for (const f of files(JS)) {
    const src = readFileSync(f, 'utf8');
    const deps = [...src.matchAll(/^\s*import\s[^'"]*['"]([^'"]+)['"]/gm), ...src.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)]
      .map((m) => relative(JS, resolve(dirname(f), m[1])));
    g.set(relative(JS, f), deps);
  }
  return g;
}

test('every import names an existing web/js file (or a vendored module under web/vendor)', () => {
  const g = graph();
  const vendored = (d) => d.startsWith('../vendor/') && existsSync(resolve(JS, d));
  for (const [f, deps] of g) for (const d of deps) assert.ok(g.has(d) || vendored(d), `${f} imports ${d}`);
});

test('no import circle among web/js files', () => {
  const g = graph();
  const state = new Map(); // 1: on the path, 2: done
  const visit = (f, path) => {
    if (state.get(f) === 2) return;
    assert.notEqual(state.get(f), 1, `import circle: ${[...path, f].join(' -> ')}`);
    state.set(f, 1);
    for (const d of g.get(f) || []) visit(d, [...path, f]);
    state.set(f, 2);
  };
  for (const f of g.keys()) visit(f, []);
});

test('nothing imports app.js; the room state and what its parts show import no view, DOM or socket module', () => {
  const g = graph();
  for (const [f, deps] of g) assert.ok(!deps.includes('app.js'), `${f} imports app.js`);
  for (const pure of ['room/state.js', 'room/show.js']) {
    const reach = new Set();
    const walk = (f) => {
      for (const d of g.get(f) || []) if (!reach.has(d)) { reach.add(d); walk(d); }
    };
    walk(pure);
    for (const d of reach) assert.ok(!/^(views\/|board\/|socket|sound|http|app|router|banner)/.test(d), `${pure} reaches ${d}`);
    const src = readFileSync(join(JS, pure), 'utf8');
    for (const word of ['document', 'window', 'setTimeout', 'setInterval', 'Date.now', 'WebSocket', 'sessionStorage', 'localStorage']) {
      assert.ok(!src.includes(word), `${pure} uses ${word}`);
    }
  }
});

test('a seat that left reads differently from one that resigned', () => {
  assert.equal(reasonText('left'), 'left the game');
  assert.equal(reasonText('resigned'), 'resigned');
  assert.equal(reasonText('time'), 'out of time');
  assert.equal(reasonText('some_new_reason'), 'some new reason');
});

test('room links carry the invite code, the wish to sit down and the bots', () => {
  assert.equal(roomPath('r1'), '/room/r1');
  const path = roomPath('r1', { code: 'K7M2QX9P', join: true, bots: [['red', 3], ['black', 5]] });
  assert.equal(path, '/room/r1?code=K7M2QX9P&join=1&bots=red:3,black:5');
  const url = new URL(path, 'http://localhost');
  assert.equal(url.pathname, '/room/r1');
  assert.deepEqual(roomParams(url.searchParams), { code: 'K7M2QX9P', join: true, bots: [['red', 3], ['black', 5]] });
  assert.deepEqual(roomParams(new URLSearchParams('bots=red:x,:3,green:2')), { code: null, join: false, bots: [['green', 2]] });
  assert.deepEqual(roomParams(undefined), { code: null, join: false, bots: [] });
});
