// /join/{code}: an invite link. Finds the room and sits down in it.

import { api, getMe, h } from '../http.js';
import { navigate } from '../router.js';
import { roomPath } from '../room/link.js';

export function joinView(main, code) {
  const msg = h('p', { role: 'status' }, `Joining with invite code ${code}…`);
  main.append(h('h1', {}, 'Invitation'), msg);
  (async () => {
    try {
      await getMe();
      const r = await api('/api/rooms/join', { method: 'POST', body: { code } });
      navigate(roomPath(r.id, { code, join: true }), true);
    } catch (e) {
      msg.textContent = e.status === 404 ? 'This invitation is not valid any more: the room is gone, or the code is mistyped.' : e.message;
      main.append(h('p', {}, h('a#back-to-lobby', { href: '/', dataset: { link: '' } }, 'Back to the lobby: play now or find an open room')));
    }
  })();
}
