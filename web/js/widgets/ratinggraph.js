// A player's rating over time in one pool, drawn in SVG by the page itself: a line through
// the rating after each rated game, the rating axis on the left in whole steps, dates along
// the bottom. The scales are computed by ratings.js (unit tested); this module only draws.

import { graphScale, linePoints } from '../ratings.js';
import { t, formatNumber, language, PSEUDO } from '../i18n.js';

const NS = 'http://www.w3.org/2000/svg';

function s(tag, attrs = {}, ...children) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== null && v !== undefined) e.setAttribute(k, String(v));
  }
  for (const c of children) e.append(typeof c === 'string' ? document.createTextNode(c) : c);
  return e;
}

/** The page's language as Intl reads it (the pseudo-locale is English underneath). */
const intl = () => (language() === PSEUDO ? 'en' : language());

/** A time for an axis label: "3 May"; "May 2026" over more than a year; "14:05" within two days. */
function dateLabel(ms, span) {
  if (span < 2 * 86400000) return new Date(ms).toLocaleTimeString(intl(), { hour: '2-digit', minute: '2-digit' });
  const opts = span > 365 * 86400000 ? { month: 'short', year: 'numeric' } : { month: 'short', day: 'numeric' };
  return new Date(ms).toLocaleDateString(intl(), opts);
}

/** A rating on the graph: its digits, never grouped (see ratings.js). */
const whole = (n) => formatNumber(Math.round(n), { useGrouping: false });

/**
 * The graph of `points` (`[{at, rating}]`) for `label` (the pool's name), `width` pixels
 * wide (drawn at the size it is shown, so the labels keep their size on a phone).
 */
export function ratingGraph(points, label, width = 600) {
  const w = Math.max(280, Math.min(1100, Math.round(width)));
  const height = w < 420 ? 170 : 220;
  const sc = graphScale(points, { width: w, height, pad: { left: 44, right: 12, top: 10, bottom: 24 } });
  const n = sc.points.length;
  const first = n ? Math.round(sc.points[0].rating) : null;
  const last = n ? Math.round(sc.points[n - 1].rating) : null;
  const summary = n
    ? t('players-graph-summary', { pool: label, count: n, first: whole(first), last: whole(last) })
    : t('players-graph-none-in', { pool: label });
  const svg = s('svg', {
    class: 'ratinggraph', viewBox: `0 0 ${w} ${height}`, width: w, height, role: 'img', 'aria-label': summary,
  });
  svg.append(s('title', {}, summary));
  const plotRight = w - sc.right;
  const plotBottom = height - sc.bottom;
  svg.append(s('rect', { class: 'plot', x: sc.left, y: sc.top, width: plotRight - sc.left, height: plotBottom - sc.top }));
  for (const v of sc.yTicks) {
    const y = sc.y(v);
    svg.append(s('line', { class: 'grid', x1: sc.left, y1: y, x2: plotRight, y2: y }));
    svg.append(s('text', { class: 'ylabel', x: sc.left - 5, y: y + 4, 'text-anchor': 'end' }, whole(v)));
  }
  const span = sc.t1 - sc.t0;
  // Fewer dates on a narrow graph, so that they do not overlap.
  const ticks = w < 420 && sc.xTicks.length === 5 ? [sc.xTicks[0], sc.xTicks[2], sc.xTicks[4]] : sc.xTicks;
  ticks.forEach((at, i) => {
    const x = sc.x(at);
    const anchor = ticks.length === 1 ? 'middle' : i === 0 ? 'start' : i === ticks.length - 1 ? 'end' : 'middle';
    // Written by Intl in the page's language, not a sentence of ours.
    svg.append(s('text', { class: 'xlabel', x, y: height - 7, 'text-anchor': anchor, translate: 'no' }, dateLabel(at, span)));
  });
  if (n) {
    svg.append(s('polyline', { class: 'rating-line', points: linePoints(sc) }));
    for (const p of sc.points) {
      svg.append(s('circle', { class: 'rating-point', cx: sc.x(p.at).toFixed(1), cy: sc.y(p.rating).toFixed(1), r: n > 60 ? 1.5 : 3 },
        s('title', {}, `${new Date(p.at).toLocaleDateString(intl(), { dateStyle: 'medium' })}: ${whole(p.rating)}`)));
    }
  } else {
    svg.append(s('text', { class: 'empty-label', x: w / 2, y: height / 2, 'text-anchor': 'middle' }, t('players-graph-none')));
  }
  return svg;
}
