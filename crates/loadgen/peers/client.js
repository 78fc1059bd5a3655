// The closed-loop test against boardgame.io: ROOMS matches, two socket clients each, every
// seat moves as soon as it is told its turn; the round trip runs from the move being sent
// to the other seat seeing it. New match when a game ends. Prints moves/s and percentiles.
'use strict';
const { Client } = require('boardgame.io/client');
const { SocketIO } = require('boardgame.io/multiplayer');
const { Checkers, legal } = require('./game');

const host = '127.0.0.1';
const port = Number(process.env.PORT || 8000);
const rooms = Number(process.env.ROOMS || 10);
const seconds = Number(process.env.DURATION || 20);
const lobby = `http://${host}:${port + 1}`;

const rtts = [];
let moves = 0;
let errors = 0;
let stop = false;

async function post(path, body) {
  const res = await fetch(lobby + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return res.json();
}

async function match() {
  const { matchID } = await post('/games/checkers/create', { numPlayers: 2 });
  const creds = [];
  for (const id of ['0', '1']) {
    const j = await post(`/games/checkers/${matchID}/join`, { playerID: id, playerName: `p${id}` });
    creds.push(j.playerCredentials);
  }
  return { matchID, creds };
}

function table() {
  return new Promise(async (done) => {
    let m;
    try { m = await match(); } catch (e) { errors++; return done(); }
    const clients = ['0', '1'].map((id, i) => Client({
      game: Checkers,
      multiplayer: SocketIO({ server: `http://${host}:${port}` }),
      matchID: m.matchID,
      playerID: id,
      credentials: m.creds[i],
      debug: false,
    }));
    let pending = null;
    let finished = false;
    const end = () => {
      if (finished) return;
      finished = true;
      clients.forEach((c) => c.stop());
      done();
    };
    clients.forEach((c, i) => {
      c.subscribe((state) => {
        if (!state || finished) return;
        if (pending && i !== pending.mover && state.G.plies === pending.plies) {
          rtts.push(Number(process.hrtime.bigint() - pending.sent) / 1e6);
          moves++;
          pending = null;
        }
        if (stop || state.ctx.gameover) return end();
        if (state.ctx.currentPlayer !== c.playerID) return;
        if (pending && pending.mover === i) return;
        const options = legal(state.G, c.playerID);
        if (!options.length) return;
        const mv = options[Math.floor(Math.random() * options.length)];
        pending = { mover: i, plies: state.G.plies + 1, sent: process.hrtime.bigint() };
        c.moves.play(mv[0], mv[1]);
      });
      c.start();
    });
  });
}

async function loop() {
  while (!stop) await table();
}

function pct(sorted, q) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

(async () => {
  const t0 = Date.now();
  setTimeout(() => { stop = true; }, seconds * 1000);
  const loops = [];
  for (let i = 0; i < rooms; i++) loops.push(loop());
  await Promise.all(loops);
  const secs = (Date.now() - t0) / 1000;
  const s = rtts.slice().sort((a, b) => a - b);
  console.log(`boardgame.io 0.50: ${rooms} rooms closed loop, ${secs.toFixed(1)} s: ${moves} moves, ` +
    `${(moves / secs).toFixed(0)} moves/s; round trip p50 ${pct(s, 0.5).toFixed(2)} ms, ` +
    `p99 ${pct(s, 0.99).toFixed(2)} ms, p999 ${pct(s, 0.999).toFixed(2)} ms; errors ${errors}`);
  process.exit(0);
})();
