// The admin page's audit log: who did what to whom, newest first, a page at a time.

import { api, h } from '../http.js';
import { t } from '../i18n.js';
import { when } from '../dates.js';
import { moreButton } from './more.js';
import { auditText } from './words.js';

/**
 * The audit panel (`el`); `label(id)` names a player, `alive()` says the page is still
 * shown; `load()` reads the log again.
 */
export function createAudit({ label, alive }) {
  const msg = h('p.error', { role: 'alert' });
  const box = h('ol#audit.audit');
  const more = h('div');
  const el = h('section.panel', {}, h('h2', {}, t('admin-audit')), box, more, msg);

  function item(a) {
    return h('li', { dataset: { action: a.action } },
      h('small', {}, when(a.at)), ' ',
      auditText(a, label),
      // The reason an admin typed, in their words.
      a.detail ? h('span.detail', { translate: 'no' }, `: ${a.detail}`) : null);
  }

  return {
    el,
    async load() {
      try {
        const r = await api('/api/admin/audit');
        if (!alive()) return;
        box.replaceChildren(...r.entries.map(item));
        if (!r.entries.length) box.replaceChildren(h('li', {}, t('admin-audit-empty')));
        more.replaceChildren(moreButton('more-audit', '/api/admin/audit', 'entries', r.entries,
          (entries) => box.append(...entries.map(item)), msg));
      } catch (err) {
        msg.textContent = err.message;
      }
    },
  };
}
