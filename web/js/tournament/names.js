// Players' names on the tournament page, linking to their pages.

import { h } from '../http.js';
import { playerPath } from '../ratings.js';

/** A player's name linking to their page (by `username` when the server gives it, the name otherwise). */
export function nameLink(name, id, username, bot = false) {
  if (!name) return h('span', {}, 'someone');
  // Bots have no page.
  if (bot) return h('span.player-name', { dataset: { player: id || '' } }, name);
  return h('a.player-link', { href: playerPath(username || name), dataset: { link: '', player: id || '' } }, name);
}
