// Where the room page's parts sit: the head, the announcements bar, the board with its clocks
// on the left, the players, actions, moves and chat on the right, and the result dialog.

import { h } from '../http.js';
import { t } from '../i18n.js';

/** The page's elements from the parts (room/ctrl.js's): `root`, and `close()` for a ban. */
export function roomLayout(p) {
  const b = p.board.els;
  const grid = h('div.room-grid', {},
    h('section.play', { 'aria-label': t('room-board') },
      p.nvui.el,
      h('div.play-area', {}, p.clocks.top, b.box, p.clocks.bottom),
      b.msg, b.hint, b.premoveNote, b.tools, b.form),
    h('section.side', { 'aria-label': t('room-side') },
      p.status.line, p.waiting.el, ...p.seats.els, p.actions.el, p.actions.msg, p.invite.el, p.moves.el, p.chat.el));
  const root = h('div.room', {},
    h('div.room-head', {}, ...p.status.head),
    p.announcer.el, grid, p.result.el);
  return {
    root,
    /** Nothing here can be sent any more: the room stays in view, out of reach. */
    close() {
      grid.setAttribute('inert', '');
      grid.classList.add('closed');
    },
  };
}
