// The board's state and the choice of a move from the legal moves (`dests`).
//
// A move is chosen step by step: a reserve drop (Queah), an origin, then its landing
// squares one by one. At each step only the parts of still-possible legal moves are
// offered, so a multi-capture is clicked landing by landing and nothing illegal can be
// built. The board never decides legality: `dests` come from the server.

import { geometryFor } from './geometry.js';

/** A fresh board state for `config` (see api.js for the fields). */
export function createState(config) {
  return {
    game: config.game,
    options: config.options || {},
    geom: geometryFor(config.game, config.options || {}),
    orientation: config.orientation || 'white',
    pos: config.pos || null,
    lastMove: config.lastMove || [],
    dests: config.dests || [],
    movable: Boolean(config.movable),
    mySeat: config.mySeat || null,
    partner: config.partner || null,
    premove: config.premove || null,
    coords: config.coords !== false,
    onMove: config.onMove || (() => {}),
    sel: emptySelection(),
    dragging: null,
  };
}

export function emptySelection() {
  return { reserve: false, drop: null, origin: null, path: [] };
}

function prefix(path, p) {
  return p.every((s, i) => path[i] === s);
}

/** The legal moves that agree with what is chosen so far. */
export function candidates(st) {
  if (!st.movable) return [];
  const { sel } = st;
  return st.dests.filter(
    (m) =>
      (sel.drop === null || m.drop === sel.drop) &&
      (sel.origin === null || m.origin === sel.origin) &&
      prefix(m.path, sel.path),
  );
}

/** A legal move fully described by the selection, if any. */
export function complete(st) {
  const { sel } = st;
  return candidates(st).find(
    (m) =>
      (m.drop || null) === sel.drop &&
      (m.origin || null) === sel.origin &&
      m.path.length === sel.path.length,
  );
}

/** What may be clicked next: origins, landings, drop cells, and whether the reserve may. */
export function targets(st) {
  const c = candidates(st);
  const { sel } = st;
  const origins = new Set();
  const landings = new Set();
  const drops = new Set();
  let reserve = false;
  for (const m of c) {
    if (m.origin && sel.path.length === 0 && (sel.origin === null || sel.origin === m.origin)) origins.add(m.origin);
    if (sel.origin !== null && m.path.length > sel.path.length) landings.add(m.path[sel.path.length]);
    if (m.drop && sel.drop === null) {
      reserve = true;
      const pathDone = sel.origin !== null && m.path.length === sel.path.length;
      if (sel.reserve || pathDone) drops.add(m.drop);
    }
  }
  return { origins, landings, drops, reserve };
}

/** Squares captured so far by the selected sequence (shown as ghosts). */
export function ghosts(st) {
  const m = candidates(st)[0];
  if (!m || st.sel.origin === null) return [];
  return m.captured.slice(0, st.sel.path.length);
}

/** The pieces to draw: the position with the selection so far applied. */
export function shownPieces(st) {
  const pieces = new Map(st.pos ? st.pos.pieces : []);
  const { sel } = st;
  if (sel.drop && st.mySeat) pieces.set(sel.drop, { seat: st.mySeat, king: false });
  if (sel.origin && sel.path.length) {
    const p = pieces.get(sel.origin);
    pieces.delete(sel.origin);
    if (p) pieces.set(sel.path[sel.path.length - 1], p);
  }
  return pieces;
}

/**
 * Handles a click (or drop of a dragged piece) on `square`. Returns the finished move
 * when the selection now describes one legal move.
 */
export function clickSquare(st, square) {
  const t = targets(st);
  const { sel } = st;
  if (t.drops.has(square)) {
    sel.drop = square;
    sel.reserve = false;
  } else if (t.landings.has(square)) {
    sel.path.push(square);
  } else if (sel.path.length === 0 && t.origins.has(square) && sel.origin !== square) {
    sel.origin = square;
  } else if (sel.origin === square && sel.path.length === 0) {
    sel.origin = null;
  } else {
    // Anything else starts again (keeping a drop already placed from the reserve).
    const drop = sel.drop;
    st.sel = emptySelection();
    st.sel.drop = drop;
    if (targets(st).origins.has(square)) st.sel.origin = square;
    return null;
  }
  const done = complete(st);
  if (done && targets(st).landings.size === 0 && targets(st).drops.size === 0) return done;
  return null;
}

/** Handles a click on a seat's reserve. */
export function clickReserve(st, seat) {
  if (seat !== st.mySeat || !targets(st).reserve) return;
  st.sel.reserve = !st.sel.reserve;
}
