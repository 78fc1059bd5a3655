// /history: stored games with filters and paging.

import { api, getMe, h } from '../http.js';
import { GAME_NAME, reasonText, seatName } from '../seats.js';

const PAGE = 20;

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
  h('button', { type: 'submit' }, 'Filter'));
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
      table.replaceChildren(h('p', {}, 'No games match.'));
    } else {
      table.replaceChildren(h('table.history', {},
        h('thead', {}, h('tr', {}, ['Date', 'Game', 'Players', 'Result', ''].map((t) => h('th', { scope: 'col' }, t)))),
        h('tbody', {}, r.games.map((g) => h('tr', { dataset: { game: g.id } },
          h('td', {}, new Date(g.started_at).toISOString().slice(0, 16).replace('T', ' ')),
          h('td', {}, GAME_NAME[g.game] || g.game),
          h('td', {}, Object.entries(g.seats || {}).map(([k, n]) => `${seatName(k)}: ${n}`).join(', ')),
          h('td', {}, `${g.result}${g.reason ? `, ${reasonText(g.reason)}` : ''}`),
          h('td', {}, h('a', { href: `/history/${g.id}`, dataset: { link: '' } }, 'Replay')))))));
    }
    const kids = [];
    if (offset > 0) kids.push(h('button', { type: 'button', id: 'prev-page', onclick: () => { offset = Math.max(0, offset - PAGE); load(); } }, 'Newer'));
    if (r.next_offset !== null && r.next_offset !== undefined) kids.push(h('button', { type: 'button', id: 'next-page', onclick: () => { offset = r.next_offset; load(); } }, 'Older'));
    pager.replaceChildren(...kids);
  }

  load();
}
