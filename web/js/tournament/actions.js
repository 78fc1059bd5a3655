// Registering for a tournament, leaving it, and the message line with the server's refusal.

import { api, h } from '../http.js';
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
    render(t, me) {
      const v = actionsView(t, me);
      if (v.kind === 'none') el.replaceChildren();
      else if (v.kind === 'account') {
        el.replaceChildren(h('p', {}, 'Tournaments are for accounts. ',
          h('a', { href: '/account', dataset: { link: '' } }, 'Sign in or create an account'), ' to register.'));
      } else if (v.kind === 'registered') {
        el.replaceChildren(h('span.registered', { id: 'registered' }, v.text), ' ', h('button', { type: 'button', id: 'leave', onclick: leave }, v.leave));
      } else if (v.kind === 'closed') el.replaceChildren(h('p.help', {}, 'Registration closed when the tournament started.'));
      else {
        if (v.teams && !partner) partner = h('input', { id: 'partner', maxlength: 20, autocomplete: 'off', placeholder: 'username' });
        el.replaceChildren(
          v.teams ? h('label.inline', { for: 'partner' }, 'Partner ', partner) : '',
          v.teams ? ' ' : '',
          h('button.primary', { type: 'button', id: 'join', onclick: join }, v.label),
          v.teams ? h('p.help', {}, 'A team event: name your partner (their username); they register too, naming you.') : '');
      }
    },
  };
}
