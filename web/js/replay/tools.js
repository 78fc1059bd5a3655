// The replay's tools under the board: stepping through the game, turning the board, the
// coordinates, and the position string with its Copy button.

import { h } from '../http.js';
import { t } from '../i18n.js';

/** The step buttons; `render(go)` draws them once the game is in (`go`: its actions). */
export function createControls() {
  const el = h('div.board-tools', { id: 'replay-controls' });
  return {
    el,
    render(go) {
      const b = (label, fn, idAttr) => h('button', { type: 'button', id: idAttr, onclick: fn }, label);
      el.replaceChildren(
        b(`« ${t('history-replay-first')}`, go.first, 'first'),
        b(`◀ ${t('history-replay-previous')}`, go.prev, 'prev'),
        b(`${t('history-replay-next')} ▶`, go.next, 'next'),
        b(`${t('history-replay-last')} »`, go.last, 'last'),
        b(t('history-replay-flip'), go.flip, 'flip'),
        b(t('history-replay-coordinates'), go.coords, 'coords'));
    },
  };
}

/** The position string of the position shown (`show(text)`), and a button that copies it. */
export function createPosition() {
  const field = h('input', { id: 'position', readonly: true, 'aria-label': t('history-replay-position-string') });
  async function copy() {
    try {
      await navigator.clipboard.writeText(field.value);
    } catch {
      field.select();
    }
  }
  return {
    el: h('div.position', {}, h('label', { for: 'position' }, `${t('history-replay-position')} `), field,
      h('button', { type: 'button', id: 'copy-position', onclick: copy }, t('history-replay-copy'))),
    show(text) {
      field.value = text;
    },
  };
}
