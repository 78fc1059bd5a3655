// The admin page's players: search, and per player rename, mute in chat and ban (with a
// reason), each changing its row in place.

import { api, h } from '../http.js';
import { language, PSEUDO, t } from '../i18n.js';
import { when } from '../dates.js';
import { moreButton } from './more.js';
import { playerLabel } from './words.js';

/** The buttons of `p`'s row, in `tools`; `update(changes)` redraws the row. */
function rowTools(p, tools, act, update) {
  const cancel = () => h('button', { type: 'button', onclick: () => tools.replaceChildren(rename, mute, ban) }, t('admin-cancel'));
  const rename = h('button.rename', {
    type: 'button',
    onclick: () => {
      const input = h('input', { value: p.name, name: 'name', maxlength: 32, 'aria-label': t('admin-rename-label', { name: p.name }) });
      tools.replaceChildren(h('form.inline-form.rename-form', {
        onsubmit: (e) => act(e, async () => {
          const r = await api(`/api/admin/players/${p.id}`, { method: 'PATCH', body: { name: input.value.trim() } });
          update({ name: r.name });
        }),
      }, input, h('button.primary', { type: 'submit' }, t('admin-rename')), cancel()));
      input.focus();
    },
  }, t('admin-rename'));
  const ban = p.banned_at
    ? h('button.unban', {
      type: 'button',
      onclick: (e) => act(e, async () => {
        await api(`/api/admin/players/${p.id}/ban`, { method: 'DELETE' });
        update({ banned_at: null });
      }),
    }, t('admin-unban'))
    : h('button.ban', {
      type: 'button',
      onclick: () => {
        const reason = h('input.ban-reason', { name: 'reason', maxlength: 500, placeholder: t('admin-ban-reason'), 'aria-label': t('admin-ban-reason-label', { name: p.name }) });
        tools.replaceChildren(h('form.inline-form', {
          onsubmit: (e) => act(e, async () => {
            await api(`/api/admin/players/${p.id}/ban`, { method: 'POST', body: { reason: reason.value.trim() } });
            update({ banned_at: Date.now() });
          }),
        }, reason, h('button.primary.confirm-ban', { type: 'submit' }, t('admin-ban')), cancel()));
        reason.focus();
      },
    }, t('admin-ban'));
  const mute = muteButton(p, act, update);
  tools.append(rename, mute, ban);
}

function muteButton(p, act, update) {
  if (p.muted_at || p.muted) {
    return h('button.unmute', {
      type: 'button',
      'aria-label': t('admin-unmute-label', { name: p.name }),
      onclick: (e) => act(e, async () => {
        await api(`/api/admin/players/${p.id}/mute`, { method: 'DELETE' });
        update({ muted_at: null, muted: false });
      }),
    }, t('admin-unmute'));
  }
  return h('button.mute', {
    type: 'button',
    'aria-label': t('admin-mute-label', { name: p.name }),
    onclick: (e) => act(e, async () => {
      await api(`/api/admin/players/${p.id}/mute`, { method: 'POST' });
      update({ muted_at: Date.now(), muted: true });
    }),
  }, t('admin-mute'));
}

/** The roles in words. */
const ROLES = { admin: 'admin-role-admin', member: 'admin-role-member', guest: 'admin-role-guest' };

/** A day as the reader's language writes it: "7 Dec 2026". */
function joined(ms) {
  return new Date(ms).toLocaleDateString(language() === PSEUDO ? 'en' : language(), { dateStyle: 'medium' });
}

/** `p`'s row; `names` learns the player's name, `act(e, call)` runs an action. */
function playerRow(p, names, act) {
  const state = p.banned_at ? h('span.banned-tag', {}, t('admin-banned-since', { when: when(p.banned_at) })) : null;
  const mutedTag = p.muted_at || p.muted ? h('span.muted-tag', {}, t('admin-muted')) : null;
  const tools = h('div.row-tools');
  // The row changes in place: the list does not jump, and later pages stay shown.
  const update = (changes) => {
    const next = { ...p, ...changes };
    names.set(p.id, playerLabel(next));
    row.replaceWith(playerRow(next, names, act));
  };
  rowTools(p, tools, act, update);
  const row = h('tr', { dataset: { player: p.id } },
    // A name is its owner's, in any language.
    h('td', {}, h('span.player-name', { translate: 'no' }, p.name), p.username ? h('small', { translate: 'no' }, `@${p.username}`) : null),
    h('td', {}, ROLES[p.role] ? t(ROLES[p.role]) : p.role, state ? h('br') : null, state, mutedTag ? h('br') : null, mutedTag),
    // Intl writes the date in the reader's language already.
    h('td', {}, h('time', { datetime: new Date(p.created_at).toISOString(), translate: 'no' }, joined(p.created_at))),
    h('td', {}, tools));
  return row;
}

/**
 * The players panel (`el`). `names` (id -> name) learns every player listed, `alive()` says
 * the page is still shown, `acting()` is told before an action (the other panels clear
 * their errors) and `acted()` after it (the rooms and the audit may have changed).
 */
export function createPlayers({ names, alive, acting, acted }) {
  const q = h('input#player-q', { type: 'search', name: 'q', placeholder: t('admin-search-placeholder'), 'aria-label': t('admin-search-label') });
  const msg = h('p.error', { role: 'alert' });
  const box = h('div#players.table-wrap');

  /** Runs an admin action, then reloads what it may have changed. */
  async function act(e, call) {
    e.preventDefault();
    msg.textContent = '';
    acting();
    try {
      await call();
    } catch (err) {
      msg.textContent = err.message;
      return;
    }
    await acted();
  }

  /** Lists the players matching the search; the first load lets its refusal through. */
  async function load(first = false) {
    try {
      const query = q.value.trim() ? `?q=${encodeURIComponent(q.value.trim())}` : '';
      const path = `/api/admin/players${query}`;
      const r = await api(path);
      if (!alive()) return;
      const tbody = h('tbody');
      const add = (players) => {
        for (const p of players) names.set(p.id, playerLabel(p));
        tbody.append(...players.map((p) => playerRow(p, names, act)));
      };
      add(r.players);
      box.replaceChildren(r.players.length
        ? h('table.admin-table', {},
          h('thead', {}, h('tr', {}, h('th', {}, t('admin-col-player')), h('th', {}, t('admin-col-role')), h('th', {}, t('admin-col-joined')), h('th', {}, ''))),
          tbody)
        : h('p', {}, t('admin-no-player')),
      moreButton('more-players', path, 'players', r.players, add, msg));
    } catch (err) {
      if (first) throw err;
      msg.textContent = err.message;
    }
  }

  const el = h('section.panel', { 'aria-labelledby': 'players-h' },
    h('h2#players-h', {}, t('admin-players')),
    h('form.filters', {
      onsubmit: (e) => {
        e.preventDefault();
        load();
      },
      role: 'search',
    }, q, h('button', { type: 'submit' }, t('admin-search'))),
    box, msg);
  return { el, load };
}
