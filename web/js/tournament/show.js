// What the tournament page's parts show, decided from the tournament (`GET
// /api/tournaments/{id}`) and who this page is. Pure: no DOM (unit tested in web/test/).

import { countdownText } from '../tourney.js';

/** The entrant this page's player is, or undefined. */
export function myEntry(t, me) {
  return (t.entrants || []).find((e) => me && e.id === me.id);
}

/** Whether `player` is a bot entrant (bots have no page to link to). */
export function isBot(t, player) {
  return (t.entrants || []).some((e) => e.id === player && e.bot);
}

/** The countdown to the start at local time `now`; '' once registration closed. */
export function countdownLine(t, now) {
  if (!t || t.state !== 'registering') return '';
  const left = t.starts_at - now;
  return left > 0 ? `Starts in ${countdownText(left)}` : 'Starting…';
}

/**
 * What the actions box offers: `{kind: 'none'}` (finished), `'account'` (a guest is asked to
 * sign in), `'registered'` (with `text` and the `leave` button's label), `'closed'` (the
 * start closed registration) or `'register'` (with `teams` and the button's `label`).
 */
export function actionsView(t, me) {
  const entry = myEntry(t, me);
  if (t.state === 'finished') return { kind: 'none' };
  if (!me?.username) return { kind: 'account' };
  const registering = t.state === 'registering';
  if (entry && entry.active !== false) {
    return { kind: 'registered', text: registering ? 'You are registered.' : 'You are playing.', leave: registering ? 'Leave' : 'Withdraw' };
  }
  // Registration closes at the start, for every format.
  if (t.state === 'running') return { kind: 'closed' };
  return { kind: 'register', teams: Boolean(t.format?.kind === 'neva_tables' && t.format.teams), label: entry ? 'Rejoin' : 'Register' };
}

/** The table of the last round where this page's player has a game on, or null. */
export function myTable(t, me) {
  const last = (t.rounds_played || []).at(-1);
  return last && me ? (last.tables || []).find((tb) => !tb.result && (tb.seats || []).some((s) => s.player === me.id)) || null : null;
}

/** Who sat out a round, in words, by the entrants' names. */
export function byesText(round, t) {
  const names = new Map((t.entrants || []).map((e) => [e.id, e.name]));
  return (round.byes || []).map((b) => names.get(b?.player ?? b) || b?.name || 'someone').join(', ');
}

/** The entrants, highest rating first, and how many still play. */
export function entrantsView(t) {
  const list = (t.entrants || []).slice().sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0));
  return { list, active: list.filter((e) => e.active !== false).length };
}

/** The rule on first moves not made in time, or null when the event has none. */
export function noShowText(t) {
  return t.no_show_secs ? `If you have not made your first move ${t.no_show_secs} seconds after your first turn comes, you lose that game by forfeit; the tournament goes on.` : null;
}
