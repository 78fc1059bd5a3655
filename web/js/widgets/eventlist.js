// Tournaments as list items, for the front page's panel and the /tournaments page: name,
// game, format and clock in words, and when it starts or how far it is.

import { h } from '../http.js';
import { clockWords } from '../describe.js';
import { poolOf } from '../ratings.js';
import { formatWords, stateWords, splitTournaments } from '../tourney.js';
import { t, need, language, PSEUDO } from '../i18n.js';

// The front page and the tournament pages show these lists; their words are in room.ftl,
// which those pages' routes do not load. Node's tests bring their own words.
if (typeof document !== 'undefined') await need('room.ftl');

/** The game of a tournament in words: "Brazilian", "Neva teams", "Queah". */
export function eventGame(t) {
  const o = t.options || {};
  if (t.game === 'stockholm') return poolOf('stockholm', String(o.deferred_backward_capture) === 'false' ? 'brazilian' : 'standard').name;
  if (t.game === 'neva') return poolOf('neva', t.format?.teams || String(o.teams) === 'true' ? 'teams' : 'free_for_all').name;
  return poolOf(t.game).name;
}

/** "Fri 3 May, 19:00" */
export function startWords(ms) {
  const lang = language() === PSEUDO ? 'en' : language();
  return new Date(ms).toLocaleString(lang, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

/** One tournament as a list item linking to its page. */
export function eventItem(ev) {
  // The list gives a count of active entrants; a whole tournament gives the list.
  const players = Array.isArray(ev.entrants) ? ev.entrants.filter((e) => e.active !== false).length : ev.entrants;
  const when = ev.state === 'registering' ? t('room-events-starts', { when: startWords(ev.starts_at) }) : stateWords(ev);
  return h('li.event-row', { dataset: { tournament: ev.id, state: ev.state } },
    // A tournament's name is its organiser's, the same in every language.
    h('a.event-name', { href: `/tournament/${ev.id}`, dataset: { link: '' }, translate: 'no' }, ev.name),
    h('span.event-what', {}, [
      eventGame(ev),
      formatWords(ev.format),
      clockWords(ev.time_control),
      ev.rated ? t('room-events-rated') : t('room-events-casual'),
    ].join(' · ')),
    h('span.event-when', {}, [when, typeof players === 'number' ? t('room-events-players', { count: players }) : null].filter(Boolean).join(' · ')));
}

/**
 * The front page's panel: tournaments open for registration and under way, from `answer`
 * (that of `GET /api/tournaments`); hidden when there are none.
 */
export function eventsPanel(answer) {
  const { upcoming, running } = splitTournaments(answer);
  const rows = [...running, ...upcoming].slice(0, 6);
  return h('section.panel.events-panel', { id: 'front-tournaments', 'aria-labelledby': 'h-events', hidden: !rows.length },
    h('div.panel-head', {}, h('h2', { id: 'h-events' }, t('room-events-title')),
      h('a', { href: '/tournaments', dataset: { link: '' }, id: 'all-tournaments' }, t('room-events-all'))),
    h('ul.events', {}, rows.map(eventItem)));
}
