// A room in plain words, from its summary (`GET /api/rooms`, the live list) or from the
// `room` part of its snapshot: "Neva, 4 players, teams, 5+3", "Stockholm, Brazilian, no
// clock". Only what differs from the game's usual rules is named, so the common rooms read
// short. Pure: no DOM, no fetch (the lobby's list and the room's header both use it; unit
// tested in web/test/describe.test.js).

/** Short game names, as players say them. */
export const SHORT_NAME = {
  neva: 'Neva',
  queah: 'Queah',
  giveandtake: 'Give and Take',
  stockholm: 'Stockholm',
};

// Each option value that is not the game's default, in words. A function gets the value; a
// table maps each value. Values not named here fall back to "key: value" in plain letters.
const WORDS = {
  neva: {
    teams: { true: 'teams' },
    blocked: { pass: 'a blocked player skips', pass_unless_two: 'a blocked player skips until two are left', eliminate: 'a blocked player is out' },
    departed: { inert: "a leaver's pieces stay", remove: "a leaver's pieces go" },
  },
  stockholm: {
    // Stockholm without the deferred backward capture is Brazilian draughts.
    deferred_backward_capture: { false: 'Brazilian', true: 'deferred backward capture' },
    max_capture: { false: 'any capture allowed', true: 'longest capture' },
    king_halt: { true: 'kings stop after the last piece', false: 'kings land anywhere after a capture' },
  },
  queah: {
    o_edge_ring: { true: 'edge lines' },
    o_edge_centre: { true: 'centre-to-edge lines' },
    o_centre: { true: 'centre lines' },
    capture_mandatory: { true: 'captures compulsory', false: 'captures optional' },
    drop_timing: {
      drop_then_move: 'drop, then move',
      move_then_drop: 'move, then drop',
      drop_instead_of_move: 'a drop is the move',
      deferred_drop: 'drop any time',
    },
    dropped_piece_may_move: { false: 'a dropped piece waits', true: 'a dropped piece may move' },
    no_reverse_move: { false: 'stepping back allowed', true: 'no stepping back' },
  },
  giveandtake: {
    hot_trigger: { anywhere: 'must take the moved piece anywhere', first_jump: 'must take the moved piece at once' },
    hot_capture: { first_jump: 'the moved piece first', anywhere: 'the moved piece at any jump' },
    lone_man: { only_man: 'a last man crowns', only_piece: 'a last piece crowns' },
    removal: { end_of_move: 'pieces leave after the capture', immediate: 'pieces leave at once' },
    king_reversal: { false: 'kings may not turn back', true: 'kings may turn back' },
    king_landing: { free: 'kings land freely', must_continue: 'kings land to jump on' },
  },
};

// The usual rules (the defaults of `GET /api/games`), so a summary carrying every option
// names only the changed ones without asking the server for the catalogue.
const DEFAULTS = {
  neva: { seats: 'white,red,green,black', teams: 'false', blocked: 'eliminate', departed: 'remove', repetition: '3', no_progress: '15' },
  stockholm: { deferred_backward_capture: 'true', max_capture: 'true', king_halt: 'false', repetition: '3', no_progress: '25' },
  queah: {
    o_edge_ring: 'false', o_edge_centre: 'false', o_centre: 'false', capture_mandatory: 'false', drop_timing: 'drop_then_move',
    dropped_piece_may_move: 'true', no_reverse_move: 'true', repetition: '3', no_progress: '40',
  },
  giveandtake: {
    repetition: '3', no_progress: '50', hot_trigger: 'first_jump', hot_capture: 'anywhere', lone_man: 'only_piece',
    removal: 'immediate', king_reversal: 'true', king_landing: 'must_continue',
  },
};

/** The seats a Neva `seats` option names ("2", "3", "4" or a comma list). */
export function nevaSeats(value) {
  const v = String(value ?? '4').trim();
  if (v === '4') return ['white', 'red', 'green', 'black'];
  if (v === '3') return ['white', 'red', 'green'];
  if (v === '2') return ['white', 'green'];
  return v.split(',').map((s) => s.trim()).filter(Boolean);
}

/** A number of minutes or seconds without trailing noise: 5, 1.5, 0.25. */
function num(x) {
  return String(Math.round(x * 100) / 100);
}

/**
 * A time control in words: "5+3" (minutes + seconds a move), "30 s a move", "3 days a move"
 * (correspondence), "no clock".
 */
export function clockWords(tc) {
  if (!tc || tc.kind === 'none') return 'no clock';
  if (tc.kind === 'fischer') return `${num(Number(tc.base_ms) / 60000)}+${num(Number(tc.increment_ms) / 1000)}`;
  if (tc.kind === 'per_move') return `${num(Number(tc.limit_ms) / 1000)} s a move`;
  if (tc.kind === 'correspondence') {
    const d = Number(tc.days);
    return `${d} day${d === 1 ? '' : 's'} a move`;
  }
  return String(tc.kind);
}

/** One changed option in words. */
function optionWords(game, key, value) {
  const v = String(value);
  const w = WORDS[game]?.[key];
  if (w && Object.prototype.hasOwnProperty.call(w, v)) return w[v];
  if (key === 'repetition') return v === '0' ? 'no repetition draw' : `${v} repetitions end it`;
  if (key === 'no_progress') return v === '0' ? 'no quiet-move limit' : `${v} quiet moves end it`;
  return `${key.replace(/_/g, ' ')}: ${v.replace(/_/g, ' ')}`;
}

/**
 * The parts of a room's description, in order: game, players (Neva), changed rules, clock,
 * and "rated" for a rated room.
 * `room` has `game`, `options` (every option or only the changed ones, values as strings,
 * numbers or booleans), `time_control`, and optionally `seats` (a summary's list).
 */
export function describeParts(room) {
  const game = room?.game;
  const parts = [SHORT_NAME[game] || String(game || 'Unknown game')];
  const options = room?.options || {};
  const defaults = DEFAULTS[game] || {};
  if (game === 'neva') {
    const n = Array.isArray(room.seats) && room.seats.length ? room.seats.length : nevaSeats(options.seats).length;
    parts.push(`${n} players`);
  }
  // Stable order: the catalogue's order for known options, then any others.
  const keys = [...Object.keys(defaults), ...Object.keys(options).filter((k) => !(k in defaults))];
  for (const key of keys) {
    if (game === 'neva' && key === 'seats') continue;
    if (!(key in options) || options[key] === null || options[key] === undefined) continue;
    if (key in defaults && String(options[key]) === defaults[key]) continue;
    parts.push(optionWords(game, key, options[key]));
  }
  parts.push(clockWords(room?.time_control));
  // A rated game changes ratings: worth saying before anyone sits down.
  if (room?.rated === true) parts.push('rated');
  return parts;
}

/** A room in one line: "Neva, 4 players, teams, 5+3". */
export function describe(room) {
  return describeParts(room).join(', ');
}

/**
 * A player's name as shown: bots are "Computer level N" (the server's own wording); names
 * stored before it said so ("engine (bot, level 3)", "engine (bot)") read the same way.
 */
export function personName(name, bot = null) {
  if (bot && typeof bot === 'object' && bot.kind) {
    if (bot.kind === 'random') return 'Random mover';
    return bot.level ? `Computer level ${bot.level}` : 'Computer';
  }
  const s = String(name ?? '');
  const m = /^(\w+) \(bot(?:, level (\d+))?\)$/.exec(s);
  if (!m) return s;
  if (m[1] === 'random') return 'Random mover';
  return m[2] ? `Computer level ${m[2]}` : 'Computer';
}

/**
 * Who is in a waiting room and who is still wanted, from a summary's seats: "Ann waits for
 * 1 more player", "Ann and Computer level 3 wait for 2 more players", "Full".
 */
export function waitingWords(seats) {
  const list = Array.isArray(seats) ? seats : [];
  const present = list.filter((s) => s.name).map((s) => personName(s.name));
  const free = list.length - present.length;
  if (!free) return 'Full';
  const more = `${free} more player${free === 1 ? '' : 's'}`;
  if (!present.length) return `Waiting for ${more}`;
  const who = present.length === 1 ? present[0] : `${present.slice(0, -1).join(', ')} and ${present[present.length - 1]}`;
  return `${who} wait${present.length === 1 ? 's' : ''} for ${more}`;
}
