// A room's address and what the page opening it is asked to do, carried in its query
// rather than in sessionStorage:
//   /room/{id}?code=K7M2QX9P&join=1&bots=red:3,black:5
// `code` is a private room's invite code (the socket shows it; the host's page shares it as
// the invite link), `join` asks to sit down in the first free seat, `bots` the bots the host
// chose when creating the room (seat:level). Pure: no DOM.

/** The path of room `id` with the given intentions. */
export function roomPath(id, { code = null, join = false, bots = [] } = {}) {
  const q = [];
  if (code) q.push(`code=${encodeURIComponent(code)}`);
  if (join) q.push('join=1');
  if (bots?.length) q.push(`bots=${bots.map(([seat, level]) => `${seat}:${Number(level)}`).join(',')}`);
  return `/room/${encodeURIComponent(id)}${q.length ? `?${q.join('&')}` : ''}`;
}

/** The intentions in a room page's query (a URLSearchParams). */
export function roomParams(params) {
  const p = params || new URLSearchParams();
  const bots = (p.get('bots') || '')
    .split(',')
    .map((b) => b.split(':'))
    .filter(([seat, level]) => /^[a-z]+$/.test(seat || '') && /^\d+$/.test(level || ''))
    .map(([seat, level]) => [seat, Number(level)]);
  return { code: p.get('code') || null, join: p.get('join') === '1', bots };
}
