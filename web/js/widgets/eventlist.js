// Tournaments as list items, for the front page's panel and the /tournaments page: name,
// game, format and clock in words, and when it starts or how far it is.

import { h } from '../http.js';
import { clockWords } from '../describe.js';
import { poolOf } from '../ratings.js';
import { formatWords, stateWords, splitTournaments } from '../tourney.js';

/** The game of a tournament in words: "Brazilian", "Neva teams", "Queah". */
export function eventGame(t) {
  const o = t.options || {};
  if (t.game === 'stockholm') return poolOf('stockholm', String(o.deferred_backward_capture) === 'false' ? 'brazilian' : 'standard').name;
  if (t.game === 'neva') return poolOf('neva', t.format?.teams || String(o.teams) === 'true' ? 'teams' : 'free_for_all').name;
  return poolOf(t.game).name;
}

/** "Fri 3 May, 19:00" */
export function startWords(ms) {
  return new Date(ms).toLocaleString(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

/** One tournament as a list item linking to its page. */
export function eventItem(t) {
  // The list gives a count of active entrants; a whole tournament gives the list.
  const players = Array.isArray(t.entrants) ? t.entrants.filter((e) => e.active !== false).length : t.entrants;
  const when = t.state === 'registering' ? `starts ${startWords(t.starts_at)}` : stateWords(t);
  return h('li.event-row', { dataset: { tournament: t.id, state: t.state } },
    h('a.event-name', { href: `/tournament/${t.id}`, dataset: { link: '' } }, t.name),
    h('span.event-what', {}, [
      eventGame(t),
      formatWords(t.format),
      clockWords(t.time_control),
      t.rated ? 'rated' : 'casual',
    ].join(' · ')),
    h('span.event-when', {}, [when, typeof players === 'number' ? `${players} player${players === 1 ? '' : 's'}` : null].filter(Boolean).join(' · ')));
}

/**
 * The front page's panel: tournaments open for registration and under way, from `answer`
 * (that of `GET /api/tournaments`); hidden when there are none.
 */
export function eventsPanel(answer) {
  const { upcoming, running } = splitTournaments(answer);
  const rows = [...running, ...upcoming].slice(0, 6);
  return h('section.panel.events-panel', { id: 'front-tournaments', 'aria-labelledby': 'h-events', hidden: !rows.length },
    h('div.panel-head', {}, h('h2', { id: 'h-events' }, 'Tournaments'),
      h('a', { href: '/tournaments', dataset: { link: '' }, id: 'all-tournaments' }, 'All tournaments')),
    h('ul.events', {}, rows.map(eventItem)));
}
