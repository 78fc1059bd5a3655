// The end of a game: a dialog in plain words (who won and how, Neva's finishing order, an
// aborted game's reason) with Rematch, New opponent, Analyse and Back, and the rematch's
// state (asked, declined, expired). A rematch every player accepts moves everyone to the
// new room at once (the view navigates on the reducer's `goto` effect), so there is no
// "go to the rematch" button for players.

import { h } from '../http.js';
import { resultWords, abortWords, seatLabel, listWords } from './words.js';
import { t } from '../i18n.js';

/** Seconds left until `at` (server ms) at server time `now`, never below 0. */
function secondsLeft(at, now) {
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** The rematch's state in words, for a page in `mine`, or '' when there is none. */
export function rematchWords(snap, mine, now) {
  const r = snap.rematch;
  if (!r) return '';
  if (r.declined_by) return r.declined_by === mine ? t('room-rematch-you-declined') : t('room-rematch-declined', { who: seatLabel(snap, r.declined_by, mine) });
  if (r.expired) return t('room-rematch-expired');
  if (!r.asked?.length) return '';
  const asked = listWords(r.asked.map((k) => seatLabel(snap, k, mine)));
  const waiting = listWords((r.waiting_for || []).map((k) => (k === mine ? t('room-you-lower') : seatLabel(snap, k, mine))));
  // Capped at the offer's whole time: a clock estimate a little off never shows more.
  const full = r.offer_ms ? Math.ceil(r.offer_ms / 1000) : Infinity;
  const left = r.expires_at ? ` ${t('room-rematch-lapses', { seconds: Math.min(secondsLeft(r.expires_at, now), full) })}` : '';
  const subject = r.asked.length === 1 && r.asked[0] !== mine ? 'one' : 'other';
  const line = waiting ? t('room-rematch-asked-waiting', { who: asked, subject, waiting }) : t('room-rematch-asked', { who: asked, subject });
  return `${line}${left}`;
}

/**
 * The result dialog. `actions` = {rematch, decline, newOpponent}: functions that send the
 * command (and resolve false with the error shown elsewhere). `update(snap, mine, now)` redraws.
 */
export function createResult(actions) {
  const body = h('div.result-body');
  const close = h('button.result-close', { type: 'button', id: 'result-close', 'aria-label': t('room-result-close') }, '×');
  const dialog = h('dialog.result-dialog', { id: 'result-dialog', 'aria-labelledby': 'result-title' }, close, body);
  close.addEventListener('click', () => dialog.close());
  let roomId = null;

  function draw(snap, mine, now) {
    roomId = snap.room.id;
    const finished = snap.state === 'finished';
    const words = finished ? resultWords(snap, mine) : { headline: t('room-result-aborted'), how: abortWords(snap, mine), order: [], verdict: null };
    const kids = [
      h(`h2.result-title${words.verdict ? `.${words.verdict}` : ''}`, { id: 'result-title' }, words.headline),
      h('p.result-how', { id: 'result-how' }, words.how),
    ];
    if (words.order.length) {
      kids.push(h('h3', {}, t('room-finishing-order')),
        h('ol.finishing', { id: 'finishing-order' }, words.order.map((place) => h('li', {}, listWords(place)))));
    }
    const r = snap.rematch;
    const rematchText = rematchWords(snap, mine, now);
    if (rematchText) kids.push(h('p.rematch-state', { id: 'rematch-state', role: 'status' }, rematchText));
    const buttons = [];
    if (mine && finished && !r?.room) {
      const asked = r?.asked?.includes(mine) && !r.expired && !r.declined_by;
      const othersAsked = r?.asked?.some((k) => k !== mine) && !r.expired && !r.declined_by;
      buttons.push(h('button.primary', { type: 'button', id: 'rematch', disabled: asked, onclick: actions.rematch },
        asked ? t('room-rematch-sent') : othersAsked ? t('room-rematch-accept') : t('room-rematch')));
      if (othersAsked && !asked) buttons.push(h('button', { type: 'button', id: 'decline-rematch', onclick: actions.decline }, t('room-rematch-decline')));
    }
    if (r?.room && !mine) buttons.push(h('a.button', { href: `/room/${r.room}`, dataset: { link: '' }, id: 'watch-rematch' }, t('room-rematch-watch')));
    if (mine) buttons.push(h('button', { type: 'button', id: 'new-opponent', onclick: actions.newOpponent }, t('room-new-opponent')));
    if (snap.board) buttons.push(h('a.button', { href: `/history/${snap.room.id}`, dataset: { link: '' }, id: 'analyse' }, t('room-analyse')));
    buttons.push(h('a.button', { href: '/', dataset: { link: '' }, id: 'back-lobby' }, t('room-back')));
    kids.push(h('div.result-buttons', {}, buttons));
    kids.push(h('p.result-error', { id: 'result-error', role: 'alert' }));
    body.replaceChildren(...kids);
  }

  return {
    el: dialog,
    /** Redraws the dialog's content (open or not). */
    update(snap, mine, now) {
      if (snap.state !== 'finished' && snap.state !== 'aborted') {
        if (dialog.open) dialog.close();
        return;
      }
      draw(snap, mine, now);
    },
    open() {
      if (!dialog.open && dialog.isConnected) dialog.showModal();
      dialog.querySelector('#rematch, #analyse, #back-lobby')?.focus();
    },
    isOpen: () => dialog.open,
    /**
     * Counts the open dialog's rematch offer down. Only the words change: redrawing the
     * dialog every second would replace its buttons under a player's click, which a press
     * and a release on two different buttons then loses.
     */
    tick(snap, mine, now) {
      if (snap.state !== 'finished' || !snap.rematch?.expires_at || !dialog.open) return;
      const el = body.querySelector('#rematch-state');
      if (el) el.textContent = rematchWords(snap, mine, now);
    },
    error(text) {
      const e = body.querySelector('#result-error');
      if (e) e.textContent = text || '';
    },
    get room() {
      return roomId;
    },
  };
}

/** The compact result under the title (stays after the dialog is closed). */
export function resultLine(snap, mine) {
  if (snap.state === 'finished') {
    const w = resultWords(snap, mine);
    return [h('p.result-line', { id: 'result-line' }, `${w.headline} ${w.how}`)];
  }
  if (snap.state === 'aborted') return [h('p.result-line.aborted', { id: 'result-line' }, abortWords(snap, mine))];
  return [];
}
