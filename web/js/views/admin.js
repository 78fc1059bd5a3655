// /admin: a club's moderation page (lichess's mod tools, scaled down): players (search,
// rename, ban and unban with a reason), live rooms (close), invites and the audit log.

import { api, h } from '../http.js';
import { when } from './account.js';
import { describe, personName } from '../describe.js';

const AUDIT_WORDS = {
  rename: 'renamed',
  ban: 'banned',
  unban: 'lifted the ban of',
  close_room: 'closed room',
  invite: 'made invite',
  mute: 'muted in chat',
  unmute: 'let speak in chat again',
  delete_chat: 'deleted a chat line in room',
};

/** Room states in words. */
const STATE_WORDS = { waiting: 'waiting for players', playing: 'being played', finished: 'over', aborted: 'closed' };

/**
 * Why an admin action was refused, in words: the server's own message for the codes it
 * explains itself, otherwise what the code means for a room.
 */
export function refusalWords(err) {
  switch (err?.code) {
    case 'already_over':
      return err.message && !/^already_over$/.test(err.message) ? err.message : 'This game is already over; there is nothing to close.';
    case 'too_late_to_abort':
      return 'Every seat has moved: a game under way cannot be closed. The players can resign or agree a draw.';
    case 'not_found':
      return 'This room is gone already.';
    default:
      return err?.message || 'The server refused.';
  }
}

// The API's default page size for admin lists.
const PAGE = 50;

/**
 * A "Show more" button under a list of `PAGE` items: fetches the next page of `path` (the
 * items under `key`) and gives them to `add`; hidden once a page comes back short.
 */
function moreButton(id, path, key, first, add, msg) {
  let offset = first.length;
  const button = h(`button#${id}`, {
    type: 'button',
    hidden: first.length < PAGE,
    onclick: async () => {
      msg.textContent = '';
      try {
        const r = await api(`${path}${path.includes('?') ? '&' : '?'}limit=${PAGE}&offset=${offset}`);
        offset += r[key].length;
        add(r[key]);
        button.hidden = r[key].length < PAGE;
      } catch (err) {
        msg.textContent = err.message;
      }
    },
  }, 'Show more');
  return button;
}

export function adminView(main) {
  let alive = true;
  // Names of the players seen so far, so that the audit log reads as names, not ids.
  const names = new Map();
  const label = (id) => names.get(id) || id;

  main.append(h('h1', {}, 'Admin'));
  const gate = h('p.error', { role: 'alert' });
  main.append(gate);

  // ---- players -------------------------------------------------------------------------
  const q = h('input#player-q', { type: 'search', name: 'q', placeholder: 'Name or username', 'aria-label': 'Search players' });
  const playersMsg = h('p.error', { role: 'alert' });
  const playersBox = h('div#players.table-wrap');
  const playersPanel = h('section.panel', { 'aria-labelledby': 'players-h' },
    h('h2#players-h', {}, 'Players'),
    h('form.filters', {
      onsubmit: (e) => {
        e.preventDefault();
        loadPlayers();
      },
      role: 'search',
    }, q, h('button', { type: 'submit' }, 'Search')),
    playersBox, playersMsg);

  function playerRow(p) {
    const state = p.banned_at ? h('span.banned-tag', {}, `banned ${when(p.banned_at)}`) : null;
    const mutedTag = p.muted_at || p.muted ? h('span.muted-tag', {}, 'muted in chat') : null;
    const tools = h('div.row-tools');
    const rename = h('button.rename', {
      type: 'button',
      onclick: () => {
        const input = h('input', { value: p.name, name: 'name', maxlength: 32, 'aria-label': `New name for ${p.name}` });
        tools.replaceChildren(h('form.inline-form.rename-form', {
          onsubmit: (e) => act(e, async () => {
            const r = await api(`/api/admin/players/${p.id}`, { method: 'PATCH', body: { name: input.value.trim() } });
            update({ name: r.name });
          }),
        }, input, h('button.primary', { type: 'submit' }, 'Rename'), cancel()));
        input.focus();
      },
    }, 'Rename');
    const ban = p.banned_at
      ? h('button.unban', {
        type: 'button',
        onclick: (e) => act(e, async () => {
          await api(`/api/admin/players/${p.id}/ban`, { method: 'DELETE' });
          update({ banned_at: null });
        }),
      }, 'Unban')
      : h('button.ban', {
        type: 'button',
        onclick: () => {
          const reason = h('input.ban-reason', { name: 'reason', maxlength: 500, placeholder: 'Reason', 'aria-label': `Why ${p.name} is banned` });
          tools.replaceChildren(h('form.inline-form', {
            onsubmit: (e) => act(e, async () => {
              await api(`/api/admin/players/${p.id}/ban`, { method: 'POST', body: { reason: reason.value.trim() } });
              update({ banned_at: Date.now() });
            }),
          }, reason, h('button.primary.confirm-ban', { type: 'submit' }, 'Ban'), cancel()));
          reason.focus();
        },
      }, 'Ban');
    function cancel() {
      return h('button', { type: 'button', onclick: () => tools.replaceChildren(rename, mute, ban) }, 'Cancel');
    }
    // The row changes in place: the list does not jump, and later pages stay shown.
    function update(changes) {
      const next = { ...p, ...changes };
      names.set(p.id, next.username ? `${next.name} (@${next.username})` : next.name);
      row.replaceWith(playerRow(next));
    }
    const muted = Boolean(p.muted_at || p.muted);
    const mute = muted
      ? h('button.unmute', {
        type: 'button',
        'aria-label': `Let ${p.name} write in chat again`,
        onclick: (e) => act(e, async () => {
          await api(`/api/admin/players/${p.id}/mute`, { method: 'DELETE' });
          update({ muted_at: null, muted: false });
        }),
      }, 'Unmute chat')
      : h('button.mute', {
        type: 'button',
        'aria-label': `Mute ${p.name} in every chat`,
        onclick: (e) => act(e, async () => {
          await api(`/api/admin/players/${p.id}/mute`, { method: 'POST' });
          update({ muted_at: Date.now(), muted: true });
        }),
      }, 'Mute chat');
    tools.append(rename, mute, ban);
    const row = h('tr', { dataset: { player: p.id } },
      h('td', {}, h('span.player-name', {}, p.name), p.username ? h('small', {}, `@${p.username}`) : null),
      h('td', {}, p.role, state ? h('br') : null, state, mutedTag ? h('br') : null, mutedTag),
      h('td', {}, new Date(p.created_at).toLocaleDateString(undefined, { dateStyle: 'medium' })),
      h('td', {}, tools));
    return row;
  }

  /** Runs an admin action, then reloads the rooms and the audit log it may have changed. */
  async function act(e, call) {
    e.preventDefault();
    playersMsg.textContent = '';
    roomsMsg.textContent = '';
    try {
      await call();
    } catch (err) {
      (e.target.closest('#rooms') ? roomsMsg : playersMsg).textContent = err.message;
      return;
    }
    await Promise.all([loadRooms(), loadAudit()]);
  }

  /** Lists the players matching the search; the first load lets its refusal through. */
  async function loadPlayers(first = false) {
    try {
      const query = q.value.trim() ? `?q=${encodeURIComponent(q.value.trim())}` : '';
      const path = `/api/admin/players${query}`;
      const r = await api(path);
      if (!alive) return;
      const tbody = h('tbody');
      const add = (players) => {
        for (const p of players) names.set(p.id, p.username ? `${p.name} (@${p.username})` : p.name);
        tbody.append(...players.map(playerRow));
      };
      add(r.players);
      playersBox.replaceChildren(r.players.length
        ? h('table.admin-table', {},
          h('thead', {}, h('tr', {}, h('th', {}, 'Player'), h('th', {}, 'Role'), h('th', {}, 'Joined'), h('th', {}, ''))),
          tbody)
        : h('p', {}, 'No player matches.'),
      moreButton('more-players', path, 'players', r.players, add, playersMsg));
    } catch (err) {
      if (first) throw err;
      playersMsg.textContent = err.message;
    }
  }

  // ---- rooms ---------------------------------------------------------------------------
  const roomsMsg = h('p.error', { role: 'alert' });
  const roomsBox = h('div#rooms.table-wrap');
  const roomsPanel = h('section.panel', {}, h('h2', {}, 'Rooms'), roomsBox, roomsMsg);

  async function loadRooms() {
    try {
      const r = await api('/api/admin/rooms');
      if (!alive) return;
      const rows = r.rooms.map((room) => {
        const note = h('span.row-note', { role: 'status' });
        const seated = (room.seats || []).filter((x) => x.name).map((x) => personName(x.name))
          .filter((n) => n !== room.host_name);
        return h('tr', { dataset: { room: room.id, state: room.state } },
          h('td', {}, h('a', { href: `/room/${room.id}`, dataset: { link: '' } }, describe(room)),
            h('small', {}, `host ${room.host_name}${seated.length ? ` · with ${seated.join(', ')}` : ''}`)),
          h('td', {}, STATE_WORDS[room.state] || room.state),
          h('td', {}, room.public ? 'public' : h('span', {}, 'private ', h('code', {}, room.invite_code))),
          h('td', {}, h('button.close-room', {
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
              await Promise.all([loadRooms(), loadAudit()]);
            },
          }, 'Close'), chatButton(room, note), note));
      });
      const shown = rows.length
        ? h('table.admin-table', {},
          h('thead', {}, h('tr', {}, h('th', {}, 'Game'), h('th', {}, 'State'), h('th', {}, 'Visibility'), h('th', {}, ''))),
          h('tbody', {}, rows))
        : h('p', {}, 'No live room.');
      roomsBox.replaceChildren(shown);
      if (r.total > r.rooms.length) roomsBox.append(h('p.help', {}, `Showing ${r.rooms.length} of ${r.total} rooms.`));
    } catch (err) {
      roomsMsg.textContent = err.message;
    }
  }

  /**
   * A room's chat, as the admin reads it (`GET /api/rooms/{id}`: both channels once the game
   * is over, the spectators' while it is on), each line with a Delete button.
   */
  function chatButton(room, note) {
    const box = h('div.admin-chat');
    const button = h('button.show-chat', {
      type: 'button',
      'aria-expanded': 'false',
      onclick: async () => {
        if (button.getAttribute('aria-expanded') === 'true') {
          button.setAttribute('aria-expanded', 'false');
          box.replaceChildren();
          return;
        }
        note.textContent = '';
        try {
          const snap = await api(`/api/rooms/${room.id}`);
          button.setAttribute('aria-expanded', 'true');
          const lines = Array.isArray(snap.chat) ? snap.chat : [];
          box.replaceChildren(lines.length
            ? h('ul.chat-lines', {}, lines.map((l) => chatLine(room, l, note)))
            : h('p.help', {}, 'No chat in this room.'));
        } catch (err) {
          note.textContent = refusalWords(err);
        }
      },
    }, 'Chat');
    return h('span.chat-tools', {}, button, box);
  }

  function chatLine(room, l, note) {
    const li = h('li', { dataset: { chat: String(l.id) } },
      h('strong', {}, personName(l.from?.name || '')), l.channel === 'spectators' ? h('small', {}, ' (spectators)') : null, ': ', l.text, ' ',
      h('button.delete-chat', {
        type: 'button',
        'aria-label': `Delete the line of ${l.from?.name || 'this player'}`,
        onclick: async () => {
          note.textContent = '';
          try {
            await api(`/api/admin/rooms/${room.id}/chat/${l.id}`, { method: 'DELETE' });
            li.remove();
            await loadAudit();
          } catch (err) {
            note.textContent = refusalWords(err);
          }
        },
      }, 'Delete'));
    return li;
  }

  // ---- invites -------------------------------------------------------------------------
  const invitesMsg = h('p.error', { role: 'alert' });
  const inviteBox = h('div.invite');
  const invitesPanel = h('section.panel', {}, h('h2', {}, 'Invites'),
    h('p.help', {}, 'A link lets one person create an account (needed when the server takes members by invitation).'),
    h('button#make-invite', {
      type: 'button',
      onclick: async () => {
        invitesMsg.textContent = '';
        try {
          const r = await api('/api/admin/invites', { method: 'POST' });
          const link = h('input#invite-url', { readonly: true, value: `${location.origin}${r.path}`, 'aria-label': 'Invite link' });
          const copy = h('button', {
            type: 'button',
            onclick: async () => {
              link.select();
              try {
                await navigator.clipboard.writeText(link.value);
                copy.textContent = 'Copied';
              } catch {
                copy.textContent = 'Select and copy';
              }
            },
          }, 'Copy link');
          inviteBox.replaceChildren(link, copy);
          await loadAudit();
        } catch (err) {
          invitesMsg.textContent = err.message;
        }
      },
    }, 'Make an invite'),
    inviteBox, invitesMsg);

  // ---- audit ---------------------------------------------------------------------------
  const auditMsg = h('p.error', { role: 'alert' });
  const auditBox = h('ol#audit.audit');
  const auditMore = h('div');
  const auditPanel = h('section.panel', {}, h('h2', {}, 'Audit log'), auditBox, auditMore, auditMsg);

  function auditItem(a) {
    return h('li', { dataset: { action: a.action } },
      h('small', {}, when(a.at)), ' ',
      `${label(a.admin_id)} ${AUDIT_WORDS[a.action] || a.action} ${a.action === 'invite' ? a.target : label(a.target)}`,
      a.detail ? h('span.detail', {}, `: ${a.detail}`) : null);
  }

  async function loadAudit() {
    try {
      const r = await api('/api/admin/audit');
      if (!alive) return;
      auditBox.replaceChildren(...r.entries.map(auditItem));
      if (!r.entries.length) auditBox.replaceChildren(h('li', {}, 'Nothing yet.'));
      auditMore.replaceChildren(moreButton('more-audit', '/api/admin/audit', 'entries', r.entries,
        (entries) => auditBox.append(...entries.map(auditItem)), auditMsg));
    } catch (err) {
      auditMsg.textContent = err.message;
    }
  }

  // The player list answers first: a non-admin sees one refusal instead of four panels.
  loadPlayers(true).then(() => {
    if (!alive) return;
    main.append(h('div.admin-grid', {}, playersPanel, h('div.admin-side', {}, roomsPanel, invitesPanel, auditPanel)));
    loadRooms();
    loadAudit();
  }, (err) => {
    gate.textContent = err.code === 'not_admin' ? 'This page is for the server\'s admins.' : err.message;
  });

  return {
    destroy() {
      alive = false;
    },
  };
}
