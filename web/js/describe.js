// A room in plain words, from its summary (`GET /api/rooms`, the live list) or from the
// `room` part of its snapshot: "Neva, 4 players, teams, 5+3", "Stockholm, Brazilian, no
// clock". Only what differs from the game's usual rules is named, so the common rooms read
// short. Pure: no DOM, no fetch (the lobby's list and the room's header both use it; unit
// tested in web/test/describe.test.js). The words are common.ftl's.

import { t, formatNumber } from './i18n.js';
import { listWords } from './lists.js';

/** Short game names, as players say them (getters: the words load after this module). */
export const SHORT_NAME = {
  get neva() { return t('common-game-short-neva'); },
  get queah() { return t('common-game-short-queah'); },
  get giveandtake() { return t('common-game-short-giveandtake'); },
  get stockholm() { return t('common-game-short-stockholm'); },
};

// Each option value that is not the game's default, in words: the message of each value.
// Values not named here fall back to "key: value" in plain letters.
const WORDS = {
  neva: {
    teams: { true: 'common-opt-teams' },
    blocked: { pass: 'common-opt-blocked-pass', pass_unless_two: 'common-opt-blocked-pass-unless-two', eliminate: 'common-opt-blocked-eliminate' },
    departed: { inert: 'common-opt-departed-inert', remove: 'common-opt-departed-remove' },
  },
  stockholm: {
    // Stockholm without the deferred backward capture is Brazilian draughts.
    deferred_backward_capture: { false: 'common-opt-brazilian', true: 'common-opt-deferred-capture' },
    max_capture: { false: 'common-opt-any-capture', true: 'common-opt-longest-capture' },
    king_halt: { true: 'common-opt-king-halt', false: 'common-opt-king-land-anywhere' },
  },
  queah: {
    o_edge_ring: { true: 'common-opt-edge-lines' },
    o_edge_centre: { true: 'common-opt-centre-edge-lines' },
    o_centre: { true: 'common-opt-centre-lines' },
    capture_mandatory: { true: 'common-opt-captures-compulsory', false: 'common-opt-captures-optional' },
    drop_timing: {
      drop_then_move: 'common-opt-drop-then-move',
      move_then_drop: 'common-opt-move-then-drop',
      drop_instead_of_move: 'common-opt-drop-is-move',
      deferred_drop: 'common-opt-drop-any-time',
    },
    dropped_piece_may_move: { false: 'common-opt-dropped-waits', true: 'common-opt-dropped-moves' },
    no_reverse_move: { false: 'common-opt-back-allowed', true: 'common-opt-no-back' },
  },
  giveandtake: {
    hot_trigger: { anywhere: 'common-opt-hot-anywhere', first_jump: 'common-opt-hot-at-once' },
    hot_capture: { first_jump: 'common-opt-hot-first-jump', anywhere: 'common-opt-hot-any-jump' },
    lone_man: { only_man: 'common-opt-last-man', only_piece: 'common-opt-last-piece' },
    removal: { end_of_move: 'common-opt-removal-end', immediate: 'common-opt-removal-now' },
    king_reversal: { false: 'common-opt-king-no-turn', true: 'common-opt-king-turn' },
    king_landing: { free: 'common-opt-king-land-free', must_continue: 'common-opt-king-land-jump' },
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

/** A number of minutes or seconds without trailing noise: 5, 1.5, 0.25 (1,5 in Russian). */
function num(x) {
  return formatNumber(Math.round(x * 100) / 100, { maximumFractionDigits: 2, useGrouping: false });
}

/**
 * A time control in words: "5+3" (minutes + seconds a move), "30 s a move", "3 days a move"
 * (correspondence), "no clock".
 */
export function clockWords(tc) {
  if (!tc || tc.kind === 'none') return t('common-clock-none');
  if (tc.kind === 'fischer') return `${num(Number(tc.base_ms) / 60000)}+${num(Number(tc.increment_ms) / 1000)}`;
  if (tc.kind === 'per_move') return t('common-clock-per-move', { seconds: num(Number(tc.limit_ms) / 1000) });
  if (tc.kind === 'correspondence') return t('common-clock-days-a-move', { count: Number(tc.days) });
  return String(tc.kind);
}

/**
 * One option's value in words ("a blocked player skips"), for a description or a choice of
 * the creation form.
 */
export function optionWords(game, key, value) {
  const v = String(value);
  const w = WORDS[game]?.[key];
  if (w && Object.prototype.hasOwnProperty.call(w, v)) return t(w[v]);
  if (key === 'repetition') return v === '0' ? t('common-opt-no-repetition') : t('common-opt-repetition', { count: Number(v) });
  if (key === 'no_progress') return v === '0' ? t('common-opt-no-quiet-limit') : t('common-opt-quiet-moves', { count: Number(v) });
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
  const parts = [SHORT_NAME[game] || String(game || '')];
  const options = room?.options || {};
  const defaults = DEFAULTS[game] || {};
  if (game === 'neva') {
    const n = Array.isArray(room.seats) && room.seats.length ? room.seats.length : nevaSeats(options.seats).length;
    parts.push(t('common-players', { count: n }));
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
  if (room?.rated === true) parts.push(t('common-rated'));
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
    if (bot.kind === 'random') return t('common-bot-random');
    return bot.level ? t('common-bot-level', { level: bot.level }) : t('common-bot');
  }
  const s = String(name ?? '');
  // A tournament numbers its computer players ("Computer level 3 #2"): the number stays.
  const numbered = /^(.+) (#\d+)$/.exec(s);
  if (numbered) {
    const bare = personName(numbered[1]);
    return bare === numbered[1] ? s : `${bare} ${numbered[2]}`;
  }
  // The server's English names for its bots, read in the reader's language.
  if (s === 'Random mover') return t('common-bot-random');
  if (s === 'Computer') return t('common-bot');
  const server = /^Computer level (\d+)$/.exec(s);
  if (server) return t('common-bot-level', { level: Number(server[1]) });
  const m = /^(\w+) \(bot(?:, level (\d+))?\)$/.exec(s);
  if (!m) return s;
  if (m[1] === 'random') return t('common-bot-random');
  return m[2] ? t('common-bot-level', { level: Number(m[2]) }) : t('common-bot');
}

/**
 * Who is in a waiting room and who is still wanted, from a summary's seats: "Ann waits for
 * 1 more player", "Ann and Computer level 3 wait for 2 more players", "Full".
 */
export function waitingWords(seats) {
  const list = Array.isArray(seats) ? seats : [];
  const present = list.filter((s) => s.name).map((s) => personName(s.name));
  const free = list.length - present.length;
  if (!free) return t('common-room-full');
  if (!present.length) return t('common-waiting-for', { count: free });
  return t('common-wait-for', { who: listWords(present), people: present.length, count: free });
}
