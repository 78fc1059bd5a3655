// Where each game's squares are drawn. A geometry knows square names and positions only,
// never the rules: every square has grid coordinates (`gx`, `gy`: file/rank, or Neva's
// lattice digits) and a drawing position (`x`, `y`, in cell units, White's view) that the
// board turns for the viewer's seat.

const FILES = 'abcdefgh';

function sq8(file, rank) {
  return { name: FILES[file] + (rank + 1), gx: file, gy: rank, x: file + 0.5, y: 7.5 - rank };
}

function grid8(dark) {
  const squares = [];
  const light = [];
  for (let rank = 0; rank < 8; rank++) {
    for (let file = 0; file < 8; file++) {
      const s = sq8(file, rank);
      // a1 is dark (Stockholm); Give and Take plays on every square.
      if (!dark || (file + rank) % 2 === 0) squares.push(s);
      else light.push(s);
    }
  }
  return {
    kind: 'grid',
    squares,
    light,
    cell: 'square',
    centre: [4, 4],
    // The two-seat games: Black sees the board from the other side.
    angle: (seat) => (seat === 'black' ? 180 : 0),
    seats: ['white', 'black'],
    files: true,
  };
}

function neva() {
  const squares = [];
  for (let x = 1; x <= 6; x++) {
    for (let y = 1; y <= 6; y++) {
      squares.push({ name: `${x}${y}`, gx: x, gy: y, x: x - 0.5, y: 6.5 - y });
    }
  }
  // Drawn with y up, 16 is the top-left corner; each seat's home corner is turned to the
  // bottom, which draws the lattice as a diamond (its lines are the board's diagonals).
  const angles = { white: -135, red: 135, green: 45, black: -45 };
  return {
    kind: 'neva',
    squares,
    light: [],
    cell: 'square',
    centre: [3, 3],
    angle: (seat) => angles[seat] ?? -135,
    seats: ['white', 'red', 'green', 'black'],
    corners: { white: '16', red: '66', green: '61', black: '11' },
  };
}

const QUEAH_CELLS = ['a1', 'c1', 'e1', 'b2', 'd2', 'a3', 'c3', 'e3', 'b4', 'd4', 'a5', 'c5', 'e5'];
const QUEAH_RING = ['a1', 'c1', 'e1', 'e3', 'e5', 'c5', 'a5', 'a3'];
const QUEAH_CENTRE = ['b2', 'd2', 'b4', 'd4'];

/** Queah's links for the room's movement scheme (the options o_edge_ring, ...). */
export function queahLinks(options = {}) {
  const on = (k) => String(options[k]) === 'true';
  const pos = (n) => [FILES.indexOf(n[0]), Number(n[1]) - 1];
  const links = [];
  for (let i = 0; i < QUEAH_CELLS.length; i++) {
    for (let j = i + 1; j < QUEAH_CELLS.length; j++) {
      const a = QUEAH_CELLS[i];
      const b = QUEAH_CELLS[j];
      const [af, ar] = pos(a);
      const [bf, br] = pos(b);
      const df = Math.abs(af - bf);
      const dr = Math.abs(ar - br);
      if (df === 1 && dr === 1) links.push([a, b, 'd']);
      else if ((df === 2 && dr === 0) || (df === 0 && dr === 2)) {
        const ring = QUEAH_RING.includes(a) && QUEAH_RING.includes(b);
        const centre = QUEAH_CENTRE.includes(a) && QUEAH_CENTRE.includes(b);
        const toC3 = a === 'c3' || b === 'c3';
        if ((ring && on('o_edge_ring')) || (centre && on('o_centre')) || (toC3 && on('o_edge_centre'))) {
          links.push([a, b, 'o']);
        }
      }
    }
  }
  return links;
}

function queah(options) {
  const squares = QUEAH_CELLS.map((name) => {
    const file = FILES.indexOf(name[0]);
    const rank = Number(name[1]) - 1;
    return { name, gx: file, gy: rank, x: file + 0.5, y: 4.5 - rank };
  });
  return {
    kind: 'queah',
    squares,
    light: [],
    cell: 'point',
    centre: [2.5, 2.5],
    angle: (seat) => (seat === 'black' ? 180 : 0),
    seats: ['white', 'black'],
    links: queahLinks(options),
    reserves: true,
  };
}

/** The geometry of `game` with the room's `options`. */
export function geometryFor(game, options) {
  switch (game) {
    case 'neva':
      return neva();
    case 'queah':
      return queah(options);
    case 'giveandtake':
      return grid8(false);
    default:
      return grid8(true);
  }
}

/** `p` turned by `deg` degrees (clockwise on screen) around `c`. */
export function turn([x, y], [cx, cy], deg) {
  const a = (deg * Math.PI) / 180;
  const dx = x - cx;
  const dy = y - cy;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  // Rounded so squares line up exactly after quarter turns.
  const r = (v) => Math.round(v * 1000) / 1000;
  return [r(cx + dx * cos - dy * sin), r(cy + dx * sin + dy * cos)];
}
