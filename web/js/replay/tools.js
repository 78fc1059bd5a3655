// The replay's tools under the board: stepping through the game, turning the board, the
// coordinates, and the position string with its Copy button.

import { h } from '../http.js';

/** The step buttons; `render(go)` draws them once the game is in (`go`: its actions). */
export function createControls() {
  const el = h('div.board-tools', { id: 'replay-controls' });
  return {
    el,
    render(go) {
      const b = (label, fn, idAttr) => h('button', { type: 'button', id: idAttr, onclick: fn }, label);
      el.replaceChildren(
        b('« First', go.first, 'first'),
        b('◀ Previous', go.prev, 'prev'),
        b('Next ▶', go.next, 'next'),
        b('Last »', go.last, 'last'),
        b('Turn board', go.flip, 'flip'),
        b('Coordinates', go.coords, 'coords'));
    },
  };
}

/** The position string of the position shown (`show(text)`), and a button that copies it. */
export function createPosition() {
  const field = h('input', { id: 'position', readonly: true, 'aria-label': 'Position string' });
  async function copy() {
    try {
      await navigator.clipboard.writeText(field.value);
    } catch {
      field.select();
    }
  }
  return {
    el: h('div.position', {}, h('label', { for: 'position' }, 'Position '), field, h('button', { type: 'button', id: 'copy-position', onclick: copy }, 'Copy')),
    show(text) {
      field.value = text;
    },
  };
}
