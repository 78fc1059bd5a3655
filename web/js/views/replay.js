// /history/{id}: step through a stored game (buttons, move list, arrow keys), turn the
// board, copy the position string, download the exports.

import { api, h } from '../http.js';
import { createBoard } from '../board/api.js';
import { parsePosition } from '../position.js';
import { GAME_NAME, SEATS, reasonText, seatName } from '../seats.js';
import { moveTable } from './movelist.js';

export function replayView(main, id) {
  const title = h('h1', {}, 'Replay');
  const boardBox = h('div.board-box', { id: 'board' });
  const moves = h('div.movelist', { id: 'moves' });
  const posField = h('input', { id: 'position', readonly: true, 'aria-label': 'Position string' });
  const counter = h('span', { id: 'ply', 'aria-live': 'polite' });
  const info = h('div.result');
  main.append(h('div.room', {}, title, h('div.room-grid', {},
    h('section.play', { 'aria-label': 'Board' }, boardBox, h('div.board-tools', { id: 'replay-controls' }), h('div.position', {}, h('label', { for: 'position' }, 'Position '), posField, h('button', { type: 'button', id: 'copy-position', onclick: copyPos }, 'Copy'))),
    h('section.side', {}, info, counter, moves, h('div.exports', { id: 'exports' })))));

  let states = [];
  let plies = [];
  let cur = 0;
  let board = null;
  let game = null;

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
    counter.textContent = cur === 0 ? 'Start position' : `After move ${cur} of ${states.length - 1}`;
    counter.dataset.ply = String(cur);
    moves.replaceChildren(h('h2', {}, 'Moves'), moveTable(plies, game.layout, cur - 1, (p) => show(p + 1)));
  }

  function onKey(e) {
    if (!board || e.target.closest('input, textarea, select')) return;
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
    const players = SEATS.filter((k) => g.seats?.[k]).map((k) => `${seatName(k)} ${g.seats[k]}`);
    title.textContent = `${GAME_NAME[g.game] || g.game}: ${players.join(', ')}`;
    const result = `${g.result}${g.reason ? `: ${reasonText(g.reason)}` : ''}`;
    info.replaceChildren(h('p.result-line', {}, result.replace(/^./, (c) => c.toUpperCase())));
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
    show(0);
  })();

  return { destroy: () => document.removeEventListener('keydown', onKey) };
}
