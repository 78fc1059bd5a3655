// The display settings (colour scheme, board theme, screen-reader mode), for any page that
// shows a board. A change is stored and shown at once (web/js/settings.js).

import { h } from '../http.js';
import { t } from '../i18n.js';
import { SCHEMES, BOARDS, settings, setScheme, setBoard, setReader } from '../settings.js';

function choice(id, label, options, value, set) {
  const select = h('select', { id, onchange: (e) => set(e.target.value) },
    options.map(([k, text]) => h('option', { value: k, selected: k === value }, text)));
  return h('label', {}, label, select);
}

/** The settings' controls, showing the stored values. */
export function displaySettings() {
  const now = settings();
  return h('span.display-settings', {},
    choice('scheme', t('common-settings-colours'), SCHEMES, now.scheme, setScheme),
    choice('board-theme', t('common-settings-board'), BOARDS, now.board, setBoard),
    readerSwitch());
}

/**
 * Screen-reader mode as a checkbox: on, the boards of the page are shown as text (see
 * web/js/nvui/). Every page with a board offers it, so a reader finds it where it matters.
 */
export function readerSwitch() {
  const box = h('input#reader-mode.reader-mode', {
    type: 'checkbox',
    checked: settings().reader === 'on',
    onchange: (e) => {
      setReader(e.target.checked ? 'on' : 'off');
    },
  });
  return h('label.reader-switch', {}, box, ` ${t('common-settings-reader')}`);
}
