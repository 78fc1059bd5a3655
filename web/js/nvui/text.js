// Screen-reader mode's words (after lichess's NVUI): a position as text a screen reader
// reads, seat by seat and square by square, and the answers to what a player types in the
// move box (the legal moves, the clocks, the last move, the pieces). Pure: no DOM, so the
// room, the replay and the rules pages share it and node's tests read it
// (web/test/nvui.test.js). The words are the messages of nvui.ftl.

import { parsePosition } from '../position.js';
import { NEVA_CORNER, clockText, seatName, teamOf } from '../seats.js';
import { occupantName } from '../room/words.js';
import { clockReading } from '../room/clocks.js';
import { t, need } from '../i18n.js';

// The mode's words are in before any of them is said: the room, the replay and the rules
// pages all import this module, so each waits for them. Node's tests have no page to fetch
// from and bring their own bundle (useBundle).
if (typeof document !== 'undefined') await need('nvui.ftl');

/** The sentences other modules say too, each read in the current language when asked. */
export const WORDS = {
  get yourTurn() { return t('nvui-your-turn'); },
  get noClock() { return t('nvui-no-clock'); },
  get tryHelp() { return t('nvui-try-help'); },
  get help() { return t('nvui-help'); },
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

/** What one seat has on the board (and in reserve): "men c1, e1; kings d4". */
function seatPieces(game, pos, seat) {
  const men = [];
  const kings = [];
  for (const [sq, p] of pos.pieces) if (p.seat === seat) (p.king ? kings : men).push(sq);
  const parts = [];
  if (men.length) parts.push(t('nvui-men', { count: men.length, squares: sortSquares(game, men).join(', ') }));
  if (kings.length) parts.push(t('nvui-kings', { count: kings.length, squares: sortSquares(game, kings).join(', ') }));
  if (!parts.length) parts.push(t('nvui-no-pieces'));
  if (seat in pos.reserve) parts.push(t('nvui-reserve', { count: pos.reserve[seat] }));
  if (pos.owe.includes(seat)) parts.push(t('nvui-owes'));
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
    if (seat === mine) notes.push(t('nvui-you'));
    else if (teams && mine && teamOf(seat) === teamOf(mine)) notes.push(t('nvui-partner'));
    if (teams) notes.push(t('nvui-team', { team: teamOf(seat) === 1 ? 'A' : 'B' }));
    if (playing && !playing.includes(seat)) notes.push(t('nvui-out'));
    const name = seatWords(game, seat) + (notes.length ? `, ${notes.join(', ')}` : '');
    return { seat, text: `${name}: ${seatPieces(game, pos, seat)}.` };
  });
  if (pos.hot) lines.push({ seat: null, text: t('nvui-hot', { square: pos.hot }) });
  return lines;
}

/** The seat to move in words for a reader in `mine`, from a room's snapshot. */
export function turnText(snap, mine = null) {
  if (snap.state === 'waiting') return t('nvui-waiting');
  if (snap.state === 'aborted') return t('nvui-aborted');
  if (snap.state === 'finished') return t('nvui-over');
  const turn = snap.board?.turn;
  if (!turn) return t('nvui-over');
  if (turn === mine) return WORDS.yourTurn;
  return t('nvui-to-move', { who: who(snap, turn) });
}

/** "Ann (Black)", "Computer level 1 (Red)": the reader's own seat is said apart ("you"). */
function who(snap, seat) {
  const name = occupantName(snap, seat);
  return name ? `${name} (${seatName(seat)})` : seatName(seat);
}

/** Whose turn it is in a position read by position.js (the replay's, the rules pages'). */
export function seatToMove(pos) {
  return pos.turn ? t('nvui-to-move', { who: seatWords(pos.game, pos.turn) }) : '';
}

/**
 * The last move of a room's snapshot in words, with how many pieces it took: "Ann (Black)
 * played e5xc3xa5. It took 2 pieces." ('' before the first move).
 */
export function playedText(snap, mine = null) {
  const lm = snap.last_move;
  if (!lm?.move) return '';
  const move = lm.move.text;
  const played = lm.seat === mine ? t('nvui-you-played', { move }) : t('nvui-played', { who: who(snap, lm.seat), move });
  return played + took(lm.move);
}

/** How many pieces a move took, as a sentence after the move's own (" It took 2 pieces."). */
function took(move) {
  const n = move.captured?.length || 0;
  return n ? ` ${t('nvui-took', { count: n })}` : '';
}

/** The last move as the text board says it: "Last move: you played c3-d4." */
export function lastMoveText(snap, mine = null) {
  const lm = snap.last_move;
  if (!lm?.move) return t('nvui-no-last');
  const move = lm.move.text;
  const last = lm.seat === mine ? t('nvui-last-you-played', { move }) : t('nvui-last-played', { who: who(snap, lm.seat), move });
  return last + took(lm.move);
}

/**
 * The legal moves (`[{text}]`) in one sentence, or that there is none to play now. `pending`:
 * it is the reader's turn but the server's list has not come yet (it follows the move).
 */
export function legalText(moves, pending = false) {
  const list = (moves || []).map((m) => m.text);
  if (list.length) return t('nvui-legal', { moves: list.join(', ') });
  return pending ? t('nvui-legal-pending') : t('nvui-no-legal');
}

/** Every seat's clock at server time `now`: "Clocks: White 4:59, running; Black 5:00." */
export function clocksText(snap, now, mine = null) {
  if (!snap.room.time_control || snap.room.time_control.kind === 'none') return WORDS.noClock;
  const parts = snap.room.layout.map((seat) => {
    const r = clockReading(snap, seat, now, { mine });
    if (r.ms === null) return null;
    const args = { seat: seatWords(snap.room.game, seat), time: clockText(r.ms) };
    return r.running ? t('nvui-clock-running', args) : t('nvui-clock', args);
  }).filter(Boolean);
  return parts.length ? t('nvui-clocks', { clocks: parts.join('; ') }) : WORDS.noClock;
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
 * The commands by the words of the reader's language (each message lists them, separated
 * by spaces): tried before the English words, which always work too.
 */
const SPOKEN = {
  moves: 'nvui-command-moves',
  clocks: 'nvui-command-clocks',
  last: 'nvui-command-last',
  board: 'nvui-command-board',
  turn: 'nvui-command-turn',
  help: 'nvui-command-help',
};

/**
 * What a line typed in the move box asks: `{command}` (one of moves, clocks, last, board,
 * turn, help), `{move}` (the text to play, as typed) or null for an empty line. No move of
 * any game is one of the command words: squares always carry a digit.
 */
export function readCommand(line) {
  const typed = String(line || '').trim();
  if (!typed) return null;
  const word = typed.toLowerCase();
  const own = Object.keys(SPOKEN).find((c) => t(SPOKEN[c]).toLowerCase().split(/\s+/).includes(word));
  const c = own || COMMANDS[word];
  return c ? { command: c } : { move: typed };
}
