// /tournament/{id}: one tournament: what it is and how it works, registration, the countdown
// to the start, the standings and the rounds as they happen (pushed by the server's stream
// `GET /api/tournaments/{id}/live`), and the downloads. The page stays after the end.

import { api, getMe, h } from '../http.js';
import { clockWords } from '../describe.js';
import { seatName } from '../seats.js';
import { playerPath } from '../ratings.js';
import {
  countdownText, formatRules, formatWords, pointsText, stateWords,
  tableResultWords, tiebreakKeys, tiebreakName, tiebreakValue,
} from '../tourney.js';
import { eventGame, startWords } from './eventlist.js';

/** A player's name linking to their page (by `username` when the server gives it, the name otherwise). */
function nameLink(name, id, username, bot = false) {
  if (!name) return h('span', {}, 'someone');
  // Bots have no page.
  if (bot) return h('span.player-name', { dataset: { player: id || '' } }, name);
  return h('a.player-link', { href: playerPath(username || name), dataset: { link: '', player: id || '' } }, name);
}

export function tournamentView(main, id) {
  const title = h('h1', { id: 't-title' }, 'Tournament');
  const what = h('p.event-what', { id: 't-what' });
  const status = h('p.event-status', { id: 't-status', 'aria-live': 'polite' });
  const countdown = h('span.countdown', { id: 'countdown' });
  const myGame = h('p.my-game', { id: 'my-game', hidden: true });
  const actions = h('div.event-actions', { id: 't-actions' });
  const msg = h('p.msg', { role: 'status', id: 't-msg' });
  const standings = h('section.panel', { id: 'standings-box', 'aria-labelledby': 'h-standings' });
  const rounds = h('section.panel', { id: 'rounds-box', 'aria-labelledby': 'h-rounds' });
  const entrants = h('section.panel', { id: 'entrants-box', 'aria-labelledby': 'h-entrants' });
  const rules = h('section.panel.event-rules', { 'aria-labelledby': 'h-how' });
  const downloads = h('p.downloads', {},
    h('a', { href: `/api/tournaments/${id}/standings.csv`, download: '', id: 'csv-link' }, 'Standings (CSV)'), ' · ',
    h('a', { href: `/api/tournaments/${id}/games.pdn`, download: '', id: 'pdn-link' }, 'All games (PDN)'));
  main.append(
    h('p.back', {}, h('a', { href: '/tournaments', dataset: { link: '' } }, '← All tournaments')),
    title, what, status, myGame, actions, msg,
    h('div.event-grid', {}, h('div.event-main', {}, standings, rounds), h('div.event-side', {}, entrants, rules, downloads)));

  let me = null;
  let t = null;
  let partner = null;
  let timer = null;
  let es = null;
  let alive = true;

  getMe().then((m) => {
    me = m;
    if (t) draw();
  }).catch(() => {});

  function tick() {
    if (!t || t.state !== 'registering') {
      countdown.textContent = '';
      return;
    }
    const left = t.starts_at - Date.now();
    countdown.textContent = left > 0 ? `Starts in ${countdownText(left)}` : 'Starting…';
  }

  function draw() {
    title.textContent = t.name;
    what.textContent = [eventGame(t), formatWords(t.format), clockWords(t.time_control), t.rated ? 'rated' : 'casual'].join(' · ');
    status.replaceChildren(
      h('strong', { dataset: { state: t.state } }, stateWords(t)),
      t.state === 'registering' ? ` · ${startWords(t.starts_at)} · ` : '',
      countdown);
    tick();
    drawActions();
    drawMyGame();
    drawStandings();
    drawRounds();
    drawEntrants();
    drawRules();
  }

  const isBot = (player) => (t.entrants || []).some((e) => e.id === player && e.bot);
  const mine = () => (t.entrants || []).find((e) => me && e.id === me.id);

  function drawActions() {
    const entry = mine();
    if (t.state === 'finished') {
      actions.replaceChildren();
      return;
    }
    if (!me?.username) {
      actions.replaceChildren(h('p', {}, 'Tournaments are for accounts. ',
        h('a', { href: '/account', dataset: { link: '' } }, 'Sign in or create an account'), ' to register.'));
      return;
    }
    if (entry && entry.active !== false) {
      actions.replaceChildren(
        h('span.registered', { id: 'registered' }, t.state === 'registering' ? 'You are registered.' : 'You are playing.'),
        ' ',
        h('button', { type: 'button', id: 'leave', onclick: leave }, t.state === 'registering' ? 'Leave' : 'Withdraw'));
      return;
    }
    if (t.state === 'running') {
      // Registration closes at the start, for every format.
      actions.replaceChildren(h('p.help', {}, 'Registration closed when the tournament started.'));
      return;
    }
    const teams = t.format?.kind === 'neva_tables' && t.format.teams;
    if (teams && !partner) {
      partner = h('input', { id: 'partner', maxlength: 20, autocomplete: 'off', placeholder: 'username' });
    }
    actions.replaceChildren(
      teams ? h('label.inline', { for: 'partner' }, 'Partner ', partner) : '',
      teams ? ' ' : '',
      h('button.primary', { type: 'button', id: 'join', onclick: join }, entry ? 'Rejoin' : 'Register'),
      teams ? h('p.help', {}, 'A team event: name your partner (their username); they register too, naming you.') : '');
  }

  function drawMyGame() {
    const last = (t.rounds_played || []).at(-1);
    const table = last && me ? (last.tables || []).find((tb) => !tb.result && (tb.seats || []).some((s) => s.player === me.id)) : null;
    if (table?.room_id) {
      myGame.hidden = false;
      myGame.replaceChildren('Your game is on: ', h('a.button.primary', { href: `/room/${table.room_id}`, dataset: { link: '' }, id: 'my-game-link' }, 'Go to your table'));
    } else {
      myGame.hidden = true;
      myGame.replaceChildren();
    }
  }

  function drawStandings() {
    const rows = t.standings || [];
    const keys = tiebreakKeys(rows);
    standings.replaceChildren(h('h2', { id: 'h-standings' }, t.state === 'finished' ? 'Final standings' : 'Standings'));
    if (!rows.length) {
      standings.append(h('p.empty', {}, t.state === 'registering' ? 'The standings appear when the first round starts.' : 'No results yet.'));
      return;
    }
    standings.append(h('div.table-wrap', {}, h('table.standings', { id: 'standings' },
      h('thead', {}, h('tr', {},
        h('th.num', { scope: 'col' }, '#'),
        h('th', { scope: 'col' }, 'Player'),
        h('th.num', { scope: 'col' }, 'Points'),
        keys.map((k) => h('th.num.tiebreak', { scope: 'col' }, tiebreakName(k))),
        h('th.num', { scope: 'col', title: 'Games played' }, 'Games'),
        h('th.num.wdl', { scope: 'col', title: 'Won, drawn, lost' }, 'W-D-L'))),
      h('tbody', {}, rows.map((s) => h(`tr${me && s.player === me.id ? '.mine' : ''}`, { dataset: { player: s.player } },
        h('td.num.rank', {}, String(s.rank)),
        h('td', {}, nameLink(s.name, s.player, s.username, isBot(s.player))),
        h('td.num.points', {}, pointsText(s.points)),
        keys.map((k) => h('td.num.tiebreak', {}, pointsText(tiebreakValue(s, k)))),
        h('td.num.played', {}, String(s.played ?? '')),
        h('td.num.wdl', {}, `${s.wins ?? 0}-${s.draws ?? 0}-${s.losses ?? 0}`)))))));
  }

  function drawRounds() {
    const list = (t.rounds_played || []).slice().reverse();
    const arena = t.format?.kind === 'arena';
    rounds.replaceChildren(h('h2', { id: 'h-rounds' }, arena ? 'Games' : 'Rounds'));
    if (!list.length) {
      rounds.append(h('p.empty', {}, 'No games yet.'));
      return;
    }
    const names = new Map((t.entrants || []).map((e) => [e.id, e.name]));
    for (const r of list) {
      const box = h('div.round', { dataset: { round: String(r.round) } },
        arena ? null : h('h3', {}, `Round ${r.round}`),
        h('ul.tables', {}, (r.tables || []).map((tb) => h('li.table-row', { dataset: { room: tb.room_id || '' } },
          h('span.table-seats', {}, (tb.seats || []).flatMap((s, i) => [
            i ? h('span.vs', {}, ' – ') : '',
            h(`span.swatch.${s.seat}`, { 'aria-hidden': 'true', title: seatName(s.seat) }),
            ' ',
            nameLink(s.name, s.player, s.username, isBot(s.player)),
          ])),
          h('span.table-result', {}, tableResultWords(tb) || 'Playing'),
          tb.room_id ? h('a.table-room', { href: `/room/${tb.room_id}`, dataset: { link: '' } }, tb.result ? 'Game' : 'Watch') : null))),
        (r.byes || []).length
          ? h('p.byes', {}, 'Sitting out: ', (r.byes || []).map((b) => names.get(b?.player ?? b) || b?.name || 'someone').join(', '))
          : null);
      rounds.append(box);
    }
  }

  function drawEntrants() {
    const list = (t.entrants || []).slice().sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0));
    const names = new Map(list.map((e) => [e.id, e.name]));
    entrants.replaceChildren(h('h2', { id: 'h-entrants' }, `Players (${list.filter((e) => e.active !== false).length})`));
    if (!list.length) {
      entrants.append(h('p.empty', {}, 'Nobody has registered yet.'));
      return;
    }
    entrants.append(h('ul.plain.entrants', { id: 'entrants' }, list.map((e) => h(`li${e.active === false ? '.withdrawn' : ''}`, { dataset: { player: e.id } },
      nameLink(e.name, e.id, e.username, Boolean(e.bot)),
      typeof e.rating === 'number' ? h('small', {}, ` ${Math.round(e.rating)}`) : '',
      e.partner ? h('small', {}, ` with ${names.get(e.partner) || e.partner_name || 'a partner'}`) : '',
      e.active === false ? h('small', {}, ' (withdrawn)') : ''))));
  }

  function drawRules() {
    const noShow = t.no_show_secs ? `If you have not made your first move ${t.no_show_secs} seconds after your first turn comes, you lose that game by forfeit; the tournament goes on.` : null;
    rules.replaceChildren(h('h2', { id: 'h-how' }, 'How it works'),
      ...formatRules(t.format).map((p) => h('p', {}, p)),
      noShow ? h('p', {}, noShow) : '',
      h('p', {}, t.rated ? 'Games are rated: they change your rating as any rated game does.' : 'Games are casual: ratings do not change.'));
  }

  async function join() {
    msg.textContent = '';
    msg.className = 'msg';
    const body = {};
    if (partner?.value.trim()) body.partner = partner.value.trim();
    try {
      const r = await api(`/api/tournaments/${id}/join`, { method: 'POST', body });
      if (r && r.id === id) show(r);
    } catch (e) {
      msg.textContent = e.message;
      msg.className = 'msg error';
    }
  }

  async function leave() {
    msg.textContent = '';
    msg.className = 'msg';
    try {
      const r = await api(`/api/tournaments/${id}/leave`, { method: 'POST' });
      if (r && r.id === id) show(r);
    } catch (e) {
      msg.textContent = e.message;
      msg.className = 'msg error';
    }
  }

  function show(next) {
    if (!alive || !next) return;
    t = next;
    draw();
  }

  // The first answer, then the stream: a snapshot and a new body whenever standings or
  // pairings change. The stream reconnects by itself after a cut (EventSource does).
  api(`/api/tournaments/${id}`).then(show).catch((e) => {
    if (!alive || t) return;
    title.textContent = e.status === 404 ? 'No such tournament' : 'This tournament did not load';
    status.textContent = e.status === 404 ? 'It may have been deleted, or the address is wrong.' : e.message;
  });
  es = new EventSource(`/api/tournaments/${id}/live`);
  const onEvent = (e) => {
    try {
      const body = JSON.parse(e.data);
      show(body.tournament && body.tournament.id ? body.tournament : body);
    } catch {
      // A broken event is skipped; the next one carries the whole tournament again.
    }
  };
  es.addEventListener('snapshot', onEvent);
  es.addEventListener('tournament', onEvent);
  timer = setInterval(tick, 1000);

  return {
    destroy() {
      alive = false;
      clearInterval(timer);
      es?.close();
    },
  };
}
