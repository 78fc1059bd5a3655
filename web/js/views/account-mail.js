// The account page's "Games waiting for you" panel: browser notifications on this device
// (notify.js), and the mail address that gets the daily list of correspondence games
// waiting for the member's move (`/api/account/mail`, docs/api.md "Mail").

import { api, h } from '../http.js';
import { dropParams } from '../router.js';
import { banner } from '../banner.js';
import { when } from '../dates.js';
import { askToNotify, notifyState, stopNotifying } from '../notify.js';
import { lookForTurns } from '../mygames.js';

/** What the mailed links tell the account page (`/account?mail=...`), in words. */
export const LINK_WORDS = {
  verified: ['Your address is confirmed: games waiting for your move will be mailed to you once a day.', 'info'],
  unsubscribed: ['You will get no more mails about your games. Turn them back on here any time.', 'info'],
  bad_link: ['That link is unknown, already used or too old. Ask for a new one below.', 'warn'],
};

/** The words of the mail part for `m` (`GET /api/account/mail`). */
export function mailWords(m) {
  if (!m.enabled) return 'This server does not send mail.';
  if (!m.address) return 'Give an address to get, once a day, the list of correspondence games waiting for your move.';
  if (!m.verified) return `We sent a link to ${m.address}. Open it to confirm the address.`;
  if (!m.subscribed) return `Mails to ${m.address} are off.`;
  const last = m.last_digest_at ? ` Last sent ${when(m.last_digest_at)}.` : '';
  return `Games waiting for your move are mailed to ${m.address} once a day.${last}`;
}

/** The notification part: a button that asks the browser, or why there is none. */
function notifyPart() {
  const words = h('p.help#notify-words');
  const button = h('button#notify-toggle', { type: 'button' });
  const draw = () => {
    const state = notifyState();
    button.hidden = state === 'unsupported' || state === 'denied';
    button.textContent = state === 'on' ? 'Stop notifying me here' : 'Notify me here';
    words.textContent = {
      unsupported: 'This browser cannot show notifications.',
      denied: 'This browser blocks notifications from this site; allow them in its settings.',
      on: 'This browser tells you when a game becomes your move while you look elsewhere.',
      off: 'Get a notification in this browser when a game becomes your move while you look elsewhere.',
    }[state];
  };
  button.onclick = async () => {
    if (notifyState() === 'on') stopNotifying();
    else if ((await askToNotify()) === 'on') lookForTurns();
    draw();
  };
  draw();
  return [h('h3', {}, 'In this browser'), words, button];
}

/** The mail part: the state in words, and the form or buttons that fit it. */
function mailPart() {
  const words = h('p.help#mail-words');
  const msg = h('p.error', { role: 'alert' });
  const input = h('input#mail-address', { type: 'email', name: 'mail-address', autocomplete: 'email', maxlength: 254, required: true });
  const save = h('button.primary#mail-save', { type: 'submit' }, 'Send the link');
  const formEl = h('form.stack#mail-form', {}, h('label', { for: 'mail-address' }, 'Mail address'), input, h('div', {}, save));
  const toggle = h('button#mail-toggle', { type: 'button' });
  const remove = h('button#mail-remove', { type: 'button' }, 'Remove the address');
  const part = h('div#mail-part', {}, h('h3', {}, 'By mail'), words, formEl, h('div.row', {}, toggle, remove), msg);
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
    save.textContent = state.address ? 'Change the address' : 'Send the link';
    toggle.hidden = !state.enabled || !state.verified;
    toggle.textContent = state.subscribed ? 'Stop the mails' : 'Mail me again';
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
    banner(...said);
    dropParams('mail');
  }
  return h('section.panel#waiting-panel', {}, h('h2', {}, 'Games waiting for you'), ...notifyPart(), mailPart());
}
