// Registering for a tournament, leaving it, and the message line with the server's refusal.

import { api, h } from '../http.js';
import { t } from '../i18n.js';
import { actionsView } from './show.js';

/**
 * The actions box and the message line (`els`) of tournament `id`; `show(t)` takes the
 * tournament the server answers a registration with.
 */
export function createActions({ id, show }) {
  const el = h('div.event-actions', { id: 't-actions' });
  const msg = h('p.msg', { role: 'status', id: 't-msg' });
  // Kept across redraws, so a partner's name being typed survives a pushed update.
  let partner = null;

  async function post(path, body) {
    msg.textContent = '';
    msg.className = 'msg';
    try {
      const r = await api(`/api/tournaments/${id}/${path}`, { method: 'POST', body });
      if (r && r.id === id) show(r);
    } catch (e) {
      msg.textContent = e.message;
      msg.className = 'msg error';
    }
  }

  function join() {
    const body = {};
    if (partner?.value.trim()) body.partner = partner.value.trim();
    return post('join', body);
  }

  const leave = () => post('leave');

  return {
    els: [el, msg],
    render(event, me) {
      const v = actionsView(event, me);
      if (v.kind === 'none') el.replaceChildren();
      else if (v.kind === 'account') {
        el.replaceChildren(h('p', {}, `${t('tournaments-for-accounts')} `,
          h('a', { href: '/account', dataset: { link: '' } }, t('tournaments-sign-in-to-register'))));
      } else if (v.kind === 'registered') {
        el.replaceChildren(h('span.registered', { id: 'registered' }, v.text), ' ', h('button', { type: 'button', id: 'leave', onclick: leave }, v.leave));
      } else if (v.kind === 'closed') el.replaceChildren(h('p.help', {}, t('tournaments-closed')));
      else {
        if (v.teams && !partner) {
          partner = h('input', { id: 'partner', maxlength: 20, autocomplete: 'off', placeholder: t('tournaments-partner-placeholder') });
        }
        el.replaceChildren(
          v.teams ? h('label.inline', { for: 'partner' }, `${t('tournaments-partner')} `, partner) : '',
          v.teams ? ' ' : '',
          h('button.primary', { type: 'button', id: 'join', onclick: join }, v.label),
          v.teams ? h('p.help', {}, t('tournaments-partner-help')) : '');
      }
    },
  };
}
