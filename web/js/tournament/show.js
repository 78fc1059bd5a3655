// What the tournament page's parts show, decided from the tournament (`GET
// /api/tournaments/{id}`) and who this page is. Pure: no DOM (unit tested in web/test/).

import { t } from '../i18n.js';
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
export function countdownLine(event, now) {
  if (!event || event.state !== 'registering') return '';
  const left = event.starts_at - now;
  return left > 0 ? t('tournaments-starts-in', { time: countdownText(left) }) : t('tournaments-starting');
}

/**
 * What the actions box offers: `{kind: 'none'}` (finished), `'account'` (a guest is asked to
 * sign in), `'registered'` (with `text` and the `leave` button's label), `'closed'` (the
 * start closed registration) or `'register'` (with `teams` and the button's `label`).
 */
export function actionsView(event, me) {
  const entry = myEntry(event, me);
  if (event.state === 'finished') return { kind: 'none' };
  if (!me?.username) return { kind: 'account' };
  const registering = event.state === 'registering';
  if (entry && entry.active !== false) {
    return {
      kind: 'registered',
      text: t(registering ? 'tournaments-registered' : 'tournaments-playing'),
      leave: t(registering ? 'tournaments-leave' : 'tournaments-withdraw'),
    };
  }
  // Registration closes at the start, for every format.
  if (event.state === 'running') return { kind: 'closed' };
  const teams = Boolean(event.format?.kind === 'neva_tables' && event.format.teams);
  return { kind: 'register', teams, label: t(entry ? 'tournaments-rejoin' : 'tournaments-register') };
}

/** The table of the last round where this page's player has a game on, or null. */
export function myTable(t, me) {
  const last = (t.rounds_played || []).at(-1);
  return last && me ? (last.tables || []).find((tb) => !tb.result && (tb.seats || []).some((s) => s.player === me.id)) || null : null;
}

/** Who sat out a round, in words, by the entrants' names. */
export function byesText(round, event) {
  const names = new Map((event.entrants || []).map((e) => [e.id, e.name]));
  return (round.byes || []).map((b) => names.get(b?.player ?? b) || b?.name || t('tournaments-someone')).join(', ');
}

/** The entrants, highest rating first, and how many still play. */
export function entrantsView(t) {
  const list = (t.entrants || []).slice().sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0));
  return { list, active: list.filter((e) => e.active !== false).length };
}

/** The rule on first moves not made in time, or null when the event has none. */
export function noShowText(event) {
  return event.no_show_secs ? t('tournaments-rules-no-show', { seconds: event.no_show_secs }) : null;
}

/** Whether this page's player may change the tournament: its creator or an admin, before the start. */
export function mayOrganise(t, me) {
  return Boolean(t && me && t.state === 'registering' && (me.role === 'admin' || me.id === t.created_by));
}

/**
 * The room of a game that pairing `next` gives this page's player and `prev` did not have
 * (the page takes them there), or null. The first tournament a page receives (`prev` null)
 * takes nobody anywhere: a player who came back to the page from their game stays.
 */
export function newGameFor(prev, next, me) {
  if (!prev || !next || !me) return null;
  const table = myTable(next, me);
  if (!table?.room_id) return null;
  const known = (prev.rounds_played || []).some((r) => (r.tables || []).some((tb) => tb.room_id === table.room_id));
  return known ? null : table.room_id;
}

/**
 * Who may create tournaments on this server (`creators` of the list), in words, for a
 * reader who may (`allowed`) or may not.
 */
export function creatorsText(creators, allowed) {
  const who = t({
    anyone: 'tournaments-creators-anyone',
    members: 'tournaments-creators-members',
  }[creators] || 'tournaments-creators-admins');
  if (allowed) return `${who} ${t('tournaments-creators-yours')}`;
  if (creators === 'members') return `${who} ${t('tournaments-creators-sign-in')}`;
  return creators === 'anyone' ? who : `${who} ${t('tournaments-creators-ask')}`;
}

/** Whether this page's player may create tournaments under `creators`. */
export function mayCreate(creators, me) {
  if (!me) return false;
  if (me.role === 'admin') return true;
  if (creators === 'anyone') return true;
  return creators === 'members' && Boolean(me.username);
}
