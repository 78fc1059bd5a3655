// Tournaments as list items, for the front page's panel and the /tournaments page: name,
// game, format and clock in words, and when it starts or how far it is.

import { api, h } from '../http.js';
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
  const players = Array.isArray(t.entrants) ? t.entrants.length : t.players ?? t.entrant_count;
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

/** The front page's panel: tournaments open for registration and under way. */
export function eventsPanel() {
  const list = h('div', { id: 'front-tournaments' }, h('p.empty', {}, 'Loading…'));
  const panel = h('section.panel.events-panel', { 'aria-labelledby': 'h-events' },
    h('div.panel-head', {}, h('h2', { id: 'h-events' }, 'Tournaments'),
      h('a', { href: '/tournaments', dataset: { link: '' }, id: 'all-tournaments' }, 'All tournaments')),
    list);
  api('/api/tournaments').then((r) => {
    const { upcoming, running } = splitTournaments(r);
    const rows = [...running, ...upcoming].slice(0, 6);
    list.replaceChildren(rows.length
      ? h('ul.events', {}, rows.map(eventItem))
      : h('p.empty', {}, 'No tournament is planned right now.'));
  }).catch(() => {
    // A server without tournaments (or one that is busy): the panel is not worth an error.
    panel.hidden = true;
  });
  return panel;
}
