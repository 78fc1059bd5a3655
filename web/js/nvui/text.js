// Screen-reader mode's words (after lichess's NVUI): a position as text a screen reader
// reads, seat by seat and square by square, and the answers to what a player types in the
// move box (the legal moves, the clocks, the last move, the pieces). Pure: no DOM, so the
// room, the replay and the rules pages share it and node's tests read it
// (web/test/nvui.test.js). The English words sit in `WORDS`, in one place.

import { parsePosition } from '../position.js';
import { NEVA_CORNER, clockText, seatName, teamOf } from '../seats.js';
import { occupantName } from '../room/words.js';
import { clockReading } from '../room/clocks.js';

/** Every sentence this mode says, in one place. */
export const WORDS = {
  men: 'men',
  man: 'man',
  kings: 'kings',
  king: 'king',
  noPieces: 'no pieces',
  reserve: (n) => `${n} in reserve`,
  owes: 'owes a drop',
  out: 'out',
  team: (t) => `team ${t}`,
  partner: 'your partner',
  you: 'you',
  hot: (sq) => `The piece that just moved stands on ${sq}.`,
  yourTurn: 'It is your turn.',
  toMove: (who) => `${who} to move.`,
  waiting: 'The game has not started yet.',
  over: 'The game is over.',
  aborted: 'The game was aborted.',
  noLast: 'No move has been played yet.',
  played: (who, text) => `${who} played ${text}.`,
  last: (move) => `Last move: ${move}`,
  taking: (n) => ` It took ${n === 1 ? '1 piece' : `${n} pieces`}.`,
  legal: (list) => `Legal moves: ${list}.`,
  noLegal: 'You have no move to play now.',
  legalPending: 'Your legal moves are on their way: ask again in a moment.',
  clocks: (list) => `Clocks: ${list}.`,
  noClock: 'This game has no clock.',
  running: 'running',
  tryHelp: 'Type a move and press Enter. Commands: moves (or m) lists the legal moves, board (or b) the pieces, turn (or t) whose turn it is.',
  help: 'Type a move and press Enter. Commands: moves (or m) lists the legal moves, clocks (or c) reads the clocks, last (or l) the last move, board (or b) the pieces, turn (or t) whose turn it is.',
};

/** A seat as this mode names it: Neva's seats add their corner ("White (Morning)"). */
export function seatWords(game, seat) {
  return game === 'neva' ? `${seatName(seat)} (${NEVA_CORNER[seat]})` : seatName(seat);
}

/** Squares in reading order: by file then rank ("a1, a3, b2"), Neva's two digits as numbers. */
export function sortSquares(game, squares) {
  const key = (s) => (game === 'neva' ? Number(s) : (s.charCodeAt(0) * 100) + Number(s.slice(1)));
  return [...squares].sort((a, b) => key(a) - key(b));
}

function kind(list, one, many) {
  return `${list.length === 1 ? one : many} ${list.join(', ')}`;
}

/** What one seat has on the board (and in reserve): "men c1, e1; kings d4". */
function seatPieces(game, pos, seat) {
  const men = [];
  const kings = [];
  for (const [sq, p] of pos.pieces) if (p.seat === seat) (p.king ? kings : men).push(sq);
  const parts = [];
  if (men.length) parts.push(kind(sortSquares(game, men), WORDS.man, WORDS.men));
  if (kings.length) parts.push(kind(sortSquares(game, kings), WORDS.king, WORDS.kings));
  if (!parts.length) parts.push(WORDS.noPieces);
  if (seat in pos.reserve) parts.push(WORDS.reserve(pos.reserve[seat]));
  if (pos.owe.includes(seat)) parts.push(WORDS.owes);
  return parts.join('; ');
}

/**
 * The position `text` of `game` (a position string, or one parsed by position.js) as one line a seat: `[{seat, text}]`, each "White: men c1,
 * e1; kings d4" with what the reader should know of the seat (yours, your partner's, its
 * team, out of the game), then a line for Give and Take's moved piece when there is one.
 * `opts`: `mine` (the reader's seat), `teams` (Neva team play), `playing` (the seats still in).
 */
export function positionLines(game, text, { mine = null, teams = false, playing = null } = {}) {
  const pos = typeof text === 'string' ? parsePosition(game, text) : text;
  const lines = pos.seats.map((seat) => {
    const notes = [];
    if (seat === mine) notes.push(WORDS.you);
    else if (teams && mine && teamOf(seat) === teamOf(mine)) notes.push(WORDS.partner);
    if (teams) notes.push(WORDS.team(teamOf(seat) === 1 ? 'A' : 'B'));
    if (playing && !playing.includes(seat)) notes.push(WORDS.out);
    const name = seatWords(game, seat) + (notes.length ? `, ${notes.join(', ')}` : '');
    return { seat, text: `${name}: ${seatPieces(game, pos, seat)}.` };
  });
  if (pos.hot) lines.push({ seat: null, text: WORDS.hot(pos.hot) });
  return lines;
}

/** The seat to move in words for a reader in `mine`, from a room's snapshot. */
export function turnText(snap, mine = null) {
  if (snap.state === 'waiting') return WORDS.waiting;
  if (snap.state === 'aborted') return WORDS.aborted;
  if (snap.state === 'finished') return WORDS.over;
  const t = snap.board?.turn;
  if (!t) return WORDS.over;
  if (t === mine) return WORDS.yourTurn;
  return WORDS.toMove(who(snap, t, mine));
}

/** "Ann (Black)", "Computer level 1 (Red)", or "you". */
function who(snap, seat, mine) {
  if (seat === mine) return WORDS.you;
  const name = occupantName(snap, seat);
  return name ? `${name} (${seatName(seat)})` : seatName(seat);
}

/** Whose turn it is in a position read by position.js (the replay's, the rules pages'). */
export function seatToMove(pos) {
  return pos.turn ? WORDS.toMove(seatWords(pos.game, pos.turn)) : '';
}

/**
 * The last move of a room's snapshot in words, with how many pieces it took: "Ann (Black)
 * played e5xc3xa5. It took 2 pieces." ('' before the first move).
 */
export function playedText(snap, mine = null) {
  const lm = snap.last_move;
  if (!lm?.move) return '';
  const n = lm.move.captured?.length || 0;
  const name = who(snap, lm.seat, mine);
  // A sentence starts with a capital, "you" included.
  return WORDS.played(name[0].toUpperCase() + name.slice(1), lm.move.text) + (n ? WORDS.taking(n) : '');
}

/** The last move as the text board says it: "Last move: you played c3-d4." */
export function lastMoveText(snap, mine = null) {
  const played = playedText(snap, mine);
  return played ? WORDS.last(played.replace(/^You /, 'you ')) : WORDS.noLast;
}

/**
 * The legal moves (`[{text}]`) in one sentence, or that there is none to play now. `pending`:
 * it is the reader's turn but the server's list has not come yet (it follows the move).
 */
export function legalText(moves, pending = false) {
  const list = (moves || []).map((m) => m.text);
  if (list.length) return WORDS.legal(list.join(', '));
  return pending ? WORDS.legalPending : WORDS.noLegal;
}

/** Every seat's clock at server time `now`: "Clocks: White 4:59, running; Black 5:00." */
export function clocksText(snap, now, mine = null) {
  if (!snap.room.time_control || snap.room.time_control.kind === 'none') return WORDS.noClock;
  const parts = snap.room.layout.map((seat) => {
    const r = clockReading(snap, seat, now, { mine });
    if (r.ms === null) return null;
    return `${seatWords(snap.room.game, seat)} ${clockText(r.ms)}${r.running ? `, ${WORDS.running}` : ''}`;
  }).filter(Boolean);
  return parts.length ? WORDS.clocks(parts.join('; ')) : WORDS.noClock;
}

/** The commands of the move box, by every word that asks for them. */
const COMMANDS = {
  moves: 'moves', m: 'moves', legal: 'moves',
  clocks: 'clocks', clock: 'clocks', c: 'clocks',
  last: 'last', l: 'last',
  board: 'board', b: 'board', pieces: 'board', p: 'board',
  turn: 'turn', t: 'turn',
  help: 'help', h: 'help', '?': 'help',
};

/**
 * What a line typed in the move box asks: `{command}` (one of moves, clocks, last, board,
 * turn, help), `{move}` (the text to play, as typed) or null for an empty line. No move of
 * any game is one of the command words: squares always carry a digit.
 */
export function readCommand(line) {
  const t = String(line || '').trim();
  if (!t) return null;
  const c = COMMANDS[t.toLowerCase()];
  return c ? { command: c } : { move: t };
}
