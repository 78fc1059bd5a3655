// The closed-loop test against boardgame.io 0.50, the same as `loadgen play`: ROOMS matches
// of Stockholm (game.js), two seats each with their own credentials, every seat moving a
// random legal move as soon as it is told its turn, a new match when a game ends. The round
// trip of a move runs from the mover sending it to the other seat receiving the update that
// shows it. Prints moves/s, p50/p99/p999 and errors by kind in `loadgen play`'s words, and
// one `result:` line for scripts. The first match of every table is made before the clock
// starts (as `loadgen play` makes its first rooms before its clock starts); the matches after
// a game ends are made during the run.
//
// The clients speak boardgame.io's socket.io protocol directly (`sync`, `update`), over
// WebSocket only: the stock `Client` opens each socket with HTTP long-polling before
// upgrading and re-runs every move through its own reducer, and with hundreds of seats in
// one Node process that client-side work, not the server, set the pace. The seats are
// spread over WORKERS processes (default 2) so the client side keeps up.
//
//   PORT=8000 ROOMS=100 DURATION=20 WORKERS=2 node client.js
'use strict';
const { fork } = require('child_process');
const { io } = require('socket.io-client');
const { legal } = require('./game');

const host = '127.0.0.1';
const port = Number(process.env.PORT || 8000);
const rooms = Number(process.env.ROOMS || 10);
const seconds = Number(process.env.DURATION || 20);
const workers = Math.max(1, Math.min(rooms, Number(process.env.WORKERS || 2)));
const lobby = `http://${host}:${port + 1}`;
const gameName = 'stockholm';
// A game whose seats, once connected, hear nothing for this long is given up (counted as
// `stalled`); a socket that cannot connect counts as `connect_error` (socket.io's timeout).
const STALL_MS = 10000;
// Lobby requests in flight at once while the first matches are made.
const SETUP_PARALLEL = 32;

async function post(path, body) {
  const res = await fetch(lobby + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`http_${res.status}_${path.split('/').pop()}`);
  return res.json();
}

async function match() {
  const { matchID } = await post(`/games/${gameName}/create`, { numPlayers: 2 });
  const creds = [];
  for (const id of ['0', '1']) {
    const j = await post(`/games/${gameName}/${matchID}/join`, { playerID: id, playerName: `p${id}` });
    creds.push(j.playerCredentials);
  }
  return { matchID, creds };
}

// One worker process: `n` tables for `secs` seconds.
async function worker(n, secs) {
  const rtts = [];
  const errors = {};
  let moves = 0;
  let games = 0;
  let stop = false;
  // The `end` of every game being played, so the run's end stops them all at once.
  const playing = new Set();
  const error = (kind) => { errors[kind] = (errors[kind] || 0) + 1; };

  // One game at a table; resolves when it ends, stalls or the run stops.
  const game = (m) => new Promise((done) => {
    const seats = ['0', '1'];
    let pending = null;
    // The last state each seat moved from, so a repeated state never moves twice.
    const movedFrom = [-1, -1];
    let finished = false;
    let watchdog = null;
    const sockets = seats.map(() => io(`http://${host}:${port}/${gameName}`, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    }));
    const end = (kind) => {
      if (finished) return;
      finished = true;
      playing.delete(end);
      clearTimeout(watchdog);
      if (kind) error(kind); else if (!stop) games++;
      sockets.forEach((s) => s.disconnect());
      done();
    };
    const alive = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => end('stalled'), STALL_MS);
    };
    const onState = (i, state) => {
      if (finished || !state) return;
      alive();
      if (pending && i !== pending.mover && state.G.plies === pending.plies) {
        rtts.push(Number(process.hrtime.bigint() - pending.sent) / 1e6);
        moves++;
        pending = null;
      }
      if (stop || state.ctx.gameover) return end(null);
      if (state.ctx.currentPlayer !== seats[i] || movedFrom[i] >= state._stateID) return;
      const options = legal(state.G, seats[i]);
      if (!options.length) return;
      movedFrom[i] = state._stateID;
      const mv = options[Math.floor(Math.random() * options.length)];
      const action = {
        type: 'MAKE_MOVE',
        payload: { type: 'play', args: [mv.path], playerID: seats[i], credentials: m.creds[i] },
      };
      pending = { mover: i, plies: state.G.plies + 1, sent: process.hrtime.bigint() };
      sockets[i].emit('update', action, state._stateID, m.matchID, seats[i]);
    };
    sockets.forEach((s, i) => {
      s.on('connect', () => s.emit('sync', m.matchID, seats[i], m.creds[i], 2));
      s.on('sync', (_id, info) => onState(i, info && info.state));
      s.on('update', (_id, state) => onState(i, state));
      s.on('connect_error', () => end('connect_error'));
      s.on('disconnect', () => end(finished || stop ? null : 'disconnected'));
    });
    playing.add(end);
  });

  // Each table starts on a match made before the clock starts, as `loadgen play` makes its
  // first rooms; later matches are made during the run.
  const table = async (first) => {
    let m = first;
    while (!stop) {
      if (!m) {
        try {
          m = await match();
        } catch (e) {
          error(e.message.startsWith('http_') ? e.message : 'lobby_unreachable');
          await new Promise((r) => setTimeout(r, 200));
          continue;
        }
      }
      await game(m);
      m = null;
    }
  };

  const firsts = await settle(n, match);
  await ready();
  const t0 = process.hrtime.bigint();
  const cpu0 = process.cpuUsage();
  const timer = setTimeout(() => {
    stop = true;
    playing.forEach((end) => end(null));
  }, secs * 1000);
  await Promise.all(firsts.map(table));
  clearTimeout(timer);
  const elapsed = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  return { rtts, errors, moves, games, elapsed, cpu: (cpu.user + cpu.system) / 1e6 };
}

// Runs `make` `n` times, SETUP_PARALLEL at once; the results (null where it failed).
async function settle(n, make) {
  const out = new Array(n).fill(null);
  let next = 0;
  const lane = async () => {
    while (next < n) {
      const i = next++;
      try { out[i] = await make(); } catch (_) { out[i] = null; }
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, SETUP_PARALLEL) }, lane));
  return out;
}

// Tells the parent this worker's matches are made and waits for the common start.
function ready() {
  return new Promise((resolve) => {
    process.once('message', resolve);
    process.send({ ready: true });
  });
}

function pct(sorted, q) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

function report(parts) {
  const rtts = [].concat(...parts.map((p) => p.rtts)).sort((a, b) => a - b);
  const moves = parts.reduce((a, p) => a + p.moves, 0);
  const games = parts.reduce((a, p) => a + p.games, 0);
  // The tables stop at the deadline; a worker's last games may run a moment past it.
  const secs = Math.max(...parts.map((p) => p.elapsed));
  const errors = {};
  for (const p of parts) for (const [k, v] of Object.entries(p.errors)) errors[k] = (errors[k] || 0) + v;
  const f = (x) => x.toFixed(2);
  const rate = moves / secs;
  console.log(`settings: ${rooms} rooms of Stockholm on boardgame.io 0.50, closed loop, ` +
    `at most ${seconds} s, ${workers} client processes`);
  console.log(`ran ${secs.toFixed(1)} s: ${moves} moves, ${rate.toFixed(0)} moves/s, ${games} games finished`);
  console.log(`move round trip (sent -> other seat hears it): p50 ${f(pct(rtts, 0.5))} ms, ` +
    `p99 ${f(pct(rtts, 0.99))} ms, p999 ${f(pct(rtts, 0.999))} ms, max ${f(rtts[rtts.length - 1] || NaN)} ms`);
  const cpu = parts.reduce((a, p) => a + p.cpu, 0);
  console.log(`client CPU during the run: ${cpu.toFixed(1)} s in ${parts.length} processes`);
  const kinds = Object.entries(errors);
  if (!kinds.length) console.log('errors: none');
  else {
    console.log('errors by kind:');
    for (const [k, v] of kinds.sort()) console.log(`  ${k}: ${v}`);
  }
  console.log(`result: moves_per_s=${rate.toFixed(0)} p50_ms=${f(pct(rtts, 0.5))} ` +
    `p99_ms=${f(pct(rtts, 0.99))}`);
}

if (process.env.BGIO_WORKER) {
  worker(Number(process.env.BGIO_WORKER), seconds).then((r) => {
    process.send(r, () => process.exit(0));
  });
} else {
  const shares = Array.from({ length: workers }, (_, w) =>
    Math.floor(rooms / workers) + (w < rooms % workers ? 1 : 0));
  const t0 = Date.now();
  let waiting = workers;
  const children = [];
  Promise.all(shares.map((n) => new Promise((resolve, reject) => {
    const child = fork(__filename, [], { env: { ...process.env, BGIO_WORKER: String(n) } });
    children.push(child);
    child.on('message', (msg) => {
      if (!msg.ready) return resolve(msg);
      // Every worker has its first matches: start the clock everywhere at once.
      waiting -= 1;
      if (waiting === 0) {
        console.log(`setup: ${rooms} matches made in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
        children.forEach((c) => c.send({ go: true }));
      }
      return undefined;
    });
    child.on('exit', (code) => { if (code !== 0) reject(new Error(`client worker exited with ${code}`)); });
  }))).then((parts) => {
    report(parts);
    process.exit(0);
  }, (e) => {
    console.error(e.message);
    process.exit(1);
  });
}
