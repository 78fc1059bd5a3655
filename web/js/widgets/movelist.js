// The move list: one row per round (a full move in the two-seat games, a round of every
// seat in Neva), each move a button that shows the position after it.

import { h } from '../http.js';
import { SEATS, seatName } from '../seats.js';

/** Groups `moves` ({seat, text}) into rows: a new row starts when turn order wraps. */
export function rounds(moves, layout) {
  const rows = [];
  let prev = Infinity;
  moves.forEach((m, ply) => {
    const i = layout.indexOf(m.seat);
    if (!rows.length || i <= prev) rows.push(new Array(layout.length).fill(null));
    rows[rows.length - 1][Math.max(0, i)] = { ...m, ply };
    prev = i;
  });
  return rows;
}

/** A table of the moves; `onPick(ply)` when one is clicked; `current` is highlighted. */
export function moveTable(moves, layout, current, onPick) {
  const seats = layout.length ? layout : SEATS;
  const head = h('tr', {}, h('th', { scope: 'col' }, '#'), seats.map((s) => h('th', { scope: 'col' }, seatName(s))));
  const body = rounds(moves, seats).map((row, n) =>
    h('tr', {},
      h('th', { scope: 'row' }, String(n + 1)),
      row.map((m) =>
        h('td', {}, m
          ? h('button.move', {
            type: 'button',
            dataset: { ply: String(m.ply) },
            'aria-current': m.ply === current ? 'true' : null,
            'aria-label': `Move ${n + 1}: ${plyWords(m.seat, m.text)}`,
            onclick: () => onPick(m.ply),
          }, m.text)
          : ''))));
  return h('table.moves', {}, h('thead', {}, head), h('tbody', {}, body));
}

// A departure is recorded as `resign white`, `leave red` or `timeout black`: said in words.
const DEPARTED = { resign: 'resigned', leave: 'left the game', timeout: 'ran out of time' };

/** A recorded action in words: `White resigned`, or the seat and the move (`White c3-d4`). */
export function plyWords(seat, text) {
  const [verb, who] = text.split(' ');
  if (who && DEPARTED[verb]) return `${seatName(who)} ${DEPARTED[verb]}`;
  return `${seatName(seat)} ${text}`;
}

/** The list's own number of the row holding `ply` (a full move, or a round in Neva). */
export function moveNumber(moves, layout, ply) {
  const rows = rounds(moves, layout.length ? layout : SEATS);
  const n = rows.findIndex((row) => row.some((m) => m && m.ply === ply));
  return { number: n + 1, of: rows.length };
}

/**
 * Scrolls the list inside `box` (its own scroll area, never the page) so the current move
 * shows; without one, to the end.
 */
export function followCurrent(box) {
  const cur = box.querySelector('button.move[aria-current="true"]');
  if (!cur) {
    box.scrollTop = box.scrollHeight;
    return;
  }
  const b = box.getBoundingClientRect();
  const r = cur.getBoundingClientRect();
  const head = box.querySelector('thead')?.getBoundingClientRect().height || 0;
  if (r.bottom > b.bottom) box.scrollTop += r.bottom - b.bottom + 4;
  else if (r.top < b.top + head) box.scrollTop -= b.top + head - r.top + 4;
}
