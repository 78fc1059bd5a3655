// The evaluation graph of an analysed game (GET /api/history/{id}/analysis), drawn in SVG
// under the replay's board: White's view in the two-seat games (one side's score is the
// other's negated), one line per seat in Neva, in the seat colours. Flagged moves are dots
// on their mover's line; a click anywhere picks the nearest position.

import { t, formatNumber } from '../i18n.js';
import { seatName } from '../seats.js';

const NS = 'http://www.w3.org/2000/svg';
const W = 600;
const H = 140;
const PAD = 6;

function s(tag, attrs = {}, ...children) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== null && v !== undefined) e.setAttribute(k, String(v));
  }
  for (const c of children) e.append(c);
  return e;
}

/** Squashes a score (hundredths of a man) into -1..1: a man ahead is already clearly
 * visible, ten men is near the edge, and the graph never needs rescaling. */
export function squash(v) {
  return v / (Math.abs(v) + 200);
}

/** Score for people: men with two decimals and a sign, in the reader's way of writing numbers. */
export function pawns(v) {
  return formatNumber(v / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' });
}

const MARKS = { inaccuracy: 'history-mark-inaccuracy', mistake: 'history-mark-mistake', blunder: 'history-mark-blunder' };

/** A flag of the analysis in words: "Blunder". */
export function markName(mark) {
  return MARKS[mark] ? t(MARKS[mark]) : String(mark);
}

/**
 * The graph of `analysis` (the endpoint's ready answer). `onPick(i)` gets the index of the
 * position clicked (0: the start). Returns `{ el, setCurrent(i) }`.
 */
export function evalGraph(analysis, onPick) {
  const n = analysis.positions.length;
  const neva = analysis.game === 'neva';
  const seats = neva ? analysis.seats : analysis.seats.slice(0, 1);
  const x = (i) => (n > 1 ? (i * W) / (n - 1) : W / 2);
  const y = (v) => H / 2 - squash(v) * (H / 2 - PAD);
  const label = neva ? t('history-evalgraph-neva') : t('history-evalgraph-label', { seat: seatName(analysis.seats[0]) });
  const svg = s('svg', { class: 'evalgraph', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': label });
  svg.append(s('rect', { class: 'bg', x: 0, y: 0, width: W, height: H }));
  svg.append(s('line', { class: 'zero', x1: 0, y1: H / 2, x2: W, y2: H / 2 }));
  for (const seat of seats) {
    const pts = [];
    analysis.positions.forEach((p, i) => {
      const v = p.scores?.[seat];
      if (typeof v === 'number') pts.push([x(i), y(v)]);
    });
    if (!pts.length) continue;
    const line = pts.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(' ');
    if (!neva) {
      const first = pts[0][0].toFixed(1);
      const last = pts[pts.length - 1][0].toFixed(1);
      svg.append(s('polygon', { class: `area ${seat}`, points: `${first},${H / 2} ${line} ${last},${H / 2}` }));
    }
    svg.append(s('polyline', { class: `line ${seat}`, points: line }));
  }
  analysis.moves.forEach((m, i) => {
    if (!m.mark) return;
    const seat = neva ? m.seat : seats[0];
    const v = analysis.positions[i + 1]?.scores?.[seat];
    if (typeof v !== 'number') return;
    const dot = s('circle', { class: `mark ${m.mark}`, cx: x(i + 1), cy: y(v), r: 4.5, 'data-index': i + 1 },
      s('title', {}, t('history-evalgraph-mark', { number: i + 1, move: `${m.notation}${m.symbol}`, mark: markName(m.mark), best: m.best })));
    svg.append(dot);
  });
  const cursor = s('line', { class: 'cursor', x1: 0, y1: 0, x2: 0, y2: H });
  svg.append(cursor);
  svg.addEventListener('click', (e) => {
    const r = svg.getBoundingClientRect();
    if (!r.width || n < 1) return;
    const i = Math.round(((e.clientX - r.left) / r.width) * (n - 1));
    onPick(Math.max(0, Math.min(n - 1, i)));
  });
  return {
    el: svg,
    setCurrent(i) {
      cursor.setAttribute('x1', String(x(i)));
      cursor.setAttribute('x2', String(x(i)));
    },
  };
}
