// The tournament's standings table and its rounds (or, in an arena, its games) as they are
// played, newest first.

import { h } from '../http.js';
import { t } from '../i18n.js';
import { seatName } from '../seats.js';
import { pointsText, tableResultWords, tiebreakKeys, tiebreakName, tiebreakValue } from '../tourney.js';
import { nameLink } from './names.js';
import { byesText, isBot } from './show.js';

function standingsTable(event, me, rows) {
  const keys = tiebreakKeys(rows);
  return h('div.table-wrap', {}, h('table.standings', { id: 'standings' },
    h('thead', {}, h('tr', {},
      h('th.num', { scope: 'col' }, t('tournaments-col-rank')),
      h('th', { scope: 'col' }, t('tournaments-col-player')),
      h('th.num', { scope: 'col' }, t('tournaments-col-points')),
      keys.map((k) => h('th.num.tiebreak', { scope: 'col' }, tiebreakName(k))),
      h('th.num', { scope: 'col', title: t('tournaments-col-games-title') }, t('tournaments-col-games')),
      h('th.num.wdl', { scope: 'col', title: t('tournaments-col-wdl-title') }, t('tournaments-col-wdl')))),
    h('tbody', {}, rows.map((s) => h(`tr${me && s.player === me.id ? '.mine' : ''}`, { dataset: { player: s.player } },
      h('td.num.rank', {}, String(s.rank)),
      h('td', {}, nameLink(s.name, s.player, s.username, isBot(event, s.player))),
      h('td.num.points', {}, pointsText(s.points)),
      keys.map((k) => h('td.num.tiebreak', {}, pointsText(tiebreakValue(s, k)))),
      h('td.num.played', {}, String(s.played ?? '')),
      h('td.num.wdl', {}, `${s.wins ?? 0}-${s.draws ?? 0}-${s.losses ?? 0}`))))));
}

/** The standings panel. */
export function createStandings() {
  const el = h('section.panel', { id: 'standings-box', 'aria-labelledby': 'h-standings' });
  return {
    el,
    render(event, me) {
      const rows = event.standings || [];
      el.replaceChildren(h('h2', { id: 'h-standings' }, t(event.state === 'finished' ? 'tournaments-final-standings' : 'tournaments-standings')));
      if (!rows.length) {
        el.append(h('p.empty', {}, t(event.state === 'registering' ? 'tournaments-standings-later' : 'tournaments-no-results')));
        return;
      }
      el.append(standingsTable(event, me, rows));
    },
  };
}

function tableRow(event, tb) {
  return h('li.table-row', { dataset: { room: tb.room_id || '' } },
    h('span.table-seats', {}, (tb.seats || []).flatMap((s, i) => [
      i ? h('span.vs', {}, ' – ') : '',
      h(`span.swatch.${s.seat}`, { 'aria-hidden': 'true', title: seatName(s.seat) }),
      ' ',
      nameLink(s.name, s.player, s.username, isBot(event, s.player)),
    ])),
    h('span.table-result', {}, tableResultWords(tb) || t('tournaments-table-playing')),
    tb.room_id ? h('a.table-room', { href: `/room/${tb.room_id}`, dataset: { link: '' } }, t(tb.result ? 'tournaments-table-game' : 'tournaments-table-watch')) : null);
}

/** The rounds panel. */
export function createRounds() {
  const el = h('section.panel', { id: 'rounds-box', 'aria-labelledby': 'h-rounds' });
  return {
    el,
    render(event) {
      const list = (event.rounds_played || []).slice().reverse();
      const arena = event.format?.kind === 'arena';
      el.replaceChildren(h('h2', { id: 'h-rounds' }, t(arena ? 'tournaments-games' : 'tournaments-rounds')));
      if (!list.length) {
        el.append(h('p.empty', {}, t('tournaments-no-games')));
        return;
      }
      for (const r of list) {
        el.append(h('div.round', { dataset: { round: String(r.round) } },
          arena ? null : h('h3', {}, t('tournaments-round', { round: r.round })),
          h('ul.tables', {}, (r.tables || []).map((tb) => tableRow(event, tb))),
          // Who sits out is named by their names, in any language.
          (r.byes || []).length ? h('p.byes', {}, `${t('tournaments-sitting-out')} `, h('span', { translate: 'no' }, byesText(r, event))) : null));
      }
    },
  };
}
