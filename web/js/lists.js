// A list of names joined the way the reader's language writes it ("You, Red and Green",
// "Вы, Красные и Зелёные"), by Intl. Verbs that agree with such a list, and counts with
// their nouns, are Fluent's selectors in the messages themselves. Pure, so node's tests
// read it.

import { language, pseudo, PSEUDO } from './i18n.js';

// One formatter per language. British English joins the last two names with "and" and no
// comma before it, as the rest of the client's text does.
const LISTS = new Map();
function listFormat(tag) {
  const locale = tag === 'en' || tag === PSEUDO ? 'en-GB' : tag;
  if (!LISTS.has(locale)) LISTS.set(locale, new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }));
  return LISTS.get(locale);
}

/** A list in words: "A", "A and B", "A, B and C" ("А, Б и В"); empty items are left out. */
export function listWords(items) {
  const tag = language();
  const parts = listFormat(tag).formatToParts(items.filter((s) => s !== null && s !== undefined && s !== '').map(String));
  // In the pseudo-locale the joining words are made over too, as a bundle's words are.
  return parts.map((p) => (tag === PSEUDO && p.type === 'literal' ? pseudo(p.value) : p.value)).join('');
}
