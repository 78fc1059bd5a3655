// /join/{code}: an invite link. Finds the room and sits down in it.

import { api, getMe, h } from '../http.js';
import { navigate } from '../router.js';
import { roomPath } from '../room/link.js';
import { t } from '../i18n.js';

export function joinView(main, code) {
  const msg = h('p', { role: 'status' }, t('account-joining', { code }));
  main.append(h('h1', {}, t('account-join-title')), msg);
  (async () => {
    try {
      await getMe();
      const r = await api('/api/rooms/join', { method: 'POST', body: { code } });
      navigate(roomPath(r.id, { code, join: true }), true);
    } catch (e) {
      msg.textContent = e.status === 404 ? t('account-join-gone') : e.message;
      main.append(h('p', {}, h('a#back-to-lobby', { href: '/', dataset: { link: '' } }, t('account-join-back'))));
    }
  })();
}
