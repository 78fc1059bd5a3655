// /tournament/{id}: one tournament: what it is and how it works, registration, the countdown
// to the start, the standings and the rounds as they happen (pushed by the server's stream
// `GET /api/tournaments/{id}/live`), and the downloads. The page stays after the end. Each
// part (tournament/) draws its piece from the tournament as last received; this view keeps
// it, listens to the stream and redraws.

import { api, getMe, h } from '../http.js';
import { t as tr } from '../i18n.js';
import { navigate } from '../router.js';
import { createHead, createMyGame } from '../tournament/head.js';
import { createActions } from '../tournament/actions.js';
import { createOrganise } from '../tournament/organise.js';
import { newGameFor } from '../tournament/show.js';
import { createStandings, createRounds } from '../tournament/standings.js';
import { createEntrants, createRules, downloads } from '../tournament/side.js';

export function tournamentView(main, id) {
  let me = null;
  let t = null;
  let alive = true;

  const show = (next) => {
    if (!alive || !next) return;
    // A round that pairs this player takes them to their game while the page is open.
    const room = newGameFor(t, next, me);
    t = next;
    if (room) {
      navigate(`/room/${room}`);
      return;
    }
    draw();
  };
  const head = createHead();
  const myGame = createMyGame();
  const actions = createActions({ id, show });
  const organise = createOrganise({ id, show });
  const standings = createStandings();
  const rounds = createRounds();
  const entrants = createEntrants();
  const rules = createRules();
  main.append(
    h('p.back', {}, h('a', { href: '/tournaments', dataset: { link: '' } }, tr('tournaments-all'))),
    ...head.els, myGame.el, ...actions.els, organise.el,
    h('div.event-grid', {}, h('div.event-main', {}, standings.el, rounds.el), h('div.event-side', {}, entrants.el, rules.el, downloads(id))));

  function draw() {
    head.render(t);
    head.tick(t, Date.now());
    actions.render(t, me);
    organise.render(t, me);
    myGame.render(t, me);
    standings.render(t, me);
    rounds.render(t);
    entrants.render(t);
    rules.render(t);
  }

  getMe().then((m) => {
    me = m;
    if (t) draw();
  }).catch(() => {});

  // The first answer, then the stream: a snapshot and a new body whenever standings or
  // pairings change. The stream reconnects by itself after a cut (EventSource does).
  api(`/api/tournaments/${id}`).then(show).catch((e) => {
    if (!alive || t) return;
    head.failed(e);
  });
  const es = new EventSource(`/api/tournaments/${id}/live`);
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
  es.addEventListener('cancelled', () => {
    es.close();
    if (alive) head.cancelled();
  });
  // Past its start an event still shown as registering is read again every few seconds:
  // the stream's word of the first round is what moves the page on, and should that word
  // be missed the page must not wait at "Starting..." for ever.
  let lastRead = 0;
  const timer = setInterval(() => {
    const now = Date.now();
    head.tick(t, now);
    if (t && t.state === 'registering' && now >= t.starts_at && now - lastRead >= 3000) {
      lastRead = now;
      api(`/api/tournaments/${id}`).then((body) => { if (alive) show(body); }).catch(() => {});
    }
  }, 1000);

  return {
    destroy() {
      alive = false;
      clearInterval(timer);
      es.close();
    },
  };
}
