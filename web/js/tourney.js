// Tournaments in words for the tournament pages and the front page: the format and its
// rules, the state, the countdown to the start, points and results. Pure: no DOM, no fetch
// (unit tested in web/test/tourney.test.js).

/** A format in a few words: "Swiss, 5 rounds", "Arena, 60 minutes". */
export function formatWords(format) {
  const f = format || {};
  const rounds = (n) => `${n} round${n === 1 ? '' : 's'}`;
  switch (f.kind) {
    case 'swiss': return `Swiss, ${rounds(f.rounds)}`;
    case 'round_robin': return 'Round robin';
    case 'arena': return `Arena, ${f.minutes} minutes`;
    case 'neva_tables': return f.teams ? `Neva team tables, ${rounds(f.rounds)}` : `Neva tables, ${rounds(f.rounds)}`;
    default: return String(f.kind || 'Tournament').replace(/_/g, ' ');
  }
}

/** How the format works, in plain words: one paragraph per point. */
export function formatRules(format) {
  const f = format || {};
  switch (f.kind) {
    case 'swiss':
      return [
        'Every round, players meet someone with the same score, or as close as possible. Nobody meets the same opponent twice, and everyone gets White and Black in turn as far as possible.',
        'A win scores 1 point, a draw ½, a loss 0. With an odd number of players, one player sits out each round and scores 1 point for it; nobody sits out twice while someone else can.',
        'Equal scores are split by the points of all the opponents you met (Buchholz), then by the points of the opponents you beat plus half the points of those you drew with (Sonneborn-Berger). A round you sat out counts in your Buchholz as a game against someone on your own points; a round your opponent sat out counts as a draw in theirs.',
      ];
    case 'round_robin':
      return [
        'Everybody plays everybody once, in a fixed order of rounds drawn at the start, with White and Black shared out evenly. With an odd number of players, one player sits out each round and scores 1 point for it.',
        'A win scores 1 point, a draw ½, a loss 0. Equal scores are split as in a Swiss event: the opponents\' points (Buchholz), then the points of those you beat plus half of those you drew with (Sonneborn-Berger).',
      ];
    case 'arena':
      return [
        `Play as many games as you can in ${f.minutes} minutes. When your game ends you are paired again at once with someone waiting, close to your score, and not the same opponent twice in a row if anyone else is waiting.`,
        'A win scores 2 points, a draw 1, a loss 0. After two wins in a row you are on a streak: each further win scores 4 and a draw 2, until a game you do not win.',
        'Games still being played when the time is up finish and count. Equal points are split in favour of whoever played fewer games.',
      ];
    case 'neva_tables':
      return [
        f.teams
          ? 'Partners play as a team of two, sitting opposite each other (White and Green against Red and Black), and stay together all event long. Players who named each other play together; the others are teamed by rating. Each round, teams meet teams with a score close to theirs.'
          : 'Every round, players sit at tables of four (three when the count does not divide by four), grouped by score so that the leaders meet, and kept apart from players they have already sat with where possible.',
        'Seats turn between rounds, so everyone moves first in turn.',
        f.teams
          ? 'The team whose best-placed player finishes ahead wins: both partners score 3 points; a draw gives each 1½. A team sitting out a round scores 1½ each.'
          : 'Points come from your finishing place: at a table of four, 3, 2, 1 and 0; at a table of three, 3, 1½ and 0. Players who finish level share the points of their places. Sitting out a round scores 1½.',
        'Equal points are split by the points of everyone you sat against, then by the number of wins.',
      ];
    default:
      return [];
  }
}

/** The state in words: "Registration open", "Round 2 of 5", "Finished". */
export function stateWords(t) {
  if (!t) return '';
  if (t.state === 'registering') return 'Registration open';
  if (t.state === 'finished') return 'Finished';
  if (t.state === 'running') {
    if (t.format?.kind === 'arena') return 'Under way';
    const round = Number(t.round) || 0;
    return t.rounds ? `Round ${round} of ${t.rounds}` : `Round ${round}`;
  }
  return String(t.state || '');
}

/** Time left before a start, for a countdown: "3 days 4 h", "2:05:09", "4:07", "now". */
export function countdownText(ms) {
  if (!(ms > 0)) return 'now';
  const s = Math.ceil(ms / 1000);
  const d = Math.floor(s / 86400);
  const hh = Math.floor((s % 86400) / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = s % 60;
  if (d >= 1) return `${d} day${d === 1 ? '' : 's'} ${hh} h`;
  const two = (n) => String(n).padStart(2, '0');
  if (hh >= 1) return `${hh}:${two(mm)}:${two(ss)}`;
  return `${mm}:${two(ss)}`;
}

/** Points as chess players write them: 2, 2½, ½. */
export function pointsText(p) {
  const n = Number(p);
  if (!Number.isFinite(n)) return '';
  const whole = Math.floor(n + 1e-9);
  const frac = n - whole;
  if (Math.abs(frac - 0.5) < 1e-6) return whole ? `${whole}½` : '½';
  if (Math.abs(frac) < 1e-6) return String(whole);
  return String(Math.round(n * 100) / 100);
}

/**
 * The list answer of `GET /api/tournaments` split in three, each sorted for reading:
 * upcoming (soonest first), running, finished (newest first). Takes either the grouped
 * answer (`{upcoming, running, finished|recent}`) or a plain `{tournaments: [...]}`.
 */
export function splitTournaments(answer) {
  const a = answer || {};
  let all;
  if (Array.isArray(a.tournaments)) all = a.tournaments;
  else all = [...(a.upcoming || []), ...(a.running || []), ...(a.finished || a.recent || [])];
  const seen = new Set();
  all = all.filter((t) => t && !seen.has(t.id) && seen.add(t.id));
  return {
    upcoming: all.filter((t) => t.state === 'registering').sort((x, y) => x.starts_at - y.starts_at),
    running: all.filter((t) => t.state === 'running').sort((x, y) => x.starts_at - y.starts_at),
    finished: all.filter((t) => t.state === 'finished').sort((x, y) => y.starts_at - x.starts_at),
  };
}

/** The tiebreak names of the standings' columns, in plain words. */
export const TIEBREAK_NAME = {
  buchholz: 'Buchholz',
  sonneborn_berger: 'S-B',
  opponents_points: 'Opp. points',
  wins: 'Wins',
};

/** A tiebreak key in words for a column head. */
export function tiebreakName(key) {
  return TIEBREAK_NAME[key] || String(key).replace(/_/g, ' ');
}

/** The tiebreak keys the standings use, in the order of the first row that has them. */
export function tiebreakKeys(standings) {
  const keys = [];
  for (const s of standings || []) {
    const tb = s.tiebreaks;
    const names = Array.isArray(tb) ? tb.map((p) => p[0]) : Object.keys(tb || {});
    for (const k of names) if (!keys.includes(k)) keys.push(k);
  }
  return keys;
}

/** One tiebreak value of a standings row (the tiebreaks as an object or as pairs). */
export function tiebreakValue(row, key) {
  const tb = row.tiebreaks;
  if (Array.isArray(tb)) return tb.find((p) => p[0] === key)?.[1];
  return tb?.[key];
}

/**
 * A finished table's result in words, from its `result` (places: 0 first, equal places
 * tied; forfeits) and its seats' names: "Ann won", "Draw", "1. Ann, 2. Bob and Cy, 4. Dee",
 * "Bob did not show up". Empty while the game is on.
 */
export function tableResultWords(table) {
  const r = table?.result;
  if (!r) return '';
  const nameOf = new Map((table.seats || []).map((s) => [s.player, s.name || 'someone']));
  const places = (Array.isArray(r.places) ? r.places : [])
    .map((p) => (Array.isArray(p) ? { player: p[0], place: p[1] } : p))
    .filter((p) => p && typeof p.place === 'number');
  const forfeits = (r.forfeits || []).map((p) => nameOf.get(p) || 'someone');
  const join = (names) => (names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0] || '');
  const byPlace = new Map();
  for (const p of places) byPlace.set(p.place, [...(byPlace.get(p.place) || []), nameOf.get(p.player) || 'someone']);
  const order = [...byPlace.keys()].sort((a, b) => a - b);
  let words = '';
  if (order.length === 1 && places.length > 1) words = 'Draw';
  else if (order.length === 2 && byPlace.get(order[0]).length * 2 >= places.length) {
    words = `${join(byPlace.get(order[0]))} won`;
  } else if (order.length) {
    // Several places: each group with its place (1-based, counting those ahead).
    let ahead = 0;
    words = order.map((k) => {
      const names = byPlace.get(k);
      const text = `${ahead + 1}. ${join(names)}`;
      ahead += names.length;
      return text;
    }).join(', ');
  }
  const absent = forfeits.length ? `${join(forfeits)} did not show up` : '';
  return [words, absent].filter(Boolean).join('; ');
}

/** Whether a create form's values make a tournament the server can take; an error in words, or null. */
export function checkCreate({ name, startsAt, now, format }) {
  if (!String(name || '').trim()) return 'Give the tournament a name.';
  if (!Number.isFinite(startsAt)) return 'Choose when it starts.';
  if (startsAt < now) return 'The start is in the past.';
  const f = format || {};
  if ((f.kind === 'swiss' || f.kind === 'neva_tables') && !(f.rounds >= 1)) return 'Choose how many rounds.';
  if (f.kind === 'arena' && !(f.minutes >= 1)) return 'Choose how many minutes the arena lasts.';
  return null;
}
