// The seated accounts' ratings for the room page's parts that show names (the seat list,
// the clock cards): read from `GET /api/rooms/{id}/ratings` whenever who sits where
// changes, and once more when the game is over (a rated game's change is stored before the
// end is told), once for every part that asks (the latest answer is shared).

import { api } from '../http.js';
import { ratingsBySeat, seatingKey } from './show.js';

/** The last reading asked for: its key (room and seating) and the answer's promise. */
let last = { key: null, answer: null };

function read(snap, key) {
  if (last.key !== key) {
    // A room whose ratings cannot be read shows names alone.
    const answer = api(`/api/rooms/${snap.room.id}/ratings`).then(ratingsBySeat).catch(() => ({}));
    last = { key, answer };
  }
  return last.answer;
}

/**
 * A part's view of the ratings: `update(snap)` reads them again when the seating changed
 * and calls `repaint()` once they came; `get()` is the latest, by seat (see `ratingsBySeat`).
 */
export function watchRatings(repaint) {
  let key = null;
  let bySeat = {};
  return {
    get: () => bySeat,
    update(snap) {
      const seating = seatingKey(snap);
      const k = `${snap.room.id}|${snap.state === 'finished' ? 'over' : 'on'}|${seating}`;
      if (k === key) return;
      key = k;
      if (!seating) {
        bySeat = {};
        return;
      }
      read(snap, k).then((r) => {
        if (key !== k) return;
        bySeat = r;
        repaint();
      });
    },
  };
}
