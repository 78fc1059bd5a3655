// Reading position strings (see rules::setup) for display. The server is the referee: the live
// room, the look-back and the replay page all draw the position strings it sends.

import { SEAT_OF_LETTER, SEATS } from './seats.js';

const FILES = 'abcdefgh';

/** Grid coordinates of a square name: file/rank, or Neva's two lattice digits. */
export function coords(game, name) {
  if (game === 'neva') return [Number(name[0]), Number(name[1])];
  return [FILES.indexOf(name[0]), Number(name.slice(1)) - 1];
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
