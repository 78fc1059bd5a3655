// A game's rules page: the rules in plain words, diagrams drawn by the board code,
// positions to try (the board offers the legal moves and some wrong ones; the page says
// right, or explains) and games to step through. Loaded only on /rules/... (see
// views/rules.js), with the game's data module computed by the rules engine.

import { h } from '../http.js';
import { t, need } from '../i18n.js';
import { createBoard } from '../board/api.js';
import { parsePosition } from '../position.js';
import { GAME_NAME, NEVA_CORNER, seatName } from '../seats.js';
import { RULES, GAMES } from './text.js';
import { judge, offered, stepView, stepSquares } from './logic.js';
import { WORDS, legalText, positionLines, seatToMove } from '../nvui/text.js';
import { createMoveBox, createTextBoard } from '../nvui/view.js';
import { readerSwitch } from '../widgets/display.js';

const DATA = {
  neva: () => import('./data/neva.js'),
  queah: () => import('./data/queah.js'),
  giveandtake: () => import('./data/giveandtake.js'),
  stockholm: () => import('./data/stockholm.js'),
};

/** The seat as the page names it: Neva adds the time of day. */
function seatWords(game, seat) {
  return game === 'neva' ? t('learn-seat-corner', { seat: seatName(seat), corner: NEVA_CORNER[seat] }) : seatName(seat);
}

function gamesNav(current) {
  return h('nav.rules-games', { 'aria-label': t('learn-games-nav') },
    GAMES.map((g) => h('a', {
      href: `/rules/${g}`,
      dataset: { link: '' },
      'aria-current': g === current ? 'page' : null,
    }, GAME_NAME[g])));
}

/** A board that only shows a position. */
function diagram(game, d) {
  const box = h('div.board-box.learn-board');
  const pos = parsePosition(game, d.position);
  createBoard(box, { game, options: d.options || {}, orientation: d.orientation || 'white', pos, lastMove: d.lastMove || [], coords: true, movable: false });
  return h('figure.diagram', {}, box, textLines(game, pos).el, d.caption ? h('figcaption', {}, t(d.caption)) : null);
}

/** A position's pieces as a list, for screen-reader mode (shown only with the setting on). */
function textLines(game, pos) {
  const list = h('ul.nvui-lines');
  const show = (p) => list.replaceChildren(...[seatToMove(p), ...positionLines(game, p).map((l) => l.text)].filter(Boolean).map((line) => h('li', {}, line)));
  show(pos);
  return { el: list, show };
}

/** A position to try: the board offers moves; the page judges the one built. */
function tryBox(game, tr, words) {
  const box = h('div.board-box.learn-board');
  const result = h('p.try-result', { role: 'status', 'aria-live': 'polite' });
  const pos = parsePosition(game, tr.position);
  const again = h('button.try-again', { type: 'button', hidden: true, onclick: reset }, t('learn-try-again'));
  let round = 0;
  const board = createBoard(box, {
    game,
    options: tr.options,
    orientation: game === 'neva' ? 'white' : pos.turn,
    pos,
    lastMove: tr.last || [],
    dests: offered(tr),
    movable: true,
    mySeat: pos.turn,
    coords: true,
    onMove: verdict,
  });
  function verdict(move) {
    const v = judge(tr, words, move);
    result.textContent = v.message;
    result.dataset.verdict = v.verdict;
    again.hidden = false;
    again.textContent = t(v.verdict === 'right' ? 'learn-try-once-more' : 'learn-try-again');
  }
  function reset() {
    round += 1;
    board.set({ posKey: `try-${round}`, movable: true });
    result.textContent = '';
    delete result.dataset.verdict;
    again.hidden = true;
  }
  return h('figure.try', { id: `try-${tr.id}`, dataset: { try: tr.id } },
    h('p.try-ask', {}, h('strong', {}, t('learn-your-move')), ' ', t(words.ask)),
    box,
    tryText(game, tr, pos, verdict),
    h('div.try-tools', {}, result, again));
}

/**
 * A try in screen-reader mode: the position as text and a move box; a typed move is judged
 * as a clicked one (`verdict(move)`), and the page's verdict is read out where it is shown.
 */
function tryText(game, tr, pos, verdict) {
  const id = `nvui-try-${tr.id}`;
  const board = createTextBoard(id, 3);
  const lines = positionLines(game, pos);
  board.render({ turn: seatToMove(pos), lines });
  const answer = (command) => {
    if (command === 'moves') return legalText(tr.legal);
    if (command === 'board') return lines.map((l) => l.text).join(' ');
    if (command === 'turn') return seatToMove(pos);
    if (command === 'clocks') return WORDS.noClock;
    return WORDS.tryHelp;
  };
  const play = (text) => {
    const typed = text.toLowerCase();
    verdict(offered(tr).find((m) => m.text.toLowerCase() === typed) || { text });
    return Promise.resolve(true);
  };
  const box = createMoveBox(`${id}-move`, { answer, play, clocks: false, level: 4, help: WORDS.tryHelp });
  return h('div.nvui-try', {}, board.el, box.el);
}

/** How a step of a game reads: "Round 5, White (Morning): 35-45" or "3. g2g3". */
function stepTitle(game, g, view) {
  const s = view.step;
  if (!s) return t('learn-step-start');
  if (s.resign) return t('learn-step-resigns', { seat: seatWords(game, s.seat) });
  if (s.round) return t('learn-step-round', { round: s.round, seat: seatWords(game, s.seat), move: s.move.text });
  const n = Math.ceil(view.at / 2);
  const args = { number: n, seat: seatWords(game, s.seat), move: s.move.text };
  return t(s.seat === 'white' ? 'learn-step-white' : 'learn-step-black', args);
}

function stepNote(g, words, view) {
  const s = view.step;
  if (!s) return '';
  const key = s.resign ? words.notes.resign : s.round ? words.notes[`${s.round}:${s.seat}`] : words.notes[view.at];
  return key ? t(key) : '';
}

/** A game stepped through with buttons (and the arrow keys while the board has focus). */
function gameBox(game, g, words) {
  const box = h('div.board-box.learn-board');
  const title = h('p.step-title');
  const note = h('p.step-note');
  const count = h('span.step-count', { 'aria-live': 'polite' });
  let view = stepView(g, 0);
  const board = createBoard(box, { game, options: {}, orientation: 'white', pos: parsePosition(game, g.start), coords: true, movable: false });
  const lines = textLines(game, parsePosition(game, g.start));

  function show(at) {
    const prev = view.at;
    view = stepView(g, at);
    const pos = parsePosition(game, view.position);
    const last = stepSquares(view.step);
    if (view.at === prev + 1 && view.step?.move) board.play(view.step.move, pos, last);
    else board.set({ pos, lastMove: last, posKey: view.position });
    lines.show(pos);
    title.textContent = stepTitle(game, g, view);
    note.textContent = stepNote(g, words, view);
    count.textContent = t('learn-step-count', { at: view.at, total: g.steps.length });
    count.dataset.at = String(view.at);
    count.dataset.total = String(g.steps.length);
    first.disabled = back.disabled = view.at === 0;
    fwd.disabled = end.disabled = view.at === g.steps.length;
  }
  const btn = (label, cls, f) => h(`button.${cls}`, { type: 'button', onclick: f }, label);
  const first = btn(t('learn-step-first'), 'step-first', () => show(0));
  const back = btn(t('learn-step-back'), 'step-back', () => show(view.at - 1));
  const fwd = btn(t('learn-step-forward'), 'step-forward', () => show(view.at + 1));
  const end = btn(t('learn-step-end'), 'step-end', () => show(g.steps.length));
  const fig = h('figure.game', { id: `game-${g.id}`, dataset: { game: g.id }, tabindex: 0, 'aria-label': t('learn-step-keys', { title: t(words.title) }) },
    h('p.game-title', {}, h('strong', {}, t(words.title))),
    box,
    lines.el,
    h('div.step-tools', {}, first, back, count, fwd, end),
    title,
    note);
  fig.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowRight') show(view.at + 1);
    else if (e.key === 'ArrowLeft') show(view.at - 1);
    else if (e.key === 'Home') show(0);
    else if (e.key === 'End') show(g.steps.length);
    else return;
    e.preventDefault();
  });
  show(0);
  return fig;
}

function section(game, sec, data, text) {
  const parts = [h('h2', {}, h('a.anchor', { href: `#rule-${sec.slug}`, 'aria-hidden': 'true', tabindex: -1 }, '#'), ' ', t(sec.title))];
  for (const p of sec.paras) parts.push(h('p', {}, t(p)));
  if (sec.diagram) parts.push(diagram(game, sec.diagram));
  if (sec.game) {
    const g = data.games.find((x) => x.id === sec.game);
    if (g) parts.push(gameBox(game, g, text.games[sec.game]));
  }
  if (sec.try) {
    const tr = data.tries.find((x) => x.id === sec.try);
    if (tr) parts.push(tryBox(game, tr, text.tries[sec.try]));
  }
  return h('section.rule', { id: `rule-${sec.slug}` }, ...parts);
}

function optionsSection(game, data, text) {
  return h('section.rule.options', { id: 'rule-options' },
    h('h2', {}, t('learn-options')),
    h('p', {}, t('learn-options-intro')),
    data.options.map((o) => {
      const words = text.options[o.key] ? t(text.options[o.key]) : o.key;
      // The option's name, as the create form shows it, leads its paragraph in bold.
      const cut = words.indexOf(': ');
      const body = cut > 0 && cut < 40 ? [h('strong', {}, words.slice(0, cut + 1)), words.slice(cut + 1)] : [words];
      return h('p.option', { id: `opt-${o.key}` }, ...body);
    }));
}

/** Draws the rules page of `game` in `main`. */
export async function showRules(main, game) {
  const text = RULES[game];
  if (!text) {
    main.replaceChildren(h('div.learn', {}, gamesNav(null), h('h1', {}, t('learn-no-game')),
      h('p', {}, t('learn-no-game-choose'))));
    return;
  }
  const [{ DATA: data }] = await Promise.all([DATA[game](), need(`rules-${game}.ftl`)]);
  if (!main.isConnected) return;
  document.title = t('learn-page-title', { game: t(text.title) });
  const toc = h('nav.rules-toc', { 'aria-label': t('learn-toc') },
    h('ul', {}, [...text.sections, { slug: 'options', title: 'learn-options' }].map((s) =>
      h('li', {}, h('a', { href: `#rule-${s.slug}` }, t(s.title))))));
  main.replaceChildren(h('div.learn', { dataset: { game } },
    gamesNav(game),
    h('h1', {}, t('learn-how-to-play', { game: t(text.title) })),
    h('p.learn-reader', {}, readerSwitch()),
    text.intro.map((p) => h('p.intro', {}, t(p))),
    toc,
    text.sections.map((s) => section(game, s, data, text)),
    optionsSection(game, data, text),
    h('p', {}, h('a', { href: '/', dataset: { link: '' } }, t('learn-play')))));
  // Links within the page move to their paragraph without drawing the page again (the
  // router draws a view on every popstate, which a fragment link would raise).
  main.querySelector('.learn').addEventListener('click', (e) => {
    const a = e.target.closest('a[href^="#"]');
    if (!a || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    history.pushState(history.state, '', a.getAttribute('href'));
    mark(document.getElementById(a.getAttribute('href').slice(1)));
  });
  mark(location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1))));
}

/**
 * Scrolls to the paragraph a link named and marks it: the page is drawn after the browser
 * looked for the fragment, so CSS `:target` alone would not find it.
 */
function mark(target) {
  if (!target) return;
  for (const e of document.querySelectorAll('.learn .targeted')) e.classList.remove('targeted');
  target.classList.add('targeted');
  target.scrollIntoView();
}
