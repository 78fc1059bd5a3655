// /leaderboard: the best settled ratings of each pool, ranked, and apart from them the
// provisional ones, one tab per pool (`?pool=<key>` keeps the tab in the address, so a
// reload or a shared link shows the same one).

import { api, h } from '../http.js';
import {
  POOLS, poolByKey, playerPath, progressText, deviationText, ratingText,
  provisionalWords, opponentLimitWords, PROVISIONAL_DEVIATION, RATED_GAMES_PER_OPPONENT_PER_DAY,
} from '../ratings.js';
import { t, formatNumber } from '../i18n.js';

export function leaderboardView(main, params) {
  let pool = poolByKey(params?.get('pool'));
  const panel = h('div.lb-panel', { id: 'lb-panel', role: 'tabpanel', 'aria-live': 'polite' });
  const tabs = POOLS.map((p) => h('button.tab', {
    type: 'button',
    role: 'tab',
    id: `tab-${p.key}`,
    dataset: { pool: p.key },
    'aria-controls': 'lb-panel',
    onclick: () => show(p),
    onkeydown: (e) => {
      // Arrow keys move between tabs, as in any tab list.
      const i = POOLS.indexOf(p);
      const j = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : null;
      if (j === null) return;
      e.preventDefault();
      const next = POOLS[(j + POOLS.length) % POOLS.length];
      show(next);
      tabs[POOLS.indexOf(next)].focus();
    },
  }, p.name));
  // One line to read, the rules behind a summary: on a phone the whole text was a wall.
  const rulesList = h('ul');
  const rules = h('div.help', { id: 'lb-rules' },
    h('p', {}, t('players-lb-intro')),
    h('details', {}, h('summary', {}, t('players-lb-how')), rulesList));
  // The server's own figures once a board has loaded; these until then.
  const explain = (deviation, games) => {
    rulesList.replaceChildren(
      h('li', {}, provisionalWords(deviation)),
      h('li', {}, opponentLimitWords(games)),
      h('li', {}, t('players-lb-progress-means', { days: 30 })));
  };
  explain(PROVISIONAL_DEVIATION, RATED_GAMES_PER_OPPONENT_PER_DAY);
  main.append(
    h('h1', {}, t('players-lb-title')),
    rules,
    h('div.tabs', { role: 'tablist', 'aria-label': t('players-lb-pools') }, tabs),
    panel);

  let turn = 0;
  async function show(p) {
    pool = p;
    for (const tab of tabs) {
      const on = tab.dataset.pool === p.key;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
    }
    panel.setAttribute('aria-labelledby', `tab-${p.key}`);
    const q = new URLSearchParams();
    if (p !== POOLS[0]) q.set('pool', p.key);
    // A language named in the address stays there, so a reload reads the same words.
    const lang = new URLSearchParams(location.search).get('lang');
    if (lang) q.set('lang', lang);
    const url = q.toString() ? `/leaderboard?${q}` : '/leaderboard';
    if (url !== location.pathname + location.search) history.replaceState(null, '', url);
    const mine = ++turn;
    panel.replaceChildren(h('p', {}, t('players-loading')));
    try {
      const r = await api(`/api/leaderboard/${p.game}?mode=${encodeURIComponent(p.mode)}`);
      if (mine !== turn) return;
      explain(r.provisional_deviation ?? PROVISIONAL_DEVIATION, r.rated_games_per_opponent_per_day ?? RATED_GAMES_PER_OPPONENT_PER_DAY);
      render(r.players || [], r.provisional || []);
    } catch (e) {
      if (mine !== turn) return;
      panel.replaceChildren(h('p.error', {}, t('players-lb-failed', { error: e.message })));
    }
  }

  function render(players, provisional) {
    const settled = players.length
      ? table('leaderboard', players, true)
      : h('p.empty', {}, t('players-lb-nobody', { pool: pool.name }));
    const parts = [h('h2', { id: 'lb-settled' }, t('players-lb-settled')), settled];
    if (provisional.length) {
      parts.push(h('h2', { id: 'lb-provisional' }, t('players-lb-provisional')), table('leaderboard.provisional', provisional, false));
    } else if (!players.length) {
      parts.push(h('p.empty', {}, t('players-lb-be-first')));
    }
    panel.replaceChildren(...parts);
  }

  /** The table of `players`, ranked (settled) or not (provisional, in rating order). */
  function table(cls, players, ranked) {
    return h('div.table-wrap', {}, h(`table.${cls}`, { dataset: { pool: pool.key } },
      h('thead', {}, h('tr', {},
        ranked ? h('th.num', { scope: 'col' }, '#') : null,
        h('th', { scope: 'col' }, t('players-col-player')),
        h('th.num', { scope: 'col' }, t('players-col-rating')),
        h('th.num', { scope: 'col' }, t('players-col-games')),
        h('th.num', { scope: 'col' }, t('players-col-progress')))),
      h('tbody', {}, players.map((p) => {
        const progress = progressText(p.progress);
        return h('tr', { dataset: { player: p.name } },
          ranked ? h('td.num.rank', {}, formatNumber(p.rank)) : null,
          h('td', {}, h('a.player-link', { href: playerPath(p.name), dataset: { link: '' }, translate: 'no' }, p.name)),
          h('td.num.rating', {}, ratingText(p), ' ', h('small.dev', {}, deviationText(p))),
          h('td.num', {}, formatNumber(p.games)),
          h(`td.num.progress${progress.startsWith('+') ? '.up' : progress.startsWith('−') ? '.down' : ''}`, {}, progress));
      }))));
  }

  show(pool);
}
