// The admin page's live rooms: what each is, its state, and the tools to close it and to
// read and delete its chat lines.

import { api, h } from '../http.js';
import { t } from '../i18n.js';
import { describe, personName } from '../describe.js';
import { hostLine, refusalWords, roomStateWords } from './words.js';

/** One chat line of `room` with its Delete button; refusals go to the room's `note`. */
function chatLine(room, l, note, hooks) {
  const li = h('li', { dataset: { chat: String(l.id) } },
    // Who wrote and what they wrote are theirs, in any language.
    h('strong', { translate: 'no' }, personName(l.from?.name || '')),
    l.channel === 'spectators' ? h('small', {}, ` ${t('admin-spectators')}`) : null, ': ', h('span', { translate: 'no' }, l.text), ' ',
    h('button.delete-chat', {
      type: 'button',
      'aria-label': t('admin-delete-label', { name: l.from?.name || t('admin-this-player') }),
      onclick: async () => {
        note.textContent = '';
        try {
          await api(`/api/admin/rooms/${room.id}/chat/${l.id}`, { method: 'DELETE' });
          li.remove();
          await hooks.chatDeleted();
        } catch (err) {
          note.textContent = refusalWords(err);
        }
      },
    }, t('admin-delete')));
  return li;
}

/**
 * A room's chat, as the admin reads it (`GET /api/rooms/{id}`: both channels once the game
 * is over, the spectators' while it is on), each line with a Delete button.
 */
function chatButton(room, note, hooks) {
  const lines = h('div.admin-chat');
  const button = h('button.show-chat', {
    type: 'button',
    'aria-expanded': 'false',
    onclick: async () => {
      if (button.getAttribute('aria-expanded') === 'true') {
        button.setAttribute('aria-expanded', 'false');
        lines.replaceChildren();
        return;
      }
      note.textContent = '';
      try {
        const snap = await api(`/api/rooms/${room.id}`);
        button.setAttribute('aria-expanded', 'true');
        const said = Array.isArray(snap.chat) ? snap.chat : [];
        lines.replaceChildren(said.length
          ? h('ul.chat-lines', {}, said.map((l) => chatLine(room, l, note, hooks)))
          : h('p.help', {}, t('admin-no-chat')));
      } catch (err) {
        note.textContent = refusalWords(err);
      }
    },
  }, t('admin-chat'));
  return h('span.chat-tools', {}, button, lines);
}

/** Closes `room`; a refusal is said in the room's `note`. */
function closeButton(room, note, hooks) {
  return h('button.close-room', {
    type: 'button',
    onclick: async (e) => {
      e.preventDefault();
      note.textContent = '';
      try {
        await api(`/api/admin/rooms/${room.id}/close`, { method: 'POST' });
      } catch (err) {
        // Said by the room it concerns, in words, and left there to be read.
        note.textContent = refusalWords(err);
        return;
      }
      await hooks.changed();
    },
  }, t('admin-close'));
}

/** `room`'s row: what it is, who is in it, its state, its visibility, its tools. */
function roomRow(room, hooks) {
  const note = h('span.row-note', { role: 'status' });
  return h('tr', { dataset: { room: room.id, state: room.state } },
    h('td', {}, h('a', { href: `/room/${room.id}`, dataset: { link: '' } }, describe(room)),
      h('small', {}, hostLine(room))),
    h('td', {}, roomStateWords(room.state)),
    h('td', {}, room.public ? t('admin-public') : h('span', {}, `${t('admin-private')} `, h('code', { translate: 'no' }, room.invite_code))),
    h('td', {}, closeButton(room, note, hooks), chatButton(room, note, hooks), note));
}

/**
 * The rooms panel (`el`). `alive()` says the page is still shown, `changed()` is told after
 * a room was closed (the rooms and the audit show it), `chatDeleted()` after a chat line was.
 */
export function createRooms(hooks) {
  const { alive } = hooks;
  const msg = h('p.error', { role: 'alert' });
  const box = h('div#rooms.table-wrap');
  const el = h('section.panel', {}, h('h2', {}, t('admin-rooms')), box, msg);

  return {
    el,
    /** Reads the live rooms again. */
    async load() {
      try {
        const r = await api('/api/admin/rooms');
        if (!alive()) return;
        const rows = r.rooms.map((room) => roomRow(room, hooks));
        const shown = rows.length
          ? h('table.admin-table', {},
            h('thead', {}, h('tr', {}, h('th', {}, t('admin-col-game')), h('th', {}, t('admin-col-state')), h('th', {}, t('admin-col-visibility')), h('th', {}, ''))),
            h('tbody', {}, rows))
          : h('p', {}, t('admin-no-room'));
        box.replaceChildren(shown);
        if (r.total > r.rooms.length) box.append(h('p.help', {}, t('admin-rooms-shown', { shown: r.rooms.length, total: r.total })));
      } catch (err) {
        msg.textContent = err.message;
      }
    },
    /** Clears the panel's error line (another panel's action starts). */
    clearError() {
      msg.textContent = '';
    },
  };
}
