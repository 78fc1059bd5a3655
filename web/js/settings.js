// The reader's display settings, kept in localStorage: the colour scheme (follow the
// system's light or dark, or choose one), the board's theme, and screen-reader mode (the
// board replaced by text, see web/js/nvui/). Applied as attributes of <html> (`data-scheme`:
// the scheme shown, `light` or `dark`; `data-board`; `data-reader`, `on` or `off`), which
// web/css/app.css and room.css read, so a change shows at once on every part of the page
// without redrawing it. The choices' names are common.ftl's, read when shown.

import { t } from './i18n.js';

/** A choice `[key, name]` whose name is the message `message`, read when the name is. */
function named(key, message) {
  const c = [key];
  Object.defineProperty(c, 1, { get: () => t(message), enumerable: true });
  return c;
}

const SCHEME_KEY = 'checkerhall.scheme';
const BOARD_KEY = 'checkerhall.board';
const READER_KEY = 'checkerhall.reader';

/** The colour schemes, `system` first (the default: the system's light or dark). */
export const SCHEMES = [
  named('system', 'common-scheme-system'),
  named('light', 'common-scheme-light'),
  named('dark', 'common-scheme-dark'),
];

/** The board themes, the default first. */
export const BOARDS = [
  named('wood', 'common-board-wood'),
  named('sea', 'common-board-sea'),
  named('moss', 'common-board-moss'),
  named('slate', 'common-board-slate'),
];

/** Screen-reader mode, off by default: on, every board is shown as text instead. */
export const READER = [
  named('off', 'common-off'),
  named('on', 'common-on'),
];

function read(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode): the choice lasts as long as the page.
  }
}

/** `value` if it is one of `choices`' keys, else the first key: a stale or edited value never sticks. */
export function known(choices, value) {
  return choices.some(([k]) => k === value) ? value : choices[0][0];
}

/** The settings as stored: `{scheme, board, reader}`, each a known key. */
export function settings() {
  return { scheme: known(SCHEMES, read(SCHEME_KEY)), board: known(BOARDS, read(BOARD_KEY)), reader: known(READER, read(READER_KEY)) };
}

/** Whether the page shows dark for `scheme`, the system preferring dark or not. */
export function isDark(scheme, systemDark) {
  return scheme === 'dark' || (scheme === 'system' && Boolean(systemDark));
}

// The system's scheme, watched once: a change (the system going dark at night) is shown at
// once while the reader follows it.
let system = null;

/** Puts the stored settings on <html> (at start-up and after each change). */
export function applySettings(root = document.documentElement) {
  const { scheme, board, reader } = settings();
  if (!system && typeof matchMedia === 'function') {
    system = matchMedia('(prefers-color-scheme: dark)');
    system.addEventListener('change', () => applySettings(root));
  }
  root.setAttribute('data-scheme', isDark(scheme, system?.matches) ? 'dark' : 'light');
  root.setAttribute('data-board', board);
  root.setAttribute('data-reader', reader);
}

/** Stores the colour scheme and applies it. */
export function setScheme(scheme) {
  write(SCHEME_KEY, known(SCHEMES, scheme));
  applySettings();
}

/** Stores the board theme and applies it. */
export function setBoard(board) {
  write(BOARD_KEY, known(BOARDS, board));
  applySettings();
}

/** Stores screen-reader mode (`on` or `off`) and applies it. */
export function setReader(reader) {
  write(READER_KEY, known(READER, reader));
  applySettings();
}
