// Sentences built from names and counts: a list joined the way English writes it ("You, Red
// and Green"), a verb that agrees with its subject ("You have", "Red has", "Red and Green
// have") and a count with its noun ("1 piece", "3 pieces"). Pure, so node's tests read it.
// Lists follow the reader's language (Intl); `agree`, `subject` and `count` take English
// words and are for English only: other languages' agreement and plurals are Fluent's
// selectors, in the messages themselves.

import { language, pseudo, PSEUDO } from './i18n.js';

const PLURAL = new Intl.PluralRules('en-GB');

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

/**
 * The verb form for `items` as a subject: `many` for more than one name or for "you" alone
 * (English says "you have"), `one` otherwise.
 */
export function agree(items, one, many) {
  if (items.length !== 1) return many;
  return String(items[0]).toLowerCase() === 'you' ? many : one;
}

/** "You, Red and Green have" : the list and its verb, agreeing. */
export function subject(items, one, many) {
  return `${listWords(items)} ${agree(items, one, many)}`;
}

/** A count with its noun: `count(1, 'piece')` is "1 piece", `count(3, 'piece')` "3 pieces". */
export function count(n, one, many = `${one}s`) {
  return `${n} ${PLURAL.select(n) === 'one' ? one : many}`;
}
