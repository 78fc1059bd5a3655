// Screen-reader mode's elements, shared by the room, the replay and the rules pages: the
// board as text under a heading (whose turn, the last move, each seat's pieces), and the
// move box, where a move or a command is typed and the answer is read out through a polite
// live region. The words come from nvui/text.js; these only place them. Shown only while
// the setting is on (web/css/room.css reads `data-reader` on <html>).

import { h } from '../http.js';
import { t } from '../i18n.js';
import { WORDS, readCommand } from './text.js';

/**
 * The board as text: `render({turn, last, lines})` (sentences, and `[{seat, text}]` from
 * `positionLines`). `id` prefixes the elements' ids; `level` is the heading's level.
 */
export function createTextBoard(id, level = 2) {
  const turn = h('p.nvui-turn', { id: `${id}-turn` });
  const last = h('p.nvui-last', { id: `${id}-last` });
  const list = h('ul.nvui-pieces', { id: `${id}-pieces` });
  const head = h(`h${level}`, { id: `${id}-head` }, t('nvui-board-head'));
  const el = h('section.nvui', { id, 'aria-labelledby': `${id}-head` },
    head, turn, last, h(`h${level + 1}`, {}, t('nvui-pieces-head')), list);
  return {
    el,
    render({ turn: t = '', last: l = '', lines = [] }) {
      turn.textContent = t;
      turn.hidden = !t;
      last.textContent = l;
      last.hidden = !l;
      // The same pieces keep their items: a reader inside the list is not thrown out of it.
      const texts = lines.map((x) => x.text);
      const now = [...list.children].map((li) => li.textContent);
      if (texts.length === now.length && texts.every((t2, i) => t2 === now[i])) return;
      list.replaceChildren(...lines.map((x) => h('li', { dataset: { seat: x.seat || '' } }, x.text)));
    },
  };
}

/**
 * The move box: a text field for a move in the game's notation or a command (see
 * `readCommand`), a Play button and buttons for the commands asked most, and `help`, the
 * commands in words. `answer(command)`
 * returns the words a command is answered with; `play(text)` plays a move and resolves true
 * when it was taken. Answers go to a polite live region (`say` puts other words there).
 */
export function createMoveBox(id, { answer, play, placeholder = '', clocks = true, level = 3, help = WORDS.help }) {
  const said = h('p.nvui-answer', { id: `${id}-answer`, role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' });
  const input = h('input.nvui-input', { id: `${id}-input`, name: 'move', autocomplete: 'off', placeholder, 'aria-describedby': `${id}-help` });
  const say = (text) => {
    // Emptied first, so the same answer twice is read twice.
    said.textContent = '';
    if (text) setTimeout(() => { said.textContent = text; }, 30);
  };
  const ask = (command) => say(answer(command));
  const form = h('form.nvui-form', {
    id: `${id}-form`,
    onsubmit: (e) => {
      e.preventDefault();
      const c = readCommand(input.value);
      if (!c) return;
      if (c.command) {
        input.value = '';
        ask(c.command);
        return;
      }
      play(c.move).then((ok) => {
        if (ok) input.value = '';
      });
    },
  },
  h('label', { for: `${id}-input` }, t('nvui-move-label')), ' ', input, ' ',
  h('button', { type: 'submit', id: `${id}-play` }, t('nvui-play')), ' ',
  h('button', { type: 'button', id: `${id}-legal`, onclick: () => ask('moves') }, t('nvui-legal-button')),
  clocks ? h('button', { type: 'button', id: `${id}-clocks`, onclick: () => ask('clocks') }, t('nvui-clocks-button')) : null);
  const el = h('div.nvui-move', {},
    h(`h${level}`, {}, t('nvui-move-head')),
    form,
    h('p.nvui-help', { id: `${id}-help` }, help),
    said);
  return { el, form, input, say };
}

/**
 * A polite log of what others do (their moves, their chat lines), its last few lines kept
 * so a reader may read them again.
 */
export function createNews(id, keep = 5) {
  const el = h('div.nvui-news', { id, role: 'log', 'aria-live': 'polite', 'aria-label': t('nvui-news') });
  return {
    el,
    say(text) {
      if (!text) return;
      el.append(h('p', {}, text));
      while (el.children.length > keep) el.firstElementChild.remove();
    },
  };
}
