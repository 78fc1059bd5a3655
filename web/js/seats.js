// Seats, their colours, letters and the words the page uses for them (common.ftl, read
// when asked: these tables are built before the page's words have loaded).

import { t } from './i18n.js';

/** Every seat in turn order (clockwise: White, Red, Green, Black). */
export const SEATS = ['white', 'red', 'green', 'black'];

/** Position-string letters (see rules::setup). */
export const LETTER = { white: 'W', red: 'R', green: 'G', black: 'B' };
export const SEAT_OF_LETTER = { W: 'white', R: 'red', G: 'green', B: 'black' };

/** Neva's corners are named after the time of day of the seat that starts there. */
export const NEVA_CORNER = {
  get white() { return t('common-corner-white'); },
  get red() { return t('common-corner-red'); },
  get green() { return t('common-corner-green'); },
  get black() { return t('common-corner-black'); },
};

/** Each game's full name (enumerable getters: `Object.entries` reads the words too). */
export const GAME_NAME = {
  get neva() { return t('common-game-name-neva'); },
  get queah() { return t('common-game-name-queah'); },
  get giveandtake() { return t('common-game-name-giveandtake'); },
  get stockholm() { return t('common-game-name-stockholm'); },
};

const SEAT_NAME = {
  white: 'common-seat-white',
  red: 'common-seat-red',
  green: 'common-seat-green',
  black: 'common-seat-black',
};

export function seatName(seat) {
  if (!seat) return '';
  return SEAT_NAME[seat] ? t(SEAT_NAME[seat]) : seat[0].toUpperCase() + seat.slice(1);
}

/** Neva 2 vs 2: White and Green play Red and Black. */
export function teamOf(seat) {
  return seat === 'white' || seat === 'green' ? 1 : 2;
}

const REASONS = {
  captured_all: 'common-reason-captured-all',
  blocked: 'common-reason-blocked',
  resigned: 'common-reason-resigned',
  left: 'common-reason-left',
  time: 'common-reason-time',
  agreement: 'common-reason-agreement',
  repetition: 'common-reason-repetition',
  no_progress: 'common-reason-no-progress',
  abandonment: 'common-reason-abandonment',
  no_show: 'common-reason-no-show',
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * A stretch of time in words, to the two largest units: "2 days 5 hours", "3 hours 20 min",
 * "4 min", "45 s".
 */
export function durationWords(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(s / 86400);
  const hours = Math.floor((s % 86400) / 3600);
  const mins = Math.floor((s % 3600) / 60);
  const d = t('common-days', { count: days });
  const hr = t('common-hours', { count: hours });
  const m = t('common-minutes', { count: mins });
  if (days) return hours ? `${d} ${hr}` : d;
  if (hours) return mins ? `${hr} ${m}` : hr;
  if (mins) return m;
  return t('common-seconds', { count: s });
}

/** A game end or elimination reason in plain words. */
export function reasonText(reason) {
  return REASONS[reason] ? t(REASONS[reason]) : String(reason || '').replace(/_/g, ' ');
}

/** "3:05" or "0:09.4" for a clock; "2d 05h" from a day up (correspondence). */
export function clockText(ms) {
  const left = Math.max(0, ms);
  if (left >= DAY_MS) {
    const hours = Math.floor(left / HOUR_MS);
    return t('common-clock-long', { days: Math.floor(hours / 24), hours: String(hours % 24).padStart(2, '0') });
  }
  const s = Math.floor(left / 1000);
  const m = Math.floor(s / 60);
  const rest = String(s % 60).padStart(2, '0');
  if (left < 10000) return `${m}:${rest}.${Math.floor((left % 1000) / 100)}`;
  return `${m}:${rest}`;
}
