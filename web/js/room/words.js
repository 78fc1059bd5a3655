// What the room page says, in plain words, from the room as the server describes it
// (docs/protocol.md): who sits where, what happens next in the waiting room, who won and how,
// why a game was aborted. Pure: no DOM, so the reducer and the unit tests use it too.

import { seatName, teamOf } from '../seats.js';
import { describe } from '../describe.js';
import { listWords, agree } from '../lists.js';

export { listWords };

/** The name shown for a seat's occupant: the player's name, or what the bot is. */
export function occupantName(snap, seat) {
  const o = snap?.seats?.[seat]?.occupant;
  if (!o) return null;
  if (o.type === 'bot') return o.kind === 'random' ? 'Random mover' : `Computer level ${o.level}`;
  return o.name;
}

/** "You" for our own seat, "Bob (Red)" for another, "Red" for a free one. */
export function seatLabel(snap, seat, mine = null) {
  if (seat && seat === mine) return 'You';
  const name = occupantName(snap, seat);
  return name ? `${name} (${seatName(seat)})` : seatName(seat);
}

const OUT = {
  captured_all: 'all pieces captured',
  blocked: 'no move left',
  resigned: 'resigned',
  left: 'left the game',
  time: 'out of time',
  abandonment: 'away too long',
};

/** Why a seat is out, in words. */
export function reasonOut(reason) {
  return OUT[reason] || String(reason || '').replace(/_/g, ' ');
}

const DEPARTED = {
  resigned: 'resigned',
  left: 'left the game',
  time: 'ran out of time',
  abandonment: 'stayed away too long and is out',
};

/** A seat left a game that goes on (Neva): "Bob (Red) resigned." */
export function departureWords(snap, seat, reason, mine = null) {
  const verb = DEPARTED[reason] || `is out (${reasonOut(reason)})`;
  return `${seatLabel(snap, seat, mine)} ${verb}.`;
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
  return `${describe(room)}${room.private ? ', private' : ''}`;
}

/** The turn order in words: "White, Red, Green, Black (clockwise)". */
export function turnOrderWords(layout) {
  const names = layout.map(seatName).join(', ');
  return layout.length > 2 ? `${names} (clockwise)` : names;
}

/**
 * What the waiting room says: `head` (who is missing) and `next` (what happens then), for a
 * page sitting in `mine` (null: not seated) whose player is the host or not.
 */
export function waitingWords(snap, mine, host) {
  const free = snap.room.layout.filter((k) => !snap.seats?.[k]).length;
  const auto = Boolean(snap.room.auto_start);
  const hostName = snap.room.host?.name || 'the host';
  let head;
  let next;
  if (free > 0) {
    head = `Waiting for ${free} more player${free === 1 ? '' : 's'}.`;
    if (auto) next = 'The game starts when every seat is filled.';
    else if (host) next = 'You start the game (Start) when every seat is filled.';
    else next = `The host (${hostName}) starts the game when every seat is filled.`;
    if (!mine) next += ' Take a free seat to play.';
  } else {
    head = 'Every seat is filled.';
    if (auto) next = 'The game is starting.';
    else if (host) next = 'Press Start to begin the game.';
    else next = `Waiting for the host (${hostName}) to start the game.`;
    if (!mine) next += ' This room is full: you are watching.';
  }
  return { head, next, free, full: free === 0 };
}

// Each takes the losing seats' labels, so the verb agrees with them ("You, Red and Green
// have no pieces left").
const HOW = {
  captured_all: (w) => `${listWords(w)} ${agree(w, 'has', 'have')} no pieces left.`,
  blocked: (w) => `${listWords(w)} could not move.`,
  resigned: (w) => `${listWords(w)} resigned.`,
  left: (w) => `${listWords(w)} left the game.`,
  time: (w) => `${listWords(w)} ran out of time.`,
  abandonment: (w) => `${listWords(w)} stayed away too long and the game was claimed.`,
};

const DRAWN = {
  agreement: 'The players agreed to a draw.',
  repetition: 'The same position came up too often: a draw.',
  no_progress: 'Too many moves passed without progress: a draw.',
  abandonment: 'The opponents stayed away too long and the game was claimed as a draw.',
};

/**
 * The end of a game in words, for the page sitting in `mine`: `headline` ("You won!",
 * "Black won.", "Draw."), `how` (a sentence), `verdict` (ours: win, loss, draw or null)
 * and `order` (Neva's finishing order: one list of labels per place), from `snap.outcome`.
 */
export function resultWords(snap, mine = null) {
  const o = snap.outcome;
  if (!o) return { headline: 'Game over.', how: '', verdict: null, order: [] };
  const label = (k) => seatLabel(snap, k, mine);
  const winners = o.winners || [];
  const verdict = mine ? (o.seats?.[mine]?.verdict || (winners.includes(mine) ? 'win' : winners.length ? 'loss' : 'draw')) : null;
  let headline;
  if (!winners.length) headline = 'Draw.';
  else if (winners.includes(mine)) {
    headline = winners.length > 1 ? `Your team won (${listWords(winners.map((k) => (k === mine ? 'you' : label(k))))})!` : 'You won!';
  } else headline = `${listWords(winners.map(label))} won.`;
  let how;
  if (!winners.length) how = DRAWN[o.reason] || `Drawn: ${reasonOut(o.reason)}.`;
  else {
    const layout = snap.room.layout;
    const losers = layout.filter((k) => o.seats?.[k]?.verdict === 'loss');
    const last = losers.filter((k) => o.seats[k].reason === o.reason);
    const named = (last.length ? last : losers).map(label);
    const who = named.length ? named : ['The others'];
    how = (HOW[o.reason] || ((w) => `${listWords(w)}: ${reasonOut(o.reason)}.`))(who);
  }
  const order = snap.room.layout.length > 2 ? (o.finishing_order || []).map((place) => place.map(label)) : [];
  return { headline, how, verdict, order };
}

/** Why a game or room was aborted, in words (`snap.aborted`: the event's fields). */
export function abortWords(snap, mine = null) {
  const a = snap.aborted || {};
  if (a.reason === 'no_first_move') {
    const who = a.seat === mine ? 'you' : seatLabel(snap, a.seat, mine);
    return `The game was aborted: ${who} did not make a first move in time. Nobody wins or loses.`;
  }
  if (a.reason === 'server') return 'The server closed this game. Nobody wins or loses.';
  if (a.reason === 'unattended') {
    return snap.board
      ? 'The game was closed: nobody was playing it. It does not count; nobody wins or loses.'
      : 'The room was closed: nobody was in it.';
  }
  const early = { resigned: 'resigned', left: 'left', time: 'ran out of time', abandonment: 'was away too long' };
  if (early[a.reason]) {
    const who = a.seat === mine ? 'you' : seatLabel(snap, a.seat, mine);
    const did = a.reason === 'abandonment' && !a.seat ? 'the game was claimed' : `${who} ${early[a.reason]}`;
    return `The game was aborted: ${did} before every player had moved, so it does not count. Nobody wins or loses.`;
  }
  if (!snap.board) return 'The host cancelled this room.';
  if (a.by) return `${a.by === mine ? 'You' : seatLabel(snap, a.by, mine)} aborted the game before it really began. Nobody wins or loses.`;
  return 'The game was aborted. Nobody wins or loses.';
}
