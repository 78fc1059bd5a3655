// The board's colours (web/css/board.css) meet WCAG's contrast for graphics (1.4.11): every
// piece's rim and the focus ring stand out from every square by 3:1, seat patterns from
// their piece, the crown's outline from the crown. Seats also differ by pattern (1.4.1):
// see drawMark in web/js/board/render.js. Run: node --test web/test/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const css = readFileSync(new URL('../css/board.css', import.meta.url), 'utf8');
const vars = Object.fromEntries([...css.matchAll(/--([\w-]+):\s*(#[0-9a-fA-F]{6})\s*;/g)].map((m) => [m[1], m[2]]));

function luminance(hex) {
  const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

export function contrast(a, b) {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

function atLeast(a, b, min = 3) {
  assert.ok(vars[a] && vars[b], `--${a} and --${b} are defined in board.css`);
  const r = contrast(vars[a], vars[b]);
  assert.ok(r >= min, `--${a} ${vars[a]} on --${b} ${vars[b]}: ${r.toFixed(2)} < ${min}`);
}

const SQUARES = ['sq-dark', 'sq-light', 'sq-gt', 'sq-gt-alt', 'sq-queah', 'sq-last', 'sq-last-queah', 'sq-selected'];

test('contrast helper agrees with known values', () => {
  assert.equal(contrast('#000000', '#ffffff').toFixed(0), '21');
  assert.equal(contrast('#777777', '#777777'), 1);
});

test('every piece\u2019s rim stands out from every square', () => {
  for (const sq of SQUARES) atLeast('piece-edge', sq);
});

test('the focus ring stands out from every square', () => {
  for (const sq of SQUARES) atLeast('focus', sq);
  atLeast('focus', 'focus-halo');
});

test('seat patterns stand out from their pieces, the crown from its outline', () => {
  atLeast('mark-red', 'piece-red');
  atLeast('mark-green', 'piece-green');
  atLeast('mark-black', 'piece-black');
  atLeast('crown', 'crown-edge');
  for (const p of ['piece-white', 'piece-red', 'piece-green', 'piece-black']) {
    assert.ok(Math.max(contrast(vars.crown, vars[p]), contrast(vars['crown-edge'], vars[p])) >= 3, p);
  }
});

test('Queah\u2019s last-move ring shows on the board and over every piece', () => {
  atLeast('last-ring', 'sq-queah');
  for (const p of ['piece-white', 'piece-red', 'piece-green', 'piece-black']) {
    assert.ok(Math.max(contrast(vars['last-ring'], vars[p]), contrast(vars['last-ring-halo'], vars[p])) >= 3, p);
  }
});
