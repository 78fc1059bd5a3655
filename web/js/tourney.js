// Tournaments in words for the tournament pages and the front page: the format and its
// rules, the state, the countdown to the start, points and results. Pure: no DOM (unit
// tested in web/test/tourney.test.js).
//
// The words are in tournaments.ftl, which this module loads itself when imported: the
// front page's panel and a player's page use it too, and their routes do not load it.

import { t, formatNumber, language, need, PSEUDO } from './i18n.js';

// Node tests give the words with useBundle; the page fetches them (once, whoever asks).
if (globalThis.document) await need('tournaments.ftl');

/** A format in a few words: "Swiss, 5 rounds", "Arena, 60 minutes". */
export function formatWords(format) {
  const f = format || {};
  switch (f.kind) {
    case 'swiss': return t('tournaments-format-swiss', { rounds: f.rounds });
    case 'round_robin': return t('tournaments-format-round-robin');
    case 'arena': return t('tournaments-format-arena', { minutes: f.minutes });
    case 'neva_tables': return t(f.teams ? 'tournaments-format-neva-teams' : 'tournaments-format-neva', { rounds: f.rounds });
    default: return t('tournaments-format-other');
  }
}

/** How the format works, in plain words: one paragraph per point. */
export function formatRules(format) {
  const f = format || {};
  switch (f.kind) {
    case 'swiss':
      return [
        t('tournaments-rules-swiss-pairing'),
        t('tournaments-rules-swiss-points'),
        t('tournaments-rules-swiss-tiebreaks'),
      ];
    case 'round_robin':
      return [
        t('tournaments-rules-round-robin-pairing'),
        t('tournaments-rules-round-robin-points'),
      ];
    case 'arena':
      return [
        t('tournaments-rules-arena-pairing', { minutes: f.minutes }),
        t('tournaments-rules-arena-points'),
        t('tournaments-rules-arena-end'),
      ];
    case 'neva_tables':
      return [
        t(f.teams ? 'tournaments-rules-neva-teams-pairing' : 'tournaments-rules-neva-pairing'),
        t('tournaments-rules-neva-seats'),
        t(f.teams ? 'tournaments-rules-neva-teams-points' : 'tournaments-rules-neva-points'),
        t('tournaments-rules-neva-tiebreaks'),
      ];
    default:
      return [];
  }
}

/** The state in words: "Registration open", "Round 2 of 5", "Finished". */
export function stateWords(event) {
  if (!event) return '';
  if (event.state === 'registering') return t('tournaments-state-registering');
  if (event.state === 'finished') return t('tournaments-state-finished');
  if (event.state === 'running') {
    if (event.format?.kind === 'arena') return t('tournaments-state-running');
    const round = Number(event.round) || 0;
    return event.rounds ? t('tournaments-state-round-of', { round, rounds: event.rounds }) : t('tournaments-state-round', { round });
  }
  return '';
}

/** Time left before a start, for a countdown: "3 days 4 h", "2:05:09", "4:07", "now". */
export function countdownText(ms) {
  if (!(ms > 0)) return t('tournaments-countdown-now');
  const s = Math.ceil(ms / 1000);
  const d = Math.floor(s / 86400);
  const hh = Math.floor((s % 86400) / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = s % 60;
  if (d >= 1) return t('tournaments-countdown-days', { days: d, hours: hh });
  const two = (n) => String(n).padStart(2, '0');
  if (hh >= 1) return `${hh}:${two(mm)}:${two(ss)}`;
  return `${mm}:${two(ss)}`;
}

/** Points as chess players write them: 2, 2½, ½. */
export function pointsText(p) {
  const n = Number(p);
  if (!Number.isFinite(n)) return '';
  const whole = Math.floor(n + 1e-9);
  const frac = n - whole;
  if (Math.abs(frac - 0.5) < 1e-6) return whole ? `${formatNumber(whole)}½` : '½';
  if (Math.abs(frac) < 1e-6) return formatNumber(whole);
  return formatNumber(Math.round(n * 100) / 100);
}

/**
 * The list answer of `GET /api/tournaments` split in three, each sorted for reading:
 * upcoming (soonest first), running, finished (newest first). Takes either the grouped
 * answer (`{upcoming, running, finished|recent}`) or a plain `{tournaments: [...]}`.
 */
export function splitTournaments(answer) {
  const a = answer || {};
  let all;
  if (Array.isArray(a.tournaments)) all = a.tournaments;
  else all = [...(a.upcoming || []), ...(a.running || []), ...(a.finished || a.recent || [])];
  const seen = new Set();
  all = all.filter((t) => t && !seen.has(t.id) && seen.add(t.id));
  return {
    upcoming: all.filter((t) => t.state === 'registering').sort((x, y) => x.starts_at - y.starts_at),
    running: all.filter((t) => t.state === 'running').sort((x, y) => x.starts_at - y.starts_at),
    finished: all.filter((t) => t.state === 'finished').sort((x, y) => y.starts_at - x.starts_at),
  };
}

/** The messages naming the standings' tiebreak columns, by the server's key. */
export const TIEBREAK_NAME = {
  buchholz: 'tournaments-tiebreak-buchholz',
  sonneborn_berger: 'tournaments-tiebreak-sonneborn-berger',
  opponents_points: 'tournaments-tiebreak-opponents-points',
  wins: 'tournaments-tiebreak-wins',
};

/** A tiebreak key in words for a column head (one the page does not know, as it came). */
export function tiebreakName(key) {
  return TIEBREAK_NAME[key] ? t(TIEBREAK_NAME[key]) : String(key).replace(/_/g, ' ');
}

/** The tiebreak keys the standings use, in the order of the first row that has them. */
export function tiebreakKeys(standings) {
  const keys = [];
  for (const s of standings || []) {
    const tb = s.tiebreaks;
    const names = Array.isArray(tb) ? tb.map((p) => p[0]) : Object.keys(tb || {});
    for (const k of names) if (!keys.includes(k)) keys.push(k);
  }
  return keys;
}

/** One tiebreak value of a standings row (the tiebreaks as an object or as pairs). */
export function tiebreakValue(row, key) {
  const tb = row.tiebreaks;
  if (Array.isArray(tb)) return tb.find((p) => p[0] === key)?.[1];
  return tb?.[key];
}

/**
 * A finished table's result in words, from its `result` (places: 0 first, equal places
 * tied; forfeits) and its seats' names: "Ann won", "Draw", "1. Ann, 2. Bob and Cy, 4. Dee",
 * "Bob did not show up". Empty while the game is on.
 */
export function tableResultWords(table) {
  const r = table?.result;
  if (!r) return '';
  const someone = t('tournaments-someone');
  const nameOf = new Map((table.seats || []).map((s) => [s.player, s.name || someone]));
  const places = (Array.isArray(r.places) ? r.places : [])
    .map((p) => (Array.isArray(p) ? { player: p[0], place: p[1] } : p))
    .filter((p) => p && typeof p.place === 'number');
  const forfeits = (r.forfeits || []).map((p) => nameOf.get(p) || someone);
  // "Ann and Bob", "Ann, Bob and Cy", in the reader's language.
  const list = new Intl.ListFormat(language() === PSEUDO ? 'en' : language(), { type: 'conjunction' });
  const join = (names) => list.format(names);
  const byPlace = new Map();
  for (const p of places) byPlace.set(p.place, [...(byPlace.get(p.place) || []), nameOf.get(p.player) || someone]);
  const order = [...byPlace.keys()].sort((a, b) => a - b);
  let words = '';
  if (order.length === 1 && places.length > 1) words = t('tournaments-result-draw');
  else if (order.length === 2 && byPlace.get(order[0]).length * 2 >= places.length) {
    const winners = byPlace.get(order[0]);
    words = t('tournaments-result-won', { names: join(winners), count: winners.length });
  } else if (order.length) {
    // Several places: each group with its place (1-based, counting those ahead).
    let ahead = 0;
    words = order.map((k) => {
      const names = byPlace.get(k);
      const text = `${formatNumber(ahead + 1)}. ${join(names)}`;
      ahead += names.length;
      return text;
    }).join(', ');
  }
  const absent = forfeits.length ? t('tournaments-result-no-show', { names: join(forfeits), count: forfeits.length }) : '';
  return [words, absent].filter(Boolean).join('; ');
}

/** Whether a create form's values make a tournament the server can take; an error in words, or null. */
export function checkCreate({ name, startsAt, now, format }) {
  if (!String(name || '').trim()) return t('tournaments-check-name');
  if (!Number.isFinite(startsAt)) return t('tournaments-check-start');
  if (startsAt < now) return t('tournaments-check-past');
  const f = format || {};
  if ((f.kind === 'swiss' || f.kind === 'neva_tables') && !(f.rounds >= 1)) return t('tournaments-check-rounds');
  if (f.kind === 'arena' && !(f.minutes >= 1)) return t('tournaments-check-minutes');
  return null;
}
