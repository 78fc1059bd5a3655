// Ratings in words and numbers for the leaderboard and the player pages: the rating pools
// (a game and a mode), a rating as shown ("1523?" while provisional), and the scales of the
// rating history graph. No DOM (unit tested in web/test/ratings.test.js).

import { t, need, formatNumber } from './i18n.js';

// Pools are named beyond the two pages that load players.ftl (the front page's and the
// tournaments' events, the room), so whoever imports this module gets its words with it.
// Node's tests bring their own bundle.
if (globalThis.document) await need('players.ftl');

/**
 * Every rating pool, in the order the pages show them; `key` names a pool in addresses,
 * `name` reads its `label` in the reader's language.
 */
export const POOLS = [
  { key: 'stockholm', game: 'stockholm', mode: 'standard', label: 'players-pool-stockholm', get name() { return t(this.label); } },
  { key: 'brazilian', game: 'stockholm', mode: 'brazilian', label: 'players-pool-brazilian', get name() { return t(this.label); } },
  { key: 'giveandtake', game: 'giveandtake', mode: 'standard', label: 'players-pool-giveandtake', get name() { return t(this.label); } },
  { key: 'queah', game: 'queah', mode: 'standard', label: 'players-pool-queah', get name() { return t(this.label); } },
  { key: 'neva', game: 'neva', mode: 'free_for_all', label: 'players-pool-neva', get name() { return t(this.label); } },
  { key: 'neva-teams', game: 'neva', mode: 'teams', label: 'players-pool-neva-teams', get name() { return t(this.label); } },
];

/** The pool of `game` and `mode` (the game's first mode when `mode` is missing). */
export function poolOf(game, mode) {
  const found = POOLS.find((p) => p.game === game && (mode ? p.mode === mode : true));
  if (found) return found;
  // A pool this client does not know yet (a newer server): named from its keys.
  const words = `${game || ''} ${mode || ''}`.replace(/_/g, ' ').trim();
  return { key: `${game}-${mode}`, game, mode, name: words.charAt(0).toUpperCase() + words.slice(1) };
}

/** The pool named by `key` in an address, or the first pool. */
export function poolByKey(key) {
  return POOLS.find((p) => p.key === key) || POOLS[0];
}

/** A rating as shown: the number, with `?` while it is provisional. */
export function ratingText(r) {
  if (!r || typeof r.rating !== 'number') return '–';
  return `${whole(r.rating)}${r.provisional ? '?' : ''}`;
}

/**
 * A rating's whole number in the reader's digits, never grouped: "1500", as players write
 * ratings in every language ("1 500" would read as two numbers).
 */
function whole(n) {
  return formatNumber(Math.round(n), { useGrouping: false });
}

/** The uncertainty as shown: "±85". */
export function deviationText(r) {
  if (!r || typeof r.deviation !== 'number') return '';
  return `±${whole(r.deviation)}`;
}

/** A recent change in rating: "+12", "−7" (a real minus sign), "0"; empty when unknown. */
export function progressText(n) {
  if (typeof n !== 'number' || !Number.isFinite(n)) return '';
  const v = Math.round(n);
  if (v > 0) return `+${whole(v)}`;
  if (v < 0) return `−${whole(-v)}`;
  return '0';
}

/** A step of 1, 2 or 5 times a power of ten that cuts `range` into about `count` parts. */
export function niceStep(range, count = 4) {
  if (!(range > 0) || !(count > 0)) return 1;
  const raw = range / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const f = raw / mag;
  const nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
  return nice * mag;
}

/**
 * The scales of a rating graph of `points` (`[{at, rating}]`, any order) drawn in a box
 * `width` x `height` with `pad` = {left, right, top, bottom} kept for labels. The rating
 * axis runs over whole steps around the values (never less than 100 points, so a flat
 * record does not look like a cliff); one point sits in the middle of the time axis.
 * Returns `{x(at), y(rating), lo, hi, t0, t1, yTicks, xTicks, points}` with `points` sorted
 * by time.
 */
export function graphScale(points, { width = 600, height = 200, pad = {} } = {}) {
  const left = pad.left ?? 40;
  const right = pad.right ?? 10;
  const top = pad.top ?? 10;
  const bottom = pad.bottom ?? 22;
  const pts = (points || [])
    .filter((p) => p && Number.isFinite(p.at) && Number.isFinite(p.rating))
    .slice()
    .sort((a, b) => a.at - b.at);
  const ratings = pts.map((p) => p.rating);
  let min = ratings.length ? Math.min(...ratings) : 1400;
  let max = ratings.length ? Math.max(...ratings) : 1600;
  if (max - min < 100) {
    const mid = (max + min) / 2;
    min = mid - 50;
    max = mid + 50;
  }
  const step = niceStep(max - min, 4);
  const lo = Math.floor(min / step) * step;
  const hi = Math.ceil(max / step) * step;
  const yTicks = [];
  for (let v = lo; v <= hi + step / 2; v += step) yTicks.push(Math.round(v));
  const t0 = pts.length ? pts[0].at : 0;
  const t1 = pts.length ? pts[pts.length - 1].at : 0;
  const plotW = Math.max(1, width - left - right);
  const plotH = Math.max(1, height - top - bottom);
  const x = (at) => (t1 > t0 ? left + ((at - t0) / (t1 - t0)) * plotW : left + plotW / 2);
  const y = (r) => top + (1 - (r - lo) / (hi - lo)) * plotH;
  // Up to five times evenly spread over the span (one when every point is at one time).
  const xTicks = t1 > t0 ? [0, 0.25, 0.5, 0.75, 1].map((f) => Math.round(t0 + f * (t1 - t0))) : pts.length ? [t0] : [];
  return { x, y, lo, hi, t0, t1, yTicks, xTicks, points: pts, left, right, top, bottom, width, height };
}

/** The SVG polyline `points` attribute of the scaled points. */
export function linePoints(scale) {
  return scale.points.map((p) => `${scale.x(p.at).toFixed(1)},${scale.y(p.rating).toFixed(1)}`).join(' ');
}

/** How a rating works for the game of `pool`, in plain words for the player page. */
export function ratingRules(pool) {
  if (pool.game === 'neva') return t('players-rules-neva');
  return t('players-rules-two', { start: whole(1500) });
}

/**
 * A rating is provisional while the number after its ± is at least this: the server's
 * `ratings::PROVISIONAL_DEVIATION` (a server test checks that the two agree).
 */
export const PROVISIONAL_DEVIATION = 110;

/**
 * Rated games of one pool against the same opponent that change ratings in a UTC day: the
 * server's `ratings::RATED_GAMES_PER_OPPONENT_PER_DAY` (checked as above).
 */
export const RATED_GAMES_PER_OPPONENT_PER_DAY = 3;

/** What the `?` and the `±` mean, in plain words, with the threshold `deviation`. */
export function provisionalWords(deviation = PROVISIONAL_DEVIATION) {
  return t('players-rules-provisional', { example: `${whole(1500)}?`, deviation: whole(deviation) });
}

/** The limit on what one opponent can give, in plain words, with `games` a day. */
export function opponentLimitWords(games = RATED_GAMES_PER_OPPONENT_PER_DAY) {
  return t('players-rules-opponent-limit', { games });
}

/** The address of a player's page. */
export function playerPath(name) {
  return `/@/${encodeURIComponent(name)}`;
}

/**
 * A rated game's rating changes in words, one entry per seat in the order given:
 * "Ann 1500 → 1512 (+12)". `nameOf(seat)` names the seat's player.
 */
export function ratingChangeWords(changes, nameOf) {
  return (changes || [])
    .filter((c) => c && Number.isFinite(c.before) && Number.isFinite(c.after))
    .map((c) => {
      const before = Math.round(c.before);
      const after = Math.round(c.after);
      return `${nameOf(c.seat)} ${whole(before)} → ${whole(after)} (${progressText(after - before)})`;
    });
}
