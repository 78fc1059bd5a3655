// /account: a guest claims its identity or logs in; a member changes its password, sees the
// devices logged in to its account (lichess's "security" page, scaled down), chooses how
// games waiting for its move are told (account-mail.js) and logs out.

import { api, getMe, forgetMe, h } from '../http.js';
import { dropParams } from '../router.js';
import { banner } from '../banner.js';
import { when } from '../dates.js';
import { waitingPanel } from './account-mail.js';
import { t, LANGUAGES, language, choose } from '../i18n.js';

/**
 * Asks once who we are now (after a claim, login or logout) and tells the header. One
 * request only: after a logout, two at once would each make a new guest identity.
 */
async function meChanged() {
  forgetMe();
  await getMe().catch(() => null);
  window.dispatchEvent(new Event('checkerhall:me'));
}

/** A labelled input; `id` doubles as its name. */
function field(id, label, attrs = {}) {
  const input = h('input', { id, name: id, ...attrs });
  return [h('label', { for: id }, label), input];
}

/** A form whose submit runs `action`, showing its error (the API's message) in `msg`. */
function form(id, legend, fields, submit, action) {
  const msg = h('p.error', { role: 'alert' });
  const button = h('button.primary', { type: 'submit', id: `${id}-submit` }, submit);
  return h(`form.stack#${id}`, {
    onsubmit: async (e) => {
      e.preventDefault();
      msg.className = 'error';
      msg.textContent = '';
      button.disabled = true;
      try {
        await action(msg);
      } catch (err) {
        msg.textContent = err.message;
      } finally {
        button.disabled = false;
      }
    },
  }, h('h2', {}, legend), ...fields, h('div', {}, button), msg);
}

/** "Firefox on Linux"-like words from a user agent, or the agent itself. */
export function device(agent) {
  if (!agent) return t('account-device-unknown');
  const browser = [['Edg/', 'Edge'], ['Firefox/', 'Firefox'], ['Chrome/', 'Chrome'], ['Safari/', 'Safari']]
    .find(([k]) => agent.includes(k))?.[1];
  const os = [['Android', 'Android'], ['iPhone', 'iPhone'], ['iPad', 'iPad'], ['Windows', 'Windows'],
    ['Mac OS', 'macOS'], ['Linux', 'Linux']].find(([k]) => agent.includes(k))?.[1];
  if (browser && os) return t('account-device-on', { browser, os });
  return browser || os || agent.slice(0, 60);
}

/**
 * The account's language: the site's and its mails' on every device the member logs in to.
 * A choice is saved to the account, then the page comes back in it.
 */
function languagePanel(me) {
  const chosen = me.language || LANGUAGES.find((l) => l.tag === language())?.tag || 'en';
  const select = h('select#account-language', { name: 'account-language' });
  for (const { tag, key } of LANGUAGES) {
    const option = new Option(t(key), tag, false, tag === chosen);
    option.lang = tag;
    select.append(option);
  }
  const msg = h('p.error', { role: 'alert' });
  select.addEventListener('change', async () => {
    msg.textContent = '';
    try {
      await api('/api/me', { method: 'PATCH', body: { language: select.value } });
    } catch (e) {
      msg.textContent = e.message;
      return;
    }
    choose(select.value);
    // An address's `?lang=` would win over the choice just made.
    dropParams('lang');
    location.reload();
  });
  return h('section.panel#language-panel', {}, h('h2', {}, t('account-language-title')),
    h('p.help', {}, t('account-language-help')),
    h('label', { for: 'account-language' }, t('account-language-label')), select, msg);
}

export function accountView(main) {
  let alive = true;
  const body = h('div.account');
  main.append(h('h1', {}, t('account-title')), body);

  async function render() {
    let me;
    try {
      me = await getMe();
    } catch (e) {
      body.replaceChildren(h('p.error', { role: 'alert' }, e.code === 'banned'
        ? t('account-banned')
        : e.message));
      return;
    }
    if (!alive) return;
    if (me.username) renderMember(me);
    else renderGuest(me);
  }

  function renderGuest(me) {
    const [ul, user] = field('claim-username', t('account-username'), { autocomplete: 'username', required: true, maxlength: 20 });
    // The name others see: a guest's "Guest-xxxx" is rarely what a member wants to keep.
    const guestName = /^Guest-/.test(me.name);
    const [nml, nameInput] = field('claim-name', t('account-display-name'), {
      maxlength: 32, autocomplete: 'nickname', value: guestName ? '' : me.name, placeholder: guestName ? t('account-display-name-same') : null,
    });
    const [pl, pass] = field('claim-password', t('account-password'), { type: 'password', autocomplete: 'new-password', required: true, minlength: 8, maxlength: 128 });
    // An admin's invite link arrives as `/account?invite=CODE` (see app.js).
    const code = new URLSearchParams(location.search).get('invite') || '';
    const [il, inv] = field('claim-invite', t('account-invite-code'), { value: code, autocomplete: 'off' });
    const inviteRow = h('div.invite-row', { hidden: !code }, il, inv);
    const claim = form('claim', t('account-claim-title'), [
      h('p.help', {}, t('account-claim-help', { name: me.name })),
      ul, user, h('p.help', {}, t('account-username-help')),
      nml, nameInput, h('p.help', {}, t('account-display-name-help')),
      pl, pass, h('p.help', {}, t('account-password-help')),
      inviteRow,
    ], t('account-claim-submit'), async () => {
      const req = { username: user.value.trim(), password: pass.value };
      if (inv.value.trim()) req.invite = inv.value.trim();
      try {
        await api('/api/account/claim', { method: 'POST', body: req });
      } catch (e) {
        // This server takes new accounts by invitation only: ask for the code.
        if (e.code === 'invite_required' || e.code === 'bad_invite') inviteRow.hidden = false;
        throw e;
      }
      dropParams('invite');
      // The new account reads the language it was made in, here and in its mails.
      if (LANGUAGES.some((l) => l.tag === language())) {
        await api('/api/me', { method: 'PATCH', body: { language: language() } }).catch(() => {});
      }
      // The account keeps the guest's name unless another is asked for; the server tells
      // every room the player sits in, and the header follows below.
      const name = nameInput.value.trim() || (guestName ? req.username : me.name);
      if (name !== me.name) {
        try {
          await api('/api/me', { method: 'PATCH', body: { name } });
        } catch (e) {
          await meChanged();
          await render();
          banner(t('account-name-refused', { reason: e.message }), 'warn');
          return;
        }
      }
      await meChanged();
      await render();
    });

    const [lul, luser] = field('login-username', t('account-username'), { autocomplete: 'username', required: true });
    const [lpl, lpass] = field('login-password', t('account-password'), { type: 'password', autocomplete: 'current-password', required: true });
    const login = form('login', t('account-login-title'), [
      h('p.help', {}, t('account-login-help')),
      lul, luser, lpl, lpass,
    ], t('account-login-submit'), async () => {
      await api('/api/account/login', { method: 'POST', body: { username: luser.value.trim(), password: lpass.value } });
      await meChanged();
      await render();
    });
    body.replaceChildren(h('div.account-grid', {}, h('section.panel', {}, claim), h('section.panel', {}, login)));
  }

  function renderMember(me) {
    const logout = h('button#logout', {
      type: 'button',
      onclick: async () => {
        try {
          await api('/api/account/logout', { method: 'POST' });
          await meChanged();
          await render();
        } catch (e) {
          status.textContent = e.message;
        }
      },
    }, t('account-logout'));
    const status = h('p.error', { role: 'alert' });
    const head = h('section.panel', {},
      h('p#account-who', {}, `${t('account-logged-in-as')} `, h('strong', { translate: 'no' }, me.username),
        me.role === 'admin' ? ` ${t('account-role-admin')}` : '', ` · ${t('account-shown-as', { name: me.name })}`),
      logout, status);

    const [cl, cur] = field('current-password', t('account-current-password'), { type: 'password', autocomplete: 'current-password', required: true });
    const [nl, next] = field('new-password', t('account-new-password'), { type: 'password', autocomplete: 'new-password', required: true, minlength: 8, maxlength: 128 });
    const [rl, again] = field('new-password-again', t('account-new-password-again'), { type: 'password', autocomplete: 'new-password', required: true });
    const change = form('password', t('account-password-title'), [
      cl, cur, nl, next, rl, again,
      h('p.help', {}, t('account-password-others')),
    ], t('account-password-submit'), async (msg) => {
      if (next.value !== again.value) throw new Error(t('account-passwords-differ'));
      const r = await api('/api/account/password', { method: 'POST', body: { current: cur.value, new: next.value } });
      cur.value = '';
      next.value = '';
      again.value = '';
      msg.className = 'notice';
      msg.textContent = t('account-password-changed', { count: r.sessions_ended || 0 });
      await loadSessions();
    });

    const sessions = h('div#sessions.table-wrap');
    const sessionMsg = h('p.error', { role: 'alert' });
    async function loadSessions() {
      try {
        const r = await api('/api/account/sessions');
        if (!alive) return;
        const rows = r.sessions.map((s) => h('tr', { dataset: { session: s.id } },
          h('td', {}, device(s.user_agent), s.current ? h('strong.this-device', {}, ` ${t('account-this-device')}`) : null,
            h('small', { translate: 'no' }, s.address)),
          // Written by Intl in the reader's language, not from the bundle.
          h('td', { translate: 'no' }, when(s.created_at)),
          h('td', {}, s.current ? null : h('button.revoke', {
            type: 'button',
            onclick: async () => {
              try {
                await api(`/api/account/sessions/${encodeURIComponent(s.id)}`, { method: 'DELETE' });
                await loadSessions();
              } catch (e) {
                sessionMsg.textContent = e.message;
              }
            },
          }, t('account-revoke')))));
        sessions.replaceChildren(h('table', {},
          h('thead', {}, h('tr', {}, h('th', {}, t('account-devices-device')), h('th', {}, t('account-devices-since')), h('th', {}, ''))),
          h('tbody', {}, rows)));
      } catch (e) {
        sessionMsg.textContent = e.message;
      }
    }
    const devices = h('section.panel', {}, h('h2', {}, t('account-devices-title')),
      h('p.help', {}, t('account-devices-help')),
      sessions, sessionMsg);
    body.replaceChildren(head, h('div.account-grid', {}, h('section.panel', {}, change), devices, languagePanel(me), waitingPanel()));
    loadSessions();
  }

  render();
  return {
    destroy() {
      alive = false;
    },
  };
}
