// The room's head (its name, what it is, whose turn, the socket's lag) and the result line
// in the side panel, which stays after the result dialog is closed. Also the tab's title.

import { h } from '../http.js';
import { mySeat } from './state.js';
import { statusView } from './show.js';
import { resultLine } from './result.js';
import { t } from '../i18n.js';

/** The head's elements (`head`, in order), the result line (`line`), and `render(state)`. */
export function createStatus() {
  const title = h('h1.room-title', {}, t('room-heading'));
  const desc = h('p.room-desc', { id: 'room-desc' });
  const status = h('p.turn', { id: 'turn', 'aria-live': 'polite' });
  const lag = h('span.lag', { id: 'lag' });
  const line = h('div.result', { id: 'result' });
  const event = h('p.back.room-event', { id: 'room-event', hidden: true });
  return {
    head: [event, title, desc, status, lag],
    line,
    render(state) {
      const v = statusView(state);
      title.textContent = v.title;
      desc.textContent = v.desc;
      status.textContent = v.text;
      status.dataset.turn = v.turn;
      status.classList.toggle('mine', v.mine);
      document.title = v.tab;
      line.replaceChildren(...resultLine(state.snap, mySeat(state)));
      const ev = state.tournament;
      event.hidden = !ev;
      if (ev) event.replaceChildren(h('a', { href: `/tournament/${ev.id}`, dataset: { link: '' }, id: 'room-event-link' }, ev.round ? t('room-event-round', { name: ev.name, round: ev.round }) : t('room-event', { name: ev.name })));
    },
    /** The socket's round trip, in ms. */
    latency(ms) {
      lag.textContent = t('room-lag', { ms: Math.round(ms) });
    },
  };
}
