// The actions under the seats (join, start, offer a draw, take back, resign, claim, ...), the
// draw offer and the takeback request in words, and the message line under them where a
// refused command is explained.

import { h } from '../http.js';
import { actionList, claimText } from './show.js';
import { t } from '../i18n.js';

// A second click confirms, so keyboard and touch users need no dialog.
function confirmThen(question, fn) {
  const btn = document.activeElement;
  if (btn?.dataset?.confirm === '1') return fn();
  if (btn) {
    btn.dataset.confirm = '1';
    btn.textContent = t('room-confirm-again', { question });
  } else fn();
  return null;
}

/**
 * The actions box (`el`) and the message line (`msg`). `command(type)` sends a command,
 * `showResult()` opens the result dialog.
 */
export function createActions({ command, showResult }) {
  const el = h('div.actions', { id: 'actions' });
  const msg = h('p.msg', { id: 'room-msg', role: 'status' });

  function item(a) {
    if (a.kind === 'countdown') return h('span.claim', { id: 'claim-countdown' }, a.text);
    if (a.kind === 'show_result') return h('button', { type: 'button', id: 'show-result', onclick: showResult }, t('room-show-result'));
    if (a.kind === 'lobby') return h('a.button', { href: '/', dataset: { link: '' } }, t('shell-back-to-lobby'));
    if (a.kind === 'offer') return h('p.offer', { id: 'draw-offer' }, ...a.parts);
    if (a.kind === 'takeback') return h('p.offer', { id: 'takeback-request' }, a.text);
    const send = a.confirm ? () => confirmThen(a.confirm, () => command(a.command)) : () => command(a.command);
    if (a.primary) return h('button.primary', { type: 'button', id: a.id, disabled: a.disabled, onclick: send }, a.label);
    return h('button', { type: 'button', id: a.id, onclick: send }, a.label);
  }

  return {
    el,
    msg,
    /** Draws the actions for `state` at local time `now`. */
    render(state, now) {
      el.replaceChildren(...actionList(state, now).map(item));
    },
    /**
     * Counts the claim down between redraws; true when the claim has opened and the
     * actions need drawing again (in between, only the seconds change).
     */
    tick(state, now) {
      const countdown = el.querySelector('#claim-countdown');
      if (!countdown) return false;
      const left = state.claimAt - now;
      if (left <= 0) return true;
      countdown.textContent = claimText(left);
      return false;
    },
    /** Shows `text` on the message line (kind: '', 'notice' or 'error'). */
    say(text, kind = '') {
      msg.textContent = text || '';
      msg.className = `msg ${kind}`;
    },
    /** What the message line says now. */
    said: () => msg.textContent,
  };
}
