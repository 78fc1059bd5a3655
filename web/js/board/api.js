// The board's public face: `createBoard(container, config)` draws a board and calls back
// `config.onMove(move)` with the legal move the user built. It knows no rules.
//
// config: { game, options, orientation (seat at the bottom), pos (parsed position),
//           lastMove (squares to highlight), dests (legal moves: {text, origin, path,
//           captured, drop}), movable, mySeat, coords, onMove, partner (a seat whose
//           pieces are ringed: the partner in team play), premove ({origin, dest}: the
//           squares of a queued premove, marked) }

import { createState, emptySelection, clickSquare, clickReserve, targets } from './state.js';
import { render, drawPiece } from './render.js';
import { bindInput } from './input.js';
import { slide } from './anim.js';
import { t } from '../i18n.js';

export function createBoard(container, config) {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('class', `board ${config.game}`);
  svg.setAttribute('role', 'group');
  svg.setAttribute('aria-label', t('room-board'));
  container.replaceChildren(svg);
  const st = createState(config);
  let dragEl = null;

  const redraw = () => render(st, svg);

  function finish(move) {
    if (!move) return;
    // Keep showing the built move until the server's answer replaces the position.
    st.movable = false;
    st.onMove(move);
  }

  function toSvg(x, y) {
    const m = svg.getScreenCTM();
    if (!m) return [0, 0];
    const p = new DOMPoint(x, y).matrixTransform(m.inverse());
    return [p.x, p.y];
  }

  bindInput(svg, {
    click(square) {
      const move = clickSquare(st, square);
      redraw();
      finish(move);
    },
    reserve(seat) {
      if (st.sel.drop && seat === st.mySeat) st.sel = emptySelection();
      else clickReserve(st, seat);
      redraw();
    },
    dragStart(square) {
      const { sel } = st;
      const at = sel.path.length ? sel.path[sel.path.length - 1] : sel.origin;
      if (at !== square) {
        if (!targets(st).origins.has(square) || sel.path.length) return false;
        sel.origin = square;
        redraw();
      }
      dragEl = svg.querySelector(`[data-piece="${square}"]`);
      if (!dragEl) return false;
      dragEl.classList.add('dragging');
      dragEl.parentNode.appendChild(dragEl);
      return true;
    },
    dragMove(x, y) {
      const [sx, sy] = toSvg(x, y);
      dragEl?.setAttribute('transform', `translate(${sx} ${sy})`);
    },
    dragEnd(to) {
      dragEl = null;
      const { sel } = st;
      const at = sel.path.length ? sel.path[sel.path.length - 1] : sel.origin;
      if (to && to !== at) {
        const move = clickSquare(st, to);
        redraw();
        finish(move);
      } else redraw();
    },
  });

  redraw();

  return {
    svg,
    state: st,
    /**
     * Changes some config fields; a new position (`posKey`, e.g. its string), new `dests`
     * or `movable` drop the selection.
     */
    set(partial) {
      // Redraws for other reasons (presence, clocks) keep a half-built move.
      const changed =
        (partial.posKey !== undefined && partial.posKey !== st.posKey) ||
        (partial.dests !== undefined && partial.dests !== st.dests) ||
        (partial.movable !== undefined && partial.movable !== st.movable);
      if (changed) st.sel = emptySelection();
      Object.assign(st, partial);
      redraw();
    },
    /** Shows `pos` after `move` with the moved piece sliding along its path. */
    async play(move, pos, lastMove) {
      const old = st.pos;
      const oldLayout = st.layout;
      st.sel = emptySelection();
      st.pos = pos;
      st.lastMove = lastMove;
      redraw();
      const route = [move.origin, ...move.path].filter(Boolean);
      const end = route[route.length - 1];
      const piece = svg.querySelector(`[data-piece="${end}"]`);
      if (!piece || route.length < 2 || !oldLayout) return;
      const layer = svg.querySelector('.pieces');
      const fading = move.captured
        .filter((sq) => old?.pieces.get(sq))
        .map((sq) => drawPiece(layer, old.pieces.get(sq), st.layout.at.get(sq)));
      layer.appendChild(piece);
      await slide(piece, route.map((sq) => st.layout.at.get(sq)), fading);
    },
    /** Turns the board to the next seat of the game (spectators, replays). */
    flip() {
      const seats = st.geom.seats;
      st.orientation = seats[(seats.indexOf(st.orientation) + 1) % seats.length];
      redraw();
    },
    toggleCoords() {
      st.coords = !st.coords;
      redraw();
    },
  };
}
