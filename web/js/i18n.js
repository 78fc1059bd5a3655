// The words of the page, in the reader's language: Fluent files under web/locales/<tag>/,
// the same the server reads for its error sentences (docs/i18n.md). Only the current
// language's files are fetched, once, before the first view draws; `t` then formats any
// message at once. Numbers, dates and clocks are formatted with Intl in the same language.
//
// The language: `?lang=` in the address (also the pseudo-locale, `?lang=en-XA`), else the
// choice stored by the header's switch, else the browser's languages, else English. The
// choice also goes into the `lang` cookie, so the server's error sentences follow it.

// The package's single-file build (web/vendor/fluent-bundle/README.md): importing it
// defines globalThis.FluentBundle.
import '../vendor/fluent-bundle/fluent-bundle.js';

const { FluentBundle, FluentResource } = globalThis.FluentBundle;

/** The languages a reader can pick, each named in its own words (its key in shell.ftl). */
export const LANGUAGES = [
  { tag: 'en', key: 'shell-language-en' },
  { tag: 'ru', key: 'shell-language-ru' },
  { tag: 'pt-BR', key: 'shell-language-pt-BR' },
];

/**
 * The pseudo-locale: English made accented and longer at load time, so a browser test sees
 * any text that did not come from a bundle (it stays plain ASCII) and any layout that
 * breaks with longer words.
 */
export const PSEUDO = 'en-XA';

/**
 * The files every page loads before its first view: the page around the views, the words
 * several views share, and the front page's (the page most visits open). A view's own file
 * is loaded when the view is first shown (`need`, called by the router).
 */
const START = ['shell.ftl', 'common.ftl', 'lobby.ftl'];

// The files in the bundle, and those on their way (a file asked for twice is fetched once).
const loaded = new Map();

const STORED = 'checkerhall.lang';

let bundle = null;
let current = 'en';

/** The language tag in use (`en`, `ru`, `pt-BR`, or the pseudo-locale). */
export function language() {
  return current;
}

/**
 * Which language to use: `query` (`?lang=`) if it is ours or the pseudo-locale, else the
 * `stored` choice, else the first of the browser's `preferred` languages that matches one
 * of ours by its language (`pt-PT` reads pt-BR), else English.
 */
export function pickLanguage({ query = null, stored = null, preferred = [] } = {}) {
  const exact = (tag) => LANGUAGES.find((l) => l.tag.toLowerCase() === String(tag).toLowerCase())?.tag;
  if (query && query.toLowerCase() === PSEUDO.toLowerCase()) return PSEUDO;
  for (const tag of [query, stored]) {
    if (tag && exact(tag)) return exact(tag);
  }
  for (const tag of preferred) {
    const found = exact(tag) || LANGUAGES.find((l) => l.tag.split('-')[0] === String(tag).split('-')[0].toLowerCase())?.tag;
    if (found) return found;
  }
  return 'en';
}

// Each ASCII letter's accented look-alike, for the pseudo-locale.
const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = 'áƀçđéƒĝĥíĵķĺɱñóƥǫŕšŧúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓƤǪŔŠŦÚṼŴẊÝŽ';

/** `text` in the pseudo-locale: every ASCII letter accented, a third longer, in brackets. */
export function pseudo(text) {
  const accented = [...String(text)].map((c) => {
    const i = PLAIN.indexOf(c);
    return i < 0 ? c : [...ACCENTED][i];
  }).join('');
  const letters = accented.replace(/[^\p{L}]/gu, '').length;
  return `[${accented}${'~'.repeat(Math.ceil(letters / 3))}]`;
}

/** Uses `texts` (the Fluent files' texts) as language `tag`'s bundle: also for tests. */
export function useBundle(tag, texts) {
  const locale = tag === PSEUDO ? 'en' : tag;
  const b = new FluentBundle(locale);
  for (const text of texts) {
    const errors = b.addResource(new FluentResource(text));
    for (const e of errors) console.warn(`i18n: ${tag}: ${e.message}`);
  }
  bundle = b;
  current = tag;
}

/** The message `key` with `args`, in the current language; the key itself if it has none. */
export function t(key, args = {}) {
  const message = bundle?.getMessage(key);
  if (!message?.value) return key;
  const errors = [];
  const text = bundle.formatPattern(message.value, args, errors);
  // Fluent wraps arguments in Unicode isolation marks for mixed-direction text; our three
  // languages all run left to right, and tests and screen readers read cleaner without.
  const clean = text.replace(/[\u2068\u2069]/g, '');
  return current === PSEUDO ? pseudo(clean) : clean;
}

/** A number in the current language's way (Intl): `1 234,5` in Russian. */
export function formatNumber(n, options = {}) {
  return new Intl.NumberFormat(current === PSEUDO ? 'en' : current, options).format(n);
}

/** Puts the current language's words in every element under `root` marked `data-i18n`. */
export function translate(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) {
    el.textContent = t(el.dataset.i18n);
  }
}

/** Remembers `tag` as the reader's choice (here and in the cookie the server reads). */
export function choose(tag) {
  try {
    localStorage.setItem(STORED, tag);
  } catch {
    // Storage can be off (private windows): the cookie still carries the choice.
  }
  const year = 365 * 24 * 3600;
  document.cookie = `lang=${encodeURIComponent(tag)}; path=/; max-age=${year}; samesite=lax`;
}

/** The choice stored in this browser, or null (none, or storage is off). */
export function storedLanguage() {
  try {
    return localStorage.getItem(STORED);
  } catch {
    return null;
  }
}

/**
 * The header's language switch: a choice reloads the page in the new language, once
 * `onPick(tag)` (if given: the signed-in account keeps the choice too) has settled.
 */
export function languageSwitch(onPick = null) {
  const select = document.createElement('select');
  select.id = 'lang';
  select.setAttribute('aria-label', t('shell-language'));
  for (const { tag, key } of LANGUAGES) {
    const option = new Option(t(key), tag, false, tag === current);
    option.lang = tag;
    select.append(option);
  }
  select.addEventListener('change', async () => {
    choose(select.value);
    if (onPick) await Promise.resolve(onPick(select.value)).catch(() => {});
    location.reload();
  });
  return select;
}

/** The texts of `folder`'s Fluent `files`. */
async function load(folder, files) {
  return Promise.all(files.map(async (file) => {
    const res = await fetch(new URL(`../locales/${folder}/${file}`, import.meta.url));
    if (!res.ok) throw new Error(`${folder}/${file}: HTTP ${res.status}`);
    return res.text();
  }));
}

/**
 * Loads the current language's files, sets `<html lang>` and translates the page's own
 * HTML. If they do not load the page reads English; if English does not load either, it
 * keeps the English words its HTML already has.
 */
export async function startI18n() {
  let stored = null;
  try {
    stored = localStorage.getItem(STORED);
  } catch {
    stored = null;
  }
  let tag = pickLanguage({
    query: new URLSearchParams(location.search).get('lang'),
    stored,
    preferred: navigator.languages || [],
  });
  // A stored choice rides in the cookie on every request, so the server answers in it.
  if (stored === tag) choose(tag);
  try {
    useBundle(tag, await load(tag === PSEUDO ? 'en' : tag, START));
  } catch (e) {
    console.warn(`i18n: ${e.message}`);
    tag = 'en';
    try {
      useBundle(tag, await load(tag, START));
    } catch (again) {
      console.warn(`i18n: ${again.message}`);
      return;
    }
  }
  for (const file of START) loaded.set(file, Promise.resolve());
  document.documentElement.lang = tag;
  translate();
}

/**
 * Adds `files` (names under web/locales/<tag>/, e.g. `room.ftl`) to the current language's
 * bundle, each fetched once; resolves when all are in. A file that does not load leaves its
 * messages out (`t` then shows their keys) rather than failing the view.
 */
export function need(...files) {
  const folder = current === PSEUDO ? 'en' : current;
  return Promise.all(files.map((file) => {
    if (!loaded.has(file)) {
      loaded.set(file, load(folder, [file]).then(([text]) => {
        const errors = bundle?.addResource(new FluentResource(text)) || [];
        for (const e of errors) console.warn(`i18n: ${current}/${file}: ${e.message}`);
      }).catch((e) => console.warn(`i18n: ${e.message}`)));
    }
    return loaded.get(file);
  }));
}
