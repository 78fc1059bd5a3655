// /leaderboard: the best settled ratings of each pool, ranked, and apart from them the
// provisional ones, one tab per pool (`?pool=<key>` keeps the tab in the address, so a
// reload or a shared link shows the same one).

import { api, h } from '../http.js';
import {
  POOLS, poolByKey, playerPath, progressText, deviationText, ratingText,
  provisionalWords, opponentLimitWords, PROVISIONAL_DEVIATION, RATED_GAMES_PER_OPPONENT_PER_DAY,
} from '../ratings.js';

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
    h('p', {}, 'The best players of each game by rating. Settled ratings are ranked; provisional ones are listed apart.'),
    h('details', {}, h('summary', {}, 'How ratings work'), rulesList));
  // The server's own figures once a board has loaded; these until then.
  const explain = (deviation, games) => {
    rulesList.replaceChildren(
      h('li', {}, provisionalWords(deviation)),
      h('li', {}, opponentLimitWords(games)),
      h('li', {}, 'Progress is the change over the last 30 days.'));
  };
  explain(PROVISIONAL_DEVIATION, RATED_GAMES_PER_OPPONENT_PER_DAY);
  main.append(
    h('h1', {}, 'Leaderboard'),
    rules,
    h('div.tabs', { role: 'tablist', 'aria-label': 'Rating pools' }, tabs),
    panel);

  let turn = 0;
  async function show(p) {
    pool = p;
    for (const t of tabs) {
      const on = t.dataset.pool === p.key;
      t.setAttribute('aria-selected', String(on));
      t.tabIndex = on ? 0 : -1;
    }
    panel.setAttribute('aria-labelledby', `tab-${p.key}`);
    const url = p === POOLS[0] ? '/leaderboard' : `/leaderboard?pool=${p.key}`;
    if (url !== location.pathname + location.search) history.replaceState(null, '', url);
    const mine = ++turn;
    panel.replaceChildren(h('p', {}, 'Loading…'));
    try {
      const r = await api(`/api/leaderboard/${p.game}?mode=${encodeURIComponent(p.mode)}`);
      if (mine !== turn) return;
      explain(r.provisional_deviation ?? PROVISIONAL_DEVIATION, r.rated_games_per_opponent_per_day ?? RATED_GAMES_PER_OPPONENT_PER_DAY);
      render(r.players || [], r.provisional || []);
    } catch (e) {
      if (mine !== turn) return;
      panel.replaceChildren(h('p.error', {}, `The leaderboard did not load: ${e.message}`));
    }
  }

  function render(players, provisional) {
    const settled = players.length
      ? table('leaderboard', players, true)
      : h('p.empty', {}, `Nobody has a settled ${pool.name} rating yet.`);
    const parts = [h('h2', { id: 'lb-settled' }, 'Settled'), settled];
    if (provisional.length) {
      parts.push(h('h2', { id: 'lb-provisional' }, 'Provisional'), table('leaderboard.provisional', provisional, false));
    } else if (!players.length) {
      parts.push(h('p.empty', {}, 'Play rated games to be the first.'));
    }
    panel.replaceChildren(...parts);
  }

  /** The table of `players`, ranked (settled) or not (provisional, in rating order). */
  function table(cls, players, ranked) {
    return h('div.table-wrap', {}, h(`table.${cls}`, { dataset: { pool: pool.key } },
      h('thead', {}, h('tr', {},
        ranked ? h('th.num', { scope: 'col' }, '#') : null,
        h('th', { scope: 'col' }, 'Player'),
        h('th.num', { scope: 'col' }, 'Rating'),
        h('th.num', { scope: 'col' }, 'Games'),
        h('th.num', { scope: 'col' }, 'Progress'))),
      h('tbody', {}, players.map((p) => {
        const progress = progressText(p.progress);
        return h('tr', { dataset: { player: p.name } },
          ranked ? h('td.num.rank', {}, String(p.rank)) : null,
          h('td', {}, h('a.player-link', { href: playerPath(p.name), dataset: { link: '' } }, p.name)),
          h('td.num.rating', {}, ratingText(p), ' ', h('small.dev', {}, deviationText(p))),
          h('td.num', {}, String(p.games)),
          h(`td.num.progress${progress.startsWith('+') ? '.up' : progress.startsWith('−') ? '.down' : ''}`, {}, progress));
      }))));
  }

  show(pool);
}
