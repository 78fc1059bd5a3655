// The room socket against nodes that go silent: a connect that never opens (a paused node
// still accepts TCP connections) is given up after its deadline and tried again with the
// backoff, an open socket whose pings go unanswered likewise, and a socket given up on can
// change nothing later. The real socket.js runs against a fake WebSocket and a fake clock.
// Run: node --test web/test/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import './fixtures/english.js';
import { RoomSocket, CONNECT_TIMEOUT_MS, PONG_TIMEOUT_MS } from '../js/socket.js';

const URL_R1 = 'ws://checkers.test/ws?room=r1';
// The backoff's first step, and what its jitter adds with Math.random fixed at one half.
const FIRST_BACKOFF = 1000;
const JITTER = 150;

/** A clock the test moves by hand; it knows which timers are still set. */
function fakeClock() {
  let now = 0;
  let nextId = 1;
  const timers = new Map();
  const clock = {
    setTimeout: (fn, ms = 0) => {
      timers.set(nextId, { fn, at: now + ms });
      return nextId++;
    },
    clearTimeout: (id) => timers.delete(id),
    now: () => now,
    pending: () => timers.size,
    /** Runs every timer due within `ms`, in time order, then stands at now + ms. */
    advance: (ms) => {
      const end = now + ms;
      for (;;) {
        const due = [...timers].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
      }
      now = end;
    },
  };
  return clock;
}

/** A browser WebSocket whose network the test plays: it opens, answers and closes on cue. */
class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;

  constructor(url) {
    this.url = url;
    this.readyState = FakeSocket.CONNECTING;
    this.sent = [];
    this.closeCalls = 0;
    // Whether the server behind it answers pings (after a 50 ms round trip).
    this.answers = true;
    FakeSocket.made.push(this);
  }

  send(text) {
    const msg = JSON.parse(text);
    this.sent.push(msg);
    if (msg.type === 'ping' && this.answers) {
      setTimeout(() => this.message({ type: 'pong', data: { t: Date.now() } }), 50);
    }
  }

  // As in a browser, the close event comes later, when the test calls `closed`.
  close() {
    this.closeCalls += 1;
    if (this.readyState !== FakeSocket.CLOSED) this.readyState = FakeSocket.CLOSING;
  }

  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.({});
  }

  message(msg) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }

  closed(code = 1006) {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code });
  }
}

/**
 * Puts the fake browser in place for `body(h)`, with `h`: the clock, the sockets made, the
 * states the room socket went through, and `room()` making a RoomSocket for room r1.
 */
async function withBrowser(body) {
  const saved = ['setTimeout', 'clearTimeout', 'WebSocket', 'location', 'window'].map((k) => [k, globalThis[k]]);
  const [savedNow, savedRandom] = [Date.now, Math.random];
  const clock = fakeClock();
  FakeSocket.made = [];
  globalThis.setTimeout = clock.setTimeout;
  globalThis.clearTimeout = clock.clearTimeout;
  Date.now = clock.now;
  Math.random = () => 0.5;
  globalThis.WebSocket = FakeSocket;
  globalThis.location = { protocol: 'http:', host: 'checkers.test' };
  globalThis.window = new EventTarget();
  const states = [];
  const room = () => {
    const sock = new RoomSocket('r1');
    sock.on('state', (s) => states.push(s));
    return sock;
  };
  try {
    return await body({ clock, made: FakeSocket.made, states, room });
  } finally {
    for (const [k, v] of saved) globalThis[k] = v;
    [Date.now, Math.random] = [savedNow, savedRandom];
  }
}

test('a connect that never opens is given up at its deadline and made again after the backoff', async () => {
  await withBrowser(({ clock, made, states, room }) => {
    const sock = room();
    assert.deepEqual(made.map((w) => w.url), [URL_R1]);
    clock.advance(CONNECT_TIMEOUT_MS - 1);
    assert.equal(sock.state, 'connecting', 'a slow connect is still waited for');
    assert.equal(made[0].closeCalls, 0);
    clock.advance(1);
    assert.equal(made[0].closeCalls, 1, 'the silent socket is closed');
    assert.deepEqual(states, ['reconnecting']);
    clock.advance(FIRST_BACKOFF + JITTER - 1);
    assert.equal(made.length, 1, 'no new socket before the backoff');
    clock.advance(1);
    // The retry hashes elsewhere at the balancer: a paused node is not asked again.
    assert.deepEqual(made.map((w) => w.url), [URL_R1, `${URL_R1}&try=1`]);
    // The second connect is as silent: the attempt was counted, so the next wait is longer.
    clock.advance(CONNECT_TIMEOUT_MS);
    assert.equal(made[1].closeCalls, 1);
    clock.advance(2 * FIRST_BACKOFF + JITTER - 1);
    assert.equal(made.length, 2, 'the second wait is the backoff\'s second step');
    clock.advance(1);
    assert.equal(made.length, 3);
    made[2].open();
    assert.deepEqual(states, ['reconnecting', 'open']);
    sock.close();
  });
});

test('a socket given up on changes nothing when it opens, speaks or closes late', async () => {
  await withBrowser(({ clock, made, states, room }) => {
    const sock = room();
    const snapshots = [];
    sock.on('snapshot', (data, msg) => snapshots.push(msg.v));
    clock.advance(CONNECT_TIMEOUT_MS);
    const late = made[0];
    late.open();
    assert.equal(sock.state, 'reconnecting', 'its open does not count');
    assert.deepEqual(late.sent, [], 'nothing is sent on it');
    clock.advance(FIRST_BACKOFF + JITTER);
    made[1].open();
    late.message({ type: 'snapshot', v: 9, data: {} });
    late.closed(1006);
    assert.deepEqual(snapshots, [], 'its messages are not the room\'s');
    assert.deepEqual(states, ['reconnecting', 'open'], 'its close does not start a reconnect');
    clock.advance(10 * 60_000);
    assert.equal(made.length, 2, 'the socket in use is kept');
    assert.equal(sock.state, 'open');
    // A later reconnect resumes from what the socket in use saw, not from the late one's.
    made[1].message({ type: 'snapshot', v: 4, data: {} });
    made[1].closed(1012);
    clock.advance(FIRST_BACKOFF + JITTER);
    assert.equal(made[2].url, `${URL_R1}&since=4`);
    sock.close();
  });
});

test('a connect that opens in time is kept, and a close before the deadline retries once', async () => {
  await withBrowser(({ clock, made, states, room }) => {
    const sock = room();
    clock.advance(CONNECT_TIMEOUT_MS - 1);
    made[0].open();
    clock.advance(10 * 60_000);
    assert.equal(made.length, 1, 'an answering socket stays');
    assert.equal(made[0].closeCalls, 0);
    assert.equal(sock.state, 'open');
    assert.ok(made[0].sent.filter((m) => m.type === 'ping').length >= 50, 'it keeps pinging');

    // Refused at once, the next connect gets its own deadline, not the old one's rest.
    made[0].closed(1006);
    clock.advance(FIRST_BACKOFF + JITTER);
    assert.equal(made.length, 2);
    made[1].closed(1006);
    assert.equal(clock.pending(), 1, 'only the retry waits: the closed socket\'s deadline is off');
    clock.advance(2 * FIRST_BACKOFF + JITTER);
    assert.equal(made.length, 3, 'one new socket per close');
    clock.advance(CONNECT_TIMEOUT_MS - 1);
    assert.equal(made[2].closeCalls, 0);
    made[2].open();
    assert.deepEqual(states, ['open', 'reconnecting', 'open']);
    // A socket that opened and closed reconnects to the room's own node; one refused
    // before it opened hashes elsewhere.
    assert.deepEqual(made.map((w) => w.url), [URL_R1, URL_R1, `${URL_R1}&try=1`]);
    made[2].closed(1012);
    clock.advance(FIRST_BACKOFF + JITTER);
    assert.equal(made[3].url, URL_R1, 'the room\'s own node after an open socket');
    sock.close();
  });
});

test('an open socket whose pings go unanswered is given up and made again', async () => {
  await withBrowser(async ({ clock, made, states, room }) => {
    const sock = room();
    made[0].open();
    made[0].message({ type: 'snapshot', v: 7, data: {} });
    clock.advance(60_000);
    assert.equal(sock.state, 'open');
    const move = sock.send('move', { move: 'c3-d4' });
    made[0].answers = false; // the node is paused
    const paused = clock.now();
    while (made[0].closeCalls === 0 && clock.now() - paused < 60_000) clock.advance(100);
    const after = clock.now() - paused;
    assert.ok(after > PONG_TIMEOUT_MS && after <= 2 * PONG_TIMEOUT_MS, `given up ${after} ms after the node went silent`);
    assert.equal(sock.state, 'reconnecting');
    assert.equal(made.length, 1);
    await assert.rejects(move, /connection/i, 'a command waiting on it fails');
    clock.advance(FIRST_BACKOFF + JITTER);
    assert.deepEqual(made.map((w) => w.url), [URL_R1, `${URL_R1}&since=7`]);
    made[0].closed(1006);
    made[1].open();
    assert.deepEqual(states, ['open', 'reconnecting', 'open']);
    sock.close();
  });
});

test('a pong that comes late, within the deadline, keeps the socket', async () => {
  await withBrowser(({ clock, made, room }) => {
    const sock = room();
    made[0].answers = false;
    made[0].open();
    clock.advance(PONG_TIMEOUT_MS - 1);
    made[0].message({ type: 'pong', data: { t: 0 } });
    clock.advance(PONG_TIMEOUT_MS - 1);
    made[0].message({ type: 'lag', data: { ms: 9000 } });
    clock.advance(PONG_TIMEOUT_MS - 1);
    assert.equal(sock.state, 'open');
    assert.equal(made.length, 1);
    assert.equal(made[0].closeCalls, 0);
    sock.close();
  });
});

test('close() leaves no timer running, whether connecting, open or waiting to reconnect', async () => {
  await withBrowser(({ clock, made, states, room }) => {
    const connecting = room();
    connecting.close();
    assert.equal(clock.pending(), 0, 'the connect deadline is off');

    const open = room();
    made[1].answers = false;
    made[1].open();
    clock.advance(1);
    open.close();
    assert.equal(clock.pending(), 0, 'the ping and its deadline are off');

    const waiting = room();
    clock.advance(CONNECT_TIMEOUT_MS);
    assert.equal(waiting.state, 'reconnecting');
    waiting.close();
    assert.equal(clock.pending(), 0, 'the retry is off');

    for (const w of made) w.closed(1000);
    clock.advance(10 * 60_000);
    assert.equal(made.length, 3, 'no socket is made after close()');
    assert.deepEqual(states, ['open', 'reconnecting']);
  });
});
