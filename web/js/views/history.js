// /history: stored games with filters and paging; each game's replay and its download.

import { api, getMe, h } from '../http.js';
import { GAME_NAME, SEATS, reasonText, seatName } from '../seats.js';
import { personName } from '../describe.js';
import { playerPath } from '../ratings.js';
import { listWords } from '../lists.js';
import { t, formatNumber, language, PSEUDO } from '../i18n.js';

/** The page's language as Intl reads it (the pseudo-locale is English underneath). */
const intl = () => (language() === PSEUDO ? 'en' : language());

// A result without winners, by the summary the server sends.
const NO_WINNER = {
  draw: ['history-result-draw', 'history-result-draw-why'],
  unfinished: ['history-result-unfinished', 'history-result-unfinished-why'],
};

/** "Ann won, resigned", "Ann and Cy won, all pieces captured", "Draw, position repeated". */
export function resultWords(g) {
  const seats = g.seats || {};
  const winners = Array.isArray(g.winners) ? g.winners : [];
  const reason = g.reason ? reasonText(g.reason) : null;
  if (!winners.length) {
    const keys = NO_WINNER[g.result || 'unfinished'];
    // A result this page does not know yet (a newer server) reads as the server wrote it.
    if (!keys) return reason ? `${g.result}, ${reason}` : String(g.result);
    return reason ? t(keys[1], { reason }) : t(keys[0]);
  }
  const names = winners.map((s) => (seats[s] ? personName(seats[s]) : seatName(s)));
  const args = { names: listWords(names), count: names.length };
  return reason ? t('history-result-won-why', { ...args, reason }) : t('history-result-won', args);
}

const PAGE = 20;

/** A player's name linking to their page; a bot's name, which has no page, as text. */
export function nameLink(raw) {
  const name = personName(raw);
  if (name !== String(raw ?? '') || !name) return name;
  return h('a.player-link', { href: playerPath(name), dataset: { link: '' }, translate: 'no' }, name);
}

export function historyView(main) {
  const params = new URLSearchParams(location.search);
  const f = {
    mine: h('input', { type: 'checkbox', id: 'f-mine', checked: params.has('player') }),
    game: h('select', { id: 'f-game' }, h('option', { value: '' }, t('history-filter-all-games')),
      Object.entries(GAME_NAME).map(([k, v]) => h('option', { value: k, selected: params.get('game') === k }, v))),
    result: h('select', { id: 'f-result' },
      [['', 'history-filter-any-result'], ['decisive', 'history-filter-decisive'], ['draw', 'history-filter-draw'],
        ['win', 'history-filter-wins'], ['loss', 'history-filter-losses']]
        .map(([k, v]) => h('option', { value: k, selected: params.get('result') === k }, t(v)))),
    from: h('input', { type: 'date', id: 'f-from', value: params.get('from') || '' }),
    to: h('input', { type: 'date', id: 'f-to', value: params.get('to') || '' }),
  };
  let offset = Number(params.get('offset')) || 0;
  const table = h('div', { id: 'history-list', 'aria-live': 'polite' });
  const pager = h('nav.pager', { 'aria-label': t('history-pages') });
  const msg = h('p.msg', { role: 'status' });
  const form = h('form.filters', {
    onsubmit: (e) => {
      e.preventDefault();
      offset = 0;
      load();
    },
  },
  h('label', {}, f.mine, ` ${t('history-filter-mine')}`),
  h('label', {}, `${t('history-filter-game')} `, f.game),
  h('label', {}, `${t('history-filter-result')} `, f.result),
  h('label', {}, `${t('history-filter-from')} `, f.from),
  h('label', {}, `${t('history-filter-to')} `, f.to),
  h('button', { type: 'submit', id: 'filter' }, t('history-filter-submit')));
  main.append(h('h1', {}, t('history-title')), form, msg, table, pager);

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
    // The address keeps the filters (and a language it names), so a reload or a shared link
    // shows the same page.
    const shown = new URLSearchParams(q);
    const lang = new URLSearchParams(location.search).get('lang');
    if (lang) shown.set('lang', lang);
    const url = shown.toString() ? `/history?${shown}` : '/history';
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
      table.replaceChildren(h('p', {}, offset ? t('history-no-more') : t('history-none-match')));
    } else {
      table.replaceChildren(h('table.history', {},
        h('thead', {}, h('tr', {}, [t('history-col-date'), t('history-col-game'), t('history-col-players'), t('history-col-result'), '']
          .map((text) => h('th', { scope: 'col' }, text)))),
        h('tbody', {}, r.games.map((g) => h('tr', { dataset: { game: g.id } },
          // Written by Intl in the page's language, not a sentence of ours.
          h('td.date', { translate: 'no' }, new Date(g.started_at).toLocaleString(intl(), { dateStyle: 'medium', timeStyle: 'short' })),
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
            h('a.replay', { href: `/history/${g.id}`, dataset: { link: '' } }, t('history-replay-link')),
            h('a.download', {
              href: `/api/history/${g.id}/export`,
              // The server names the file (`<id>.pdn`, `.pgn4` for Neva).
              download: '',
              title: g.game === 'neva' ? t('history-download-pgn4') : t('history-download-pdn'),
              // The file format's name, the same in every language.
              translate: 'no',
            }, g.game === 'neva' ? 'PGN4' : 'PDN')))))));
    }
    const kids = [];
    if (offset > 0) kids.push(h('button', { type: 'button', id: 'prev-page', onclick: () => { offset = Math.max(0, offset - PAGE); load(); } }, t('history-page-newer')));
    if (r.games.length) kids.push(h('span.where', { id: 'page-where' }, t('history-page-where', { from: formatNumber(offset + 1), to: formatNumber(offset + r.games.length) })));
    if (r.next_offset !== null && r.next_offset !== undefined) kids.push(h('button', { type: 'button', id: 'next-page', onclick: () => { offset = r.next_offset; load(); } }, t('history-page-older')));
    pager.replaceChildren(...kids);
  }

  load();
}
