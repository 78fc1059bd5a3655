// Sentences built from names and counts: a list joined the way English writes it ("You, Red
// and Green"), a verb that agrees with its subject ("You have", "Red has", "Red and Green
// have") and a count with its noun ("1 piece", "3 pieces"). Pure, so node's tests read it.

// British English joins the last two names with "and" and no comma before it, as the rest
// of the client's text does.
const LIST = new Intl.ListFormat('en-GB', { style: 'long', type: 'conjunction' });
const PLURAL = new Intl.PluralRules('en-GB');

/** A list in words: "A", "A and B", "A, B and C"; empty items are left out. */
export function listWords(items) {
  return LIST.format(items.filter((s) => s !== null && s !== undefined && s !== '').map(String));
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
