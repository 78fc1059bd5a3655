// The rules pages' pure parts: judging a clicked move, stepping through a game, and the
// pages' text against the engine's data (every option has its paragraph, every try and game
// its words). Run: node --test web/test/

import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { judge, offered, stepView, stepSquares } from '../js/learn/logic.js';
import { RULES, GAMES } from '../js/learn/text.js';
import { useBundle, t } from '../js/i18n.js';

// The rules pages' Fluent files of language `tag`: the page's own words and each game's.
const FTL = ['learn.ftl', ...GAMES.map((g) => `rules-${g}.ftl`)];
const ftl = (tag, file) => readFileSync(new URL(`../locales/${tag}/${file}`, import.meta.url), 'utf8');
const words = (tag) => FTL.map((file) => ftl(tag, file));
// Each test starts in English; a test that reads another language switches itself.
beforeEach(() => useBundle('en', words('en')));

/** Every string under `node` (a game's entry of text.js): each one a Fluent key. */
function keysOf(node, out = []) {
  if (typeof node === 'string') out.push(node);
  else if (Array.isArray(node)) node.forEach((x) => keysOf(x, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      // Positions, anchors and the data a section names are not words.
      if (!['position', 'slug', 'try', 'game', 'lastMove'].includes(k)) keysOf(v, out);
    }
  }
  return out;
}

const data = Object.fromEntries(
  await Promise.all(GAMES.map(async (g) => [g, (await import(`../js/learn/data/${g}.js`)).DATA])),
);
const tryOf = (game, id) => data[game].tries.find((t) => t.id === id);
const move = (tr, text) => offered(tr).find((m) => m.text === text);
// The page's words in `tag` (English unless named): the try's sentences are Fluent messages.
const useWords = (files, tag = 'en') => useBundle(tag, files.map((f) => readFileSync(new URL(`../locales/${tag}/${f}`, import.meta.url), 'utf8')));

test('every option of every game has a paragraph, and no paragraph names an unknown option', () => {
  for (const g of GAMES) {
    const keys = data[g].options.map((o) => o.key);
    assert.ok(keys.length > 0, g);
    for (const k of keys) assert.ok(RULES[g].options[k], `${g}: no paragraph for option ${k}`);
    for (const k of Object.keys(RULES[g].options)) assert.ok(keys.includes(k), `${g}: ${k} is not an option`);
  }
});

test('every try and game in the data has its words, and every section names existing data', () => {
  for (const g of GAMES) {
    for (const t of data[g].tries) {
      const w = RULES[g].tries[t.id];
      assert.ok(w?.ask && w?.right, `${g}: ${t.id}`);
      if (t.wrong.length) assert.ok(w.wrong, `${g}: ${t.id} has wrong moves but no explanation`);
    }
    for (const s of RULES[g].sections) {
      if (s.try) assert.ok(tryOf(g, s.try), `${g}: ${s.try}`);
      if (s.game) assert.ok(data[g].games.find((x) => x.id === s.game) && RULES[g].games[s.game], `${g}: ${s.game}`);
    }
  }
});

test('rule anchors are unique slugs and the text never cites rule numbers', () => {
  for (const g of GAMES) {
    const slugs = RULES[g].sections.map((s) => s.slug);
    assert.equal(new Set(slugs).size, slugs.length, g);
    for (const s of slugs) assert.match(s, /^[a-z][a-z-]*$/);
    const all = JSON.stringify(RULES[g]);
    assert.doesNotMatch(all, /§|section \d|\bseed\b/i, g);
  }
});

test('Stockholm: the Brazilian capture is explained, the deferred one is right', () => {
  useWords(['learn.ftl', 'rules-stockholm.ftl']);
  const tr = tryOf('stockholm', 'stockholm-deferred');
  const w = RULES.stockholm.tries[tr.id];
  assert.deepEqual(tr.legal.map((m) => m.text), ['f2xh4xf6']);
  assert.equal(judge(tr, w, move(tr, 'f2xh4xf6')).verdict, 'right');
  const v = judge(tr, w, move(tr, 'e5xc3xa5xc7'));
  assert.equal(v.verdict, 'wrong');
  assert.match(v.message, /may not capture backwards as its first jump/);
});

test('Give and Take: fewer pieces than the king can take is allowed but not the answer', () => {
  useWords(['learn.ftl', 'rules-giveandtake.ftl']);
  const tr = tryOf('giveandtake', 'giveandtake-king');
  const w = RULES.giveandtake.tries[tr.id];
  assert.equal(judge(tr, w, move(tr, 'e5xe8xe2xa2xh2')).verdict, 'right');
  const v = judge(tr, w, move(tr, 'e5xe1xe8'));
  assert.equal(v.verdict, 'legal');
  assert.match(v.message, /takes 2 pieces: the king can take 4 pieces/);
  assert.equal(judge(tr, w, move(tr, 'e5-e6')).verdict, 'legal');
  // Russian counts pieces in three forms.
  useWords(['learn.ftl', 'rules-giveandtake.ftl'], 'ru');
  assert.match(judge(tr, w, move(tr, 'e5xe1xe8')).message, /берёт 2 шашки, а дамка может взять 4 шашки/);
  const mc = tryOf('giveandtake', 'giveandtake-mccallion');
  assert.match(judge(mc, RULES.giveandtake.tries[mc.id], move(mc, 'f5xa5xa7xa1xd1xd8')).message, /берёт 5 шашек, а дамка может взять 9 шашек: все чёрные/);
});

test('Give and Take: the piece that just moved must be taken', () => {
  const tr = tryOf('giveandtake', 'giveandtake-hot');
  const w = RULES.giveandtake.tries[tr.id];
  assert.equal(judge(tr, w, move(tr, 'c4xc6xc8')).verdict, 'right');
  assert.equal(judge(tr, w, move(tr, 'a3-a4')).verdict, 'wrong');
  const mc = tryOf('giveandtake', 'giveandtake-mccallion');
  assert.equal(judge(mc, RULES.giveandtake.tries[mc.id], move(mc, 'f5xa5xa7xh7xh1xe1xa1xa4xd4xf4')).verdict, 'right');
});

test('Neva and Queah: every word of their pages is a message in every language', () => {
  for (const game of ['neva', 'queah']) {
    const keys = keysOf(RULES[game]);
    assert.ok(keys.length > 40, `${game}: ${keys.length} keys`);
    for (const tag of ['en', 'ru', 'pt-BR']) {
      useBundle(tag, words(tag));
      for (const key of keys) {
        assert.match(key, new RegExp(`^rules-${game}-`), `${game}: ${key}`);
        assert.notEqual(t(key, { move: 'b2-c3' }), key, `${tag}: ${key} has no message`);
      }
    }
  }
});

test('Neva and Queah: the rules name no section numbers, in any language', () => {
  for (const tag of ['en', 'ru', 'pt-BR']) {
    for (const file of ['learn.ftl', 'rules-neva.ftl', 'rules-queah.ftl']) {
      const messages = ftl(tag, file).split('\n').filter((l) => !l.startsWith('#')).join('\n');
      assert.doesNotMatch(messages, /§|section \d|раздел \d|пункт \d|seção \d|\bseed\b/i, `${tag}/${file}`);
    }
  }
});

test('Neva: a wrong step is explained, the backward capture is right', () => {
  const tr = tryOf('neva', 'neva-capture-back');
  const w = RULES.neva.tries[tr.id];
  const v = judge(tr, w, move(tr, '33-43'));
  assert.equal(v.verdict, 'wrong');
  assert.match(v.message, /a capture is compulsory, and a man may capture in every direction/);
  assert.match(judge(tr, w, move(tr, '33:13')).message, /^Right: capturing is compulsory/);
  const crown = tryOf('neva', 'neva-crown');
  const other = judge(crown, RULES.neva.tries[crown.id], move(crown, '16-26'));
  assert.equal(other.verdict, 'legal');
  assert.match(other.message, /crowns no man/);
});

test('Queah: the move played is named in the verdict', () => {
  const drop = tryOf('queah', 'queah-drop');
  const v = judge(drop, RULES.queah.tries[drop.id], move(drop, '@c3,c3-b4'));
  assert.equal(v.verdict, 'right');
  assert.equal(v.message, 'Right: @c3,c3-b4. You brought a piece back onto an empty cell, then made your move.');
  const back = tryOf('queah', 'queah-no-reverse');
  const w = RULES.queah.tries[back.id];
  assert.match(judge(back, w, move(back, 'c3-d2')).message, /^Not allowed: c3-d2 steps straight back/);
  assert.equal(judge(back, w, move(back, 'c3-d4')).message, 'Right: c3-d4 is allowed.');
  useBundle('ru', words('ru'));
  assert.match(judge(back, w, move(back, 'c3-d2')).message, /c3-d2/);
});

test('the page\'s own verdicts count pieces in each language\'s plural forms', () => {
  const tr = { legal: [{ text: 'a', captured: [1, 2] }, { text: 'b', captured: [1, 2, 3, 4, 5] }, { text: 'c', captured: [] }], wrong: [], want: [], most: true };
  const fewer = (tag) => {
    useBundle(tag, words(tag));
    return [judge(tr, { right: 'x' }, { text: 'a' }).message, judge(tr, { right: 'x' }, { text: 'c' }).message];
  };
  assert.deepEqual(fewer('en'), [
    'That move is allowed, but it takes 2 pieces; there is a way to take 5 pieces.',
    'That move is allowed, but it is not a capture; there is a way to take 5 pieces.',
  ]);
  assert.deepEqual(fewer('ru'), [
    'Такой ход разрешён, но он берёт 2 шашки, а можно взять 5 шашек.',
    'Такой ход разрешён, но это не взятие; здесь можно взять 5 шашек.',
  ]);
  assert.match(fewer('pt-BR')[0], /captura 2 peças; há um jeito de capturar 5 peças/);
});

test('a move the data does not know is wrong, never right', () => {
  const tr = tryOf('neva', 'neva-capture-back');
  assert.equal(judge(tr, RULES.neva.tries[tr.id], { text: '16-66' }).verdict, 'wrong');
  assert.equal(judge(tr, RULES.neva.tries[tr.id], null).verdict, 'wrong');
  assert.equal(judge(tr, RULES.neva.tries[tr.id], move(tr, '33:13')).verdict, 'right');
});

test('the Neva training game steps from the start to the resignation', () => {
  const g = data.neva.games.find((x) => x.id === 'neva-training');
  assert.equal(g.steps.length, 45, '44 moves and the resignation');
  assert.equal(stepView(g, -3).at, 0);
  assert.equal(stepView(g, 0).position, g.start);
  const last = stepView(g, 999);
  assert.equal(last.at, 45);
  assert.ok(last.step.resign);
  assert.match(last.position, /BK21,33/);
  const six = g.steps.find((s) => s.round === 6 && s.seat === 'white');
  assert.deepEqual(stepSquares(six), ['25', '45', '43', '63', '61', '41', '21']);
  assert.equal(six.move.captured.length, 6);
  assert.deepEqual(stepSquares(last.step), []);
});

test('Queah and Stockholm have a whole game to step through, to the last piece', () => {
  useWords(['learn.ftl', 'rules-queah.ftl', 'rules-stockholm.ftl']);
  for (const [game, id, plies] of [['queah', 'queah-example', 22], ['stockholm', 'stockholm-example', 46]]) {
    const g = data[game].games.find((x) => x.id === id);
    assert.ok(g, `${game}: ${id}`);
    assert.equal(g.steps.length, plies);
    assert.equal(stepView(g, 0).position, g.start);
    assert.ok(t(RULES[game].games[id].notes[plies]).endsWith('Black wins.'), `${game}: the last note names the winner`);
    assert.ok(g.steps.some((s) => s.move.captured.length >= 1), `${game}: a capture to see`);
  }
  const crowned = data.stockholm.games.find((x) => x.id === 'stockholm-example').steps[39];
  assert.equal(crowned.move.text, 'f2-e1');
  assert.equal(crowned.move.promotes, true, 'the note on move 40 names a crowning');
});
