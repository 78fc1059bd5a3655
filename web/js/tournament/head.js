// The tournament page's head: its name, what it is, its state with the countdown to the
// start, and the link to this player's game when one is on.

import { h } from '../http.js';
import { t } from '../i18n.js';
import { clockWords } from '../describe.js';
import { stateWords, formatWords } from '../tourney.js';
import { eventGame, startWords } from '../widgets/eventlist.js';
import { countdownLine, myTable } from './show.js';

/** The title, the line of what it is and the status (`els`, in order). */
export function createHead() {
  const title = h('h1', { id: 't-title' }, t('tournaments-tournament'));
  const what = h('p.event-what', { id: 't-what' });
  const status = h('p.event-status', { id: 't-status', 'aria-live': 'polite' });
  const countdown = h('span.countdown', { id: 'countdown' });
  return {
    els: [title, what, status],
    render(event) {
      title.textContent = event.name;
      // The name its organiser gave it, in any language.
      title.translate = false;
      what.textContent = [eventGame(event), formatWords(event.format), clockWords(event.time_control),
        t(event.rated ? 'tournaments-rated' : 'tournaments-casual')].join(' · ');
      status.replaceChildren(
        h('strong', { dataset: { state: event.state } }, stateWords(event)),
        event.state === 'registering' ? ` · ${startWords(event.starts_at)} · ` : '',
        countdown);
    },
    /** Counts down to the start (`t` may not have loaded yet). */
    tick(event, now) {
      countdown.textContent = countdownLine(event, now);
    },
    /** The tournament was cancelled while the page was open. */
    cancelled() {
      status.replaceChildren(h('strong', { dataset: { state: 'cancelled' } }, t('tournaments-cancelled')), ' ',
        h('a', { href: '/tournaments', dataset: { link: '' } }, t('tournaments-see-others')));
    },
    /** The tournament did not load (`e`: the API's error). */
    failed(e) {
      title.textContent = t(e.status === 404 ? 'tournaments-not-found' : 'tournaments-failed');
      status.textContent = e.status === 404 ? t('tournaments-not-found-why') : e.message;
    },
  };
}

/** The link to this player's table, shown while their game is on. */
export function createMyGame() {
  const el = h('p.my-game', { id: 'my-game', hidden: true });
  return {
    el,
    render(event, me) {
      const table = myTable(event, me);
      if (table?.room_id) {
        el.hidden = false;
        el.replaceChildren(`${t('tournaments-your-game')} `,
          h('a.button.primary', { href: `/room/${table.room_id}`, dataset: { link: '' }, id: 'my-game-link' }, t('tournaments-go-to-table')));
      } else {
        el.hidden = true;
        el.replaceChildren();
      }
    },
  };
}
