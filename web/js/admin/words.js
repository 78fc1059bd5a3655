// The admin page's words: why an action was refused, the audit log's lines, room states,
// players as named in the log. Pure: no DOM (unit tested in web/test/).

import { personName } from '../describe.js';
import { t } from '../i18n.js';

/** The audit log's sentence of each action. */
const AUDIT_WORDS = {
  rename: 'admin-audit-rename',
  ban: 'admin-audit-ban',
  unban: 'admin-audit-unban',
  close_room: 'admin-audit-close-room',
  invite: 'admin-audit-invite',
  mute: 'admin-audit-mute',
  unmute: 'admin-audit-unmute',
  delete_chat: 'admin-audit-delete-chat',
};

/** Room states in words. */
const STATE_WORDS = {
  waiting: 'admin-room-waiting',
  playing: 'admin-room-playing',
  finished: 'admin-room-finished',
  aborted: 'admin-room-aborted',
};

/**
 * Why an admin action was refused, in words: the server's own message for the codes it
 * explains itself, otherwise what the code means for a room.
 */
export function refusalWords(err) {
  switch (err?.code) {
    case 'already_over':
      return err.message && !/^already_over$/.test(err.message) ? err.message : t('admin-refused-over');
    case 'too_late_to_abort':
      return t('admin-refused-under-way');
    case 'not_found':
      return t('admin-refused-gone');
    default:
      return err?.message || t('admin-refused');
  }
}

/** A room's state in words. */
export function roomStateWords(state) {
  return STATE_WORDS[state] ? t(STATE_WORDS[state]) : state;
}

/** Who is in a room: "host Ann · with Bob, Computer level 3". */
export function hostLine(room) {
  const seated = (room.seats || []).filter((x) => x.name).map((x) => personName(x.name))
    .filter((n) => n !== room.host_name);
  const host = t('admin-room-host', { host: room.host_name });
  return seated.length ? `${host} · ${t('admin-room-with', { names: seated.join(', ') })}` : host;
}

/** A player as the audit log names them: "Ann (@ann)", or the name alone for a guest. */
export function playerLabel(p) {
  return p.username ? `${p.name} (@${p.username})` : p.name;
}

/** An audit entry's sentence; `label(id)` names a player (an invite's target is its code). */
export function auditText(a, label) {
  const args = { admin: label(a.admin_id), target: a.action === 'invite' ? a.target : label(a.target) };
  return AUDIT_WORDS[a.action] ? t(AUDIT_WORDS[a.action], args) : t('admin-audit-other', { ...args, action: a.action });
}

/** The path of the list page at `offset` of `path` (which may have a query), `limit` items long. */
export function pagePath(path, limit, offset) {
  return `${path}${path.includes('?') ? '&' : '?'}limit=${limit}&offset=${offset}`;
}
