// What the replay page shows of a stored game (`GET /api/history/{id}`) and its analysis
// (`GET /api/history/{id}/analysis`): the positions to step through, the result and the
// counter in words, the analysis's notes. No DOM (unit tested in web/test/).

import { GAME_NAME, SEATS, reasonText, seatName } from '../seats.js';
import { personName } from '../describe.js';
import { parsePosition } from '../position.js';
import { routeOf } from '../room/state.js';
import { resultWords } from '../room/words.js';
import { moveNumber, plyWords } from '../widgets/movelist.js';
import { markName, pawns } from '../widgets/evalgraph.js';
import { t } from '../i18n.js';

export { markName };

/** A seat's player as the replay names them (a bot as what it is). */
export function seatNamer(g) {
  return (k) => personName(g.seat_details?.[k]?.name ?? g.seats[k], g.seat_details?.[k]?.bot);
}

/**
 * The positions to step through: the start, then the one after every move
 * (`{pos, text, route}`), and the moves (`{seat, text}`). The server sends the position after
 * every move (it replays the game through the rules), so the page only draws them.
 */
export function replayStates(g) {
  const pos = parsePosition(g.game, g.start_position);
  const states = [{ pos, text: g.start_position, route: [] }];
  g.moves.forEach((mv) => {
    const prev = states[states.length - 1];
    const text = mv.position || prev.text;
    states.push({ pos: mv.position ? parsePosition(g.game, text) : prev.pos, text, route: routeOf(mv.notation) });
  });
  return { layout: pos.seats, states, plies: g.moves.map((mv) => ({ seat: mv.seat, text: mv.notation })) };
}

/** The page's title: the game and who played it. */
export function titleText(g, nameOf) {
  const players = SEATS.filter((k) => g.seats?.[k]).map((k) => `${seatName(k)} ${nameOf(k)}`);
  return t('history-replay-heading', { game: GAME_NAME[g.game] || g.game, players: players.join(', ') });
}

/** The stored game's result in the room's plain words ("Bob (Black) won. Ann (White) resigned."). */
export function resultText(g, layout, nameOf) {
  if (!g.outcome) {
    // A game stored before outcomes were kept: its result's summary and reason.
    const none = { draw: 'history-result-draw', unfinished: 'history-result-unfinished' }[g.result];
    const what = none ? t(none) : SEATS.includes(g.result) ? seatName(g.result) : String(g.result);
    return g.reason ? t('history-replay-result-why', { result: what, reason: reasonText(g.reason) }) : what;
  }
  const seats = Object.fromEntries(layout.map((k) => [k, { occupant: { type: 'player', id: null, name: nameOf(k) } }]));
  const w = resultWords({ room: { layout }, seats, outcome: g.outcome }, null);
  const order = w.order.length
    ? ` ${t('history-replay-finishing-order', { order: w.order.map((p, i) => `${i + 1}. ${p.join(', ')}`).join('; ') })}`
    : '';
  return `${w.headline} ${w.how}${order}`;
}

/** The counter over the move list at position `cur`, counted as the list numbers its rows. */
export function counterText(plies, layout, cur) {
  if (cur === 0) return t('history-replay-start');
  const { number, of } = moveNumber(plies, layout, cur - 1);
  const p = plies[cur - 1];
  return t('history-replay-counter', { number, total: of, move: plyWords(p.seat, p.text) });
}

/** The position a key steps to from `cur` (of `count` positions), or undefined for another key. */
export function keyTarget(key, cur, count) {
  return { ArrowLeft: cur - 1, ArrowRight: cur + 1, Home: 0, End: count - 1, ArrowUp: 0, ArrowDown: count - 1 }[key];
}

/**
 * What the analysis says about position `i`: `scores` (each seat's, in words) and `mark` (the
 * move that led there, when flagged: `{mark, text, best}`); null without a score.
 */
export function noteView(analysis, i) {
  const pos = analysis?.positions[i];
  if (!pos) return null;
  const scores = analysis.seats.filter((seat) => typeof pos.scores?.[seat] === 'number')
    .map((seat) => `${seatName(seat)} ${pawns(pos.scores[seat])}`).join(', ');
  const m = i > 0 ? analysis.moves[i - 1] : null;
  const mark = m?.mark
    ? {
      mark: m.mark,
      text: t('history-analysis-mark', { move: `${m.notation}${m.symbol}`, mark: markName(m.mark), loss: pawns(-m.loss) }),
      best: ` ${t('history-analysis-best', { move: m.best })}`,
    }
    : null;
  return { scores, mark };
}

/** Each seat's flagged moves counted, in words: "White: 1 inaccuracy, 0 mistakes, 2 blunders". */
export function markSummary(analysis) {
  return analysis.seats.map((seat) => {
    const counts = { inaccuracy: 0, mistake: 0, blunder: 0 };
    analysis.moves.forEach((m) => { if (m.seat === seat && m.mark) counts[m.mark] += 1; });
    return t('history-analysis-summary', {
      seat: seatName(seat), inaccuracies: counts.inaccuracy, mistakes: counts.mistake, blunders: counts.blunder,
    });
  });
}
