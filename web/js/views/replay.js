// /history/{id}: step through a stored game (buttons, move list, arrow keys), turn the
// board, copy the position string, download the exports, and request the computer's
// analysis: a graph under the board, marks in the move list, the better move shown. The
// parts (replay/) each draw one piece; this view loads the game and shows position `cur`.

import { api, h } from '../http.js';
import { createBoard } from '../board/api.js';
import { createAnalysis } from '../replay/analysis.js';
import { createMoves } from '../replay/moves.js';
import { createInfo, createExports, createChatBox } from '../replay/game.js';
import { createControls, createPosition } from '../replay/tools.js';
import { counterText, keyTarget, replayStates, seatNamer, titleText } from '../replay/show.js';
import { createTextBoard } from '../nvui/view.js';
import { positionLines, seatToMove } from '../nvui/text.js';
import { readerSwitch } from '../widgets/display.js';
import { t, need } from '../i18n.js';

/**
 * The replay borrows the room's move list and result words and the screen-reader mode's
 * board: their files are loaded before anything is drawn.
 */
export function replayView(main, id) {
  let view = null;
  let gone = false;
  need('room.ftl', 'nvui.ftl').then(() => {
    if (!gone) view = drawReplay(main, id);
  });
  return {
    destroy: () => {
      gone = true;
      view?.destroy();
    },
  };
}

function drawReplay(main, id) {
  // The game as loaded: its positions, its moves, its seats in turn order.
  let game = { states: [], plies: [], layout: [] };
  let cur = 0;
  let board = null;

  const title = h('h1', {}, t('history-replay-title'));
  const boardBox = h('div.board-box', { id: 'board' });
  const controls = createControls();
  const analysis = createAnalysis({ id, pick: (i) => show(i), arrived: () => show(cur) });
  const position = createPosition();
  const info = createInfo();
  const moves = createMoves({ pick: (i) => show(i) });
  const exports = createExports(id);
  const chat = createChatBox();
  // Screen-reader mode: the position looked at as text, above the step buttons.
  const textBoard = createTextBoard('nvui');
  main.append(h('div.room', {}, title, h('div.room-grid', {},
    h('section.play', { 'aria-label': t('history-replay-board') }, textBoard.el, boardBox, controls.el, h('p', {}, readerSwitch()), analysis.el, position.el),
    h('section.side', {}, info.el, moves.counter, moves.el, exports.el, chat.el))));

  function show(i) {
    cur = Math.max(0, Math.min(game.states.length - 1, i));
    const s = game.states[cur];
    board.set({ pos: s.pos, lastMove: s.route, dests: [], movable: false });
    position.show(s.text);
    textBoard.render({ turn: seatToMove(s.pos), last: counterText(game.plies, game.layout, cur), lines: positionLines(s.pos.game, s.pos) });
    moves.render(game.plies, game.layout, cur, analysis.data());
    analysis.current(cur);
  }

  function onKey(e) {
    if (!board || e.target.closest('input, textarea, select') || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'f' || e.key === 'F') {
      board.flip();
      return;
    }
    const to = keyTarget(e.key, cur, game.states.length);
    if (to === undefined) return;
    e.preventDefault();
    show(to);
  }
  document.addEventListener('keydown', onKey);

  function loaded(g) {
    game = replayStates(g);
    const nameOf = seatNamer(g);
    title.textContent = titleText(g, nameOf);
    info.render(g, game.layout, nameOf);
    board = createBoard(boardBox, { game: g.game, options: g.options || {}, orientation: game.layout[0], pos: game.states[0].pos });
    controls.render({
      first: () => show(0),
      prev: () => show(cur - 1),
      next: () => show(cur + 1),
      last: () => show(game.states.length - 1),
      flip: () => board.flip(),
      coords: () => board.toggleCoords(),
    });
    exports.render(g);
    chat.render(g.chat || []);
    show(0);
    // Stored analyses show at once; a running one is followed; otherwise the player asks.
    if (g.analysis === 'ready' || g.analysis === 'pending') analysis.request();
    else if (g.result !== 'unfinished') analysis.offer();
  }

  api(`/api/history/${id}`).then(loaded, (e) => {
    main.replaceChildren(h('h1', {}, t('history-replay-title')), h('p.error', {}, e.status === 404 ? t('history-replay-missing') : e.message));
  });

  return {
    destroy: () => {
      analysis.destroy();
      document.removeEventListener('keydown', onKey);
    },
  };
}
