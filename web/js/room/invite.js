// The invite box of the waiting room: the link to share (a private room's invite code when
// this browser has it) and a button that copies it.

import { h } from '../http.js';
import { inviteView } from './show.js';
import { t } from '../i18n.js';

// A private room's invite code, once this browser has been given it (the host's new room, a
// join link), is kept per room: the host who comes back by the room's bare address still
// finds the invite link to share.
export function rememberedInvite(roomId, code) {
  const key = `checkerhall.invite.${roomId}`;
  try {
    if (code) localStorage.setItem(key, code);
    return code || localStorage.getItem(key);
  } catch {
    return code;
  }
}

function copyButton(url, field) {
  const copy = h('button', {
    type: 'button',
    id: 'copy-invite',
    onclick: async () => {
      try {
        await navigator.clipboard.writeText(url);
        copy.textContent = t('room-invite-copied');
      } catch {
        field.select();
        copy.textContent = t('room-invite-press-copy');
      }
    },
  }, t('room-invite-copy'));
  return copy;
}

/** The box for room `roomId`, whose invite code (or null) is `code`. */
export function createInvite(roomId, code) {
  const el = h('div.invite', { id: 'invite' });
  return {
    el,
    render(state) {
      const v = inviteView(state, location.origin, roomId, code);
      if (!v) el.replaceChildren();
      else if (v.askHost) el.replaceChildren(h('p', {}, t('room-invite-ask-host')));
      else {
        const field = h('input', { id: 'invite-link', readonly: true, value: v.url, 'aria-label': t('room-invite-link') });
        el.replaceChildren(h('label', { for: 'invite-link' }, `${t('room-invite-label')} `), field, copyButton(v.url, field));
      }
    },
  };
}
