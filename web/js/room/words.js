// What the room page says, in plain words, from the room as the server describes it
// (docs/protocol.md): who sits where, what happens next in the waiting room, who won and how,
// why a game was aborted. Pure: no DOM, so the reducer and the unit tests use it too.

import { seatName, teamOf, reasonText } from '../seats.js';
import { describe } from '../describe.js';
import { listWords } from '../lists.js';
import { t, need } from '../i18n.js';

export { listWords };

// The replay and the screen-reader mode read these words outside the room view, whose route
// loads room.ftl: whoever imports this module gets them too. Node's tests bring their own.
if (typeof document !== 'undefined') await need('room.ftl');

/** The name shown for a seat's occupant: the player's name, or what the bot is. */
export function occupantName(snap, seat) {
  const o = snap?.seats?.[seat]?.occupant;
  if (!o) return null;
  if (o.type === 'bot') return o.kind === 'random' ? t('room-bot-random') : t('room-bot-level', { level: o.level });
  return o.name;
}

/** "You" for our own seat, "Bob (Red)" for another, "Red" for a free one. */
export function seatLabel(snap, seat, mine = null) {
  if (seat && seat === mine) return t('room-you');
  const name = occupantName(snap, seat);
  return name ? t('room-seat-label', { name, seat: seatName(seat) }) : seatName(seat);
}

/**
 * How the labels `items` stand as a sentence's subject, for the verb to agree: `you` (our
 * own seat alone), `one` (one other) or `many`.
 */
export function subjectOf(items, mine = null, seats = null) {
  if (items.length !== 1) return 'many';
  return seats && seats[0] === mine ? 'you' : 'one';
}

const OUT = {
  captured_all: 'room-out-captured-all',
  blocked: 'room-out-blocked',
  resigned: 'room-out-resigned',
  left: 'room-out-left',
  time: 'room-out-time',
  abandonment: 'room-out-abandonment',
};

/** Why a seat is out, in words. */
export function reasonOut(reason) {
  return OUT[reason] ? t(OUT[reason]) : reasonText(reason);
}

const DEPARTED = {
  resigned: 'room-departed-resigned',
  left: 'room-departed-left',
  time: 'room-departed-time',
  abandonment: 'room-departed-abandonment',
};

/** A seat left a game that goes on (Neva): "Bob (Red) resigned." */
export function departureWords(snap, seat, reason, mine = null) {
  const who = seatLabel(snap, seat, mine);
  const subject = seat === mine ? 'you' : 'one';
  if (DEPARTED[reason]) return t(DEPARTED[reason], { who, subject });
  return t('room-departed-other', { who, subject, reason: reasonOut(reason) });
}

/** A player's team in Neva team play, named so that it is no seat's colour. */
export function teamName(seat) {
  return teamOf(seat) === 1 ? 'A' : 'B';
}

/** The seat playing with `seat` in Neva team play. */
export function partnerOf(seat, layout) {
  return layout.find((k) => k !== seat && teamOf(k) === teamOf(seat)) || null;
}

/** A room in a line, as the lobby lists it: "Neva, 4 players, teams, 5+3" (private noted). */
export function describeRoom(room) {
  return room.private ? t('room-desc-private', { description: describe(room) }) : describe(room);
}

/** The turn order in words: "White, Red, Green, Black (clockwise)". */
export function turnOrderWords(layout) {
  const seats = layout.map(seatName).join(', ');
  return layout.length > 2 ? t('room-order-clockwise', { seats }) : seats;
}

/**
 * What the waiting room says: `head` (who is missing) and `next` (what happens then), for a
 * page sitting in `mine` (null: not seated) whose player is the host or not.
 */
export function waitingWords(snap, mine, host) {
  const free = snap.room.layout.filter((k) => !snap.seats?.[k]).length;
  const auto = Boolean(snap.room.auto_start);
  const hostName = snap.room.host?.name || t('room-the-host');
  let head;
  let next;
  if (free > 0) {
    head = t('room-waiting-for', { count: free });
    if (auto) next = t('room-next-auto');
    else if (host) next = t('room-next-host');
    else next = t('room-next-other', { host: hostName });
    if (!mine) next += ` ${t('room-next-take-seat')}`;
  } else {
    head = t('room-full-head');
    if (auto) next = t('room-full-auto');
    else if (host) next = t('room-full-host');
    else next = t('room-full-other', { host: hostName });
    if (!mine) next += ` ${t('room-full-watching')}`;
  }
  return { head, next, free, full: free === 0 };
}

// The losing seats' labels and how they stand as a subject, so the verb agrees with them
// ("You, Red and Green have no pieces left").
const HOW = {
  captured_all: 'room-how-captured-all',
  blocked: 'room-how-blocked',
  resigned: 'room-how-resigned',
  left: 'room-how-left',
  time: 'room-how-time',
  abandonment: 'room-how-abandonment',
};

const DRAWN = {
  agreement: 'room-drawn-agreement',
  repetition: 'room-drawn-repetition',
  no_progress: 'room-drawn-no-progress',
  abandonment: 'room-drawn-abandonment',
};

/** The sentence saying how the winners won: the losers (`seats`, by `label`) and the reason. */
function howWon(seats, reason, label, mine) {
  const named = seats.map(label);
  const who = named.length ? listWords(named) : t('room-the-others');
  const subject = named.length ? subjectOf(named, mine, seats) : 'many';
  if (HOW[reason]) return t(HOW[reason], { who, subject });
  return t('room-how-other', { who, reason: reasonOut(reason) });
}

/**
 * The end of a game in words, for the page sitting in `mine`: `headline` ("You won!",
 * "Black won.", "Draw."), `how` (a sentence), `verdict` (ours: win, loss, draw or null)
 * and `order` (Neva's finishing order: one list of labels per place), from `snap.outcome`.
 */
export function resultWords(snap, mine = null) {
  const o = snap.outcome;
  if (!o) return { headline: t('room-result-over'), how: '', verdict: null, order: [] };
  const label = (k) => seatLabel(snap, k, mine);
  const winners = o.winners || [];
  const verdict = mine ? (o.seats?.[mine]?.verdict || (winners.includes(mine) ? 'win' : winners.length ? 'loss' : 'draw')) : null;
  let headline;
  if (!winners.length) headline = t('room-result-draw');
  else if (winners.includes(mine)) {
    headline = winners.length > 1
      ? t('room-result-team-won', { who: listWords(winners.map((k) => (k === mine ? t('room-you-lower') : label(k)))) })
      : t('room-result-you-won');
  } else headline = t('room-result-won', { who: listWords(winners.map(label)), subject: subjectOf(winners, mine, winners) });
  let how;
  if (!winners.length) how = DRAWN[o.reason] ? t(DRAWN[o.reason]) : t('room-drawn-other', { reason: reasonOut(o.reason) });
  else {
    const layout = snap.room.layout;
    const losers = layout.filter((k) => o.seats?.[k]?.verdict === 'loss');
    const last = losers.filter((k) => o.seats[k].reason === o.reason);
    how = howWon(last.length ? last : losers, o.reason, label, mine);
  }
  const order = snap.room.layout.length > 2 ? (o.finishing_order || []).map((place) => place.map(label)) : [];
  return { headline, how, verdict, order };
}

const EARLY = {
  resigned: 'room-abort-early-resigned',
  left: 'room-abort-early-left',
  time: 'room-abort-early-time',
  abandonment: 'room-abort-early-abandonment',
};

/** Why a game or room was aborted, in words (`snap.aborted`: the event's fields). */
export function abortWords(snap, mine = null) {
  const a = snap.aborted || {};
  const who = () => (a.seat === mine ? t('room-you-lower') : seatLabel(snap, a.seat, mine));
  if (a.reason === 'no_first_move') return t('room-abort-no-first-move', { who: who() });
  if (a.reason === 'server') return t('room-abort-server');
  if (a.reason === 'unattended') return snap.board ? t('room-abort-unattended-game') : t('room-abort-unattended-room');
  if (EARLY[a.reason]) {
    if (a.reason === 'abandonment' && !a.seat) return t('room-abort-early-claimed');
    return t(EARLY[a.reason], { who: who(), subject: a.seat === mine ? 'you' : 'one' });
  }
  if (!snap.board) return t('room-abort-cancelled');
  if (a.by) return t('room-abort-by', { who: a.by === mine ? t('room-you') : seatLabel(snap, a.by, mine), subject: a.by === mine ? 'you' : 'one' });
  return t('room-abort-plain');
}
