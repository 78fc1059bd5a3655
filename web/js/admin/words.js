// The admin page's words: why an action was refused, the audit log's lines, room states,
// players as named in the log. Pure: no DOM (unit tested in web/test/).

import { personName } from '../describe.js';

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

/** A room's state in words. */
export function roomStateWords(state) {
  return STATE_WORDS[state] || state;
}

/** Who is in a room: "host Ann · with Bob, Computer level 3". */
export function hostLine(room) {
  const seated = (room.seats || []).filter((x) => x.name).map((x) => personName(x.name))
    .filter((n) => n !== room.host_name);
  return `host ${room.host_name}${seated.length ? ` · with ${seated.join(', ')}` : ''}`;
}

/** A player as the audit log names them: "Ann (@ann)", or the name alone for a guest. */
export function playerLabel(p) {
  return p.username ? `${p.name} (@${p.username})` : p.name;
}

/** An audit entry's sentence; `label(id)` names a player (an invite's target is its code). */
export function auditText(a, label) {
  return `${label(a.admin_id)} ${AUDIT_WORDS[a.action] || a.action} ${a.action === 'invite' ? a.target : label(a.target)}`;
}

/** The path of the list page at `offset` of `path` (which may have a query), `limit` items long. */
export function pagePath(path, limit, offset) {
  return `${path}${path.includes('?') ? '&' : '?'}limit=${limit}&offset=${offset}`;
}
