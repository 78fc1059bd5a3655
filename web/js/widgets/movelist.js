// The move list: one row per round (a full move in the two-seat games, a round of every
// seat in Neva), each move a button that shows the position after it.

import { h } from '../http.js';
import { SEATS, seatName } from '../seats.js';
import { t, need } from '../i18n.js';

// The replay draws its moves with this list too, outside the room view whose route loads
// room.ftl. Node's tests bring their own words.
if (typeof document !== 'undefined') await need('room.ftl');

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

/**
 * The ply that a key moves to in a list of `count` plies from `from`, or null for a key the
 * list does not use: the arrows step (left and up back, right and down on), Home and End
 * jump to the ends.
 */
export function plyForKey(key, from, count) {
  if (!count) return null;
  const to = { ArrowLeft: from - 1, ArrowUp: from - 1, ArrowRight: from + 1, ArrowDown: from + 1, Home: 0, End: count - 1 }[key];
  return to === undefined ? null : Math.max(0, Math.min(count - 1, to));
}

/** The one move of the list that Tab reaches (a roving tabindex): the current, else the first. */
export function tabStop(count, current) {
  return current >= 0 && current < count ? current : 0;
}

/**
 * A table of the moves; `onPick(ply)` when one is clicked; `current` is highlighted. The
 * list is one tab stop (the current move); inside it the arrow keys, Home and End pick the
 * move and keep the focus on it, so a keyboard player crosses the list in one Tab.
 */
export function moveTable(moves, layout, current, onPick) {
  const stop = tabStop(moves.length, current);
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
            tabindex: m.ply === stop ? '0' : '-1',
            'aria-label': t('room-move-label', { number: n + 1, ply: plyWords(m.seat, m.text) }),
            // The notation is the same in every language; a departure is said in words.
            translate: departed(m.text) ? null : 'no',
            onclick: () => onPick(m.ply),
          }, departed(m.text) ? t(SHORT[departed(m.text)]) : m.text)
          : ''))));
  const table = h('table.moves', {}, h('thead', {}, head), h('tbody', {}, body));
  table.addEventListener('keydown', (e) => {
    const at = e.target.closest?.('button.move');
    if (!at || e.ctrlKey || e.metaKey || e.altKey) return;
    const to = plyForKey(e.key, Number(at.dataset.ply), moves.length);
    if (to === null) return;
    // The page's own arrow keys (stepping the board) must not step a second time.
    e.preventDefault();
    e.stopPropagation();
    const box = table.parentNode;
    onPick(to);
    // The owner draws the list again on the pick, at once: the focus follows to the new
    // button now. A timer would be late on a page in the background and pull the focus
    // back into the list after a Tab had left it.
    box?.querySelector(`button.move[data-ply="${to}"]`)?.focus();
  });
  return table;
}

// A departure is recorded as `resign white`, `leave red` or `timeout black`: said in words.
const DEPARTED = { resign: 'room-ply-resigned', leave: 'room-ply-left', timeout: 'room-ply-timeout' };
const SHORT = { resign: 'room-ply-short-resigned', leave: 'room-ply-short-left', timeout: 'room-ply-short-timeout' };

/** The verb of a recorded departure (`resign white`), or null for a move. */
function departed(text) {
  const [verb, who] = String(text).split(' ');
  return who && DEPARTED[verb] ? verb : null;
}

/** A recorded action in words: `White resigned`, or the seat and the move (`White c3-d4`). */
export function plyWords(seat, text) {
  const verb = departed(text);
  if (verb) return t(DEPARTED[verb], { seat: seatName(text.split(' ')[1]) });
  return t('room-ply', { seat: seatName(seat), move: text });
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
