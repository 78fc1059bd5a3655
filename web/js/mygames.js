// Where it is your move: the count of your games waiting for you, pushed by the server
// (`GET /api/me/live`, docs/api.md "Your games"), shown as a badge on the "Your games" link
// and as "(n) " before the tab's title. Each push is also raised as the window event
// `checkerhall:games` (detail: {turns, games}), on which the games page reads its list again.
//
// The title prefix is kept by watching the <title> element, so the views set their titles
// as before (the room's "Your turn · …" included) and the count stays in front of them.

export const GAMES_EVENT = 'checkerhall:games';

const PREFIX = /^\(\d+\) /;

/** `title` with the count in front: "(2) Checkerhall"; without it when nothing waits. */
export function titleWithCount(title, turns) {
  const bare = String(title).replace(PREFIX, '');
  return turns > 0 ? `(${turns}) ${bare}` : bare;
}

/** The badge's spoken text: "2 games wait for your move". */
export function badgeLabel(turns) {
  return turns === 1 ? '1 game waits for your move' : `${turns} games wait for your move`;
}

let turns = 0;
let source = null;
let retry = null;
let observer = null;

function applyTitle() {
  const want = titleWithCount(document.title, turns);
  if (document.title !== want) document.title = want;
}

function show(counts) {
  turns = Math.max(0, Number(counts?.turns) || 0);
  const badge = document.getElementById('games-badge');
  if (badge) {
    badge.textContent = String(turns);
    badge.hidden = turns === 0;
    badge.setAttribute('aria-label', badgeLabel(turns));
  }
  applyTitle();
  window.dispatchEvent(new CustomEvent(GAMES_EVENT, { detail: { turns, games: Number(counts?.games) || 0 } }));
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
  clearTimeout(retry);
  if (source) source.close();
  source = null;
  show({ turns: 0, games: 0 });
}
