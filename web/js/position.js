// Position strings (see rules::setup) and replaying recorded moves for display.
//
// The server is the referee: the live room shows the positions it sends. Stored games only
// list their moves, so the replay page and the room's look-back re-trace them here: a move
// records its whole path, so finding the jumped piece between two landings and crowning on
// arrival is all that is needed to draw the positions (legality was checked when played).

import { LETTER, SEAT_OF_LETTER, SEATS } from './seats.js';

const FILES = 'abcdefgh';

/** Grid coordinates of a square name: file/rank, or Neva's two lattice digits. */
export function coords(game, name) {
  if (game === 'neva') return [Number(name[0]), Number(name[1])];
  return [FILES.indexOf(name[0]), Number(name.slice(1)) - 1];
}

function nameAt(game, x, y) {
  return game === 'neva' ? `${x}${y}` : `${FILES[x]}${y + 1}`;
}

/** Reads a position string into `{game, turn, seats, pieces: Map(square -> {seat, king}), ...}`. */
export function parsePosition(game, text) {
  const pos = {
    game,
    turn: null,
    seats: [],
    pieces: new Map(),
    out: [],
    reserve: {},
    owe: [],
    hot: null,
    rev: {},
    np: 0,
  };
  const fields = String(text || '').split(':');
  pos.turn = SEAT_OF_LETTER[fields[0]] || null;
  for (const f of fields.slice(1)) {
    const eq = f.indexOf('=');
    if (eq < 0) {
      const seat = SEAT_OF_LETTER[f[0]];
      if (!seat) continue;
      pos.seats.push(seat);
      for (const p of f.slice(1).split(',').filter(Boolean)) {
        const king = p[0] === 'K';
        pos.pieces.set(king ? p.slice(1) : p, { seat, king });
      }
      continue;
    }
    const key = f.slice(0, eq);
    const val = f.slice(eq + 1);
    const parts = val.split(',').filter(Boolean);
    if (key === 'out') pos.out = parts.map((g) => [...g].map((l) => SEAT_OF_LETTER[l]));
    else if (key === 'reserve') for (const p of parts) pos.reserve[SEAT_OF_LETTER[p[0]]] = Number(p.slice(1));
    else if (key === 'owe') pos.owe = [...val].map((l) => SEAT_OF_LETTER[l]);
    else if (key === 'hot') pos.hot = val;
    else if (key === 'rev') for (const p of parts) pos.rev[SEAT_OF_LETTER[p[0]]] = p.slice(1).split('-');
    else if (key === 'np') pos.np = Number(val) || 0;
  }
  pos.seats.sort((a, b) => SEATS.indexOf(a) - SEATS.indexOf(b));
  return pos;
}

/** Writes a position back as its string, in the server's order. */
export function positionString(pos) {
  const order = [...pos.pieces.keys()].sort((a, b) => {
    const [ax, ay] = coords(pos.game, a);
    const [bx, by] = coords(pos.game, b);
    // Neva names sort by their first digit, algebraic names by rank first.
    return pos.game === 'neva' ? ax - bx || ay - by : ay - by || ax - bx;
  });
  let s = pos.turn ? LETTER[pos.turn] : '-';
  for (const seat of pos.seats) {
    const own = order.filter((n) => pos.pieces.get(n).seat === seat);
    s += `:${LETTER[seat]}${own.map((n) => (pos.pieces.get(n).king ? 'K' : '') + n).join(',')}`;
  }
  if (pos.out.length) s += `:out=${pos.out.map((g) => g.map((x) => LETTER[x]).join('')).join(',')}`;
  const res = pos.seats.filter((x) => pos.reserve[x] > 0).map((x) => LETTER[x] + pos.reserve[x]);
  if (res.length) s += `:reserve=${res.join(',')}`;
  if (pos.owe.length) s += `:owe=${pos.owe.map((x) => LETTER[x]).join('')}`;
  if (pos.hot) s += `:hot=${pos.hot}`;
  const revs = SEATS.filter((x) => pos.rev[x]).map((x) => `${LETTER[x]}${pos.rev[x].join('-')}`);
  if (revs.length) s += `:rev=${revs.join(',')}`;
  if (pos.np > 0) s += `:np=${pos.np}`;
  return s;
}

function clone(pos) {
  return {
    ...pos,
    pieces: new Map([...pos.pieces].map(([k, v]) => [k, { ...v }])),
    out: pos.out.map((g) => [...g]),
    reserve: { ...pos.reserve },
    owe: [...pos.owe],
    rev: { ...pos.rev },
  };
}

/** The squares strictly between `a` and `b` on their line, from `a` onwards. */
function between(game, a, b) {
  const [ax, ay] = coords(game, a);
  const [bx, by] = coords(game, b);
  const dx = Math.sign(bx - ax);
  const dy = Math.sign(by - ay);
  const out = [];
  for (let x = ax + dx, y = ay + dy; x !== bx || y !== by; x += dx, y += dy) {
    out.push(nameAt(game, x, y));
    if (out.length > 8) break;
  }
  return out;
}

const NEVA_TARGET = { white: '61', red: '11', green: '16', black: '66' };

function crowns(game, seat, square) {
  if (game === 'neva') return NEVA_TARGET[seat] === square;
  if (game === 'queah') return false;
  const rank = coords(game, square)[1];
  return seat === 'white' ? rank === 7 : rank === 0;
}

/** Parses one move of the notation into `{drop, origin, path, capture}` parts. */
export function parseMove(text) {
  const t = String(text).trim().replace(/^K/, '');
  const parts = t.split(',');
  const out = { drop: null, origin: null, path: [], capture: false, dropFirst: false };
  parts.forEach((p, i) => {
    if (p.startsWith('@')) {
      out.drop = p.slice(1);
      out.dropFirst = i === 0;
      return;
    }
    const sq = p.replace(/^K/, '').split(/[-x:]/);
    out.capture = /[x:]/.test(p);
    out.origin = sq[0];
    out.path = sq.slice(1);
  });
  return out;
}

/**
 * The position after `text` (a move or a departure such as `resign red`) by `seat`.
 * Returns `{pos, captured}`; `pos.turn` is left for the caller (it knows who moved next).
 */
export function applyMove(before, text, seat, options = {}) {
  const pos = clone(before);
  const game = pos.game;
  const dep = /^(resign|leave|timeout) (\w+)$/.exec(String(text).trim());
  if (dep) {
    const who = dep[2];
    if (game === 'neva' && options.departed !== 'inert') {
      for (const [sq, p] of [...pos.pieces]) if (p.seat === who) pos.pieces.delete(sq);
    }
    if (!pos.out.flat().includes(who)) pos.out.push([who]);
    pos.np = 0;
    return { pos, captured: [] };
  }
  const mv = parseMove(text);
  const captured = [];
  let progress = false;
  const drop = () => {
    pos.pieces.set(mv.drop, { seat, king: false });
    pos.reserve[seat] = Math.max(0, (pos.reserve[seat] || 0) - 1);
    pos.owe = pos.owe.filter((x) => x !== seat);
    progress = true;
  };
  if (mv.drop && mv.dropFirst) drop();
  let piece = null;
  let last = null;
  if (mv.origin) {
    piece = pos.pieces.get(mv.origin);
    pos.pieces.delete(mv.origin);
    let at = mv.origin;
    for (const to of mv.path) {
      if (mv.capture) {
        // The jumped piece: the first live piece of another seat on the line.
        const hit = between(game, at, to).find(
          (s) => pos.pieces.has(s) && !captured.includes(s) && pos.pieces.get(s).seat !== seat,
        );
        if (hit) {
          captured.push(hit);
          // Give and Take removes each piece as it is jumped; the others at the end.
          if (game === 'giveandtake') pos.pieces.delete(hit);
        }
      }
      at = to;
    }
    last = at;
    for (const c of captured) pos.pieces.delete(c);
    if (piece) {
      const crowned = !piece.king && crowns(game, seat, last);
      pos.pieces.set(last, { seat, king: piece.king || crowned });
      if (!piece.king || captured.length) progress = true;
    }
  }
  if (mv.drop && !mv.dropFirst) drop();
  if (game === 'giveandtake') {
    pos.hot = last;
    // The last man standing is crowned at once.
    for (const s of pos.seats) {
      const own = [...pos.pieces].filter(([, p]) => p.seat === s);
      const men = own.filter(([, p]) => !p.king);
      const count = options.lone_man === 'only_man' ? men.length : own.length;
      if (count === 1 && men.length === 1) men[0][1].king = true;
    }
  }
  if (game === 'queah') {
    progress = captured.length > 0 || Boolean(mv.drop);
    if (options.no_reverse_move !== 'false') {
      if (mv.origin && !mv.capture) pos.rev[seat] = [mv.origin, last];
      else delete pos.rev[seat];
    }
    for (const c of captured) {
      const lost = before.pieces.get(c)?.seat;
      if (lost && (pos.reserve[lost] || 0) > 0 && options.drop_timing !== 'deferred_drop' && !pos.owe.includes(lost)) {
        pos.owe.push(lost);
      }
      if (lost && pos.rev[lost] && pos.rev[lost][1] === c) delete pos.rev[lost];
    }
  }
  pos.np = progress ? 0 : pos.np + 1;
  // Seats left without pieces (and, in Queah, without reserve) are out.
  const gone = pos.seats.filter(
    (s) =>
      !pos.out.flat().includes(s) &&
      ![...pos.pieces.values()].some((p) => p.seat === s) &&
      !(pos.reserve[s] > 0),
  );
  if (gone.length) pos.out.push(gone);
  return { pos, captured };
}

const ROW = (r) => [...FILES].map((f) => f + r).join(',');

/** The usual start of each game, shown in a room while seats are being taken. */
export function startPosition(game, layout) {
  let text;
  if (game === 'neva') text = 'W:W14,15,16,25,26,36:R46,55,56,64,65,66:G41,51,52,61,62,63:B11,12,13,21,22,31';
  else if (game === 'queah') text = 'W:Wc1,e1,b2,d2:Ba5,c5,b4,d4:reserve=W6,B6';
  else if (game === 'giveandtake') text = `W:W${ROW(2)},${ROW(3)}:B${ROW(6)},${ROW(7)}`;
  else text = 'W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8';
  const pos = parsePosition(game, text);
  // Neva corners without a seat start empty.
  for (const [sq, p] of [...pos.pieces]) if (!layout.includes(p.seat)) pos.pieces.delete(sq);
  pos.seats = pos.seats.filter((s) => layout.includes(s));
  return pos;
}
