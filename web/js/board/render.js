// Draws the board as SVG from the state. The whole board is redrawn on every change: it
// has at most 64 squares, and one code path is easier to trust than incremental updates.

import { turn } from './geometry.js';
import { shownPieces, targets, ghosts } from './state.js';
import { NEVA_CORNER, seatName } from '../seats.js';
import { t as tr } from '../i18n.js';

const NS = 'http://www.w3.org/2000/svg';
const MARGIN = 0.6;

export function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

/** Screen position of every square for the current orientation: name -> [x, y]. */
export function layout(st) {
  const g = st.geom;
  const angle = g.angle(st.orientation);
  const at = new Map();
  const corners = new Map();
  for (const s of [...g.squares, ...g.light]) {
    at.set(s.name, turn([s.x, s.y], g.centre, angle));
    const c = [
      [s.x - 0.5, s.y - 0.5],
      [s.x + 0.5, s.y - 0.5],
      [s.x + 0.5, s.y + 0.5],
      [s.x - 0.5, s.y + 0.5],
    ].map((p) => turn(p, g.centre, angle));
    corners.set(s.name, c);
  }
  const xs = [...corners.values()].flat().map((p) => p[0]);
  const ys = [...corners.values()].flat().map((p) => p[1]);
  // Neva's corner names sit beyond the diamond's left and right tips.
  const mx = g.corners ? 2.6 : MARGIN;
  const box = {
    x: Math.min(...xs) - mx,
    y: Math.min(...ys) - MARGIN,
    w: Math.max(...xs) - Math.min(...xs) + 2 * mx,
    h: Math.max(...ys) - Math.min(...ys) + 2 * MARGIN,
  };
  if (g.reserves) box.w += 1.4;
  return { at, corners, box, angle };
}

function pieceLabel(p) {
  return p.king ? tr('room-piece-king', { seat: seatName(p.seat) }) : tr('room-piece-man', { seat: seatName(p.seat) });
}

// Seat patterns, so that seats differ without colour (WCAG 1.4.1): White plain, Red a ring
// of dots, Green stripes, Black cross-hatching. Lines are chords of the inner disc, so no
// clip path (and no document-wide id) is needed.
const INNER = 0.3;

function chords(g, angle, offsets) {
  const a = (angle * Math.PI) / 180;
  const [ux, uy] = [Math.cos(a), Math.sin(a)];
  for (const d of offsets) {
    const half = Math.sqrt(INNER * INNER - d * d);
    // The chord at distance d from the centre, perpendicular to (ux, uy)'s normal.
    const [cx, cy] = [-uy * d, ux * d];
    el('line', { x1: cx - ux * half, y1: cy - uy * half, x2: cx + ux * half, y2: cy + uy * half, class: 'mark' }, g);
  }
}

function drawMark(g, seat) {
  if (seat === 'red') {
    for (let i = 0; i < 6; i++) {
      const a = (i * Math.PI) / 3 + Math.PI / 6;
      el('circle', { cx: 0.27 * Math.cos(a), cy: 0.27 * Math.sin(a), r: 0.045, class: 'mark' }, g);
    }
  } else if (seat === 'green') {
    chords(g, -45, [-0.18, -0.06, 0.06, 0.18]);
  } else if (seat === 'black') {
    chords(g, -45, [-0.15, 0, 0.15]);
    chords(g, 45, [-0.15, 0, 0.15]);
  }
}

/** A crown drawn on kings: a shape, not a letter, so it reads in any language and colour. */
const CROWN = 'M-0.22 0.13 L-0.25 -0.13 L-0.12 -0.01 L0 -0.2 L0.12 -0.01 L0.25 -0.13 L0.22 0.13 Z';

/** Draws a piece centred at the origin of a new group (moved by its transform). */
export function drawPiece(parent, p, [x, y], extra = '') {
  const g = el('g', {
    class: `piece ${p.seat}${p.king ? ' king' : ''}${extra}`,
    transform: `translate(${x} ${y})`,
    role: 'img',
    'aria-label': pieceLabel(p),
  }, parent);
  // A disc with a rim: the dark outer edge keeps every piece apart from every square.
  el('circle', { r: 0.4, class: 'body' }, g);
  el('circle', { r: 0.33, class: 'rim' }, g);
  drawMark(g, p.seat);
  if (p.king) {
    el('path', { d: CROWN, class: 'crown' }, g);
    for (const [cx, cy] of [[-0.25, -0.13], [0, -0.2], [0.25, -0.13]]) el('circle', { cx, cy, r: 0.04, class: 'crown-tip' }, g);
  }
  return g;
}

function points(c) {
  return c.map((p) => p.join(',')).join(' ');
}

/** Redraws `svg` from `st`. */
export function render(st, svg) {
  const focused = document.activeElement?.getAttribute?.('data-square');
  const L = layout(st);
  st.layout = L;
  svg.replaceChildren();
  svg.setAttribute('viewBox', `${L.box.x} ${L.box.y} ${L.box.w} ${L.box.h}`);
  const g = st.geom;
  const t = targets(st);
  const pieces = shownPieces(st);
  const ghostSet = new Set(ghosts(st));
  const last = new Set(st.lastMove);
  const sel = st.sel;

  // One tab stop for the whole board (a roving tabindex): the focused square while it is
  // still active, else the selected one, else the first; the arrow keys move between them
  // (board/input.js), so Tab never walks every piece.
  const isActive = (name) => t.origins.has(name) || t.landings.has(name) || t.drops.has(name);
  const actives = g.squares.map((s) => s.name).filter(isActive);
  const at = sel.path.length ? sel.path[sel.path.length - 1] : sel.origin;
  const stop = [focused, at, actives[0]].find((n) => n && isActive(n)) || null;

  const board = el('g', { class: 'squares' }, svg);
  if (g.links) {
    const lines = el('g', { class: 'links' }, board);
    for (const [a, b, kind] of g.links) {
      const [x1, y1] = L.at.get(a);
      const [x2, y2] = L.at.get(b);
      el('line', { x1, y1, x2, y2, class: `link ${kind}` }, lines);
    }
  }
  for (const s of g.light) el('polygon', { points: points(L.corners.get(s.name)), class: 'sq light' }, board);
  for (const s of g.squares) {
    const name = s.name;
    const p = pieces.get(name);
    const classes = ['sq'];
    // Give and Take plays on every square: two shades still let the eye count files.
    if (g.kind === 'grid' && !g.light.length && (s.gx + s.gy) % 2 === 1) classes.push('alt');
    if (last.has(name)) classes.push('last');
    if (st.premove && (st.premove.origin === name || st.premove.dest === name)) classes.push('premove');
    if (sel.origin === name || (sel.path.length && sel.path[sel.path.length - 1] === name)) classes.push('selected');
    const active = isActive(name);
    if (active) classes.push('active');
    const attrs = {
      class: classes.join(' '),
      'data-square': name,
      role: 'button',
      tabindex: name === stop ? 0 : -1,
      'aria-label': tr(t.landings.has(name) || t.drops.has(name) ? 'room-square-target' : 'room-square', { square: name, piece: p ? pieceLabel(p) : tr('room-square-empty') }),
    };
    if (g.cell === 'point') {
      const [cx, cy] = L.at.get(name);
      el('circle', { ...attrs, cx, cy, r: 0.42 }, board);
    } else {
      el('polygon', { ...attrs, points: points(L.corners.get(name)) }, board);
    }
  }

  const marks = el('g', { class: 'marks' }, svg);
  if (st.coords) drawCoords(st, L, marks);
  if (g.corners) {
    for (const [seat, sq] of Object.entries(g.corners)) {
      const [x, y] = L.at.get(sq);
      const [cx, cy] = turn([g.centre[0], g.centre[1]], g.centre, 0);
      // Just outside the corner, away from the centre.
      const dx = x - cx;
      const dy = y - cy;
      const d = Math.hypot(dx, dy) || 1;
      // Names at the left and right tips start (or end) just past the tip, so that a long
      // word never runs back over the pieces in the corner.
      const side = Math.abs(dx) > Math.abs(dy) ? Math.sign(dx) : 0;
      const tx = side ? x + side * 0.85 : x + (dx / d) * 1.25;
      const ty = y + (dy / d) * 0.95 + 0.1;
      const anchor = side > 0 ? 'start' : side < 0 ? 'end' : 'middle';
      const label = el('text', { x: tx, y: ty, class: `corner ${seat}`, 'text-anchor': anchor }, marks);
      label.textContent = NEVA_CORNER[seat];
    }
  }

  const layer = el('g', { class: 'pieces' }, svg);
  for (const sq of ghostSet) {
    const p = st.pos?.pieces.get(sq);
    if (p) drawPiece(layer, p, L.at.get(sq), ' ghost');
  }
  for (const [sq, p] of pieces) {
    if (ghostSet.has(sq) || !L.at.has(sq)) continue;
    const e = drawPiece(layer, p, L.at.get(sq));
    e.setAttribute('data-piece', sq);
    // Neva team play: the partner's pieces are ringed, friend told from foe at a glance.
    if (st.partner && p.seat === st.partner) {
      el('circle', { r: 0.47, class: 'partner-ring' }, e);
      e.setAttribute('aria-label', tr('room-piece-partner', { piece: pieceLabel(p) }));
      e.classList.add('partner');
    }
  }
  // On Queah's small cells the piece hides the cell: the last move's squares get a ring
  // drawn over the piece.
  if (g.cell === 'point') {
    for (const sq of last) {
      if (!pieces.has(sq) || !L.at.has(sq)) continue;
      const [cx, cy] = L.at.get(sq);
      el('circle', { cx, cy, r: 0.47, class: 'last-ring', 'data-last': sq }, layer);
    }
  }
  for (const sq of [...t.landings, ...t.drops]) {
    const [cx, cy] = L.at.get(sq);
    el('circle', { cx, cy, r: 0.14, class: 'dest' }, layer);
  }
  if (g.reserves) drawReserves(st, L, svg, t);
  if (focused) svg.querySelector(`[data-square="${focused}"]`)?.focus();
}

function drawCoords(st, L, parent) {
  // Square names are the notation's, the same in every language.
  const g = st.geom;
  if (g.kind === 'grid') {
    // File letters under the bottom row, rank numbers left of the left column.
    const all = g.squares.concat(g.light);
    const maxY = Math.max(...all.map((s) => L.at.get(s.name)[1]));
    const minX = Math.min(...all.map((s) => L.at.get(s.name)[0]));
    for (const s of all) {
      const [x, y] = L.at.get(s.name);
      if (y === maxY) {
        const t = el('text', { x, y: y + 0.85, class: 'coord', 'text-anchor': 'middle', translate: 'no' }, parent);
        t.textContent = s.name[0];
      }
      if (x === minX) {
        const t = el('text', { x: x - 0.78, y: y + 0.1, class: 'coord', 'text-anchor': 'middle', translate: 'no' }, parent);
        t.textContent = s.name.slice(1);
      }
    }
    return;
  }
  for (const s of g.squares) {
    const [x, y] = L.at.get(s.name);
    const dy = g.kind === 'queah' ? 0.62 : -0.22;
    const t = el('text', { x, y: y + dy, class: 'coord name', 'text-anchor': 'middle', translate: 'no' }, parent);
    t.textContent = s.name;
  }
}

function drawReserves(st, L, svg, t) {
  const pos = st.pos;
  const x = L.box.x + L.box.w - 1.0;
  const bottom = st.orientation === 'black' ? 'black' : 'white';
  const top = bottom === 'white' ? 'black' : 'white';
  for (const [seat, y] of [
    [top, L.box.y + 1.2],
    [bottom, L.box.y + L.box.h - 1.6],
  ]) {
    let n = pos?.reserve?.[seat] || 0;
    if (st.sel.drop && seat === st.mySeat) n -= 1;
    const mine = seat === st.mySeat && t.reserve;
    const g = el('g', {
      class: `reserve ${seat}${mine ? ' active' : ''}${st.sel.reserve && seat === st.mySeat ? ' selected' : ''}`,
      'data-reserve': seat,
      role: 'button',
      tabindex: mine ? 0 : -1,
      'aria-label': tr(mine ? 'room-reserve-mine' : 'room-reserve', { seat: seatName(seat), count: n }),
    }, svg);
    el('rect', { x: x - 0.55, y: y - 0.55, width: 1.1, height: 1.45, rx: 0.12, class: 'reserve-box' }, g);
    if (n > 0) drawPiece(g, { seat, king: false }, [x, y]).setAttribute('aria-hidden', 'true');
    const c = el('text', { x, y: y + 0.78, class: 'coord count', 'text-anchor': 'middle' }, g);
    c.textContent = `×${n}`;
  }
}
