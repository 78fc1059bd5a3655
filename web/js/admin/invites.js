// The admin page's invites: a link that lets one person create an account.

import { api, h } from '../http.js';
import { t } from '../i18n.js';

function copyButton(link) {
  const copy = h('button', {
    type: 'button',
    onclick: async () => {
      link.select();
      try {
        await navigator.clipboard.writeText(link.value);
        copy.textContent = t('admin-copied');
      } catch {
        copy.textContent = t('admin-select-and-copy');
      }
    },
  }, t('admin-copy-link'));
  return copy;
}

/** The invites panel (`el`); `made()` is told after an invite was made (the audit shows it). */
export function createInvites({ made }) {
  const msg = h('p.error', { role: 'alert' });
  const box = h('div.invite');
  const el = h('section.panel', {}, h('h2', {}, t('admin-invites')),
    h('p.help', {}, t('admin-invites-help')),
    h('button#make-invite', {
      type: 'button',
      onclick: async () => {
        msg.textContent = '';
        try {
          const r = await api('/api/admin/invites', { method: 'POST' });
          const link = h('input#invite-url', { readonly: true, value: `${location.origin}${r.path}`, 'aria-label': t('admin-invite-link') });
          box.replaceChildren(link, copyButton(link));
          await made();
        } catch (err) {
          msg.textContent = err.message;
        }
      },
    }, t('admin-make-invite')),
    box, msg);
  return { el };
}
