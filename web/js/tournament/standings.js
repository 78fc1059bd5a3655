// The tournament's standings table and its rounds (or, in an arena, its games) as they are
// played, newest first.

import { h } from '../http.js';
import { seatName } from '../seats.js';
import { pointsText, tableResultWords, tiebreakKeys, tiebreakName, tiebreakValue } from '../tourney.js';
import { nameLink } from './names.js';
import { byesText, isBot } from './show.js';

function standingsTable(t, me, rows) {
  const keys = tiebreakKeys(rows);
  return h('div.table-wrap', {}, h('table.standings', { id: 'standings' },
    h('thead', {}, h('tr', {},
      h('th.num', { scope: 'col' }, '#'),
      h('th', { scope: 'col' }, 'Player'),
      h('th.num', { scope: 'col' }, 'Points'),
      keys.map((k) => h('th.num.tiebreak', { scope: 'col' }, tiebreakName(k))),
      h('th.num', { scope: 'col', title: 'Games played' }, 'Games'),
      h('th.num.wdl', { scope: 'col', title: 'Won, drawn, lost' }, 'W-D-L'))),
    h('tbody', {}, rows.map((s) => h(`tr${me && s.player === me.id ? '.mine' : ''}`, { dataset: { player: s.player } },
      h('td.num.rank', {}, String(s.rank)),
      h('td', {}, nameLink(s.name, s.player, s.username, isBot(t, s.player))),
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
    render(t, me) {
      const rows = t.standings || [];
      el.replaceChildren(h('h2', { id: 'h-standings' }, t.state === 'finished' ? 'Final standings' : 'Standings'));
      if (!rows.length) {
        el.append(h('p.empty', {}, t.state === 'registering' ? 'The standings appear when the first round starts.' : 'No results yet.'));
        return;
      }
      el.append(standingsTable(t, me, rows));
    },
  };
}

function tableRow(t, tb) {
  return h('li.table-row', { dataset: { room: tb.room_id || '' } },
    h('span.table-seats', {}, (tb.seats || []).flatMap((s, i) => [
      i ? h('span.vs', {}, ' – ') : '',
      h(`span.swatch.${s.seat}`, { 'aria-hidden': 'true', title: seatName(s.seat) }),
      ' ',
      nameLink(s.name, s.player, s.username, isBot(t, s.player)),
    ])),
    h('span.table-result', {}, tableResultWords(tb) || 'Playing'),
    tb.room_id ? h('a.table-room', { href: `/room/${tb.room_id}`, dataset: { link: '' } }, tb.result ? 'Game' : 'Watch') : null);
}

/** The rounds panel. */
export function createRounds() {
  const el = h('section.panel', { id: 'rounds-box', 'aria-labelledby': 'h-rounds' });
  return {
    el,
    render(t) {
      const list = (t.rounds_played || []).slice().reverse();
      const arena = t.format?.kind === 'arena';
      el.replaceChildren(h('h2', { id: 'h-rounds' }, arena ? 'Games' : 'Rounds'));
      if (!list.length) {
        el.append(h('p.empty', {}, 'No games yet.'));
        return;
      }
      for (const r of list) {
        el.append(h('div.round', { dataset: { round: String(r.round) } },
          arena ? null : h('h3', {}, `Round ${r.round}`),
          h('ul.tables', {}, (r.tables || []).map((tb) => tableRow(t, tb))),
          (r.byes || []).length ? h('p.byes', {}, 'Sitting out: ', byesText(r, t)) : null));
      }
    },
  };
}
