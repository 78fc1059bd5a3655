// Where it is your move: the count of your games waiting for you, pushed by the server
// (`GET /api/me/live`, docs/api.md "Your games"), shown as a badge on the "Your games" link
// and as "(n) " before the tab's title. Each push is also raised as the window event
// `checkerhall:games` (detail: {turns, games}), on which the games page reads its list again.
//
// Where the player asked for them (notify.js), a game that becomes their move while they
// look elsewhere is also told by a browser notification: each push reads the list again and
// compares the games waiting for the player with those of the last read.
//
// The title prefix is kept by watching the <title> element, so the views set their titles
// as before (the room's "Your turn · …" included) and the count stays in front of them.

import { api } from './http.js';
import { formatNumber, t } from './i18n.js';
import { newTurns, notifyState, notifyTurn, roomOnScreen } from './notify.js';

export const GAMES_EVENT = 'checkerhall:games';

const PREFIX = /^\(\d+\) /;

/** `title` with the count in front: "(2) Checkerhall"; without it when nothing waits. */
export function titleWithCount(title, turns) {
  const bare = String(title).replace(PREFIX, '');
  return turns > 0 ? `(${turns}) ${bare}` : bare;
}

/** The badge's spoken text: "2 games wait for your move", in the reader's language. */
export function badgeLabel(turns) {
  return t('shell-games-waiting', { count: turns });
}

let turns = 0;
// The rooms where it was the player's move at the last read (null: no read since the
// notifications were turned on), and the read in progress (reads are made one at a time).
let mine = null;
let looking = Promise.resolve();
let source = null;
let retry = null;
let observer = null;
// Whether the page wants the stream (an identity is known): a page put away in the
// browser's back/forward cache closes it and opens it again when it is shown.
let wanted = false;

function applyTitle() {
  const want = titleWithCount(document.title, turns);
  if (document.title !== want) document.title = want;
}

function show(counts) {
  turns = Math.max(0, Number(counts?.turns) || 0);
  const badge = document.getElementById('games-badge');
  if (badge) {
    badge.textContent = formatNumber(turns);
    badge.hidden = turns === 0;
    badge.setAttribute('aria-label', badgeLabel(turns));
  }
  applyTitle();
  window.dispatchEvent(new CustomEvent(GAMES_EVENT, { detail: { turns, games: Number(counts?.games) || 0 } }));
  lookForTurns();
}

async function readTurns() {
  if (notifyState() !== 'on') {
    mine = null;
    return;
  }
  let list;
  try {
    list = (await api('/api/me/games')).games || [];
  } catch {
    // The next push reads again.
    return;
  }
  const before = mine;
  mine = new Set(list.filter((g) => g.my_turn).map((g) => g.room_id));
  if (!before) return;
  for (const g of newTurns(before, list, roomOnScreen(location.pathname), document.hidden)) notifyTurn(g);
}

/**
 * Reads which games wait for the player, notifying those new since the last read. Called on
 * each push, and once when the notifications are turned on (that read is the baseline).
 */
export function lookForTurns() {
  looking = looking.then(readTurns, readTurns);
  return looking;
}

/**
 * Opens (or reopens, after a login or logout) the stream of my counts. Call it once the
 * identity is known: without one the server answers 401 and the browser gives up.
 */
export function watchMyGames() {
  if (!observer) {
    const title = document.querySelector('title');
    if (title) {
      observer = new MutationObserver(applyTitle);
      observer.observe(title, { childList: true, characterData: true, subtree: true });
    }
  }
  wanted = true;
  clearTimeout(retry);
  if (source) source.close();
  source = new EventSource('/api/me/live');
  source.addEventListener('games', (e) => {
    try {
      show(JSON.parse(e.data));
    } catch {
      // A garbled event changes nothing; the next one will do.
    }
  });
  source.addEventListener('error', () => {
    // The browser reconnects by itself after a dropped stream; a refused one (the server
    // restarting, say) is closed for good, so try again a little later.
    if (source?.readyState === EventSource.CLOSED) {
      retry = setTimeout(() => watchMyGames(), 10_000);
    }
  });
}

/** Closes the stream and clears the count (no identity any more). */
export function stopMyGames() {
  wanted = false;
  mine = null;
  clearTimeout(retry);
  if (source) source.close();
  source = null;
  show({ turns: 0, games: 0 });
}

// A page kept in the back/forward cache keeps its open streams, and the browser holds only
// six connections to a server: a few pages put away with theirs stalled every request of
// the next one (its navigation included). So the stream closes when the page is hidden.
// (Outside a browser, as in the unit tests, there is no window.)
globalThis.window?.addEventListener('pagehide', () => {
  clearTimeout(retry);
  if (source) source.close();
  source = null;
});
globalThis.window?.addEventListener('pageshow', (e) => {
  if (e.persisted && wanted) watchMyGames();
});
