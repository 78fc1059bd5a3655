// Stockholm checkers for boardgame.io 0.50, the rules Checkerhall plays under the key
// `stockholm`, so that both servers do the same kind of work per move: generate every legal
// move, check the one sent, apply it, tell both seats.
//
// 8x8, the 32 dark squares (a1 dark), White ('0') moves first from ranks 1-3, Black ('1')
// from ranks 6-8. Men step one square forward; kings fly. Capturing is compulsory and the
// player must take the most pieces; a man's first jump must go forward, its later jumps may
// go backward; captured pieces leave at the end of the move and block until then (no piece is
// jumped twice). A man is crowned only if its move ends on the far rank. The game is won by
// taking every enemy piece or leaving the opponent without a move, and drawn after 25
// moves by each side with only kings moving and nothing taken. (Checkerhall also draws on
// threefold repetition; that rule needs every position since the last capture in the state
// sent to the clients, and the 25-move rule already bounds every game, so it is left out.)
//
// The board is a 64-character string, one per square, index rank * 8 + file: '.' empty,
// 'w'/'W' White man/king, 'b'/'B' Black man/king. A move is its path of squares
// [from, landing, landing...], as Checkerhall's notation lists them.
'use strict';

const N = 8;
const DIRS = [[1, 1], [1, -1], [-1, 1], [-1, -1]];
const KING_DRAW_PLIES = 50;

function start() {
  let board = '';
  for (let r = 0; r < N; r++) {
    for (let c = 0; c < N; c++) {
      const dark = (r + c) % 2 === 0;
      board += dark && r < 3 ? 'w' : dark && r > 4 ? 'b' : '.';
    }
  }
  return { board, plies: 0, kingPlies: 0 };
}

const owner = (ch) => (ch === 'w' || ch === 'W' ? '0' : ch === 'b' || ch === 'B' ? '1' : null);
const isKing = (ch) => ch === 'W' || ch === 'B';
const forward = (player) => (player === '0' ? 1 : -1);
const inside = (r, c) => r >= 0 && r < N && c >= 0 && c < N;

// Every capture sequence of the piece on `from`, each { path, taken }.
function captures(board, from, player) {
  const out = [];
  const ch = board[from];
  const king = isKing(ch);
  const fwd = forward(player);
  const path = [from];
  const taken = [];
  // The moving piece has left its square: it neither blocks nor can be jumped.
  const at = (i) => (i === from ? '.' : board[i]);
  const enemy = (i) => {
    const o = owner(at(i));
    return o !== null && o !== player && !taken.includes(i);
  };
  const extend = (pos) => {
    let more = false;
    const r = Math.floor(pos / N);
    const c = pos % N;
    for (const [dr, dc] of DIRS) {
      if (!king && taken.length === 0 && dr !== fwd) continue;
      let r1 = r + dr;
      let c1 = c + dc;
      if (king) {
        while (inside(r1, c1) && at(r1 * N + c1) === '.') {
          r1 += dr;
          c1 += dc;
        }
      }
      if (!inside(r1, c1) || !enemy(r1 * N + c1)) continue;
      const over = r1 * N + c1;
      let r2 = r1 + dr;
      let c2 = c1 + dc;
      while (inside(r2, c2) && at(r2 * N + c2) === '.') {
        more = true;
        taken.push(over);
        path.push(r2 * N + c2);
        extend(r2 * N + c2);
        path.pop();
        taken.pop();
        if (!king) break;
        r2 += dr;
        c2 += dc;
      }
    }
    if (!more && taken.length) out.push({ path: path.slice(), taken: taken.slice() });
  };
  extend(from);
  return out;
}

function steps(board, from, player) {
  const out = [];
  const king = isKing(board[from]);
  const r = Math.floor(from / N);
  const c = from % N;
  for (const [dr, dc] of DIRS) {
    if (!king && dr !== forward(player)) continue;
    let r1 = r + dr;
    let c1 = c + dc;
    while (inside(r1, c1) && board[r1 * N + c1] === '.') {
      out.push({ path: [from, r1 * N + c1], taken: [] });
      if (!king) break;
      r1 += dr;
      c1 += dc;
    }
  }
  return out;
}

// Every legal move of `player` ('0' White, '1' Black), each { path, taken }.
function legal(G, player) {
  let best = [];
  let most = 0;
  for (let i = 0; i < N * N; i++) {
    if (owner(G.board[i]) !== player) continue;
    for (const m of captures(G.board, i, player)) {
      if (m.taken.length > most) {
        most = m.taken.length;
        best = [];
      }
      if (m.taken.length === most) best.push(m);
    }
  }
  if (most > 0) return best;
  const out = [];
  for (let i = 0; i < N * N; i++) {
    if (owner(G.board[i]) === player) out.push(...steps(G.board, i, player));
  }
  return out;
}

const samePath = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

const Stockholm = {
  name: 'stockholm',
  minPlayers: 2,
  maxPlayers: 2,
  setup: () => start(),
  moves: {
    play: ({ G, ctx }, path) => {
      if (!Array.isArray(path)) return 'INVALID_MOVE';
      const m = legal(G, ctx.currentPlayer).find((x) => samePath(x.path, path));
      if (!m) return 'INVALID_MOVE';
      const from = path[0];
      const to = path[path.length - 1];
      const cells = G.board.split('');
      let piece = cells[from];
      cells[from] = '.';
      for (const t of m.taken) cells[t] = '.';
      const row = Math.floor(to / N);
      if (piece === 'w' && row === N - 1) piece = 'W';
      if (piece === 'b' && row === 0) piece = 'B';
      cells[to] = piece;
      const kingOnly = isKing(G.board[from]) && m.taken.length === 0;
      return {
        board: cells.join(''),
        plies: G.plies + 1,
        kingPlies: kingOnly ? G.kingPlies + 1 : 0,
      };
    },
  },
  turn: { minMoves: 1, maxMoves: 1 },
  endIf: ({ G, ctx }) => {
    const next = ctx.currentPlayer === '0' ? '1' : '0';
    if (legal(G, next).length === 0) return { winner: ctx.currentPlayer };
    if (G.kingPlies >= KING_DRAW_PLIES) return { draw: true };
    return undefined;
  },
};

module.exports = { Stockholm, legal, start };
