// /games: every room where you hold a seat and the game is not over, the ones waiting for
// your move first, each with the time left for the move under way. Read from
// `GET /api/me/games`, and again whenever the server pushes a new count (mygames.js).

import { api, h } from '../http.js';
import { GAME_NAME, durationWords, seatName } from '../seats.js';
import { clockWords, personName } from '../describe.js';
import { GAMES_EVENT } from '../mygames.js';

/** The list as shown: the games waiting for your move first, each part newest move first. */
export function sortGames(games) {
  const list = Array.isArray(games) ? [...games] : [];
  return list.sort((a, b) => (Number(b.my_turn) - Number(a.my_turn)) || (b.last_move_at - a.last_move_at));
}

/** The time left for the move under way, in days and hours: "2 days 5 hours left". */
export function deadlineWords(deadline, now) {
  if (deadline === null || deadline === undefined) return '';
  const left = deadline - now;
  if (left <= 0) return 'Time is up';
  return `${durationWords(left)} left`;
}

/** "Your turn", "Waiting for Ann", "Waiting for players", "Waiting for the start". */
export function statusWords(g) {
  if (g.state === 'waiting') return g.opponents?.length ? 'Waiting for the start' : 'Waiting for players';
  if (g.my_turn) return 'Your turn';
  const names = (g.opponents || []).map((n) => personName(n));
  return names.length === 1 ? `Waiting for ${names[0]}` : 'Waiting for the others';
}

/** "Stockholm checkers (Brazilian)", "Neva checkers (teams)". */
function gameWords(g) {
  const name = GAME_NAME[g.game] || g.game;
  const mode = { brazilian: 'Brazilian', teams: 'teams' }[g.mode];
  return mode ? `${name} (${mode})` : name;
}

function gameRow(g, now) {
  const against = (g.opponents || []).map((n) => personName(n));
  const status = statusWords(g);
  const deadline = deadlineWords(g.deadline_ms, now);
  return h(`li.mygame${g.my_turn ? '.mine' : ''}`, { dataset: { room: g.room_id, myTurn: String(Boolean(g.my_turn)) } },
    h('div.mygame-what', {},
      h('strong', {}, gameWords(g)),
      h('span.mygame-who', {}, against.length ? `against ${against.join(', ')}` : 'no opponent yet',
        ` · you play ${seatName(g.seat)} · ${clockWords(g.time_control)}`)),
    h('div.mygame-when', {},
      h(`span.mygame-status${g.my_turn ? '.turn' : ''}`, {}, status),
      deadline ? h('span.mygame-deadline', { dataset: { deadline: String(g.deadline_ms) } }, deadline) : null),
    h(`a.button${g.my_turn ? '.primary' : ''}`, { href: `/room/${g.room_id}`, dataset: { link: '' }, 'aria-label': `${g.my_turn ? 'Play' : 'Open'}: ${gameWords(g)}` },
      g.my_turn ? 'Play' : 'Open'));
}

export function gamesView(main) {
  let alive = true;
  const list = h('div', { id: 'mygames-list', 'aria-live': 'polite' });
  const msg = h('p.msg', { role: 'status' });
  main.append(h('h1', {}, 'Your games'),
    h('p.help', {}, 'Every game you sit in that is not over yet; the ones waiting for your move come first.'),
    msg, list);

  async function load() {
    let r;
    try {
      r = await api('/api/me/games');
    } catch (e) {
      if (alive) msg.textContent = `Cannot load your games: ${e.message}`;
      return;
    }
    if (!alive) return;
    msg.textContent = '';
    const games = sortGames(r.games);
    if (!games.length) {
      list.replaceChildren(h('p.empty', {}, 'No game under way. ',
        h('a', { href: '/', dataset: { link: '' } }, 'Start one in the lobby'), '.'));
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
