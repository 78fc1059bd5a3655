// The clocks beside the board: one card per seat with its time, large; the opponents'
// above (or beside) the board, ours below. The readings are pure functions of the board's
// `clocks` (protocol.md's ClockView) and the server's time; `clockCards` draws them, and
// `createClocks` is the room page's part that holds them.
//
// Lidraughts' convention: a seat's clock runs from its first move on; until then the seat to
// move has a first-move deadline (`first_move_by`), and a game whose first movers do not move
// by it is aborted, not lost.

import { h } from '../http.js';
import { clockText, durationWords, seatName } from '../seats.js';
import { occupantName, teamName } from './words.js';
import { seatRating } from './show.js';
import { watchRatings } from './seatratings.js';
import { t } from '../i18n.js';

/** Milliseconds left on `seat`'s clock at server time `now`, or null without one. */
export function clockMs(board, seat, now, playing = true) {
  const c = board?.clocks;
  const left = c?.remaining_ms?.[seat];
  if (left === null || left === undefined) return null;
  if (playing && c.running === seat) return Math.max(0, left - Math.max(0, now - c.since));
  return left;
}

/** Below this many milliseconds a clock shows the low-time warning. */
export function lowThreshold(tc) {
  if (tc?.kind === 'per_move') return Math.min(10_000, Math.round(tc.limit_ms / 3));
  // A move a day or more: the warning comes in the last hour.
  if (tc?.kind === 'correspondence') return 3_600_000;
  if (tc?.kind === 'fischer') return tc.base_ms >= 180_000 ? 20_000 : 10_000;
  return 0;
}

/** Milliseconds until the first-move deadline of the seat to move, or null if none. */
export function firstMoveLeft(board, now) {
  const by = board?.clocks?.first_move_by;
  if (by === null || by === undefined) return null;
  return Math.max(0, by - now);
}

/** The time every seat starts with, for the waiting room (null without clocks). */
export function startingMs(tc) {
  if (tc?.kind === 'fischer') return tc.base_ms;
  if (tc?.kind === 'per_move') return tc.limit_ms;
  if (tc?.kind === 'correspondence') return tc.days * 86_400_000;
  return null;
}

/**
 * What one seat's card shows at server time `now`: `{ms, low, running, note}`. `note` says
 * the clock has not started yet, or the first-move deadline of the seat to move.
 */
export function clockReading(snap, seat, now, { mine = null } = {}) {
  const playing = snap.state === 'playing';
  const board = snap.board;
  let ms = board ? clockMs(board, seat, now, playing) : startingMs(snap.room.time_control);
  if (ms === null && !board) ms = startingMs(snap.room.time_control);
  const running = playing && board?.clocks?.running === seat;
  const out = playing && board && !(board.playing || []).includes(seat);
  let note = '';
  let deadline = false;
  // The clock, not the game: a card that said only "starts with the first move" read as
  // if the game had not begun, under a "Your turn".
  const waitsNote = seat === mine ? t('room-clock-yours-waits') : t('room-clock-waits');
  if (snap.state === 'waiting') note = waitsNote;
  else if (playing && !out) {
    const first = firstMoveLeft(board, now);
    if (first !== null && board.turn === seat) {
      const within = first >= 60_000 ? durationWords(first) : t('room-seconds', { seconds: Math.ceil(first / 1000) });
      note = seat === mine ? t('room-clock-first-move-yours', { within }) : t('room-clock-first-move', { within });
      deadline = true;
    } else if (!running && first !== null) note = waitsNote;
  }
  const low = ms !== null && (running || deadline) && ms <= lowThreshold(snap.room.time_control);
  return { ms, low, running, note, out };
}

/**
 * The clock cards of `seats` for a page in `mine`: each `.clock-card[data-seat]` with the
 * seat, its occupant (and a seated account's rating, from `ratings` by seat), the time
 * (`.clock`) and a note.
 */
export function clockCards(snap, seats, now, mine, ratings = {}) {
  return seats.map((seat) => {
    const r = clockReading(snap, seat, now, { mine });
    const rating = seatRating(snap, seat, ratings);
    const occupant = snap.seats?.[seat]?.occupant;
    // A person's name is the same in every language; a bot's and a free seat's are words.
    const name = occupant?.type === 'player' ? h('span', { translate: 'no' }, occupant.name) : occupantName(snap, seat) || t('room-free-seat');
    const cls = `div.clock-card.${seat}${r.running ? '.running' : ''}${r.low ? '.low' : ''}${r.out ? '.out' : ''}${seat === mine ? '.mine' : ''}`;
    return h(cls, { dataset: { seat }, role: 'timer', 'aria-label': t('room-clock-label', { seat: seatName(seat) }) },
      h('span.clock-who', {}, h(`span.swatch.${seat}`, { 'aria-hidden': 'true' }), ' ', seat === mine ? t('room-you') : name,
        rating ? h('span.rating', {}, rating) : '',
        snap.room.teams ? h(`span.team.team-${teamName(seat)}`, {}, t('room-team', { team: teamName(seat) })) : ''),
      h(`span.clock${r.running ? '.running' : ''}`, { dataset: { seat } }, r.ms === null ? '–' : clockText(r.ms)),
      h('span.clock-note', {}, r.note));
  });
}

/** Updates the time and note of cards drawn by `clockCards` in `root`; true if one is low. */
export function tickClocks(root, snap, now, mine) {
  let lowMine = false;
  for (const card of root.querySelectorAll('.clock-card')) {
    const seat = card.dataset.seat;
    const r = clockReading(snap, seat, now, { mine });
    const t = card.querySelector('.clock');
    if (t && r.ms !== null) t.textContent = clockText(r.ms);
    const n = card.querySelector('.clock-note');
    if (n && n.textContent !== r.note) n.textContent = r.note;
    card.classList.toggle('low', r.low);
    if (r.low && seat === mine) lowMine = true;
  }
  return lowMine;
}

/**
 * Which seats' clocks go where: `{above, below}` (ours, or the seat at the bottom of the
 * board `bottom`, below; the others above, in turn order), or null for a room without clocks.
 */
export function clockSides(snap, bottom) {
  const hasClock = snap.room.time_control && snap.room.time_control.kind !== 'none';
  if (!hasClock) return null;
  return { above: snap.room.layout.filter((k) => k !== bottom), below: [bottom] };
}

/**
 * The clocks part: the cards above the board (`top`) and below it (`bottom`), drawn by
 * `render(snap, bottom, now, mine)` and ticked between the server's readings by `tick`.
 */
export function createClocks() {
  const top = h('div.clocks.above', { id: 'clocks-top' });
  const bottom = h('div.clocks.below', { id: 'clocks-bottom' });
  let drawn = null;
  const ratings = watchRatings(() => drawn && part.render(...drawn));
  const part = {
    top,
    bottom,
    render(snap, below, now, mine) {
      drawn = [snap, below, now, mine];
      ratings.update(snap);
      const sides = clockSides(snap, below);
      if (!sides) {
        top.replaceChildren();
        bottom.replaceChildren();
        top.hidden = true;
        bottom.hidden = true;
        return;
      }
      top.replaceChildren(...clockCards(snap, sides.above, now, mine, ratings.get()));
      bottom.replaceChildren(...clockCards(snap, sides.below, now, mine, ratings.get()));
      top.hidden = false;
      bottom.hidden = false;
    },
    /** Updates the cards' times; true if our clock is running low. */
    tick(snap, now, mine) {
      const above = tickClocks(top, snap, now, mine);
      const below = tickClocks(bottom, snap, now, mine);
      return above || below;
    },
  };
  return part;
}
