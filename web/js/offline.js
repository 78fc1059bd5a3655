// The offline page's words (web/offline.html) in the reader's language: the choice this
// browser stored, else its languages, as on every other page. Only offline.ftl is read,
// from the worker's cache; without it the page keeps the English of its HTML.

import { pickLanguage, storedLanguage, useBundle, translate, PSEUDO } from './i18n.js';

const tag = pickLanguage({
  query: new URLSearchParams(location.search).get('lang'),
  stored: storedLanguage(),
  preferred: navigator.languages || [],
});
try {
  const res = await fetch(new URL(`../locales/${tag === PSEUDO ? 'en' : tag}/offline.ftl`, import.meta.url));
  if (res.ok) {
    useBundle(tag, [await res.text()]);
    document.documentElement.lang = tag;
    translate();
  }
} catch {
  // No network and no cached file: the English words stay.
}
