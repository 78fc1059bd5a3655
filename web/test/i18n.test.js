// The page's languages: which one a reader gets, the pseudo-locale, and Fluent's own
// module (vendored under web/vendor/, loaded with no build step) reading our files.
// Run: node --test web/test/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { pickLanguage, pseudo, useBundle, t, PSEUDO, LANGUAGES } from '../js/i18n.js';

const shell = (tag) => readFileSync(new URL(`../locales/${tag}/shell.ftl`, import.meta.url), 'utf8');

test('the address, then the stored choice, then the browser, then English', () => {
  assert.equal(pickLanguage({}), 'en');
  assert.equal(pickLanguage({ preferred: ['de-DE', 'ru-RU', 'en'] }), 'ru');
  assert.equal(pickLanguage({ preferred: ['pt-PT'] }), 'pt-BR');
  assert.equal(pickLanguage({ stored: 'pt-BR', preferred: ['ru'] }), 'pt-BR');
  assert.equal(pickLanguage({ query: 'ru', stored: 'pt-BR' }), 'ru');
  assert.equal(pickLanguage({ query: 'en-xa', stored: 'ru' }), PSEUDO);
  assert.equal(pickLanguage({ query: 'xx', stored: 'yy', preferred: ['zz'] }), 'en');
});

test('the pseudo-locale leaves no plain letter and makes words longer', () => {
  const p = pseudo('Your games 2');
  assert.doesNotMatch(p, /[A-Za-z]/);
  assert.ok(p.length > 'Your games 2'.length * 1.2, p);
  useBundle(PSEUDO, [shell('en')]);
  assert.doesNotMatch(t('shell-nav-play'), /[A-Za-z]/);
});

test('every language reads its own words, and names itself', () => {
  for (const { tag, key } of LANGUAGES) {
    useBundle(tag, [shell(tag)]);
    assert.notEqual(t('shell-nav-play'), 'shell-nav-play', tag);
    assert.ok(t(key).length > 2, `${tag} names itself`);
  }
  useBundle('ru', [shell('ru')]);
  assert.equal(t('shell-nav-play'), 'Играть');
  assert.equal(t('shell-me-name-label', { name: 'Аня' }), 'Ваше имя: Аня. Сменить');
  assert.equal(t('no-such-key'), 'no-such-key');
});
