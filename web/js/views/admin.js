// /admin: a club's moderation page (lichess's mod tools, scaled down), in panels that each
// load and draw their own list (admin/): players (search, rename, ban and unban with a
// reason, mute), live rooms (close, read and delete chat), invites and the audit log. This
// view places them and tells each what another's action changed.

import { h } from '../http.js';
import { t } from '../i18n.js';
import { createPlayers } from '../admin/players.js';
import { createRooms } from '../admin/rooms.js';
import { createInvites } from '../admin/invites.js';
import { createAudit } from '../admin/audit.js';

export function adminView(main) {
  let alive = true;
  const isAlive = () => alive;
  // Names of the players seen so far, so that the audit log reads as names, not ids.
  const names = new Map();

  main.append(h('h1', {}, t('admin-title')));
  const gate = h('p.error', { role: 'alert' });
  main.append(gate);

  const audit = createAudit({ label: (id) => names.get(id) || id, alive: isAlive });
  const rooms = createRooms({
    alive: isAlive,
    changed: () => Promise.all([rooms.load(), audit.load()]),
    chatDeleted: () => audit.load(),
  });
  const players = createPlayers({
    names,
    alive: isAlive,
    acting: () => rooms.clearError(),
    acted: () => Promise.all([rooms.load(), audit.load()]),
  });
  const invites = createInvites({ made: () => audit.load() });

  // The player list answers first: a non-admin sees one refusal instead of four panels.
  players.load(true).then(() => {
    if (!alive) return;
    main.append(h('div.admin-grid', {}, players.el, h('div.admin-side', {}, rooms.el, invites.el, audit.el)));
    rooms.load();
    audit.load();
  }, (err) => {
    gate.textContent = err.code === 'not_admin' ? t('admin-not-admin') : err.message;
  });

  return {
    destroy() {
      alive = false;
    },
  };
}
