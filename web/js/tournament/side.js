// The tournament page's side: the entrants, how the event works, and the downloads.

import { h } from '../http.js';
import { formatRules } from '../tourney.js';
import { nameLink } from './names.js';
import { entrantsView, noShowText } from './show.js';

/** The entrants panel. */
export function createEntrants() {
  const el = h('section.panel', { id: 'entrants-box', 'aria-labelledby': 'h-entrants' });
  return {
    el,
    render(t) {
      const { list, active } = entrantsView(t);
      const names = new Map(list.map((e) => [e.id, e.name]));
      el.replaceChildren(h('h2', { id: 'h-entrants' }, `Players (${active})`));
      if (!list.length) {
        el.append(h('p.empty', {}, 'Nobody has registered yet.'));
        return;
      }
      el.append(h('ul.plain.entrants', { id: 'entrants' }, list.map((e) => h(`li${e.active === false ? '.withdrawn' : ''}`, { dataset: { player: e.id } },
        nameLink(e.name, e.id, e.username, Boolean(e.bot)),
        typeof e.rating === 'number' ? h('small', {}, ` ${Math.round(e.rating)}`) : '',
        e.partner ? h('small', {}, ` with ${names.get(e.partner) || e.partner_name || 'a partner'}`) : '',
        e.active === false ? h('small', {}, ' (withdrawn)') : ''))));
    },
  };
}

/** How it works: the format's rules, the no-show rule, rated or not. */
export function createRules() {
  const el = h('section.panel.event-rules', { 'aria-labelledby': 'h-how' });
  return {
    el,
    render(t) {
      const noShow = noShowText(t);
      el.replaceChildren(h('h2', { id: 'h-how' }, 'How it works'),
        ...formatRules(t.format).map((p) => h('p', {}, p)),
        noShow ? h('p', {}, noShow) : '',
        h('p', {}, t.rated ? 'Games are rated: they change your rating as any rated game does.' : 'Games are casual: ratings do not change.'));
    },
  };
}

/** The links to the standings (CSV) and the games (PDN) of tournament `id`. */
export function downloads(id) {
  return h('p.downloads', {},
    h('a', { href: `/api/tournaments/${id}/standings.csv`, download: '', id: 'csv-link' }, 'Standings (CSV)'), ' · ',
    h('a', { href: `/api/tournaments/${id}/games.pdn`, download: '', id: 'pdn-link' }, 'All games (PDN)'));
}
