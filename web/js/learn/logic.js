// The rules pages' pure parts: judging a move clicked in a position to try, and stepping
// through a game. No DOM here, so node's tests run them (web/test/learn.test.js).

import { t } from '../i18n.js';

/** How many pieces `move` takes. */
function taken(move) {
  return (move.captured || []).length;
}

/**
 * The moves the board offers in a try-position: the legal ones and the wrong ones the
 * page explains (computed by the rules engine, see web/js/learn/data/).
 */
export function offered(tr) {
  return [...tr.legal, ...tr.wrong];
}

/**
 * Judges `move` (by its text) in the try `tr` with the page's words `words`
 * ({ right, wrong, other?, fewer?, quiet? }: Fluent keys, whose messages may read
 * `{ $move }`, and for `fewer` and `quiet` `{ $n }` and `{ $most }`, the pieces taken).
 * Returns { verdict: 'right' | 'wrong' | 'legal', message }: 'legal' is a move the rules
 * allow that is not the one asked for.
 */
export function judge(tr, words, move) {
  const v = verdictOf(tr, words, move);
  return { verdict: v.verdict, message: t(v.key, { move: move?.text || '', ...v.args }) };
}

function verdictOf(tr, words, move) {
  const text = move?.text;
  const legal = tr.legal.find((m) => m.text === text);
  if (!legal) {
    return { verdict: 'wrong', key: words.wrong || 'learn-try-not-allowed' };
  }
  if (tr.most) {
    const most = Math.max(0, ...tr.legal.map(taken));
    if (taken(legal) === most) return { verdict: 'right', key: words.right };
    const n = taken(legal);
    // A quiet move (a king stepping, say) takes nothing: it is no capture at all.
    if (n === 0) return { verdict: 'legal', key: words.quiet || 'learn-try-quiet', args: { most } };
    return { verdict: 'legal', key: words.fewer || 'learn-try-fewer', args: { n, most } };
  }
  if (tr.want.length && !tr.want.includes(text)) {
    return { verdict: 'legal', key: words.other || 'learn-try-other' };
  }
  return { verdict: 'right', key: words.right };
}

/**
 * A game stepped through: `at` is the number of moves shown (0 = the start). Returns the
 * position text to show, the move that led to it (null at the start) and its step.
 */
export function stepView(game, at) {
  const i = Math.max(0, Math.min(at, game.steps.length));
  if (i === 0) return { at: 0, position: game.start, step: null };
  const step = game.steps[i - 1];
  return { at: i, position: step.position, step };
}

/** The squares a step's move went through, for the board's last-move highlight. */
export function stepSquares(step) {
  const m = step?.move;
  if (!m) return [];
  return [m.origin, ...(m.path || []), m.drop].filter(Boolean);
}
