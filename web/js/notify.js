// Browser notifications when a game becomes your move while you look elsewhere: another
// tab, another window, or another page of the site than that game's room. Only for a
// player who asked for them on this browser (the account page's button, which asks the
// browser's permission); the title and the header's badge count the games in any case
// (mygames.js).
//
// The pure parts (which games to tell about, in which words) are unit tested in
// web/test/notify.test.js; the rest touches the browser's Notification and localStorage.

import { SHORT_NAME } from './describe.js';
import { listWords } from './lists.js';
import { t } from './i18n.js';

const KEY = 'checkerhall.notify';

/** Whether this browser shows notifications at all. */
export function notifySupported() {
  return typeof globalThis.Notification === 'function';
}

/**
 * Where this browser stands: `unsupported`, `denied` (the browser refuses them), `on` (asked
 * for and allowed) or `off`.
 */
export function notifyState(storage = globalThis.localStorage) {
  if (!notifySupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return Notification.permission === 'granted' && storage?.getItem(KEY) === 'on' ? 'on' : 'off';
}

/** Asks the browser's permission and turns the notifications on; the new state. */
export async function askToNotify(storage = globalThis.localStorage) {
  if (!notifySupported()) return 'unsupported';
  const answer = await Notification.requestPermission();
  if (answer === 'granted') storage?.setItem(KEY, 'on');
  return notifyState(storage);
}

/** Turns them off on this browser (the permission stays the browser's). */
export function stopNotifying(storage = globalThis.localStorage) {
  storage?.removeItem(KEY);
}

/** The room id of a room's page path, else null. */
export function roomOnScreen(path) {
  return /^\/room\/([\w-]+)$/.exec(path)?.[1] ?? null;
}

/**
 * The games of `games` (`GET /api/me/games`' list) that became the player's move since the
 * ids in `before` were, less the one on screen while the page is seen (`hidden`: it is not).
 */
export function newTurns(before, games, onScreen, hidden) {
  return (games || []).filter((g) => g.my_turn && !before.has(g.room_id)
    && (hidden || g.room_id !== onScreen));
}

/** A notification's words for a game of the list: "Your move" and "Queah against Bob". */
export function turnNotice(game) {
  const name = SHORT_NAME[game.game] || game.game;
  const body = game.opponents?.length
    ? t('common-notice-against', { game: name, opponents: listWords(game.opponents) })
    : name;
  return { title: t('common-notice-your-move'), body };
}

/** Shows the notification of `game`; a click opens its room. */
export function notifyTurn(game) {
  const { title, body } = turnNotice(game);
  // One per room: a second turn in the same game replaces the first.
  const n = new Notification(title, { body, tag: `turn-${game.room_id}`, icon: '/favicon.svg' });
  n.onclick = () => {
    window.focus();
    location.assign(`/room/${game.room_id}`);
    n.close();
  };
}
