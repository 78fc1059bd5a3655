// /history/{id}: step through a stored game (buttons, move list, arrow keys), turn the
// board, copy the position string, download the exports, and request the computer's
// analysis: a graph under the board, marks in the move list, the better move shown.

import { api, h } from '../http.js';
import { createBoard } from '../board/api.js';
import { parsePosition } from '../position.js';
import { GAME_NAME, SEATS, reasonText, seatName } from '../seats.js';
import { moveTable, moveNumber, followCurrent, plyWords } from './movelist.js';
import { chatLog } from '../room/chat.js';
import { resultWords } from '../room/words.js';
import { ratingChangeWords } from '../ratings.js';
import { personName } from '../describe.js';
import { evalGraph, pawns } from './evalgraph.js';

const MARK_NAME = { inaccuracy: 'Inaccuracy', mistake: 'Mistake', blunder: 'Blunder' };
const POLL_MS = 1000;

/** The stored game's result in the room's plain words ("Bob (Black) won. Ann (White) resigned."). */
function resultText(g, layout, nameOf) {
  if (!g.outcome) return `${g.result}${g.reason ? `: ${reasonText(g.reason)}` : ''}`.replace(/^./, (c) => c.toUpperCase());
  const seats = Object.fromEntries(layout.map((k) => [k, { occupant: { type: 'player', id: null, name: nameOf(k) } }]));
  const w = resultWords({ room: { layout }, seats, outcome: g.outcome }, null);
  const order = w.order.length ? ` Finishing order: ${w.order.map((p, i) => `${i + 1}. ${p.join(', ')}`).join('; ')}.` : '';
  return `${w.headline} ${w.how}${order}`;
}

export function replayView(main, id) {
  const title = h('h1', {}, 'Replay');
  const boardBox = h('div.board-box', { id: 'board' });
  const moves = h('div.movelist', { id: 'moves' });
  const posField = h('input', { id: 'position', readonly: true, 'aria-label': 'Position string' });
  const counter = h('span.replay-counter', { id: 'ply', 'aria-live': 'polite' });
  const chatBox = h('section.chat', { id: 'replay-chat', 'aria-label': 'Chat', hidden: true });
  const info = h('div.result');
  const analysisBox = h('section.analysis', { id: 'analysis', 'aria-label': 'Computer analysis' });
  main.append(h('div.room', {}, title, h('div.room-grid', {},
    h('section.play', { 'aria-label': 'Board' }, boardBox, h('div.board-tools', { id: 'replay-controls' }), analysisBox, h('div.position', {}, h('label', { for: 'position' }, 'Position '), posField, h('button', { type: 'button', id: 'copy-position', onclick: copyPos }, 'Copy'))),
    h('section.side', {}, info, counter, moves, h('div.exports', { id: 'exports' }), chatBox))));

  let states = [];
  let plies = [];
  let cur = 0;
  let board = null;
  let game = null;
  let analysis = null;
  let graph = null;
  let note = null;
  let poll = null;
  let gone = false;

  async function copyPos() {
    try {
      await navigator.clipboard.writeText(posField.value);
    } catch {
      posField.select();
    }
  }

  function show(i) {
    cur = Math.max(0, Math.min(states.length - 1, i));
    const s = states[cur];
    board.set({ pos: s.pos, lastMove: s.route, dests: [], movable: false });
    posField.value = s.text;
    // Counted as the list numbers its rows: full moves (a round of every seat in Neva).
    if (cur === 0) counter.textContent = 'Start position';
    else {
      const { number, of } = moveNumber(plies, game.layout, cur - 1);
      const p = plies[cur - 1];
      counter.textContent = `Move ${number} of ${of}: ${plyWords(p.seat, p.text)}`;
    }
    counter.dataset.ply = String(cur);
    moves.replaceChildren(h('h2', {}, 'Moves'), moveTable(plies, game.layout, cur - 1, (p) => show(p + 1)));
    followCurrent(moves);
    if (analysis) markMoves();
    graph?.setCurrent(cur);
    if (note) note.replaceChildren(...noteFor(cur));
  }

  // The flagged moves get their symbol and a class; the table itself knows nothing of it.
  function markMoves() {
    analysis.moves.forEach((m, p) => {
      if (!m.mark) return;
      const b = moves.querySelector(`button.move[data-ply="${p}"]`);
      if (!b) return;
      b.dataset.mark = m.mark;
      b.textContent = `${plies[p].text}${m.symbol}`;
      b.setAttribute('aria-label', `${b.getAttribute('aria-label')}, ${MARK_NAME[m.mark]}`);
    });
  }

  // What the analysis says about the move that led to position `i`.
  function noteFor(i) {
    const pos = analysis?.positions[i];
    if (!pos) return [];
    const scores = analysis.seats.filter((seat) => typeof pos.scores?.[seat] === 'number')
      .map((seat) => `${seatName(seat)} ${pawns(pos.scores[seat])}`).join(', ');
    const out = [h('span.scores', {}, scores)];
    const m = i > 0 ? analysis.moves[i - 1] : null;
    if (m?.mark) {
      out.push(' ', h(`strong.mark-${m.mark}`, {}, `${m.notation}${m.symbol} ${MARK_NAME[m.mark]} (${pawns(-m.loss)}).`),
        ` Best was ${m.best}.`);
    }
    return out;
  }

  function summary() {
    return analysis.seats.map((seat) => {
      const counts = { inaccuracy: 0, mistake: 0, blunder: 0 };
      analysis.moves.forEach((m) => { if (m.seat === seat && m.mark) counts[m.mark] += 1; });
      const n = (k, one, many) => `${counts[k]} ${counts[k] === 1 ? one : many}`;
      return h('li', {}, `${seatName(seat)}: ${n('inaccuracy', 'inaccuracy', 'inaccuracies')}, ${n('mistake', 'mistake', 'mistakes')}, ${n('blunder', 'blunder', 'blunders')}`);
    });
  }

  function showAnalysis(a) {
    analysis = a;
    graph = evalGraph(a, (i) => show(i));
    note = h('p.analysis-note', { id: 'analysis-note', 'aria-live': 'polite' });
    analysisBox.replaceChildren(h('h2', {}, 'Computer analysis'), graph.el, note,
      h('ul.analysis-summary', {}, summary()),
      h('p.hint', {}, `Scores in men, each from that seat's side; the engine searched ${a.nodes.toLocaleString('en')} positions for every position of the game. ?! inaccuracy, ? mistake, ?? blunder.`));
    show(cur);
  }

  function pending(p) {
    const done = Number(p?.done) || 0;
    const total = Number(p?.total) || 1;
    analysisBox.replaceChildren(h('h2', {}, 'Computer analysis'),
      h('p', { id: 'analysis-progress', 'aria-live': 'polite' }, `Analysing: ${done} of ${total} positions `,
        h('progress', { max: total, value: done })));
  }

  async function requestAnalysis() {
    if (gone) return;
    let a;
    try {
      a = await api(`/api/history/${id}/analysis`);
    } catch (e) {
      analysisBox.replaceChildren(h('p.error', {}, `The analysis failed: ${e.message}`), offerButton());
      return;
    }
    if (gone) return;
    if (a?.status === 'ready') {
      showAnalysis(a);
    } else {
      pending(a);
      poll = setTimeout(requestAnalysis, POLL_MS);
    }
  }

  function offerButton() {
    return h('button', { type: 'button', id: 'request-analysis', onclick: () => { pending(null); requestAnalysis(); } }, 'Request computer analysis');
  }

  // The chat kept with the game: the players' and the spectators' channels apart.
  function showChat(lines) {
    if (!lines.length) return;
    const parts = [h('h2', {}, 'Chat')];
    for (const ch of ['players', 'spectators']) {
      if (!lines.some((l) => l.channel === ch)) continue;
      parts.push(h(`div.chat-channel.${ch}`, { dataset: { channel: ch } },
        h('h3', {}, ch === 'players' ? "Players' chat" : "Spectators' chat"), ...chatLog(lines, ch)));
    }
    chatBox.replaceChildren(...parts);
    chatBox.hidden = false;
  }

  function onKey(e) {
    if (!board || e.target.closest('input, textarea, select') || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'f' || e.key === 'F') {
      board.flip();
      return;
    }
    const to = { ArrowLeft: cur - 1, ArrowRight: cur + 1, Home: 0, End: states.length - 1, ArrowUp: 0, ArrowDown: states.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    show(to);
  }
  document.addEventListener('keydown', onKey);

  (async () => {
    let g;
    try {
      g = await api(`/api/history/${id}`);
    } catch (e) {
      main.replaceChildren(h('h1', {}, 'Replay'), h('p.error', {}, e.status === 404 ? 'No such game.' : e.message));
      return;
    }
    // The server sends the position after every move (it replays the game through the
    // rules), so the page only draws them.
    const pos = parsePosition(g.game, g.start_position);
    const layout = pos.seats;
    game = { layout };
    states = [{ pos, text: g.start_position, route: [] }];
    g.moves.forEach((mv) => {
      const prev = states[states.length - 1];
      const text = mv.position || prev.text;
      const route = String(mv.notation).replace(/^K/, '').split(/[-x:,@]/).filter((x) => /^[a-h]?\d+$/.test(x));
      states.push({ pos: mv.position ? parsePosition(g.game, text) : prev.pos, text, route });
    });
    plies = g.moves.map((mv) => ({ seat: mv.seat, text: mv.notation }));
    const nameOf = (k) => personName(g.seat_details?.[k]?.name ?? g.seats[k], g.seat_details?.[k]?.bot);
    const players = SEATS.filter((k) => g.seats?.[k]).map((k) => `${seatName(k)} ${nameOf(k)}`);
    title.textContent = `${GAME_NAME[g.game] || g.game}: ${players.join(', ')}`;
    const changes = g.rated ? ratingChangeWords(g.rating_changes, (k) => `${nameOf(k)} (${seatName(k)})`) : [];
    info.replaceChildren(h('p.result-line', { id: 'result-line' }, resultText(g, layout, nameOf)),
      g.rated ? h('p.help', { id: 'rating-changes' }, changes.length ? `Rated game: ${changes.join(', ')}.` : 'Rated game.') : '');
    board = createBoard(boardBox, { game: g.game, options: g.options || {}, orientation: layout[0], pos: states[0].pos });
    const b = (label, fn, idAttr) => h('button', { type: 'button', id: idAttr, onclick: fn }, label);
    main.querySelector('#replay-controls').replaceChildren(
      b('« First', () => show(0), 'first'),
      b('◀ Previous', () => show(cur - 1), 'prev'),
      b('Next ▶', () => show(cur + 1), 'next'),
      b('Last »', () => show(states.length - 1), 'last'),
      b('Turn board', () => board.flip(), 'flip'),
      b('Coordinates', () => board.toggleCoords(), 'coords'));
    const native = g.game === 'neva' ? 'PGN4' : 'PDN';
    main.querySelector('#exports').replaceChildren(h('h2', {}, 'Download'),
      h('a.button', { href: `/api/history/${id}/export`, download: `${id}.${native.toLowerCase()}` }, native),
      ' ',
      h('a.button', { href: `/api/history/${id}/export?format=record`, download: `${id}.txt` }, 'Game record'));
    showChat(g.chat || []);
    show(0);
    // Stored analyses show at once; a running one is followed; otherwise the player asks.
    if (g.analysis === 'ready' || g.analysis === 'pending') requestAnalysis();
    else if (g.result !== 'unfinished') analysisBox.replaceChildren(offerButton());
  })();

  return {
    destroy: () => {
      gone = true;
      clearTimeout(poll);
      document.removeEventListener('keydown', onKey);
    },
  };
}
