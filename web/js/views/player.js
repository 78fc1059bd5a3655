// /@/{name}: a player's page: ratings per pool (with `?` while provisional), the rating
// history graph of the chosen pool, results by game, tournaments, and the games with
// filters (from the history API, a page at a time).

import { api, h } from '../http.js';
import { GAME_NAME, SEATS, seatName } from '../seats.js';
import { personName } from '../describe.js';
import { poolOf, ratingText, deviationText, ratingRules, provisionalWords, opponentLimitWords } from '../ratings.js';
import { stateWords } from '../tourney.js';
import { ratingGraph } from '../widgets/ratinggraph.js';
import { resultWords } from './history.js';
import { t, formatNumber, language, need, PSEUDO } from '../i18n.js';

const PAGE = 15;

function when(ms) {
  return new Date(ms).toLocaleDateString(language() === PSEUDO ? 'en' : language(), { dateStyle: 'medium' });
}

/**
 * The page shows the games' results in the history's words and the tournaments' states in
 * theirs: both files are loaded before anything is drawn.
 */
export function playerView(main, rawName) {
  let view = null;
  let gone = false;
  need('history.ftl', 'tournaments.ftl').then(() => {
    if (!gone) view = drawPlayer(main, rawName);
  });
  return {
    destroy() {
      gone = true;
      view?.destroy();
    },
  };
}

function drawPlayer(main, rawName) {
  let name = rawName;
  try {
    name = decodeURIComponent(rawName);
  } catch {
    // A malformed escape: the name is looked up as written.
  }
  const head = h('div.player-head', {}, h('h1', { translate: 'no' }, name));
  main.append(head, h('p', { id: 'player-loading' }, t('players-loading')));
  let alive = true;
  let onResize = null;

  (async () => {
    let p;
    try {
      p = await api(`/api/players/${encodeURIComponent(name)}`);
    } catch (e) {
      if (!alive) return;
      main.querySelector('#player-loading')?.remove();
      main.append(e.status === 404
        ? h('p', { id: 'player-missing' }, t('players-missing', { name }))
        : h('p.error', {}, t('players-failed', { error: e.message })));
      return;
    }
    if (!alive) return;
    main.querySelector('#player-loading')?.remove();
    head.replaceChildren(
      h('h1', { id: 'player-name', translate: 'no' }, p.name),
      h('p.help', {}, [
        p.created_at ? t('players-since', { date: when(p.created_at) }) : null,
        p.role === 'admin' ? ` · ${t('players-admin')}` : null,
      ].filter(Boolean)));
    const ratings = ratingsSection(p);
    main.append(h('div.player-grid', {},
      ratings.el,
      resultsSection(p),
      tournamentsSection(p),
      gamesSection(p)));
    onResize = ratings.redraw;
    window.addEventListener('resize', onResize);
  })();

  return {
    destroy() {
      alive = false;
      if (onResize) window.removeEventListener('resize', onResize);
    },
  };
}

/** The ratings as cards (each picks its pool for the graph), the graph and what it means. */
function ratingsSection(p) {
  const ratings = (p.ratings || []).filter((r) => r && typeof r.rating === 'number');
  const history = p.history || [];
  const section = h('section.panel.player-ratings', { 'aria-labelledby': 'h-ratings' }, h('h2', { id: 'h-ratings' }, t('players-ratings')));
  if (!ratings.length) {
    section.append(h('p.empty', { id: 'no-ratings' }, t('players-no-ratings')));
    return { el: section, redraw: () => {} };
  }
  // The pool with the most games is shown first.
  let chosen = ratings.reduce((a, b) => ((b.games || 0) > (a.games || 0) ? b : a));
  const graphBox = h('div.graph-box', { id: 'rating-graph' });
  const rulesText = h('p.help', { id: 'rating-rules' });
  const cards = ratings.map((r) => {
    const pool = poolOf(r.game, r.mode);
    return h('button.rating-card', {
      type: 'button',
      dataset: { pool: pool.key },
      'aria-pressed': String(r === chosen),
      onclick: () => {
        chosen = r;
        for (const c of cards) c.setAttribute('aria-pressed', String(c.dataset.pool === pool.key));
        draw();
      },
    },
    h('span.pool-name', {}, pool.name),
    h('strong.rating', { title: r.provisional ? t('players-provisional-title') : null, dataset: { provisional: String(Boolean(r.provisional)) } }, ratingText(r)),
    h('span.rating-meta', {}, [
      deviationText(r),
      t('players-games-count', { count: r.games }),
      r.rank ? `#${formatNumber(r.rank)}` : null,
    ].filter(Boolean).join(' · ')));
  });

  function draw() {
    const pool = poolOf(chosen.game, chosen.mode);
    const series = history.find((s) => s.game === chosen.game && s.mode === chosen.mode)?.points || [];
    const width = graphBox.clientWidth || section.clientWidth || 600;
    graphBox.replaceChildren(h('h3', {}, t('players-pool-rating', { pool: pool.name })), ratingGraph(series, pool.name, width));
    graphBox.dataset.pool = pool.key;
    rulesText.textContent = `${ratingRules(pool)} ${provisionalWords()} ${opponentLimitWords()}`;
  }

  section.append(h('div.rating-cards', { role: 'group', 'aria-label': t('players-pick-rating') }, cards), graphBox, rulesText);
  // Drawn once the section is in the page, at the width it is shown.
  requestAnimationFrame(draw);
  let last = 0;
  return {
    el: section,
    redraw: () => {
      const w = graphBox.clientWidth;
      if (Math.abs(w - last) > 40) {
        last = w;
        draw();
      }
    },
  };
}

function resultsSection(p) {
  const rows = (p.results || []).filter((r) => r.wins + r.draws + r.losses > 0);
  return h('section.panel.player-results', { 'aria-labelledby': 'h-results' },
    h('h2', { id: 'h-results' }, t('players-results')),
    rows.length
      ? h('div.table-wrap', {}, h('table.results', { id: 'results' },
        h('thead', {}, h('tr', {}, [t('players-col-game'), t('players-col-won'), t('players-col-drawn'), t('players-col-lost')]
          .map((text, i) => h(i ? 'th.num' : 'th', { scope: 'col' }, text)))),
        h('tbody', {}, rows.map((r) => h('tr', { dataset: { game: r.game } },
          h('td', {}, GAME_NAME[r.game] || r.game),
          h('td.num', {}, formatNumber(r.wins)),
          h('td.num', {}, formatNumber(r.draws)),
          h('td.num', {}, formatNumber(r.losses)))))))
      : h('p.empty', {}, t('players-no-results')));
}

function tournamentsSection(p) {
  const list = p.tournaments || [];
  return h('section.panel.player-tournaments', { 'aria-labelledby': 'h-tournaments' },
    h('h2', { id: 'h-tournaments' }, t('players-tournaments')),
    list.length
      ? h('ul.plain', { id: 'player-tournaments' }, list.map((e) => h('li', {},
        h('a', { href: `/tournament/${e.id}`, dataset: { link: '' }, translate: 'no' }, e.name),
        ' ', h('small', {}, [GAME_NAME[e.game] || e.game, stateWords(e), e.rank ? t('players-placed', { place: e.rank }) : null]
          .filter(Boolean).join(' · ')))))
      : h('p.empty', {}, t('players-no-tournaments')));
}

/** The player's games, newest first, filtered by game and result, a page at a time. */
function gamesSection(p) {
  const who = p.id || p.name;
  const game = h('select', { id: 'pg-game', 'aria-label': t('players-col-game') }, h('option', { value: '' }, t('players-all-games')),
    Object.entries(GAME_NAME).map(([k, v]) => h('option', { value: k }, v)));
  const result = h('select', { id: 'pg-result', 'aria-label': t('players-result') },
    [['', 'players-any-result'], ['win', 'players-col-won'], ['loss', 'players-col-lost'], ['draw', 'players-col-drawn']]
      .map(([k, v]) => h('option', { value: k }, t(v))));
  const list = h('div', { id: 'player-games', 'aria-live': 'polite' });
  const pager = h('nav.pager', { 'aria-label': t('players-pages') });
  let offset = 0;
  let turn = 0;

  async function load() {
    const q = new URLSearchParams({ player: who, limit: String(PAGE) });
    if (game.value) q.set('game', game.value);
    if (result.value) q.set('result', result.value);
    if (offset) q.set('offset', String(offset));
    const mine = ++turn;
    try {
      const r = await api(`/api/history?${q}`);
      if (mine !== turn) return;
      render(r);
    } catch (e) {
      if (mine !== turn) return;
      list.replaceChildren(h('p.error', {}, e.message));
      pager.replaceChildren();
    }
  }

  function render(r) {
    const games = r.games || [];
    list.replaceChildren(games.length
      ? h('table.history', {}, h('tbody', {}, games.map((g) => h('tr', { dataset: { game: g.id } },
        // Written by Intl in the page's language, not a sentence of ours.
        h('td.date', { translate: 'no' }, when(g.started_at)),
        h('td.game', {}, GAME_NAME[g.game] || g.game),
        h('td.names', {}, SEATS.filter((k) => g.seats?.[k]).flatMap((k, i) => [
          i ? ', ' : '',
          h('span.player', {},
            // A person's name is theirs in every language; a computer player's is in words.
            h((g.winners || []).includes(k) ? 'strong.won' : 'span', { translate: personName(g.seats[k]) === g.seats[k] ? 'no' : null },
              personName(g.seats[k])),
            h('small.seat-word', {}, ` (${seatName(k)})`)),
        ])),
        h('td.result', {}, resultWords(g)),
        h('td.links', {}, h('a.replay', { href: `/history/${g.id}`, dataset: { link: '' } }, t('history-replay-link')))))))
      : h('p.empty', {}, offset ? t('history-no-more') : t('history-none-match')));
    const kids = [];
    if (offset > 0) kids.push(h('button', { type: 'button', onclick: () => { offset = Math.max(0, offset - PAGE); load(); } }, t('history-page-newer')));
    if (games.length) {
      kids.push(h('span.where', {}, t('history-page-where', { from: formatNumber(offset + 1), to: formatNumber(offset + games.length) })));
    }
    if (r.next_offset !== null && r.next_offset !== undefined) kids.push(h('button', { type: 'button', onclick: () => { offset = r.next_offset; load(); } }, t('history-page-older')));
    pager.replaceChildren(...kids);
  }

  const refilter = () => {
    offset = 0;
    load();
  };
  game.addEventListener('change', refilter);
  result.addEventListener('change', refilter);
  load();
  return h('section.panel.player-games', { 'aria-labelledby': 'h-games' },
    h('h2', { id: 'h-games' }, t('players-games')),
    h('div.filters', {}, h('label', {}, `${t('players-col-game')} `, game), h('label', {}, `${t('players-result')} `, result)),
    list, pager);
}
