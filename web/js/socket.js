// The one room socket (after lila's socket.ts): versioned messages, reconnect with backoff
// resuming from the last version seen (`since`), connection state and lag, handlers by
// message type. Views subscribe with `on`; none opens its own socket.

import { isOutage, reportOutage } from './recovering.js';
import { VERSION, outdated } from './pwa.js';
import { t } from './i18n.js';

const BACKOFF_MS = [1000, 2000, 4000, 8000, 15000];
const PING_MS = 10000;
// A paused node (SIGSTOP, a VM migration) still accepts TCP connections: a connect that
// reaches it neither opens nor closes until the browser gives up, minutes later. 5 s is
// plenty for the TLS and upgrade of a slow phone link, and about the lease of a node
// (docs/cluster.md, 5 s by default): with the backoff after it, the retry goes out about
// when a paused node's rooms are taken over, and the balancer likely picks another node.
export const CONNECT_TIMEOUT_MS = 5000;
// A socket that opened stays open when its node is paused later: the node's kernel still
// takes what we send and nothing on the node can close it, so only its silence tells. Any
// message counts as an answer; 10 s leaves a slow link room for a pong queued behind a
// snapshot, and gives a dead socket up within two pings.
export const PONG_TIMEOUT_MS = 10000;
// Close codes of protocol.md: the session was ended (logout, revoke, password change), or the
// player was banned.
const CLOSE_SESSION_ENDED = 4001;
const CLOSE_BANNED = 4003;
// The server closes a socket that sent and was sent nothing but pings for a long time
// (`--socket-idle-secs`): reconnecting at once would only make another idle socket, so the
// socket waits for its user to come back (a key, a click, a touch, the tab shown again).
const CLOSE_IDLE = 4002;
// The page's files are older than the server's (the version it shows as `client`): the
// page reloads once to take the new ones rather than speak an old protocol.
const CLOSE_OUTDATED = 4004;
const WAKE_EVENTS = ['pointerdown', 'keydown', 'visibilitychange'];

export class RoomSocket {
  /** `code`: a private room's invite code, shown on every (re)connect. */
  constructor(roomId, { code = null } = {}) {
    this.roomId = roomId;
    this.code = code;
    this.version = null;
    this.handlers = new Map();
    this.pending = new Map();
    this.nextId = 1;
    this.attempt = 0;
    // Connects in a row that never opened: the `try` the balancer hashes with the room.
    this.unopened = 0;
    this.state = 'connecting';
    this.closed = false;
    this.lag = null;
    this.offset = 0; // server clock minus ours, from pongs
    this.connect();
  }

  /** Calls `fn(data, message)` for every message of `type` (or `state` changes). */
  on(type, fn) {
    if (!this.handlers.has(type)) this.handlers.set(type, []);
    this.handlers.get(type).push(fn);
  }

  emit(type, data, msg) {
    for (const fn of this.handlers.get(type) || []) fn(data, msg);
  }

  setState(state) {
    if (this.state === state) return;
    this.state = state;
    this.emit('state', state);
  }

  url() {
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    let url = `${proto}://${location.host}/ws?room=${encodeURIComponent(this.roomId)}`;
    if (this.version !== null) url += `&since=${this.version}`;
    // A private room seats only who shows its invite code (the host's page and invite links
    // carry it in the room's URL, `?code=`).
    if (this.code) url += `&code=${encodeURIComponent(this.code)}`;
    if (VERSION) url += `&client=${VERSION}`;
    // Balancers send all of a room's sockets to one node by hashing `room` and `try`: after
    // a connect that never opened (a node dead or paused) the next one hashes elsewhere,
    // while a socket that opened and closed (a restart, the room moving to its players'
    // node) reconnects to the room's own node.
    if (this.unopened > 0) url += `&try=${this.unopened}`;
    return url;
  }

  connect() {
    const ws = new WebSocket(this.url());
    this.ws = ws;
    this.connectTimer = setTimeout(() => this.drop(ws, true), CONNECT_TIMEOUT_MS);
    let opened = false;
    // A socket given up on may still open, speak or close later: none of that is ours now.
    ws.onopen = () => {
      if (this.ws !== ws) return;
      clearTimeout(this.connectTimer);
      opened = true;
      this.attempt = 0;
    // Connects in a row that never opened: the `try` the balancer hashes with the room.
    this.unopened = 0;
      this.unopened = 0;
      this.setState('open');
      this.ping();
    };
    ws.onmessage = (e) => {
      if (this.ws !== ws) return;
      this.heard();
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      this.receive(msg);
    };
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.lost();
      if (this.closed) return;
      // A ban (4003) is final: reconnecting would only be refused again.
      if (e.code === CLOSE_BANNED) {
        this.closed = true;
        this.setState('banned');
        return;
      }
      if (e.code === CLOSE_OUTDATED) {
        this.closed = true;
        this.setState('outdated');
        outdated();
        return;
      }
      if (e.code === CLOSE_IDLE) {
        this.setState('idle');
        this.sleep();
        return;
      }
      // The session ended elsewhere (4001): the header learns who we are now, and the
      // reconnect below goes out under that identity.
      if (e.code === CLOSE_SESSION_ENDED) window.dispatchEvent(new Event('checkerhall:session-ended'));
      if (!opened) this.unopened += 1;
      this.retry();
    };
  }

  /** Gives up on `ws`, silent past its deadline (`unopened`: it never opened), and tries again as after a close. */
  drop(ws, unopened = false) {
    if (this.ws !== ws || this.closed) return;
    if (unopened) this.unopened += 1;
    this.ws = null;
    ws.close();
    this.lost();
    this.retry();
  }

  retry() {
    this.setState('reconnecting');
    const base = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    this.attempt += 1;
    this.retryTimer = setTimeout(() => this.connect(), base + Math.random() * 300);
  }

  /** The socket is gone: nothing waits on it any more, and no answer will come. */
  lost() {
    this.stopTimers();
    for (const [, p] of this.pending) p.reject(new Error(t('common-connection-lost')));
    this.pending.clear();
  }

  stopTimers() {
    clearTimeout(this.connectTimer);
    clearTimeout(this.pingTimer);
    this.heard();
  }

  /** Something came: the node is alive, whatever ping is unanswered. */
  heard() {
    clearTimeout(this.pongTimer);
    this.pongTimer = null;
  }

  /** Waits for the user before reconnecting after an idle close. */
  sleep() {
    this.wake = () => {
      if (document.visibilityState === 'hidden') return;
      this.stopSleeping();
      if (this.closed) return;
      this.setState('reconnecting');
      this.connect();
    };
    for (const type of WAKE_EVENTS) document.addEventListener(type, this.wake, true);
  }

  stopSleeping() {
    if (!this.wake) return;
    for (const type of WAKE_EVENTS) document.removeEventListener(type, this.wake, true);
    this.wake = null;
  }

  receive(msg) {
    if (typeof msg.v === 'number' && (msg.type === 'event' || msg.type === 'snapshot')) {
      this.version = msg.v;
    }
    if (msg.type === 'pong' && msg.data && typeof msg.data.t === 'number' && this.pingSent) {
      const now = Date.now();
      this.lag = now - this.pingSent;
      this.offset = msg.data.t - (this.pingSent + now) / 2;
      this.emit('latency', this.lag);
    }
    // The server measures the round trip too, with its own pings.
    if (msg.type === 'lag' && typeof msg.data?.ms === 'number') this.emit('latency', msg.data.ms);
    if ((msg.type === 'ack' || msg.type === 'error') && msg.id !== undefined && this.pending.has(msg.id)) {
      const p = this.pending.get(msg.id);
      this.pending.delete(msg.id);
      if (msg.type === 'error' && isOutage(0, msg.data?.code)) reportOutage();
      if (msg.type === 'ack') p.resolve(msg.data || {});
      else p.reject(Object.assign(new Error(msg.data?.message || t('common-refused')), { code: msg.data?.code, reason: msg.data?.reason || null }));
    }
    this.emit(msg.type, msg.data || {}, msg);
  }

  ping() {
    clearTimeout(this.pingTimer);
    if (this.ws?.readyState !== WebSocket.OPEN) return;
    this.pingSent = Date.now();
    this.ws.send(JSON.stringify({ type: 'ping' }));
    // The deadline runs from the first ping nothing answered, not from the latest.
    const ws = this.ws;
    if (!this.pongTimer) this.pongTimer = setTimeout(() => this.drop(ws), PONG_TIMEOUT_MS);
    this.pingTimer = setTimeout(() => this.ping(), PING_MS);
  }

  /** Sends a command; resolves on its `ack`, rejects on its `error` (with `.code`). */
  send(type, data = {}) {
    if (this.ws?.readyState !== WebSocket.OPEN) return Promise.reject(new Error(t('common-not-connected')));
    const id = this.nextId++;
    this.ws.send(JSON.stringify({ type, id, data }));
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  /** The server's clock now, as far as we can tell. */
  serverNow() {
    return Date.now() + this.offset;
  }

  close() {
    this.closed = true;
    this.stopSleeping();
    clearTimeout(this.retryTimer);
    this.stopTimers();
    this.ws?.close();
  }
}
