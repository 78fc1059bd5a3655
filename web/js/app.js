// The router: one page, views swapped by path with history.pushState. Views never import
// this module: they navigate with router.js and show the banner with banner.js.
//
// Only the lobby (the page most visits open) is loaded with the page; every other view is
// fetched when its path is first shown, so the front page does not download the room, the
// board and the replay.

import { api, getMe, forgetMe, setName, h } from './http.js';
import { navigate } from './router.js';
import { banner } from './banner.js';
import { OUTAGE_EVENT, Recovery } from './recovering.js';
import { lobbyView } from './views/lobby.js';
import { watchMyGames, stopMyGames } from './mygames.js';
import { applySettings } from './settings.js';
import { startI18n, t, languageSwitch, need, language, choose, storedLanguage } from './i18n.js';

// The stored colour scheme and board theme, before any view draws.
applySettings();
// The reader's language, before any word is drawn.
await startI18n();
// A member's pick is also the account's language (its other devices, its mails).
document.getElementById('lang-switch')?.replaceChildren(languageSwitch(async (tag) => {
  const me = await getMe().catch(() => null);
  if (me?.username) await api('/api/me', { method: 'PATCH', body: { language: tag } });
}));

/**
 * Reads the page again in the account's language when it has one and this browser reads
 * another (a fresh device, a login), unless the address asks for a language. Only once
 * the choice is stored: where storage is off, the next load would pick the same again.
 */
function followAccountLanguage(me) {
  if (!me.language || me.language === language()) return false;
  if (new URLSearchParams(location.search).has('lang')) return false;
  choose(me.language);
  if (storedLanguage() !== me.language) return false;
  location.reload();
  return true;
}

// path pattern -> a function giving the view (at once, or once its module has loaded), and
// the view's own Fluent files (web/locales/<tag>/), loaded beside its module.
const routes = [
  [/^\/$/, () => lobbyView, []],
  [/^\/room\/([\w-]+)$/, () => import('./views/room.js').then((m) => m.roomView), ['room.ftl']],
  [/^\/history$/, () => import('./views/history.js').then((m) => m.historyView), ['history.ftl']],
  [/^\/games$/, () => import('./views/games.js').then((m) => m.gamesView), ['history.ftl']],
  [/^\/history\/([\w-]+)$/, () => import('./views/replay.js').then((m) => m.replayView), ['history.ftl']],
  [/^\/join\/(\w+)$/, () => import('./views/join.js').then((m) => m.joinView), ['account.ftl']],
  [/^\/account$/, () => import('./views/account.js').then((m) => m.accountView), ['account.ftl']],
  [/^\/admin$/, () => import('./views/admin.js').then((m) => m.adminView), ['admin.ftl']],
  [/^\/rules\/(\w+)$/, () => import('./views/rules.js').then((m) => m.rulesView), ['learn.ftl']],
  [/^\/leaderboard$/, () => import('./views/leaderboard.js').then((m) => m.leaderboardView), ['players.ftl']],
  [/^\/@\/([^/]+)$/, () => import('./views/player.js').then((m) => m.playerView), ['players.ftl']],
  [/^\/tournaments$/, () => import('./views/tournaments.js').then((m) => m.tournamentsView), ['tournaments.ftl']],
  [/^\/tournament\/([\w-]+)$/, () => import('./views/tournament.js').then((m) => m.tournamentView), ['tournaments.ftl']],
];

let current = null;
// Counts route() calls: a view that finishes loading after the reader moved on is not shown.
let shown = 0;

async function route() {
  if (current?.destroy) current.destroy();
  current = null;
  const turn = ++shown;
  const main = document.getElementById('main');
  main.replaceChildren();
  banner(null);
  const path = location.pathname;
  for (const [re, load, files] of routes) {
    const m = re.exec(path);
    if (!m) continue;
    let view;
    try {
      [view] = await Promise.all([load(), need(...files)]);
    } catch {
      if (turn !== shown) return;
      main.append(h('h1', {}, t('shell-view-failed')),
        h('p', {}, `${t('shell-view-failed-why')} `, h('a', { href: path, dataset: { link: '' } }, t('shell-try-again'))));
      return;
    }
    // The reader went elsewhere while the module loaded.
    if (turn !== shown) return;
    // A view gets its path's parts, then the query (how views hand each other intentions:
    // an invite code, "sit down", bots to seat), as explicit arguments.
    current = view(main, ...m.slice(1), new URLSearchParams(location.search)) || null;
    return;
  }
  main.append(h('h1', {}, t('shell-not-found')), h('p', {}, h('a', { href: '/', dataset: { link: '' } }, t('shell-back-to-lobby'))));
}

/**
 * The header's right side: the name (a button to change it), then a link to the account
 * page, which reads "Sign in" for a guest; admins also get the Admin link.
 */
// The identity whose games the header counts.
let watching = null;

async function showMe() {
  const span = document.getElementById('me');
  const adminLink = document.getElementById('admin-link');
  try {
    const me = await getMe();
    if (followAccountLanguage(me)) return;
    const name = h('button.link', {
      type: 'button',
      title: t('shell-me-change-name'),
      'aria-label': t('shell-me-name-label', { name: me.name }),
      // A person's name is theirs, in any language (the pseudo-locale test skips it).
      translate: 'no',
      onclick: () => editName(span, me.name),
    }, me.name);
    const link = me.username
      ? h('a#account-link', { href: '/account', dataset: { link: '' }, title: t('shell-me-account'), translate: 'no' }, `@${me.username}`)
      : h('a#account-link', { href: '/account', dataset: { link: '' } }, t('shell-me-sign-in'));
    span.replaceChildren(name, link);
    adminLink.hidden = me.role !== 'admin';
    // Who I am may have changed (a login, a logout): my games are theirs now.
    if (me.id !== watching) {
      watching = me.id;
      watchMyGames();
    }
  } catch (e) {
    adminLink.hidden = true;
    watching = null;
    stopMyGames();
    span.replaceChildren(e.code === 'banned' ? h('span#banned', {}, t('shell-me-banned')) : '');
  }
}

function editName(span, old) {
  const input = h('input', { value: old, maxlength: 32, 'aria-label': t('shell-name-input'), name: 'name' });
  const msg = h('span.error');
  const form = h('form.name-form', {
    onsubmit: async (e) => {
      e.preventDefault();
      try {
        await setName(input.value.trim());
        await showMe();
      } catch (err) {
        msg.textContent = err.message;
      }
    },
  }, input, h('button', { type: 'submit' }, t('shell-name-save')), msg);
  span.replaceChildren(form);
  input.focus();
  input.select();
}

document.addEventListener('click', (e) => {
  const a = e.target.closest('a[data-link]');
  if (!a || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
  e.preventDefault();
  navigate(a.getAttribute('href'));
});
window.addEventListener('popstate', route);
// A page put away in the browser's back/forward cache keeps its view's streams and socket
// open, and the browser holds six connections to a server: a few such pages stalled every
// request of the next one. So the view closes when the page is hidden, and is drawn again
// if the page comes back from that cache.
window.addEventListener('pagehide', () => {
  if (current?.destroy) current.destroy();
  current = null;
});
window.addEventListener('pageshow', (e) => {
  if (e.persisted) route();
});
window.addEventListener('checkerhall:me', showMe);
window.addEventListener('checkerhall:session-ended', () => {
  forgetMe();
  banner(t('shell-logged-out'), 'warn');
  showMe();
});

// The database is away: say so until `/readyz` answers again (a banner of its own, which
// changing views does not clear).
const recovery = new Recovery({
  probe: async () => {
    try {
      return (await fetch('/readyz', { cache: 'no-store' })).ok;
    } catch {
      return false;
    }
  },
  show: (on) => {
    const b = document.getElementById('recovering');
    if (!b) return;
    b.textContent = on ? t('shell-recovering') : '';
    b.hidden = !on;
  },
});
window.addEventListener(OUTAGE_EVENT, () => recovery.noteOutage());

// An admin's invite link (`/?invite=CODE`) leads to the account page to claim with it
// (`/account?invite=CODE`).
const invite = new URLSearchParams(location.search).get('invite');
if (invite) {
  history.replaceState(null, '', `/account?invite=${encodeURIComponent(invite)}`);
}

showMe();
route();
// The offline worker, once the first view's files are in (js/pwa.js).
// The page's words are awaited above, and a module's top-level await does not hold the
// `load` event: it may have come already.
const registerWorker = () => import('./pwa.js').then((m) => m.register()).catch(() => {});
if (document.readyState === 'complete') registerWorker();
else window.addEventListener('load', registerWorker);
