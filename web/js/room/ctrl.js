// The room page's controller (after lila's round ctrl): it holds the room's state (the pure
// reducer of room/state.js), feeds it the socket's messages (room/connection.js) and the
// page's own (history, chat read again, looking back), does what the reducer's effects ask
// (sounds, announcements, the result dialog, the history fetch, the move animation, going to
// the rematch), and hands each new state to the parts that draw the screen. Each part builds
// its elements once and draws them from the state; none touches another's.

import { api, getMe } from '../http.js';
import { banner } from '../banner.js';
import { dropParams, navigate } from '../router.js';
import { RoomSocket } from '../socket.js';
import { play as playSound } from '../sound.js';
import { roomParams } from './link.js';
import { initialState, reduce, mySeat, isHost, lastSquares } from './state.js';
import { chatView, orientation } from './show.js';
import { createAnnouncer } from './announce.js';
import { createChat } from './chat.js';
import { createClocks } from './clocks.js';
import { createResult } from './result.js';
import { createStatus } from './status.js';
import { createWaiting } from './waiting.js';
import { createSeats } from './seatlist.js';
import { createBoardPart } from './board.js';
import { createActions } from './actions.js';
import { createInvite, rememberedInvite } from './invite.js';
import { createMoves } from './moves.js';
import { deadRoom } from './dead.js';
import { listen } from './connection.js';
import { roomLayout } from './layout.js';
import { createNvuiRoom } from '../nvui/room.js';
import { t } from '../i18n.js';

/** The redraws a message asks for, once the state took it (an event's, when not animated). */
const REDRAW = {
  history: ['moves'],
  chat_lines: ['chat'],
  unsent: ['board'],
  tournament: ['status', 'actions'],
};

/** Every part, in the order the page draws them. */
const ALL = ['status', 'seats', 'actions', 'board', 'clocks', 'moves', 'chat', 'form'];

/** One room page: made by views/room.js, ended by `destroy()`. */
export class RoomCtrl {
  constructor(main, roomId, params) {
    this.main = main;
    this.roomId = roomId;
    // What the page that sent us here asked for: the invite code, sitting down, bots to seat.
    this.intent = roomParams(params);
    this.intent.code = rememberedInvite(roomId, this.intent.code);
    this.wantedSeat = this.intent.join;
    this.alive = true;
    this.pageTitle = document.title;
    // The room as the reducer last left it (see room/state.js).
    this.m = initialState();
    this.sock = null;
    this.lowWarned = false;
    this.parts = this.makeParts();
    this.layout = roomLayout(this.parts);
    main.append(this.layout.root);
    this.ready = this.connect();
    this.ready.then(() => this.alive && this.m.snap && this.draw(ALL));
    // Clocks tick locally between the server's corrections; claim countdowns and the
    // rematch's expiry too.
    this.timer = setInterval(() => this.tick(), 200);
    this.onKey = (e) => this.key(e);
    document.addEventListener('keydown', this.onKey);
  }

  makeParts() {
    const command = (type, data) => this.cmd(type, data);
    const result = createResult({
      rematch: () => this.cmd('rematch').then((ok) => ok || result.error(this.parts.actions.said())),
      decline: () => this.cmd('decline_rematch').then((ok) => ok || result.error(this.parts.actions.said())),
      newOpponent: () => this.newOpponent(),
    });
    const parts = {
      announcer: createAnnouncer(),
      chat: createChat((channel, text) => this.sendChat(channel, text)),
      result,
      status: createStatus(),
      waiting: createWaiting({ watch: () => parts.moves.reveal() }),
      seats: createSeats({ command }),
      clocks: createClocks(),
      board: createBoardPart({ move: (text) => this.sendMove(text), flipped: () => this.draw(['clocks']) }),
      actions: createActions({ command, showResult: () => this.showResult() }),
      invite: createInvite(this.roomId, this.intent.code),
      moves: createMoves({ pick: (ply) => this.update({ type: 'view', ply }) }),
      // Screen-reader mode's text board, shown instead of the board while the setting is on.
      nvui: createNvuiRoom({ move: (text) => this.sendMove(text), now: () => this.serverNow() }),
    };
    return parts;
  }

  // The socket authenticates by the identity cookie, which the first `GET /api/me` sets:
  // connect only after it, and only to a room the server knows.
  async connect() {
    const me = await getMe().catch(() => null);
    this.update({ type: 'me', me });
    try {
      await api(`/api/rooms/${this.roomId}`);
    } catch (e) {
      if (e.status === 404) {
        if (this.alive) await this.gone();
        return;
      }
    }
    if (!this.alive) return;
    // A tournament's game links back to its event and offers no abort.
    api(`/api/tournaments/room/${this.roomId}`)
      .then((r) => this.alive && r?.tournament && this.update({ type: 'tournament', tournament: r.tournament }))
      .catch(() => {});
    this.sock = new RoomSocket(this.roomId, { code: this.intent.code });
    listen(this.sock, this.roomId, {
      alive: () => this.alive,
      latency: (ms) => this.parts.status.latency(ms),
      message: (msg) => this.update(msg),
      gone: () => this.gone(),
      banned: () => this.layout.close(),
    });
  }

  gone() {
    return deadRoom(this.main, this.roomId, () => this.alive);
  }

  serverNow() {
    return this.sock ? this.sock.serverNow() : Date.now();
  }

  /** Folds `msg` into the state, does what its effects ask, and redraws. */
  update(msg) {
    const prev = this.m;
    this.m = reduce(prev, msg);
    const done = this.effects();
    if (done.left || !this.m.snap) return;
    let openResult = done.openResult;
    if (msg.type === 'snapshot') {
      this.draw(ALL);
      // A page opened on a room that is over shows its result at once.
      const s = this.m.snap;
      if (!prev.snap && (s.state === 'finished' || s.state === 'aborted') && s.board) openResult = true;
    } else if (msg.type === 'event') {
      // An animated move is drawn by the board itself: draw everything else.
      this.draw(done.animated ? ['status', 'seats', 'actions', 'moves', 'clocks'] : ALL);
    } else if (REDRAW[msg.type]) this.draw(REDRAW[msg.type]);
    else if ((msg.type === 'view' || msg.type === 'step') && this.m.viewing !== prev.viewing) this.draw(['board', 'moves']);
    this.parts.nvui.render(this.m);
    if (openResult) this.showResult();
    // Our turn came with a premove queued: it is played now if the rules allow it.
    const premove = this.parts.board.premoveDue(this.m);
    if (premove) this.sendMove(premove);
  }

  /** Does what the state's effects ask: `{left}` when the page went elsewhere, `{animated, openResult}`. */
  effects() {
    const m = this.m;
    const { announcer, board, actions } = this.parts;
    const out = { left: false, animated: false, openResult: false };
    for (const e of m.effects) {
      if (e.type === 'sound') playSound(e.sound);
      else if (e.type === 'say') actions.say(e.text, e.kind);
      else if (e.type === 'announce') announcer.say(e.text, e.sound);
      else if (e.type === 'result') {
        out.openResult = true;
        this.loadBothChats();
      } else if (e.type === 'goto') {
        // The rematch: every player goes to the new room at once.
        navigate(`/room/${e.room}`);
        return { ...out, left: true };
      } else if (e.type === 'orient') board.orient(m);
      else if (e.type === 'first_snapshot') this.afterFirstSnapshot();
      else if (e.type === 'load_history') this.loadMoves(e.epoch);
      else if (e.type === 'cancel_premove') board.cancelPremove();
      else if (e.type === 'play' && board.play(e.move, e.position, lastSquares(m))) out.animated = true;
    }
    return out;
  }

  /** Draws the named parts from the state, in the order named. */
  draw(names) {
    const m = this.m;
    if (!m.snap) return;
    const p = this.parts;
    const mine = mySeat(m);
    for (const name of names) {
      if (name === 'status') {
        p.status.render(m);
        p.waiting.render(m);
      } else if (name === 'seats') p.seats.render(m);
      else if (name === 'actions') this.drawActions();
      else if (name === 'board') p.board.render(m);
      else if (name === 'clocks') p.clocks.render(m.snap, p.board.bottom() || orientation(m), this.serverNow(), mine);
      else if (name === 'moves') p.moves.render(m);
      else if (name === 'chat') p.chat.update(chatView(m));
      else if (name === 'form') p.board.renderForm(m);
    }
  }

  // The invite and the result dialog's content change with the same messages as the actions.
  drawActions() {
    const { actions, invite, result } = this.parts;
    actions.render(this.m, Date.now());
    invite.render(this.m);
    result.update(this.m.snap, mySeat(this.m), this.serverNow());
  }

  showResult() {
    this.parts.result.update(this.m.snap, mySeat(this.m), this.serverNow());
    this.parts.result.open();
  }

  /** Sends a command; the refusal is shown under the actions. Resolves true if taken. */
  async cmd(type, data = {}) {
    const { actions } = this.parts;
    try {
      if (!this.sock) throw new Error(t('room-not-connected'));
      await this.sock.send(type, data);
      actions.say('');
      return true;
    } catch (e) {
      actions.say(e.message, 'error');
      return false;
    }
  }

  async sendChat(channel, text) {
    if (!this.sock) throw new Error(t('room-not-connected'));
    await this.sock.send('chat', { channel, text });
  }

  async sendMove(text) {
    this.update({ type: 'sent', text });
    try {
      if (!this.sock) throw new Error(t('room-not-connected'));
      await this.sock.send('move', { move: text });
      this.parts.board.moveError(null);
      return true;
    } catch (e) {
      this.update({ type: 'unsent' });
      this.parts.board.moveError(e);
      return false;
    }
  }

  // Once the game is over both chats are open to everyone; the lines said before reach
  // this page by reading the room again.
  async loadBothChats() {
    try {
      const snap = await api(`/api/rooms/${this.roomId}`);
      if (this.alive && Array.isArray(snap?.chat)) this.update({ type: 'chat_lines', lines: snap.chat });
    } catch {
      // The chat keeps what this page already had.
    }
  }

  async newOpponent() {
    const r = this.m.snap.room;
    try {
      const body = { game: r.game, options: r.options, time_control: r.time_control };
      const res = await api('/api/quick/seek', { method: 'POST', body });
      navigate(`/room/${res.id}`);
    } catch (e) {
      this.parts.result.error(e.message);
    }
  }

  /** Fetches the positions after the moves so far, for the snapshot numbered `epoch`. */
  async loadMoves(epoch) {
    let g = null;
    try {
      g = await api(`/api/history/${this.roomId}`);
    } catch {
      // The list stays without look-back positions; the live board is unaffected.
    }
    if (!this.alive || epoch !== this.m.epoch) return;
    this.update({ type: 'history', epoch, start_position: g?.start_position, moves: g?.moves || null });
  }

  async afterFirstSnapshot() {
    const s = this.m.snap;
    // Sitting down and seating bots are asked once: a reload of this page does neither again.
    const { join, bots } = this.intent;
    this.intent.join = false;
    this.intent.bots = [];
    if (!this.alive) return;
    dropParams('join', 'bots');
    if (s.state !== 'waiting') {
      if (this.wantedSeat && !mySeat(this.m)) this.parts.actions.say(t('room-already-started'), 'notice');
      return;
    }
    if (join && !mySeat(this.m)) {
      // A full room seats nobody more: the waiting panel says so and offers to watch.
      if (s.room.layout.some((k) => !s.seats[k])) await this.cmd('take_seat', {});
    }
    if (bots.length && isHost(this.m)) {
      for (const [k, level] of bots) await this.cmd('set_bot', { seat: k, bot: { kind: 'engine', level } });
    }
  }

  tick() {
    const s = this.m.snap;
    if (!s) return;
    const { result, clocks, announcer, actions } = this.parts;
    const mine = mySeat(this.m);
    result.tick(s, mine, this.serverNow());
    if (s.state !== 'playing' && s.state !== 'waiting') return;
    const low = clocks.tick(s, this.serverNow(), mine);
    if (low && !this.lowWarned) {
      this.lowWarned = true;
      announcer.say(t('room-clock-low'), 'low');
    } else if (!low) this.lowWarned = false;
    if (actions.tick(this.m, Date.now())) this.drawActions();
  }

  key(e) {
    if (e.target.closest('input, textarea, select') || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'Escape' && this.parts.board.cancelPremove()) return;
    if (e.key === 'f' || e.key === 'F') {
      this.parts.board.flip();
      return;
    }
    if (!this.m.moves.length) return;
    if (e.key === 'ArrowLeft') this.update({ type: 'step', by: -1 });
    else if (e.key === 'ArrowRight') this.update({ type: 'step', by: 1 });
  }

  destroy() {
    this.alive = false;
    clearInterval(this.timer);
    document.removeEventListener('keydown', this.onKey);
    this.parts.board.destroy();
    document.title = this.pageTitle;
    if (this.parts.result.isOpen()) this.parts.result.el.close();
    this.ready.then(() => this.sock?.close());
    banner(null);
  }
}
