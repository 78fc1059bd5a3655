// Moments in the reader's language (Intl): a date and time (the admin and account pages),
// and a moment relative to now ("3 hours ago", "через 2 дня").

import { language, pseudo, PSEUDO } from './i18n.js';

/** The locale Intl formats in: the pseudo-locale's words are English made over. */
function locale() {
  return language() === PSEUDO ? 'en' : language();
}

/** Intl's words made over in the pseudo-locale, as a bundle's words are. */
function over(text) {
  return language() === PSEUDO ? pseudo(text) : text;
}

export function when(ms) {
  return over(new Date(ms).toLocaleString(locale(), { dateStyle: 'medium', timeStyle: 'short' }));
}

const UNITS = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

/** `ms` relative to `now`, in the largest whole unit: "2 days ago", "in 5 minutes", "now". */
export function ago(ms, now = Date.now()) {
  const diff = ms - now;
  const rtf = new Intl.RelativeTimeFormat(locale(), { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size) return over(rtf.format(Math.trunc(diff / size), unit));
  }
  return over(rtf.format(0, 'second'));
}
