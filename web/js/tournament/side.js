// The tournament page's side: the entrants, how the event works, and the downloads.

import { h } from '../http.js';
import { t } from '../i18n.js';
import { formatRules } from '../tourney.js';
import { nameLink } from './names.js';
import { entrantsView, noShowText } from './show.js';

/** The entrants panel. */
export function createEntrants() {
  const el = h('section.panel', { id: 'entrants-box', 'aria-labelledby': 'h-entrants' });
  return {
    el,
    render(event) {
      const { list, active } = entrantsView(event);
      const names = new Map(list.map((e) => [e.id, e.name]));
      el.replaceChildren(h('h2', { id: 'h-entrants' }, t('tournaments-players', { count: active })));
      if (!list.length) {
        el.append(h('p.empty', {}, t('tournaments-nobody')));
        return;
      }
      el.append(h('ul.plain.entrants', { id: 'entrants' }, list.map((e) => h(`li${e.active === false ? '.withdrawn' : ''}`, { dataset: { player: e.id } },
        nameLink(e.name, e.id, e.username, Boolean(e.bot)),
        typeof e.rating === 'number' ? h('small', {}, ` ${Math.round(e.rating)}`) : '',
        e.partner ? h('small', {}, ` ${t('tournaments-with-partner', { partner: names.get(e.partner) || e.partner_name || t('tournaments-a-partner') })}`) : '',
        e.active === false ? h('small', {}, ` ${t('tournaments-withdrawn')}`) : ''))));
    },
  };
}

/** How it works: the format's rules, the no-show rule, rated or not. */
export function createRules() {
  const el = h('section.panel.event-rules', { 'aria-labelledby': 'h-how' });
  return {
    el,
    render(event) {
      const noShow = noShowText(event);
      el.replaceChildren(h('h2', { id: 'h-how' }, t('tournaments-how')),
        ...formatRules(event.format).map((p) => h('p', {}, p)),
        noShow ? h('p', {}, noShow) : '',
        h('p', {}, t(event.rated ? 'tournaments-rules-rated' : 'tournaments-rules-casual')));
    },
  };
}

/** The links to the standings (CSV) and the games (PDN) of tournament `id`. */
export function downloads(id) {
  return h('p.downloads', {},
    h('a', { href: `/api/tournaments/${id}/standings.csv`, download: '', id: 'csv-link' }, t('tournaments-download-standings')), ' · ',
    h('a', { href: `/api/tournaments/${id}/games.pdn`, download: '', id: 'pdn-link' }, t('tournaments-download-games')));
}
