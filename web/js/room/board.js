// The board and what goes with it: the refused move's words, the Queah drop hint, the tools
// (turn, coordinates, sound) and the typed-move box. The board is made with the room's first
// snapshot and then only told what changed.

import { h } from '../http.js';
import { createBoard } from '../board/api.js';
import { parsePosition, startPosition } from '../position.js';
import { play as playSound, soundOn, setSound } from '../sound.js';
import { boardView, dropHint, movePlaceholder, moveFormShown, orientation } from './show.js';
import { mySeat } from './state.js';
import { displaySettings } from '../widgets/display.js';
import { canPremove, premoveDests, premoveOf, premoveText, resolvePremove } from './premove.js';
import { t } from '../i18n.js';

function soundButton() {
  const b = h('button', { type: 'button', id: 'sound', 'aria-pressed': String(soundOn()) }, soundOn() ? t('room-sound-on') : t('room-sound-off'));
  b.addEventListener('click', () => {
    setSound(!soundOn());
    b.textContent = soundOn() ? t('room-sound-on') : t('room-sound-off');
    b.setAttribute('aria-pressed', String(soundOn()));
    if (soundOn()) playSound('notify');
  });
  return b;
}

/** The board's settings for `state`, its position parsed. */
function config(state) {
  const { text, ...v } = boardView(state);
  const { game, layout } = state.snap.room;
  return { ...v, pos: text ? parsePosition(game, text) : startPosition(game, layout) };
}

/**
 * The premove's side of the board part: while another seat is to move the board offers our
 * pieces' steps (the same list for the same position, so that a redraw for a chat line or a
 * clock keeps a half-chosen premove); the queued one is marked on the board.
 */
function createPremoves(note) {
  let pre = null;
  let offer = { key: null, dests: [] };
  return {
    get: () => pre,
    set(move) {
      pre = move ? premoveOf(move) : null;
      note.textContent = pre ? t('room-premove-queued', { move: premoveText(pre) }) : '';
    },
    cancel() {
      if (!pre) return false;
      pre = null;
      note.textContent = t('room-premove-cancelled');
      return true;
    },
    /** The board's settings for `state` with the premove's offer and mark. */
    config(state, board) {
      const c = config(state);
      const seat = mySeat(state);
      const s = state.snap;
      const inGame = seat && s.state === 'playing' && (s.board?.playing || s.room.layout).includes(seat);
      if (pre && !inGame) this.set(null);
      if (c.movable || !board || !canPremove(state, seat)) return { ...c, premove: pre };
      const key = `${seat}:${c.posKey}`;
      if (offer.key !== key) offer = { key, dests: premoveDests(c.pos.pieces, seat, board.state.geom.squares.map((q) => q.name)) };
      return { ...c, dests: offer.dests, movable: true, premove: pre };
    },
    /** The move to send now that our turn came (or null), dropping a premove that does not fit. */
    due(state) {
      if (!pre) return null;
      const v = boardView(state);
      if (!v.movable) return null;
      const r = resolvePremove(pre, v.dests);
      pre = null;
      note.textContent = r.dropped || '';
      return r.move ? r.move.text : null;
    },
  };
}

/**
 * The board part. `move(text)` sends a move and resolves true when taken; `flipped()` is
 * told after the board turned (the clocks follow it). `els`: the elements, placed by the page.
 */
export function createBoardPart({ move, flipped }) {
  const box = h('div.board-box', { id: 'board' });
  const msg = h('p.move-error', { id: 'move-error', role: 'alert' });
  const hint = h('p.board-hint', { id: 'board-hint', 'aria-live': 'polite' });
  const tools = h('div.board-tools');
  const premoveNote = h('p.premove-note', { id: 'premove-note', 'aria-live': 'polite' });
  const premoves = createPremoves(premoveNote);
  const input = h('input', { id: 'move-input', name: 'move', autocomplete: 'off', 'aria-label': t('room-move-input'), placeholder: t('room-move-input') });
  const form = h('form.move-form', {
    onsubmit: (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (text) move(text).then((ok) => ok && (input.value = ''));
    },
  }, input, h('button', { type: 'submit', id: 'move-submit' }, t('room-move-submit')));
  let board = null;
  let game = null;
  let alive = true;

  const part = {
    els: { box, msg, hint, premoveNote, tools, form },
    /** Makes the board from the first state with a room, then redraws it. */
    render(state) {
      if (!state.snap) return;
      if (board) {
        board.set(premoves.config(state, board));
        return;
      }
      game = state.snap.room.game;
      board = createBoard(box, { game, options: state.snap.room.options, orientation: orientation(state), onMove: (mv) => built(mv), ...config(state) });
      board.set(premoves.config(state, board));
      input.placeholder = movePlaceholder(game);
      tools.replaceChildren(
        h('button', { type: 'button', id: 'flip', title: t('room-flip-title'), onclick: part.flip }, t('room-flip')),
        h('button', { type: 'button', id: 'coords', 'aria-pressed': 'true', onclick: toggleCoords }, t('room-coords')),
        soundButton(),
        h('a', { id: 'rules-of-game', href: `/rules/${game}`, target: '_blank', rel: 'noopener' }, t('room-rules-link')),
        displaySettings(),
      );
    },
    /** The move a queued premove turned into now that our turn came, or null (see premove.js). */
    premoveDue(state) {
      if (!premoves.get()) return null;
      const text = premoves.due(state);
      if (!premoves.get() && board) board.set({ premove: null });
      return text;
    },
    /** Cancels a queued premove; false when there was none. */
    cancelPremove() {
      if (!premoves.cancel()) return false;
      if (board) board.set({ premove: null });
      return true;
    },
    /** Shows or hides the typed-move box. */
    renderForm(state) {
      form.hidden = !moveFormShown(state);
    },
    /** Turns the board to our seat. */
    orient(state) {
      if (board) board.set({ orientation: orientation(state) });
    },
    /** Animates a move played by someone else; false when there is no board to do it. */
    play(mv, position, squares) {
      if (!board) return false;
      board.play(mv, parsePosition(game, position), squares);
      return true;
    },
    /** The seat at the bottom of the board as it is turned now, or null before the board. */
    bottom() {
      return board?.state?.orientation || null;
    },
    flip() {
      if (!board) return;
      board.flip();
      flipped();
    },
    /** The server's words for a refused move, by the board; its reason code for machines. */
    moveError(e) {
      msg.textContent = e ? e.message : '';
      if (e?.reason || e?.code) msg.dataset.reason = e.reason || e.code;
      else delete msg.dataset.reason;
    },
    destroy() {
      alive = false;
    },
  };

  // A move the board built: a premove is kept and marked, a move on our turn is sent.
  function built(mv) {
    if (!mv.premove) {
      move(mv.text);
      return;
    }
    premoves.set(mv);
    board.set({ premove: premoves.get(), movable: true });
  }
  // A click (or a key) on the board while a premove waits cancels it, before the board
  // takes the click as the start of another.
  const cancelPremove = (e) => {
    if (e.type === 'keydown' && !['Enter', ' '].includes(e.key)) return;
    part.cancelPremove();
  };
  box.addEventListener('pointerdown', cancelPremove, true);
  box.addEventListener('keydown', cancelPremove, true);

  function toggleCoords() {
    if (!board) return;
    board.toggleCoords();
    tools.querySelector('#coords')?.setAttribute('aria-pressed', String(board.state?.coords !== false));
  }

  // The hint reads the board's selection once the board has handled the input.
  function afterInput() {
    setTimeout(() => {
      if (!alive || !board) return;
      hint.textContent = dropHint(game, board.state?.sel, board.state?.movable);
    }, 0);
  }
  for (const t of ['click', 'pointerup', 'keyup', 'touchend']) box.addEventListener(t, afterInput);
  return part;
}
