// The room's move list: every move so far, the one looked back at marked, a click on a move
// showing the position after it, and a way back to the live game.

import { h } from '../http.js';
import { moveTable, followCurrent } from '../widgets/movelist.js';
import { movesView } from './show.js';
import { t } from '../i18n.js';

/** The list; `pick(ply)` looks at the position after move `ply`. */
export function createMoves({ pick }) {
  const el = h('div.movelist', { id: 'moves' });
  return {
    el,
    render(state) {
      if (!state.snap) return;
      const v = movesView(state);
      // A move arriving redraws the list: a keyboard reader inside it stays inside it.
      const focused = el.contains(document.activeElement) && document.activeElement.matches('button.move');
      const kids = [h('h2', {}, t('room-moves')), moveTable(state.moves, state.snap.room.layout, v.current, pick)];
      if (v.viewing !== null) {
        kids.push(h('p.viewing', {}, `${t('room-viewing', { move: v.viewing + 1 })} `,
          h('button', { type: 'button', id: 'back-live', onclick: () => pick(state.moves.length - 1) }, t('room-back-to-game'))));
      }
      el.replaceChildren(...kids);
      el.hidden = v.hidden;
      followCurrent(el);
      if (focused) el.querySelector('button.move[tabindex="0"]')?.focus();
    },
    /** Scrolls the list into view (a visitor of a full room watches). */
    reveal() {
      el.scrollIntoView({ block: 'nearest' });
    },
  };
}
