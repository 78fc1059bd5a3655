// Premoves: one move queued while another seat is to move, played the moment our turn comes
// if the rules allow it then. The board knows no rules, so while we wait it is offered every
// step from one of our pieces to any other square (`premoveDests`); when our turn comes the
// server's legal moves decide (`resolvePremove`): the one legal move from that piece to that
// square is sent, and anything else is dropped with a word. Pure: node's tests read it.

import { t } from '../i18n.js';

/**
 * Whether this page may queue a premove now: seated, still in a game that is on, looking at
 * the live board, and another seat to move.
 */
export function canPremove(state, seat) {
  const s = state.snap;
  if (!seat || !s || s.state !== 'playing' || state.viewing !== null) return false;
  const playing = s.board?.playing || s.room.layout;
  return Boolean(s.board?.turn && s.board.turn !== seat && playing.includes(seat));
}

/**
 * The moves the board offers for a premove: from each square holding one of `seat`'s pieces
 * (`pieces`: square -> {seat, king}) to every square of `squares` not holding one of ours.
 * Each is marked `premove`, so the page knows it is a wish and not a move.
 */
export function premoveDests(pieces, seat, squares) {
  const out = [];
  for (const [origin, p] of pieces) {
    if (p.seat !== seat) continue;
    for (const dest of squares) {
      if (dest === origin || pieces.get(dest)?.seat === seat) continue;
      out.push({ text: `${origin}-${dest}`, origin, path: [dest], captured: [], drop: null, premove: true });
    }
  }
  return out;
}

/** A premove from a move the board built: `{origin, dest}`. */
export function premoveOf(move) {
  return { origin: move.origin, dest: move.path[move.path.length - 1] };
}

/** The premove in words: "c3 to d4". */
export function premoveText(pre) {
  return t('room-premove-route', { from: pre.origin, to: pre.dest });
}

/**
 * What to do with `pre` now that `legal` (the server's legal moves for our turn) came:
 * `{move}` (the one legal move from its origin ending on its square, to send) or `{dropped}`
 * (why it is not played, in words). Several legal routes to the same square (two captures
 * ending alike) are not guessed between.
 */
export function resolvePremove(pre, legal) {
  const fits = (legal || []).filter((m) => !m.drop && m.origin === pre.origin && m.path[m.path.length - 1] === pre.dest);
  if (fits.length === 1) return { move: fits[0] };
  if (fits.length > 1) return { dropped: t('room-premove-ambiguous', { move: premoveText(pre) }) };
  return { dropped: t('room-premove-illegal', { move: premoveText(pre) }) };
}
