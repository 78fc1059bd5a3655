// The rules pages' pure parts: judging a move clicked in a position to try, and stepping
// through a game. No DOM here, so node's tests run them (web/test/learn.test.js).

import { count } from '../lists.js';

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
 * ({ right, wrong, other?, fewer?, quiet? }; `{move}` in them is replaced by the move's text).
 * Returns { verdict: 'right' | 'wrong' | 'legal', message }: 'legal' is a move the rules
 * allow that is not the one asked for.
 */
export function judge(tr, words, move) {
  const v = verdictOf(tr, words, move);
  return { verdict: v.verdict, message: String(v.message || '').replaceAll('{move}', move?.text || '') };
}

function verdictOf(tr, words, move) {
  const text = move?.text;
  const legal = tr.legal.find((m) => m.text === text);
  if (!legal) {
    return { verdict: 'wrong', message: words.wrong || 'The rules do not allow that move here.' };
  }
  if (tr.most) {
    const most = Math.max(0, ...tr.legal.map(taken));
    if (taken(legal) === most) return { verdict: 'right', message: words.right };
    const n = taken(legal);
    // A quiet move (a king stepping, say) takes nothing: it is no capture at all.
    if (n === 0) {
      const quiet = words.quiet || 'That move is allowed, but it is not a capture; there is a way to take {most}.';
      return { verdict: 'legal', message: quiet.replace('{most}', pieces(most)) };
    }
    const fewer = words.fewer || 'That move is allowed, but it takes {n}; there is a way to take {most}.';
    return { verdict: 'legal', message: fewer.replace('{n}', pieces(n)).replace('{most}', pieces(most)) };
  }
  if (tr.want.length && !tr.want.includes(text)) {
    return { verdict: 'legal', message: words.other || 'That move is allowed, but it is not the one this rule is about.' };
  }
  return { verdict: 'right', message: words.right };
}

/** "1 piece", "4 pieces". */
export function pieces(n) {
  return count(n, 'piece');
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
