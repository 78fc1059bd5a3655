// A checkers game for boardgame.io 0.50: 8x8, men move forward, kings one step any
// diagonal, captures compulsory (one jump per move), men crowned on the far row. The same
// shape of work as a Checkerhall Stockholm move: generate the legal moves, check the move,
// apply it, tell both seats.
'use strict';

const N = 8;

function start() {
  const board = new Array(N * N).fill(null);
  for (let r = 0; r < N; r++) {
    for (let c = 0; c < N; c++) {
      if ((r + c) % 2 !== 1) continue;
      if (r < 3) board[r * N + c] = { p: '1', king: false };
      if (r > 4) board[r * N + c] = { p: '0', king: false };
    }
  }
  return { board, plies: 0 };
}

function dirs(piece) {
  if (piece.king) return [[1, 1], [1, -1], [-1, 1], [-1, -1]];
  return piece.p === '0' ? [[-1, 1], [-1, -1]] : [[1, 1], [1, -1]];
}

function legal(G, player) {
  const steps = [];
  const jumps = [];
  for (let i = 0; i < N * N; i++) {
    const piece = G.board[i];
    if (!piece || piece.p !== player) continue;
    const r = Math.floor(i / N), c = i % N;
    for (const [dr, dc] of dirs(piece)) {
      const r1 = r + dr, c1 = c + dc;
      if (r1 < 0 || r1 >= N || c1 < 0 || c1 >= N) continue;
      const t = G.board[r1 * N + c1];
      if (!t) { steps.push([i, r1 * N + c1]); continue; }
      if (t.p === player) continue;
      const r2 = r1 + dr, c2 = c1 + dc;
      if (r2 < 0 || r2 >= N || c2 < 0 || c2 >= N) continue;
      if (!G.board[r2 * N + c2]) jumps.push([i, r2 * N + c2, r1 * N + c1]);
    }
  }
  return jumps.length ? jumps : steps;
}

const Checkers = {
  name: 'checkers',
  minPlayers: 2,
  maxPlayers: 2,
  setup: () => start(),
  moves: {
    play: ({ G, ctx }, from, to) => {
      const m = legal(G, ctx.currentPlayer).find((x) => x[0] === from && x[1] === to);
      if (!m) return 'INVALID_MOVE';
      const piece = G.board[from];
      G.board[from] = null;
      if (m.length === 3) G.board[m[2]] = null;
      const row = Math.floor(to / N);
      const king = piece.king || (piece.p === '0' && row === 0) || (piece.p === '1' && row === N - 1);
      G.board[to] = { p: piece.p, king };
      G.plies += 1;
    },
  },
  turn: { minMoves: 1, maxMoves: 1 },
  endIf: ({ G, ctx }) => {
    if (G.plies >= 200) return { draw: true };
    const next = ctx.currentPlayer === '0' ? '1' : '0';
    if (legal(G, next).length === 0) return { winner: ctx.currentPlayer };
  },
};

module.exports = { Checkers, legal };
