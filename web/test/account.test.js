// The account page's words in every language: the mail part, the devices, a password
// change's count, and the words of a mailed link.
// Run: node --test web/test/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useBundle, t } from '../js/i18n.js';
import { mailWords, LINK_WORDS } from '../js/views/account-mail.js';
import { device } from '../js/views/account.js';

const ftl = (tag) => readFileSync(new URL(`../locales/${tag}/account.ftl`, import.meta.url), 'utf8');

test('the mail part says where things stand, in plain words', () => {
  useBundle('en', [ftl('en')]);
  assert.equal(mailWords({ enabled: false, reason: 'mail is off: no SMTP server is set (CHECKERHALL_SMTP_URL)' }),
    'This server does not send mail.');
  assert.match(mailWords({ enabled: true, address: null }), /once a day/);
  assert.equal(mailWords({ enabled: true, address: 'a@b.example', verified: false }),
    'We sent a link to a@b.example. Open it to confirm the address.');
  assert.equal(mailWords({ enabled: true, address: 'a@b.example', verified: true, subscribed: false }),
    'Mails to a@b.example are off.');
  for (const tag of ['en', 'ru', 'pt-BR']) {
    useBundle(tag, [ftl(tag)]);
    for (const [key] of Object.values(LINK_WORDS)) {
      const text = t(key);
      assert.notEqual(text, key, `${tag}: ${key}`);
      assert.doesNotMatch(text, /§|_|\d/);
    }
  }
});

test('the account page reads Russian and Portuguese', () => {
  useBundle('ru', [ftl('ru')]);
  assert.equal(mailWords({ enabled: true, address: 'a@b.example', verified: true, subscribed: false }),
    'Письма на a@b.example отключены.');
  assert.equal(device('Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0'), 'Firefox на Linux');
  assert.equal(device(''), 'Неизвестное устройство');
  assert.equal(t('account-password-changed', { count: 0 }), 'Пароль изменён.');
  assert.match(t('account-password-changed', { count: 3 }), /на 3 других устройствах/);
  useBundle('pt-BR', [ftl('pt-BR')]);
  assert.equal(device('Mozilla/5.0 (Windows NT 10.0) Chrome/120.0 Safari/537.36'), 'Chrome no Windows');
  assert.equal(t('account-password-changed', { count: 1 }), 'Senha alterada; 1 outro aparelho foi desconectado.');
  useBundle('en', [ftl('en')]);
  assert.equal(t('account-password-changed', { count: 2 }), 'Password changed; 2 other devices logged out.');
  assert.equal(t('account-password-changed', { count: 1 }), 'Password changed; 1 other device logged out.');
});
