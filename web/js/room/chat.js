// The room's chat: the players' channel and the spectators' one, kept apart (during a game
// the server sends each viewer only its own channel; afterwards both), a per-player mute
// kept in this browser, the length limit shown, and the server's refusals (too fast, muted)
// shown by the box. `chatLog` also draws a stored game's chat in its replay.

import { h } from '../http.js';
import { seatName } from '../seats.js';
import { t, need, language, PSEUDO } from '../i18n.js';

// The replay shows a stored game's chat with `chatLog`, outside the room view whose route
// loads room.ftl. Node's tests bring their own words.
if (typeof document !== 'undefined') await need('room.ftl');

/** The longest line the server takes (characters). */
export const CHAT_MAX = 140;

const CHANNEL_NAME = { players: 'room-chat-players', spectators: 'room-chat-spectators' };

/** The localStorage key that mutes `playerId` in this browser. */
export function muteKey(playerId) {
  return `checkerhall.mute.${playerId}`;
}

export function isMuted(playerId) {
  try {
    return localStorage.getItem(muteKey(playerId)) === '1';
  } catch {
    return false;
  }
}

export function setMuted(playerId, on) {
  try {
    if (on) localStorage.setItem(muteKey(playerId), '1');
    else localStorage.removeItem(muteKey(playerId));
  } catch {
    // Storage refused: nothing to remember.
  }
}

/** The lines of `channel`, split into shown and hidden (their author muted here). */
export function visibleLines(lines, channel, muted = isMuted) {
  const own = lines.filter((l) => l.channel === channel);
  const shown = own.filter((l) => !muted(l.from?.id));
  return { shown, hidden: own.length - shown.length };
}

function timeOf(at) {
  const d = new Date(at);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A line's time of day, "14:05", in the reader's language. */
function clock(d) {
  const lang = language() === PSEUDO ? 'en' : language();
  return new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
}

/**
 * The lines of one channel as a list; `me` (a player id) gets no Mute button on its own
 * lines; `onMute(player)` without it: a read-only log (the replay).
 */
export function chatLog(lines, channel, { me = null, onMute = null } = {}) {
  const { shown, hidden } = visibleLines(lines, channel);
  const items = shown.map((l) => h('li.chat-line', { dataset: { id: String(l.id), from: l.from?.id || '' } },
    timeOf(l.at) ? h('time', { datetime: timeOf(l.at).toISOString() }, clock(timeOf(l.at))) : '', ' ',
    // People's names and what they wrote stay as they are in every language.
    l.from?.name ? h('strong.chat-from', { translate: 'no' }, l.from.name) : h('strong.chat-from', {}, t('room-chat-someone')),
    l.seat ? h(`span.chat-seat`, {}, ` ${t('room-chat-seat', { seat: seatName(l.seat) })}`) : '',
    ': ',
    h('span.chat-text', { translate: 'no' }, l.text),
    onMute && l.from?.id && l.from.id !== me
      ? h('button.link.mute', { type: 'button', title: t('room-mute-title', { name: l.from.name }), onclick: () => onMute(l.from) }, t('room-mute'))
      : ''));
  const out = [h(`ol.chat-log.${channel}`, { dataset: { channel }, 'aria-label': t(CHANNEL_NAME[channel]) }, items)];
  if (!shown.length) out.push(h('p.chat-empty', {}, hidden ? '' : t('room-chat-empty')));
  if (hidden) out.push(h('p.chat-hidden', {}, t('room-chat-hidden', { count: hidden })));
  return out;
}

/**
 * The chat panel. `send(channel, text)` resolves when the server took the line and rejects
 * with its refusal (`.code`, `.message`). `update({lines, channel, others, watchers, me,
 * canSend})` redraws: `channel` is the one this page writes in (players when seated),
 * `others` the other channel when it may be read too (after the game).
 */
export function createChat(send) {
  const logs = h('div.chat-logs');
  const input = h('input', { id: 'chat-input', name: 'chat', maxlength: CHAT_MAX, autocomplete: 'off', 'aria-label': t('room-chat-input'), 'aria-describedby': 'chat-count' });
  const count = h('span.chat-count', { id: 'chat-count', 'aria-live': 'off' }, `0/${CHAT_MAX}`);
  const error = h('p.chat-error', { id: 'chat-error', role: 'alert' });
  const watchersEl = h('span.watchers', { id: 'watchers' });
  const mutedEl = h('div.chat-muted', { id: 'chat-muted' });
  const title = h('h2', {}, t('room-chat'));
  let state = { lines: [], channel: 'players', others: null, me: null, canSend: false };

  const countText = () => {
    count.textContent = `${input.value.length}/${CHAT_MAX}`;
    count.classList.toggle('full', input.value.length >= CHAT_MAX);
  };
  input.addEventListener('input', countText);

  const form = h('form.chat-form', {
    onsubmit: async (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      try {
        await send(state.channel, text);
        input.value = '';
        countText();
        error.textContent = '';
        delete error.dataset.code;
      } catch (err) {
        error.textContent = err.message || t('room-chat-not-sent');
        error.dataset.code = err.code || '';
      }
    },
  }, input, count, h('button', { type: 'submit', id: 'chat-send' }, t('room-chat-send')));

  const el = h('section.chat', { id: 'chat', 'aria-label': t('room-chat') }, h('div.chat-head', {}, title, watchersEl), logs, mutedEl, form, error);

  function mute(player) {
    setMuted(player.id, true);
    draw();
  }

  function draw() {
    const { lines, channel, others, me, canSend } = state;
    const parts = [];
    for (const ch of [channel, others].filter(Boolean)) {
      parts.push(h(`div.chat-channel.${ch}`, { dataset: { channel: ch } },
        h('h3', {}, t(CHANNEL_NAME[ch])),
        ...chatLog(lines, ch, { me, onMute: mute })));
    }
    logs.replaceChildren(...parts);
    for (const log of logs.querySelectorAll('.chat-log')) log.scrollTop = log.scrollHeight;
    // Whom this browser mutes among the people in the lines, each with a way back.
    const seen = new Map();
    for (const l of lines) if (l.from?.id && isMuted(l.from.id)) seen.set(l.from.id, l.from);
    mutedEl.replaceChildren(...[...seen.values()].map((p) =>
      h('button.unmute', { type: 'button', dataset: { player: p.id }, onclick: () => { setMuted(p.id, false); draw(); } }, t('room-unmute', { name: p.name }))));
    form.hidden = !canSend;
    input.placeholder = channel === 'players' ? t('room-chat-placeholder-players') : t('room-chat-placeholder-spectators');
  }

  return {
    el,
    update(next) {
      state = { ...state, ...next };
      const n = next.watchers ?? 0;
      watchersEl.textContent = t('room-watchers', { count: n });
      watchersEl.dataset.count = String(n);
      draw();
    },
  };
}
