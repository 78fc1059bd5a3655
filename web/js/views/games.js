// /games: every room where you hold a seat and the game is not over, the ones waiting for
// your move first, each with the time left for the move under way. Read from
// `GET /api/me/games`, and again whenever the server pushes a new count (mygames.js).

import { api, h } from '../http.js';
import { GAME_NAME, durationWords, seatName } from '../seats.js';
import { clockWords, personName } from '../describe.js';
import { GAMES_EVENT } from '../mygames.js';
import { t } from '../i18n.js';

/** The list as shown: the games waiting for your move first, each part newest move first. */
export function sortGames(games) {
  const list = Array.isArray(games) ? [...games] : [];
  return list.sort((a, b) => (Number(b.my_turn) - Number(a.my_turn)) || (b.last_move_at - a.last_move_at));
}

/** The time left for the move under way, in days and hours: "2 days 5 hours left". */
export function deadlineWords(deadline, now) {
  if (deadline === null || deadline === undefined) return '';
  const left = deadline - now;
  if (left <= 0) return t('history-games-time-up');
  return t('history-games-left', { time: durationWords(left) });
}

/** "Your turn", "Waiting for Ann", "Waiting for players", "Waiting for the start". */
export function statusWords(g) {
  if (g.state === 'waiting') return g.opponents?.length ? t('history-games-waiting-start') : t('history-games-waiting-players');
  if (g.my_turn) return t('history-games-your-turn');
  const names = (g.opponents || []).map((n) => personName(n));
  return names.length === 1 ? t('history-games-waiting-for', { name: names[0] }) : t('history-games-waiting-others');
}

/** "Stockholm checkers (Brazilian)", "Neva checkers (teams)". */
function gameWords(g) {
  const name = GAME_NAME[g.game] || g.game;
  const mode = { brazilian: 'history-games-mode-brazilian', teams: 'history-games-mode-teams' }[g.mode];
  return mode ? t('history-games-game-mode', { game: name, mode: t(mode) }) : name;
}

function gameRow(g, now) {
  const against = (g.opponents || []).map((n) => personName(n));
  const status = statusWords(g);
  const deadline = deadlineWords(g.deadline_ms, now);
  return h(`li.mygame${g.my_turn ? '.mine' : ''}`, { dataset: { room: g.room_id, myTurn: String(Boolean(g.my_turn)) } },
    h('div.mygame-what', {},
      h('strong', {}, gameWords(g)),
      h('span.mygame-who', {}, against.length ? t('history-games-against', { names: against.join(', '), count: against.length }) : t('history-games-no-opponent'),
        ` · ${t('history-games-you-play', { seat: seatName(g.seat) })} · ${clockWords(g.time_control)}`)),
    h('div.mygame-when', {},
      h(`span.mygame-status${g.my_turn ? '.turn' : ''}`, {}, status),
      deadline ? h('span.mygame-deadline', { dataset: { deadline: String(g.deadline_ms) } }, deadline) : null),
    h(`a.button${g.my_turn ? '.primary' : ''}`, { href: `/room/${g.room_id}`, dataset: { link: '' }, 'aria-label': t(g.my_turn ? 'history-games-play-label' : 'history-games-open-label', { game: gameWords(g) }) },
      g.my_turn ? t('history-games-play') : t('history-games-open')));
}

export function gamesView(main) {
  let alive = true;
  const list = h('div', { id: 'mygames-list', 'aria-live': 'polite' });
  const msg = h('p.msg', { role: 'status' });
  main.append(h('h1', {}, t('history-games-title')),
    h('p.help', {}, t('history-games-help')),
    msg, list);

  async function load() {
    let r;
    try {
      r = await api('/api/me/games');
    } catch (e) {
      if (alive) msg.textContent = t('history-games-load-failed', { error: e.message });
      return;
    }
    if (!alive) return;
    msg.textContent = '';
    const games = sortGames(r.games);
    if (!games.length) {
      list.replaceChildren(h('p.empty', {}, `${t('history-games-none')} `,
        h('a', { href: '/', dataset: { link: '' } }, t('history-games-start-one')), '.'));
      return;
    }
    const now = Date.now();
    list.replaceChildren(h('ul.mygames', {}, games.map((g) => gameRow(g, now))));
  }

  // The time left is counted down between loads, a minute at a time.
  function tick() {
    const now = Date.now();
    for (const d of list.querySelectorAll('.mygame-deadline')) {
      d.textContent = deadlineWords(Number(d.dataset.deadline), now);
    }
  }
  const timer = setInterval(tick, 30_000);
  const onCounts = () => load();
  window.addEventListener(GAMES_EVENT, onCounts);
  load();
  return {
    destroy() {
      alive = false;
      clearInterval(timer);
      window.removeEventListener(GAMES_EVENT, onCounts);
    },
  };
}
