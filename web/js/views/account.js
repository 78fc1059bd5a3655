// /account: a guest claims its identity or logs in; a member changes its password, sees the
// devices logged in to its account (lichess's "security" page, scaled down), chooses how
// games waiting for its move are told (account-mail.js) and logs out.

import { api, getMe, forgetMe, h } from '../http.js';
import { dropParams } from '../router.js';
import { banner } from '../banner.js';
import { when } from '../dates.js';
import { waitingPanel } from './account-mail.js';

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
  if (!agent) return 'Unknown device';
  const browser = [['Edg/', 'Edge'], ['Firefox/', 'Firefox'], ['Chrome/', 'Chrome'], ['Safari/', 'Safari']]
    .find(([k]) => agent.includes(k))?.[1];
  const os = [['Android', 'Android'], ['iPhone', 'iPhone'], ['iPad', 'iPad'], ['Windows', 'Windows'],
    ['Mac OS', 'macOS'], ['Linux', 'Linux']].find(([k]) => agent.includes(k))?.[1];
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || agent.slice(0, 60);
}

/** A date and time in the reader's own words. */
export function accountView(main) {
  let alive = true;
  const body = h('div.account');
  main.append(h('h1', {}, 'Account'), body);

  async function render() {
    let me;
    try {
      me = await getMe();
    } catch (e) {
      body.replaceChildren(h('p.error', { role: 'alert' }, e.code === 'banned'
        ? 'You have been banned from this server.'
        : e.message));
      return;
    }
    if (!alive) return;
    if (me.username) renderMember(me);
    else renderGuest(me);
  }

  function renderGuest(me) {
    const [ul, user] = field('claim-username', 'Username', { autocomplete: 'username', required: true, maxlength: 20 });
    // The name others see: a guest's "Guest-xxxx" is rarely what a member wants to keep.
    const guestName = /^Guest-/.test(me.name);
    const [nml, nameInput] = field('claim-name', 'Name shown to others', {
      maxlength: 32, autocomplete: 'nickname', value: guestName ? '' : me.name, placeholder: guestName ? 'Same as the username' : null,
    });
    const [pl, pass] = field('claim-password', 'Password', { type: 'password', autocomplete: 'new-password', required: true, minlength: 8, maxlength: 128 });
    // An admin's invite link arrives as `/account?invite=CODE` (see app.js).
    const code = new URLSearchParams(location.search).get('invite') || '';
    const [il, inv] = field('claim-invite', 'Invite code', { value: code, autocomplete: 'off' });
    const inviteRow = h('div.invite-row', { hidden: !code }, il, inv);
    const claim = form('claim', 'Keep this identity', [
      h('p.help', {}, `You play as the guest ${me.name}. Choose a username and a password to keep `
        + 'this name and your games, and to log in from other devices.'),
      ul, user, h('p.help', {}, '2 to 20 letters, digits, _ or -.'),
      nml, nameInput, h('p.help', {}, 'Shown at once in your rooms and games; change it any time.'),
      pl, pass, h('p.help', {}, 'At least 8 characters.'),
      inviteRow,
    ], 'Create account', async () => {
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
      // The account keeps the guest's name unless another is asked for; the server tells
      // every room the player sits in, and the header follows below.
      const name = nameInput.value.trim() || (guestName ? req.username : me.name);
      if (name !== me.name) {
        try {
          await api('/api/me', { method: 'PATCH', body: { name } });
        } catch (e) {
          await meChanged();
          await render();
          banner(`Your account is made, but the name was refused: ${e.message}`, 'warn');
          return;
        }
      }
      await meChanged();
      await render();
    });

    const [lul, luser] = field('login-username', 'Username', { autocomplete: 'username', required: true });
    const [lpl, lpass] = field('login-password', 'Password', { type: 'password', autocomplete: 'current-password', required: true });
    const login = form('login', 'Log in', [
      h('p.help', {}, 'Already have an account? Log in to play as it on this device.'),
      lul, luser, lpl, lpass,
    ], 'Log in', async () => {
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
    }, 'Log out');
    const status = h('p.error', { role: 'alert' });
    const head = h('section.panel', {},
      h('p#account-who', {}, 'Logged in as ', h('strong', {}, me.username),
        me.role === 'admin' ? ' (admin)' : '', ` · shown to others as ${me.name}`),
      logout, status);

    const [cl, cur] = field('current-password', 'Current password', { type: 'password', autocomplete: 'current-password', required: true });
    const [nl, next] = field('new-password', 'New password', { type: 'password', autocomplete: 'new-password', required: true, minlength: 8, maxlength: 128 });
    const [rl, again] = field('new-password-again', 'New password again', { type: 'password', autocomplete: 'new-password', required: true });
    const change = form('password', 'Change password', [
      cl, cur, nl, next, rl, again,
      h('p.help', {}, 'Every other device logged in to this account is logged out.'),
    ], 'Change password', async (msg) => {
      if (next.value !== again.value) throw new Error('The two new passwords differ.');
      const r = await api('/api/account/password', { method: 'POST', body: { current: cur.value, new: next.value } });
      cur.value = '';
      next.value = '';
      again.value = '';
      msg.className = 'notice';
      msg.textContent = r.sessions_ended
        ? `Password changed; ${r.sessions_ended} other device${r.sessions_ended === 1 ? '' : 's'} logged out.`
        : 'Password changed.';
      await loadSessions();
    });

    const sessions = h('div#sessions.table-wrap');
    const sessionMsg = h('p.error', { role: 'alert' });
    async function loadSessions() {
      try {
        const r = await api('/api/account/sessions');
        if (!alive) return;
        const rows = r.sessions.map((s) => h('tr', { dataset: { session: s.id } },
          h('td', {}, device(s.user_agent), s.current ? h('strong.this-device', {}, ' (this device)') : null,
            h('small', {}, s.address)),
          h('td', {}, when(s.created_at)),
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
          }, 'Revoke'))));
        sessions.replaceChildren(h('table', {},
          h('thead', {}, h('tr', {}, h('th', {}, 'Device'), h('th', {}, 'Logged in'), h('th', {}, ''))),
          h('tbody', {}, rows)));
      } catch (e) {
        sessionMsg.textContent = e.message;
      }
    }
    const devices = h('section.panel', {}, h('h2', {}, 'Devices'),
      h('p.help', {}, 'Where this account is logged in. Revoke a device you do not recognise.'),
      sessions, sessionMsg);
    body.replaceChildren(head, h('div.account-grid', {}, h('section.panel', {}, change), devices, waitingPanel()));
    loadSessions();
  }

  render();
  return {
    destroy() {
      alive = false;
    },
  };
}
