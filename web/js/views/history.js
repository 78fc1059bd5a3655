// /history: stored games with filters and paging; each game's replay and its download.

import { api, getMe, h } from '../http.js';
import { GAME_NAME, SEATS, reasonText, seatName } from '../seats.js';
import { personName } from '../describe.js';
import { playerPath } from '../ratings.js';
import { listWords } from '../lists.js';

/** "Ann won, resigned", "Ann and Cy won, all pieces captured", "Draw, position repeated". */
export function resultWords(g) {
  const seats = g.seats || {};
  const winners = Array.isArray(g.winners) ? g.winners : [];
  const reason = g.reason ? `, ${reasonText(g.reason)}` : '';
  if (!winners.length) {
    if (g.result === 'draw') return `Draw${reason}`;
    return `${String(g.result || 'Unfinished')}${reason}`;
  }
  const names = winners.map((s) => (seats[s] ? personName(seats[s]) : seatName(s)));
  const who = listWords(names);
  return `${who} won${reason}`;
}

const PAGE = 20;

/** A player's name linking to their page; a bot's name, which has no page, as text. */
export function nameLink(raw) {
  const name = personName(raw);
  if (name !== String(raw ?? '') || !name) return name;
  return h('a.player-link', { href: playerPath(name), dataset: { link: '' } }, name);
}

export function historyView(main) {
  const params = new URLSearchParams(location.search);
  const f = {
    mine: h('input', { type: 'checkbox', id: 'f-mine', checked: params.has('player') }),
    game: h('select', { id: 'f-game' }, h('option', { value: '' }, 'All games'),
      Object.entries(GAME_NAME).map(([k, v]) => h('option', { value: k, selected: params.get('game') === k }, v))),
    result: h('select', { id: 'f-result' },
      [['', 'Any result'], ['decisive', 'Decisive'], ['draw', 'Draw'], ['win', 'My wins'], ['loss', 'My losses']]
        .map(([k, v]) => h('option', { value: k, selected: params.get('result') === k }, v))),
    from: h('input', { type: 'date', id: 'f-from', value: params.get('from') || '' }),
    to: h('input', { type: 'date', id: 'f-to', value: params.get('to') || '' }),
  };
  let offset = Number(params.get('offset')) || 0;
  const table = h('div', { id: 'history-list', 'aria-live': 'polite' });
  const pager = h('nav.pager', { 'aria-label': 'Pages' });
  const msg = h('p.msg', { role: 'status' });
  const form = h('form.filters', {
    onsubmit: (e) => {
      e.preventDefault();
      offset = 0;
      load();
    },
  },
  h('label', {}, f.mine, ' Only my games'),
  h('label', {}, 'Game ', f.game),
  h('label', {}, 'Result ', f.result),
  h('label', {}, 'From ', f.from),
  h('label', {}, 'To ', f.to),
  h('button', { type: 'submit', id: 'filter' }, 'Filter'));
  main.append(h('h1', {}, 'Game history'), form, msg, table, pager);

  async function load() {
    const q = new URLSearchParams();
    let me = null;
    if (f.mine.checked || f.result.value === 'win' || f.result.value === 'loss') {
      me = await getMe();
      q.set('player', me.id);
      f.mine.checked = true;
    }
    if (f.game.value) q.set('game', f.game.value);
    if (f.result.value) q.set('result', f.result.value);
    if (f.from.value) q.set('from', f.from.value);
    if (f.to.value) q.set('to', f.to.value);
    if (offset) q.set('offset', String(offset));
    // The address keeps the filters, so a reload or a shared link shows the same page.
    const url = q.toString() ? `/history?${q}` : '/history';
    if (url !== location.pathname + location.search) history.replaceState(null, '', url);
    q.set('limit', String(PAGE));
    try {
      const r = await api(`/api/history?${q}`);
      msg.textContent = '';
      render(r);
    } catch (e) {
      msg.textContent = e.message;
      table.replaceChildren();
    }
  }

  function render(r) {
    if (!r.games.length) {
      table.replaceChildren(h('p', {}, offset ? 'No more games.' : 'No games match.'));
    } else {
      table.replaceChildren(h('table.history', {},
        h('thead', {}, h('tr', {}, ['Date', 'Game', 'Players', 'Result', ''].map((t) => h('th', { scope: 'col' }, t)))),
        h('tbody', {}, r.games.map((g) => h('tr', { dataset: { game: g.id } },
          h('td.date', {}, new Date(g.started_at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })),
          h('td.game', {}, GAME_NAME[g.game] || g.game),
          // In turn order (White first), the winners in bold, the seat after each name.
          h('td.names', {}, SEATS.filter((k) => g.seats?.[k]).flatMap((k, i) => [
            i ? ', ' : '',
            h('span.player', {},
              h((g.winners || []).includes(k) ? 'strong.won' : 'span', {}, nameLink(g.seats[k])),
              h('small.seat-word', {}, ` (${seatName(k)})`)),
          ])),
          h('td.result', {}, resultWords(g)),
          h('td.links', {},
            h('a.replay', { href: `/history/${g.id}`, dataset: { link: '' } }, 'Replay'),
            h('a.download', {
              href: `/api/history/${g.id}/export`,
              // The server names the file (`<id>.pdn`, `.pgn4` for Neva).
              download: '',
              title: g.game === 'neva' ? 'Download the game (PGN4-like text)' : 'Download the game (PDN)',
            }, g.game === 'neva' ? 'PGN4' : 'PDN')))))));
    }
    const kids = [];
    if (offset > 0) kids.push(h('button', { type: 'button', id: 'prev-page', onclick: () => { offset = Math.max(0, offset - PAGE); load(); } }, 'Newer'));
    if (r.games.length) kids.push(h('span.where', { id: 'page-where' }, `Games ${offset + 1} to ${offset + r.games.length}`));
    if (r.next_offset !== null && r.next_offset !== undefined) kids.push(h('button', { type: 'button', id: 'next-page', onclick: () => { offset = r.next_offset; load(); } }, 'Older'));
    pager.replaceChildren(...kids);
  }

  load();
}
