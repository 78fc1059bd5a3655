// The account page's "Games waiting for you" panel: browser notifications on this device
// (notify.js), and the mail address that gets the daily list of correspondence games
// waiting for the member's move (`/api/account/mail`, docs/api.md "Mail").

import { api, h } from '../http.js';
import { dropParams } from '../router.js';
import { banner } from '../banner.js';
import { when } from '../dates.js';
import { askToNotify, notifyState, stopNotifying } from '../notify.js';
import { lookForTurns } from '../mygames.js';
import { t } from '../i18n.js';

/**
 * What the mailed links tell the account page (`/account?mail=...`): the message's key and
 * the banner's kind. Keys, not words: this module may load before its Fluent file.
 */
export const LINK_WORDS = {
  verified: ['account-mail-verified', 'info'],
  unsubscribed: ['account-mail-unsubscribed-link', 'info'],
  bad_link: ['account-mail-bad-link', 'warn'],
};

/** The words of the mail part for `m` (`GET /api/account/mail`). */
export function mailWords(m) {
  if (!m.enabled) return t('account-mail-off');
  if (!m.address) return t('account-mail-none');
  const address = m.address;
  if (!m.verified) return t('account-mail-unverified', { address });
  if (!m.subscribed) return t('account-mail-unsubscribed', { address });
  const last = m.last_digest_at ? ` ${t('account-mail-last', { when: when(m.last_digest_at) })}` : '';
  return `${t('account-mail-on', { address })}${last}`;
}

/** The notification part: a button that asks the browser, or why there is none. */
function notifyPart() {
  const words = h('p.help#notify-words');
  const button = h('button#notify-toggle', { type: 'button' });
  const draw = () => {
    const state = notifyState();
    button.hidden = state === 'unsupported' || state === 'denied';
    button.textContent = t(state === 'on' ? 'account-notify-on' : 'account-notify-off');
    words.textContent = t({
      unsupported: 'account-notify-unsupported',
      denied: 'account-notify-denied',
      on: 'account-notify-state-on',
      off: 'account-notify-state-off',
    }[state]);
  };
  button.onclick = async () => {
    if (notifyState() === 'on') stopNotifying();
    else if ((await askToNotify()) === 'on') lookForTurns();
    draw();
  };
  draw();
  return [h('h3', {}, t('account-notify-title')), words, button];
}

/** The mail part: the state in words, and the form or buttons that fit it. */
function mailPart() {
  const words = h('p.help#mail-words');
  const msg = h('p.error', { role: 'alert' });
  const input = h('input#mail-address', { type: 'email', name: 'mail-address', autocomplete: 'email', maxlength: 254, required: true });
  const save = h('button.primary#mail-save', { type: 'submit' }, t('account-mail-send-link'));
  const formEl = h('form.stack#mail-form', {}, h('label', { for: 'mail-address' }, t('account-mail-address')), input, h('div', {}, save));
  const toggle = h('button#mail-toggle', { type: 'button' });
  const remove = h('button#mail-remove', { type: 'button' }, t('account-mail-remove'));
  const part = h('div#mail-part', {}, h('h3', {}, t('account-mail-title')), words, formEl, h('div.row', {}, toggle, remove), msg);
  let state = null;
  const act = async (fn) => {
    msg.textContent = '';
    try {
      await fn();
    } catch (e) {
      msg.textContent = e.message;
    }
    await load();
  };
  async function load() {
    try {
      state = await api('/api/account/mail');
    } catch (e) {
      msg.textContent = e.message;
      return;
    }
    words.textContent = mailWords(state);
    formEl.hidden = !state.enabled;
    if (state.address && !input.value) input.value = state.address;
    save.textContent = t(state.address ? 'account-mail-change' : 'account-mail-send-link');
    toggle.hidden = !state.enabled || !state.verified;
    toggle.textContent = t(state.subscribed ? 'account-mail-stop' : 'account-mail-again');
    remove.hidden = !state.address;
  }
  formEl.onsubmit = (e) => {
    e.preventDefault();
    act(() => api('/api/account/mail', { method: 'PUT', body: { address: input.value.trim() } }));
  };
  toggle.onclick = () => act(() => api('/api/account/mail', { method: 'PATCH', body: { subscribed: !state.subscribed } }));
  remove.onclick = () => act(async () => {
    await api('/api/account/mail', { method: 'DELETE' });
    input.value = '';
  });
  load();
  return part;
}

/** The panel, and the words of a mailed link that led here (`?mail=`). */
export function waitingPanel() {
  const said = LINK_WORDS[new URLSearchParams(location.search).get('mail')];
  if (said) {
    banner(t(said[0]), said[1]);
    dropParams('mail');
  }
  return h('section.panel#waiting-panel', {}, h('h2', {}, t('account-waiting-title')), ...notifyPart(), mailPart());
}
