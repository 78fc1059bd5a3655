// The display settings as two choices (colour scheme, board theme), for any page that shows
// a board. A change is stored and shown at once (web/js/settings.js).

import { h } from '../http.js';
import { SCHEMES, BOARDS, settings, setScheme, setBoard } from '../settings.js';

function choice(id, label, options, value, set) {
  const select = h('select', { id, onchange: (e) => set(e.target.value) },
    options.map(([k, text]) => h('option', { value: k, selected: k === value }, text)));
  return h('label', {}, label, select);
}

/** The settings' controls, showing the stored values. */
export function displaySettings() {
  const now = settings();
  return h('span.display-settings', {},
    choice('scheme', 'Colours', SCHEMES, now.scheme, setScheme),
    choice('board-theme', 'Board', BOARDS, now.board, setBoard));
}
