// The page for a room id the server does not know: a way back, and the replay if stored.

import { api, h } from '../http.js';
import { GAME_NAME } from '../seats.js';
import { t } from '../i18n.js';

/** Replaces `main` with the dead room's page, unless `alive()` turned false meanwhile. */
export async function deadRoom(main, roomId, alive) {
  const kids = [
    h('h1', { id: 'no-such-room' }, t('room-dead-title')),
    h('p', {}, t('room-dead-why')),
  ];
  const links = h('p.dead-links', {}, h('a.button', { href: '/', dataset: { link: '' }, id: 'dead-back' }, t('shell-back-to-lobby')));
  try {
    const g = await api(`/api/history/${roomId}`);
    if (g) {
      kids.push(h('p', {}, t('room-dead-kept', { game: GAME_NAME[g.game] || g.game })));
      links.append(' ', h('a.button', { href: `/history/${roomId}`, dataset: { link: '' }, id: 'dead-replay' }, t('room-dead-replay')));
    }
  } catch {
    // No stored game either: only the way back.
  }
  if (!alive()) return;
  main.replaceChildren(h('div.room.dead', {}, ...kids, links));
}
