// The page for a room id the server does not know: a way back, and the replay if stored.

import { api, h } from '../http.js';
import { GAME_NAME } from '../seats.js';

/** Replaces `main` with the dead room's page, unless `alive()` turned false meanwhile. */
export async function deadRoom(main, roomId, alive) {
  const kids = [
    h('h1', { id: 'no-such-room' }, 'No such room'),
    h('p', {}, 'There is no room at this address: the link may be mistyped, or the room closed a while ago.'),
  ];
  const links = h('p.dead-links', {}, h('a.button', { href: '/', dataset: { link: '' }, id: 'dead-back' }, 'Back to the lobby'));
  try {
    const g = await api(`/api/history/${roomId}`);
    if (g) {
      kids.push(h('p', {}, `The game played here (${GAME_NAME[g.game] || g.game}) is kept: you can replay it.`));
      links.append(' ', h('a.button', { href: `/history/${roomId}`, dataset: { link: '' }, id: 'dead-replay' }, 'Replay the game'));
    }
  } catch {
    // No stored game either: only the way back.
  }
  if (!alive()) return;
  main.replaceChildren(h('div.room.dead', {}, ...kids, links));
}
