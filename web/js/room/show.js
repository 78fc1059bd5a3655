// What each part of the room page shows, decided from the room's state (room/state.js) and
// nothing else: the parts (room/status.js, seatlist.js, board.js, actions.js, ...) only turn
// these answers into elements. Pure: no DOM, so the unit tests read them (web/test/).

import { GAME_NAME, seatName, reasonText } from '../seats.js';
import { describeRoom, occupantName, partnerOf, teamName, turnOrderWords, waitingWords, listWords } from './words.js';
import { t } from '../i18n.js';
import { mySeat, isHost, shownPosition, lastSquares } from './state.js';
import { playerPath, ratingText } from '../ratings.js';

const NO_MOVES = [];

/** What the move box suggests, in each game's own square names. */
const MOVE_EXAMPLE = {
  neva: 'room-move-placeholder-neva',
  queah: 'room-move-placeholder-queah',
};

/** The move box's placeholder for `game`. */
export function movePlaceholder(game) {
  return t(MOVE_EXAMPLE[game] || 'room-move-placeholder');
}

/** Whether the game is over (finished, or aborted). */
export function isOver(snap) {
  return snap.state === 'finished' || snap.state === 'aborted';
}

/** The seat at the bottom of the board: ours, or the first of the layout. */
export function orientation(state) {
  return mySeat(state) || state.snap.room.layout[0];
}

/**
 * The room's head: `title`, `desc`, the status line `text` with the seat to move (`turn`)
 * and whether it is ours (`mine`), and the tab's title (`tab`).
 */
export function statusView(state) {
  const s = state.snap;
  const seat = mySeat(state);
  const game = GAME_NAME[s.room.game] || s.room.game;
  let text = '';
  let mine = false;
  if (s.state === 'waiting') text = waitingWords(s, seat, isHost(state)).head;
  else if (s.state === 'aborted') text = t('room-status-aborted');
  else if (s.state === 'finished') text = t('room-status-over');
  else if (s.board?.turn) {
    const turn = s.board.turn;
    mine = turn === seat;
    text = mine ? t('room-status-your-turn') : t('room-status-to-move', { seat: seatName(turn), name: occupantName(s, turn) || t('room-nobody') });
  }
  return {
    title: s.room.private ? t('room-title-private', { game }) : game,
    desc: describeRoom(s.room),
    text,
    turn: s.board?.turn || '',
    mine,
    tab: mine ? t('room-tab-your-turn', { game }) : t('room-tab', { game }),
  };
}

/** The waiting room's panel, or null once the game started: `{head, who, next, full}`. */
export function waitingView(state) {
  const s = state.snap;
  if (s.state !== 'waiting') return null;
  const seat = mySeat(state);
  const w = waitingWords(s, seat, isHost(state));
  const seated = s.room.layout.filter((k) => s.seats[k]).map((k) => t('room-seat-label', { name: occupantName(s, k), seat: seatName(k) }));
  return {
    head: w.head,
    who: seated.length ? t('room-seated', { who: listWords(seated) }) : t('room-seated-nobody'),
    next: w.next,
    // A full room seats nobody more: watching is what is left.
    offerWatch: w.full && !seat,
  };
}

/**
 * Who sits where, as far as ratings go: each seat with the person in it (bots and free
 * seats have no rating). The ratings are read again when it changes; '' when nobody could
 * have one.
 */
export function seatingKey(snap) {
  const people = snap.room.layout.filter((k) => snap.seats[k]?.occupant?.type === 'player');
  return people.map((k) => `${k}:${snap.seats[k].occupant.id}`).join(',');
}

/** `GET /api/rooms/{id}/ratings` by seat: `{seat: {player, text}}`, the text as "1500?". */
export function ratingsBySeat(answer) {
  const out = {};
  for (const r of answer?.seats || []) out[r.seat] = { player: r.player, text: ratingText(r) };
  return out;
}

/** The rating shown next to `seat`'s occupant ("1500?"), or null: a guest, a bot, not read yet. */
export function seatRating(snap, seat, ratings) {
  const occ = snap.seats[seat]?.occupant;
  const r = ratings?.[seat];
  return occ?.type === 'player' && r && r.player === occ.id ? r.text : null;
}

/**
 * One row per seat, in turn order: who sits there and how they do (`rating`: the seated
 * account's, from `ratingsBySeat`), and what this page may do with the seat (`sit`: the
 * command and its label, `addBot`, `removeBot`).
 */
export function seatRows(state, ratings = {}) {
  const s = state.snap;
  const seat = mySeat(state);
  const host = isHost(state);
  const playing = new Set(s.board?.playing || s.room.layout);
  return s.room.layout.map((k) => {
    const v = s.seats[k];
    const occ = v?.occupant;
    const waiting = s.state === 'waiting';
    const out = Boolean(s.state !== 'waiting' && s.board && !playing.has(k));
    const team = s.room.teams ? teamName(k) : null;
    const partner = s.room.teams ? partnerOf(k, s.room.layout) : null;
    return {
      seat: k,
      name: occupantName(s, k) || t('room-free-seat'),
      // A person's name leads to their page (a guest's says they have none); a bot has none.
      link: occ?.type === 'player' ? playerPath(occ.name) : null,
      rating: seatRating(s, k, ratings),
      mine: k === seat,
      presence: occ ? Boolean(v.connected) : null,
      team,
      partner: partner ? (partner === seat ? t('room-your-partner') : t('room-partner', { seat: seatName(partner) })) : null,
      first: s.first === k && !waiting,
      toMove: s.state === 'playing' && s.board?.turn === k,
      out,
      outReason: out ? t('room-seat-out', { reason: reasonText(state.reasons[k] || s.outcome?.seats?.[k]?.reason || 'captured_all') }) : null,
      sit: waiting && !occ && seat !== k ? { command: seat ? 'change_seat' : 'take_seat', label: seat ? t('room-move-here') : t('room-sit-here') } : null,
      addBot: waiting && !occ && host,
      removeBot: waiting && occ?.type === 'bot' && host,
    };
  });
}

/** The turn order line above the seats. */
export function orderLine(state) {
  return t('room-turn-order', { order: turnOrderWords(state.snap.room.layout) });
}

/** The claim countdown's words, `left` ms before the claim opens. */
export function claimText(left) {
  return t('room-claim-countdown', { seconds: Math.ceil(left / 1000) });
}

const button = (label, command, id, more = {}) => ({ kind: 'button', label, command, id, ...more });

function waitingActions(s, seat, host) {
  const out = [];
  if (!seat && s.room.layout.some((k) => !s.seats[k])) out.push(button(t('room-join'), 'take_seat', 'join'));
  if (seat) out.push(button(t('room-leave-seat'), 'leave_seat', 'leave-seat'));
  if (host) {
    const full = s.room.layout.every((k) => s.seats[k]);
    if (!s.room.auto_start) out.push(button(t('room-start'), 'start', 'start', { primary: true, disabled: !full }));
    out.push(button(t('room-cancel-room'), 'abort', 'abort'));
  }
  return out;
}

/** Takeback buttons: casual games only (rated and tournament games allow none). */
function takebackActions(state, s, seat) {
  if (state.tournament || s.room.rated) return [];
  const tb = s.takeback;
  if (!tb) {
    // Until the history is loaded a move's seat is not known: the server says if none is ours.
    const moved = state.moves.some((m) => m.seat === seat || m.seat === null);
    return moved ? [button(t('room-take-back'), 'ask_takeback', 'ask-takeback')] : [];
  }
  if (tb.waiting_for.includes(seat)) {
    return [button(t('room-accept-takeback'), 'accept_takeback', 'accept-takeback'), button(t('room-decline-takeback'), 'decline_takeback', 'decline-takeback')];
  }
  return tb.by === seat ? [button(t('room-withdraw-takeback'), 'decline_takeback', 'withdraw-takeback')] : [];
}

function playingActions(state, s, seat, now) {
  const out = [];
  const offer = s.draw_offer;
  if (!offer) out.push(button(t('room-offer-draw'), 'offer_draw', 'offer-draw'));
  else if (offer.waiting_for.includes(seat)) {
    out.push(button(t('room-accept-draw'), 'accept_draw', 'accept-draw'));
    out.push(button(t('room-decline-draw'), 'decline_draw', 'decline-draw'));
  } else if (offer.side.includes(seat)) out.push(button(t('room-withdraw-draw'), 'decline_draw', 'withdraw-draw'));
  out.push(...takebackActions(state, s, seat));
  out.push(button(t('room-resign'), 'resign', 'resign', { confirm: t('room-resign-confirm') }));
  // A tournament's rules have no abort: the no-show rule ends a game nobody starts.
  if (!state.tournament && (s.board?.plies || 0) < s.room.layout.length) out.push(button(t('room-abort'), 'abort', 'abort'));
  if (state.claimAt !== null) {
    const left = state.claimAt - now;
    if (left <= 0) {
      out.push(button(t('room-claim-victory'), 'claim_victory', 'claim-victory'));
      out.push(button(t('room-claim-draw'), 'claim_draw', 'claim-draw'));
    } else out.push({ kind: 'countdown', text: claimText(left) });
  }
  return out;
}

/**
 * What the actions box holds at local time `now`, in order: `{kind: 'button', label,
 * command, id, primary?, disabled?, confirm?}` (a command to send; `confirm`: the question a
 * second click answers), `{kind: 'countdown', text}`, `{kind: 'show_result'}`,
 * `{kind: 'lobby'}`, `{kind: 'takeback', text}` (the takeback request in words) and
 * `{kind: 'offer', parts}` (the draw offer in words, three pieces).
 */
export function actionList(state, now) {
  const s = state.snap;
  const seat = mySeat(state);
  let out = [];
  if (s.state === 'waiting') out = waitingActions(s, seat, isHost(state));
  else if (s.state === 'playing' && seat && (s.board?.playing || []).includes(seat)) out = playingActions(state, s, seat, now);
  else if (isOver(s)) {
    if (s.board) out.push({ kind: 'show_result' });
    out.push({ kind: 'lobby' });
  }
  if (s.takeback && s.state === 'playing') {
    const tb = s.takeback;
    out.push({
      kind: 'takeback',
      text: `${t('room-takeback-request', { seat: seatName(tb.by), after: tb.plies - 1 })}${tb.waiting_for.length ? ` ${t('room-waiting-for-seats', { seats: listWords(tb.waiting_for.map(seatName)) })}` : ''}`,
    });
  }
  if (s.draw_offer && s.state === 'playing') {
    const o = s.draw_offer;
    out.push({
      kind: 'offer',
      parts: [
        t('room-draw-offered-by', { seats: listWords(o.side.map(seatName)) }),
        o.accepted.length ? ` ${t('room-draw-accepted-by', { seats: listWords(o.accepted.map(seatName)) })}` : '',
        o.waiting_for.length ? ` ${t('room-waiting-for-seats', { seats: listWords(o.waiting_for.map(seatName)) })}` : '',
      ],
    });
  }
  return out;
}

/**
 * The invite box: null once the game started, `{url}` (the link to share: the invite code's
 * when known) or `{askHost: true}` for a private room whose code this page does not have.
 */
export function inviteView(state, origin, roomId, code) {
  const s = state.snap;
  if (s.state !== 'waiting') return null;
  if (s.room.private && !code) return { askHost: true };
  return { url: code ? `${origin}/join/${code}` : `${origin}/room/${roomId}` };
}

/** What the board draws: the position text (null: the start), legal moves, highlights. */
export function boardView(state) {
  const seat = mySeat(state);
  const s = state.snap;
  const live = state.viewing === null;
  const legal = live && s.state === 'playing' && s.legal_moves && s.board?.turn === seat ? s.legal_moves : NO_MOVES;
  const text = shownPosition(state);
  return {
    posKey: `${state.viewing}:${text}`,
    text,
    dests: legal,
    movable: legal.length > 0,
    lastMove: lastSquares(state),
    mySeat: seat,
    partner: seat && s.room.teams ? partnerOf(seat, s.room.layout) : null,
  };
}

/**
 * Whether the typed-move box shows: for a seated player while the game is on and they are
 * still in it (a Neva player who is out has no more moves to type).
 */
export function moveFormShown(state) {
  const seat = mySeat(state);
  const s = state.snap;
  return Boolean(seat && s.state === 'playing' && (s.board?.playing || s.room.layout).includes(seat));
}

/** Queah: after a piece is dropped from the reserve the same turn goes on with a move. */
export function dropHint(game, sel, movable) {
  const dropped = game === 'queah' && sel?.drop && !sel.origin && movable;
  return dropped ? t('room-drop-hint', { square: sel.drop }) : '';
}

/** The move list: the ply marked current, the one looked back at (or null), and whether it hides. */
export function movesView(state) {
  const n = state.moves.length;
  return {
    current: state.viewing ?? n - 1,
    viewing: state.viewing,
    hidden: !n && state.snap.state === 'waiting',
  };
}

/**
 * What the chat panel shows (room/chat.js's `update`): this page writes in the players'
 * channel when seated, the spectators' otherwise; after the game the other channel is
 * shown too when it has lines.
 */
export function chatView(state) {
  const s = state.snap;
  const channel = mySeat(state) ? 'players' : 'spectators';
  const other = channel === 'players' ? 'spectators' : 'players';
  const others = isOver(s) && state.chat.some((l) => l.channel === other) ? other : null;
  return { lines: state.chat, channel, others, watchers: s.watchers ?? 0, me: state.me?.id || null, canSend: Boolean(state.me) };
}
