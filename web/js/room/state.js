// A room's state as a pure function of what the server said (docs/protocol.md): the last
// snapshot with every event since folded in, the live move list, and what this page chose
// to look at. No DOM, no sound, no sockets, no timers: the clock readings a message needs
// come with it (`now`, `serverNow`), and whatever the page should *do* about a message
// (play a sound, say something, animate a move, fetch the history) is returned as plain data
// in `state.effects`, replaced by every `reduce`.
//
// Messages `reduce` understands:
//   {type: 'me', me}                          who this page is (GET /api/me), or null
//   {type: 'snapshot', v, data, now, serverNow}  a server `snapshot` envelope
//   {type: 'event', v, data, now}             a server `event` envelope
//   {type: 'history', epoch, start_position, moves}  GET /api/history/{id}, asked for by a
//                                             `load_history` effect (moves null: it failed)
//   {type: 'chat_lines', lines}               chat lines read again (GET /api/rooms/{id}
//                                             after the end, when both chats open)
//   {type: 'sent', text} / {type: 'unsent'}   this page sent a move / the server refused it
//   {type: 'view', ply}                       look back at the position after move `ply`
//                                             (null, or the last move: the live board)
//   {type: 'step', by}                        look one move back (-1) or forward (+1)
//
// Effects (each `{type, ...}`):
//   {type: 'sound', sound: 'turn' | 'capture'}
//   {type: 'say', text, kind}                 a message under the actions ('' or 'notice')
//   {type: 'announce', text, sound}           an event everyone in the room should notice
//                                             (shown, read out by screen readers, and a
//                                             sound: 'start' | 'notify' | 'out' | 'end')
//   {type: 'result'}                          the game just ended here: show the result
//   {type: 'goto', room}                      the rematch room exists and we play in it
//   {type: 'play', move, position}            animate a move just played (live, not our own)
//   {type: 'orient'}                          we sat down, moved or the game started: turn
//                                             the board to our seat
//   {type: 'load_history', epoch}             fetch the positions of the moves so far
//   {type: 'first_snapshot'}                  the room's first snapshot on this page
//   {type: 'cancel_premove'}                  moves were taken back: a queued premove goes

import { seatLabel, resultWords, abortWords, reasonOut, departureWords } from './words.js';
import { t } from '../i18n.js';

/** The verbs of the old departure texts, for an event without its `action`. */
const VERB = { resigned: 'resign', time: 'timeout' };

const NO_EFFECTS = Object.freeze([]);

/** Chat lines a page keeps (the room keeps its last 100). */
const CHAT_KEPT = 200;

/** A state before anything is known, or built from a first `snapshot` (its `data`). */
export function initialState(snapshot = null, { me = null, v = null, now = 0, serverNow = now } = {}) {
  const empty = {
    me,
    snap: null, // the room as the server last described it, with the events since
    version: null, // the room version of the last snapshot or event taken
    epoch: 0, // counts snapshots: a history fetched for an older one is dropped
    moves: [], // the move list: {seat, text, position, route}
    start: null, // the start position, when known
    viewing: null, // the ply looked back at, or null for the live board
    reasons: {}, // seat -> why it is out
    claimAt: null, // local time (ms) from which a claim may be made, or null
    sent: null, // the text of the move this page sent and awaits
    chat: [], // chat lines this page may see, oldest first (ids grow)
    effects: NO_EFFECTS,
  };
  return snapshot ? reduce(empty, { type: 'snapshot', v, data: snapshot, now, serverNow }) : empty;
}

/** The state after `msg`; `state` itself is never changed. */
export function reduce(state, msg) {
  const s = { ...state, effects: [] };
  switch (msg?.type) {
    case 'me':
      s.me = msg.me || null;
      return s;
    case 'tournament':
      s.tournament = msg.tournament || null;
      return s;
    case 'snapshot':
      return snapshot(s, msg);
    case 'event':
      return event(s, msg);
    case 'history':
      return historyLoaded(s, msg);
    case 'chat_lines':
      return chatLines(s, msg.lines);
    case 'sent':
      s.sent = msg.text;
      return s;
    case 'unsent':
      s.sent = null;
      return s;
    case 'view':
      return look(s, msg.ply);
    case 'step': {
      if (!s.moves.length) return s;
      const last = s.moves.length - 1;
      const cur = s.viewing ?? last;
      return look(s, Math.max(0, Math.min(last, cur + (msg.by < 0 ? -1 : 1))));
    }
    default:
      return s;
  }
}

/** Lines read again (after the game both chats are open): merged in by id. */
function chatLines(s, lines) {
  if (!Array.isArray(lines)) return s;
  const byId = new Map(s.chat.map((l) => [l.id, l]));
  for (const l of lines) if (l && typeof l.id === 'number') byId.set(l.id, l);
  s.chat = [...byId.values()].sort((a, b) => a.id - b.id).slice(-CHAT_KEPT);
  return s;
}

function look(s, ply) {
  s.viewing = ply === null || ply === undefined || ply >= s.moves.length - 1 ? null : Math.max(0, ply);
  return s;
}

function versionOf(msg) {
  if (typeof msg.v === 'number') return msg.v;
  if (typeof msg.data?.version === 'number') return msg.data.version;
  return null;
}

function snapshot(s, msg) {
  const snap = msg.data || {};
  const now = msg.now ?? 0;
  const serverNow = msg.serverNow ?? now;
  const first = !s.snap;
  // The snapshot is the whole room: it replaces what we had, whatever its version (a
  // restarted server may number from lower again).
  const before = s.snap;
  s.snap = { ...snap, actions: [...(snap.actions || [])] };
  s.chat = Array.isArray(snap.chat) ? [...snap.chat] : [];
  s.version = versionOf(msg);
  s.epoch += 1;
  s.viewing = null;
  s.claimAt = snap.claim_opens_at ? now + Math.max(0, snap.claim_opens_at - serverNow) : null;
  s.reasons = { ...s.reasons, ...outcomeReasons(snap.outcome) };
  // Until the history arrives the list has the texts only.
  s.moves = s.snap.actions.map((text) => ({ seat: null, text, position: null }));
  if (first) s.effects.push({ type: 'first_snapshot' });
  // A resync that shows the rematch room created meanwhile moves the players there too (a
  // page opened on the old room later stays on it, to read the result).
  if (!first && before && !before.rematch?.room && snap.rematch?.room && mySeat(s)) s.effects.push({ type: 'goto', room: snap.rematch.room });
  if (snap.board) s.effects.push({ type: 'load_history', epoch: s.epoch });
  return s;
}

function outcomeReasons(outcome) {
  const out = {};
  for (const [k, r] of Object.entries(outcome?.seats || {})) if (r) out[k] = r.reason;
  return out;
}

function historyLoaded(s, msg) {
  if (msg.epoch !== s.epoch || !s.snap || !Array.isArray(msg.moves)) return s;
  s.start = msg.start_position ?? null;
  // The server sends the position after every stored move, so look-back only draws.
  s.moves = [...s.moves];
  msg.moves.slice(0, s.snap.actions.length).forEach((mv, i) => {
    s.moves[i] = { seat: mv.seat, text: mv.notation, position: mv.position, route: routeOf(mv.notation) };
  });
  return s;
}

/** The squares a move's notation names, in order ("c3-d4" -> ["c3", "d4"]). */
export function routeOf(text) {
  return String(text).replace(/^K/, '').split(/[-x:,@]/).filter((x) => /^[a-h]?\d+$/.test(x));
}

/** The text a departure shows in the move list: the record's own words when sent. */
export function departureText(ev) {
  return ev.action || `${VERB[ev.reason] || 'leave'} ${ev.seat}`;
}

function event(s, msg) {
  const ev = msg.data || {};
  if (!s.snap) return s;
  const v = versionOf(msg);
  // Versions grow by one per event: one at or below what we hold is already in.
  if (v !== null && s.version !== null && v <= s.version) return s;
  if (v !== null) s.version = v;
  const seat = mySeat(s);
  const snap = { ...s.snap };
  s.snap = snap;
  const who = (k) => seatLabel(snap, k, seat);
  const announce = (text, sound = 'notify') => s.effects.push({ type: 'announce', text, sound });
  switch (ev.type) {
    case 'created':
      snap.room = ev.room;
      break;
    case 'seats':
      snap.seats = ev.seats;
      // From the moment we sit (or move), the board is seen from our seat.
      if (mySeat(s) && mySeat(s) !== seat) s.effects.push({ type: 'orient' });
      break;
    case 'started': {
      snap.state = 'playing';
      snap.board = ev.board;
      snap.first = ev.first;
      snap.rematch = null;
      s.moves = [];
      s.start = ev.board.position;
      s.effects.push({ type: 'orient' });
      const drawn = snap.room.layout.length > 2;
      if (ev.first === seat) announce(drawn ? t('room-started-you-drawn') : t('room-started-you-first'), 'start');
      else announce(drawn ? t('room-started-drawn', { who: who(ev.first) }) : t('room-started-first', { who: who(ev.first) }), 'start');
      break;
    }
    case 'your_turn':
      if (ev.seat === seat) {
        snap.legal_moves = ev.legal_moves;
        s.effects.push({ type: 'sound', sound: 'turn' });
      }
      break;
    case 'moved': {
      const mv = ev.move;
      snap.board = ev.board;
      snap.last_move = { seat: ev.seat, move: mv };
      snap.actions = [...snap.actions, mv.text];
      if (ev.seat === seat || ev.board.turn !== seat) snap.legal_moves = null;
      s.moves = [...s.moves, { seat: ev.seat, text: mv.text, position: ev.board.position, route: [mv.origin, ...(mv.path || []), mv.drop].filter(Boolean) }];
      if (mv.captured?.length) s.effects.push({ type: 'sound', sound: 'capture' });
      // Our own move is on the board already: only the others' are animated.
      const mine = ev.seat === seat && s.sent === mv.text;
      s.sent = null;
      if (s.viewing === null && !mine) s.effects.push({ type: 'play', move: mv, position: ev.board.position });
      break;
    }
    case 'departed': {
      const text = departureText(ev);
      snap.board = ev.board;
      s.reasons = { ...s.reasons, [ev.seat]: ev.reason };
      snap.actions = [...snap.actions, text];
      s.moves = [...s.moves, { seat: ev.seat, text, position: ev.board?.position ?? null, route: [] }];
      if (ev.seat === seat) snap.legal_moves = null;
      // When the game goes on without the seat (Neva) it is news; otherwise the end says it.
      if ((ev.board?.playing || []).length > 1) announce(departureWords(snap, ev.seat, ev.reason, seat), 'out');
      break;
    }
    case 'eliminated':
      s.reasons = { ...s.reasons, [ev.seat]: ev.reason };
      announce(ev.seat === seat ? t('room-out-you', { reason: reasonOut(ev.reason) }) : t('room-out-other', { who: who(ev.seat), reason: reasonOut(ev.reason) }), 'out');
      break;
    case 'draw_offer': {
      snap.draw_offer = ev.offer;
      const by = ev.by ? who(ev.by) : '';
      if (ev.action === 'offered') announce(ev.by === seat ? t('room-draw-you-offered') : t('room-draw-offers', { who: by }));
      else if (ev.action === 'accepted' && ev.offer) announce(t('room-draw-accepted', { who: by }));
      else if (ev.action === 'declined' && ev.by) announce(t('room-draw-declined', { who: by }));
      else if (ev.action === 'withdrawn') announce(t('room-draw-withdrawn'));
      else if (ev.action === 'lapsed') announce(t('room-draw-lapsed'));
      break;
    }
    case 'takeback': {
      snap.takeback = ev.request ?? null;
      const by = ev.by ? who(ev.by) : '';
      const mine = ev.by === seat;
      if (ev.action === 'asked') announce(mine ? t('room-takeback-you-asked') : t('room-takeback-asks', { who: by }));
      else if (ev.action === 'accepted' && ev.request) announce(mine ? t('room-takeback-you-agreed') : t('room-takeback-agreed', { who: by }));
      else if (ev.action === 'declined') announce(mine ? t('room-takeback-you-declined') : t('room-takeback-declined', { who: by }));
      else if (ev.action === 'withdrawn') announce(t('room-takeback-withdrawn'));
      else if (ev.action === 'lapsed') announce(t('room-takeback-lapsed'));
      break;
    }
    case 'took_back':
      tookBack(s, snap, ev);
      announce(ev.by === seat
        ? t('room-took-back-yours', { after: Math.max(0, (ev.plies || 1) - 1) })
        : t('room-took-back', { who: who(ev.by) }));
      break;
    case 'presence':
      if (snap.seats?.[ev.seat]) {
        snap.seats = { ...snap.seats, [ev.seat]: { ...snap.seats[ev.seat], connected: ev.connected, since: ev.since } };
      }
      break;
    case 'claim':
      s.claimAt = ev.opens_in_ms === null || ev.opens_in_ms === undefined ? null : (msg.now ?? 0) + ev.opens_in_ms;
      break;
    case 'finished':
      snap.state = 'finished';
      snap.outcome = ev.outcome;
      snap.board = ev.board;
      snap.legal_moves = null;
      snap.draw_offer = null;
      snap.takeback = null;
      s.claimAt = null;
      s.reasons = { ...s.reasons, ...outcomeReasons(ev.outcome) };
      announce(resultWords(snap, seat).headline, 'end');
      s.effects.push({ type: 'result' });
      break;
    case 'aborted':
      snap.state = 'aborted';
      snap.legal_moves = null;
      snap.draw_offer = null;
      snap.takeback = null;
      s.claimAt = null;
      snap.aborted = { by: ev.by ?? null, reason: ev.reason || 'requested', seat: ev.seat ?? null };
      announce(abortWords(snap, seat), 'end');
      if (snap.board) s.effects.push({ type: 'result' });
      break;
    case 'rematch': {
      const prev = snap.rematch;
      snap.rematch = {
        asked: ev.asked || [],
        waiting_for: ev.waiting_for || [],
        room: ev.room ?? null,
        expires_at: ev.expires_at ?? null,
        offer_ms: ev.offer_ms ?? null,
        declined_by: ev.declined_by ?? null,
        expired: Boolean(ev.expired),
      };
      const r = snap.rematch;
      if (r.room) {
        // Everyone who played goes to the new game at once.
        if (seat && !prev?.room) s.effects.push({ type: 'goto', room: r.room });
      } else if (r.declined_by) {
        announce(r.declined_by === seat ? t('room-rematch-you-declined') : t('room-rematch-declined', { who: who(r.declined_by) }));
      } else if (r.expired) {
        announce(t('room-rematch-expired'));
      } else {
        const fresh = r.asked.filter((k) => !(prev?.asked || []).includes(k) && k !== seat);
        for (const k of fresh) announce(t('room-rematch-asks', { who: who(k) }));
      }
      break;
    }
    case 'resumed':
      if (snap.board) snap.board = { ...snap.board, clocks: ev.clocks };
      s.effects.push({
        type: 'say',
        kind: 'notice',
        text: ev.given_back_ms > 0
          ? t('room-resumed-given-back', { down: seconds(ev.down_ms), given: seconds(ev.given_back_ms) })
          : t('room-resumed', { down: seconds(ev.down_ms) }),
      });
      break;
    case 'chat': {
      const line = ev.line;
      if (line && !s.chat.some((l) => l.id === line.id)) s.chat = [...s.chat, line].slice(-CHAT_KEPT);
      break;
    }
    case 'chat_deleted':
      s.chat = s.chat.filter((l) => l.id !== ev.id);
      break;
    case 'watchers':
      snap.watchers = ev.count;
      break;
    case 'renamed': {
      const rename = (p) => (p && p.id === ev.player ? { ...p, name: ev.name } : p);
      snap.room = { ...snap.room, host: rename(snap.room.host) };
      s.chat = s.chat.map((l) => (l.from?.id === ev.player ? { ...l, from: rename(l.from) } : l));
      if (s.me?.id === ev.player) s.me = { ...s.me, name: ev.name };
      break;
    }
    default:
      break;
  }
  return s;
}

/** The last `ev.plies` moves leave the list; the board and last move are the event's. */
function tookBack(s, snap, ev) {
  const n = Math.max(0, Math.min(ev.plies || 0, snap.actions.length));
  snap.actions = snap.actions.slice(0, snap.actions.length - n);
  s.moves = s.moves.slice(0, Math.max(0, s.moves.length - n));
  snap.board = ev.board;
  snap.last_move = ev.last_move ?? null;
  snap.takeback = null;
  snap.draw_offer = null;
  // The turn comes back with its own `your_turn`.
  snap.legal_moves = null;
  s.sent = null;
  s.viewing = null;
  // A seat the moves had put out is back in the game.
  const playing = ev.board?.playing || [];
  s.reasons = Object.fromEntries(Object.entries(s.reasons).filter(([k]) => !playing.includes(k)));
  s.effects.push({ type: 'cancel_premove' });
}

function seconds(ms) {
  const s = Math.round(ms / 1000);
  if (s < 120) return t('room-seconds', { seconds: s });
  return t('room-minutes-seconds', { minutes: Math.floor(s / 60), seconds: s % 60 });
}

// ---- questions the page asks of a state ---------------------------------------------------

/** The seat this page's player sits in, or null. */
export function mySeat(state) {
  const s = state.snap;
  if (!s || !state.me) return null;
  return s.room.layout.find((k) => s.seats[k]?.occupant?.type === 'player' && s.seats[k].occupant.id === state.me.id) || null;
}

/** Whether this page's player is the room's host. */
export function isHost(state) {
  return Boolean(state.snap && state.me && state.snap.room.host.id === state.me.id);
}

/** The position text the board shows: the one looked back at, or the live one. */
export function shownPosition(state) {
  if (state.viewing !== null && state.moves[state.viewing]?.position) return state.moves[state.viewing].position;
  return state.snap?.board?.position || null;
}

/** The squares of the move to highlight: the one looked back at, or the last played. */
export function lastSquares(state) {
  const lm = state.viewing !== null ? state.moves[state.viewing]?.route : state.snap?.last_move?.move;
  if (!lm) return [];
  if (Array.isArray(lm)) return lm;
  return [lm.origin, ...(lm.path || []), lm.drop].filter(Boolean);
}
