// The tournament page's head: its name, what it is, its state with the countdown to the
// start, and the link to this player's game when one is on.

import { h } from '../http.js';
import { clockWords } from '../describe.js';
import { stateWords, formatWords } from '../tourney.js';
import { eventGame, startWords } from '../widgets/eventlist.js';
import { countdownLine, myTable } from './show.js';

/** The title, the line of what it is and the status (`els`, in order). */
export function createHead() {
  const title = h('h1', { id: 't-title' }, 'Tournament');
  const what = h('p.event-what', { id: 't-what' });
  const status = h('p.event-status', { id: 't-status', 'aria-live': 'polite' });
  const countdown = h('span.countdown', { id: 'countdown' });
  return {
    els: [title, what, status],
    render(t) {
      title.textContent = t.name;
      what.textContent = [eventGame(t), formatWords(t.format), clockWords(t.time_control), t.rated ? 'rated' : 'casual'].join(' · ');
      status.replaceChildren(
        h('strong', { dataset: { state: t.state } }, stateWords(t)),
        t.state === 'registering' ? ` · ${startWords(t.starts_at)} · ` : '',
        countdown);
    },
    /** Counts down to the start (`t` may not have loaded yet). */
    tick(t, now) {
      countdown.textContent = countdownLine(t, now);
    },
    /** The tournament was cancelled while the page was open. */
    cancelled() {
      status.replaceChildren(h('strong', { dataset: { state: 'cancelled' } }, 'This tournament was cancelled.'), ' ',
        h('a', { href: '/tournaments', dataset: { link: '' } }, 'See the other tournaments'));
    },
    /** The tournament did not load (`e`: the API's error). */
    failed(e) {
      title.textContent = e.status === 404 ? 'No such tournament' : 'This tournament did not load';
      status.textContent = e.status === 404 ? 'It may have been deleted, or the address is wrong.' : e.message;
    },
  };
}

/** The link to this player's table, shown while their game is on. */
export function createMyGame() {
  const el = h('p.my-game', { id: 'my-game', hidden: true });
  return {
    el,
    render(t, me) {
      const table = myTable(t, me);
      if (table?.room_id) {
        el.hidden = false;
        el.replaceChildren('Your game is on: ', h('a.button.primary', { href: `/room/${table.room_id}`, dataset: { link: '' }, id: 'my-game-link' }, 'Go to your table'));
      } else {
        el.hidden = true;
        el.replaceChildren();
      }
    },
  };
}
