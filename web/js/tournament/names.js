// Players' names on the tournament page, linking to their pages.

import { h } from '../http.js';
import { t } from '../i18n.js';
import { playerPath } from '../ratings.js';
import { personName } from '../describe.js';

/** A player's name linking to their page (by `username` when the server gives it, the name otherwise). */
export function nameLink(name, id, username, bot = false) {
  if (!name) return h('span', {}, t('tournaments-someone'));
  // Bots have no page; their names are the server's words for them, in the reader's
  // language. A person's name is theirs, in any language.
  if (bot) return h('span.player-name', { dataset: { player: id || '' } }, personName(name));
  return h('a.player-link', { href: playerPath(username || name), dataset: { link: '', player: id || '' }, translate: 'no' }, name);
}
