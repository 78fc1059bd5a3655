// The waiting room's panel: who is missing, who sits, what happens next, and for a full
// room a way to watch or to find another game.

import { h } from '../http.js';
import { waitingView } from './show.js';
import { t } from '../i18n.js';

/** The panel; `watch()` shows the game to a visitor of a full room. */
export function createWaiting({ watch }) {
  const el = h('div.waiting', { id: 'waiting' });
  return {
    el,
    render(state) {
      const w = waitingView(state);
      if (!w) {
        el.replaceChildren();
        el.hidden = true;
        return;
      }
      const kids = [
        h('p.waiting-head', { id: 'waiting-head' }, w.head),
        h('p.waiting-who', {}, w.who),
        h('p.waiting-next', { id: 'waiting-next' }, w.next),
      ];
      if (w.offerWatch) {
        kids.push(h('p.room-full', { id: 'room-full' },
          h('button', { type: 'button', id: 'watch', onclick: watch }, t('room-watch')),
          ' ', h('a.button', { href: '/', dataset: { link: '' } }, t('room-find-another'))));
      }
      el.replaceChildren(...kids);
      el.hidden = false;
    },
  };
}
