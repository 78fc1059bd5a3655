// Seats, their colours, letters and the words the page uses for them.

/** Every seat in turn order (clockwise: White, Red, Green, Black). */
export const SEATS = ['white', 'red', 'green', 'black'];

/** Position-string letters (see rules::setup). */
export const LETTER = { white: 'W', red: 'R', green: 'G', black: 'B' };
export const SEAT_OF_LETTER = { W: 'white', R: 'red', G: 'green', B: 'black' };

/** Neva's corners are named after the time of day of the seat that starts there. */
export const NEVA_CORNER = { white: 'Morning', red: 'Day', green: 'Evening', black: 'Night' };

export const GAME_NAME = {
  neva: 'Neva checkers',
  queah: 'Queah',
  giveandtake: 'Give and Take',
  stockholm: 'Stockholm checkers',
};

export function seatName(seat) {
  return seat ? seat[0].toUpperCase() + seat.slice(1) : '';
}

/** Neva 2 vs 2: White and Green play Red and Black. */
export function teamOf(seat) {
  return seat === 'white' || seat === 'green' ? 1 : 2;
}

const REASONS = {
  captured_all: 'all pieces captured',
  blocked: 'no move left',
  resigned: 'resigned',
  // A seat that left during the game (not the same as resigning).
  left: 'left the game',
  time: 'out of time',
  agreement: 'draw agreed',
  repetition: 'position repeated',
  no_progress: 'no progress',
  abandonment: 'opponent left',
  // A tournament game whose seat made no first move in time.
  no_show: 'did not show up',
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * A stretch of time in words, to the two largest units: "2 days 5 hours", "3 hours 20 min",
 * "4 min", "45 s".
 */
export function durationWords(ms) {
  const t = Math.max(0, Math.floor(ms / 1000));
  const plural = (n, unit) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  const days = Math.floor(t / 86400);
  const hours = Math.floor((t % 86400) / 3600);
  const mins = Math.floor((t % 3600) / 60);
  if (days) return hours ? `${plural(days, 'day')} ${plural(hours, 'hour')}` : plural(days, 'day');
  if (hours) return mins ? `${plural(hours, 'hour')} ${mins} min` : plural(hours, 'hour');
  if (mins) return `${mins} min`;
  return `${t} s`;
}

/** A game end or elimination reason in plain words. */
export function reasonText(reason) {
  return REASONS[reason] || String(reason || '').replace(/_/g, ' ');
}

/** "3:05" or "0:09.4" for a clock; "2d 05h" from a day up (correspondence). */
export function clockText(ms) {
  const t = Math.max(0, ms);
  if (t >= DAY_MS) {
    const hours = Math.floor(t / HOUR_MS);
    return `${Math.floor(hours / 24)}d ${String(hours % 24).padStart(2, '0')}h`;
  }
  const s = Math.floor(t / 1000);
  const m = Math.floor(s / 60);
  const rest = String(s % 60).padStart(2, '0');
  if (t < 10000) return `${m}:${rest}.${Math.floor((t % 1000) / 100)}`;
  return `${m}:${rest}`;
}
