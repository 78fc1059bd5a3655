// The router: one page, views swapped by path with history.pushState.

import { getMe, setName, h } from './http.js';
import { lobbyView } from './views/lobby.js';
import { roomView } from './views/room.js';
import { historyView } from './views/history.js';
import { replayView } from './views/replay.js';
import { joinView } from './views/join.js';

const routes = [
  [/^\/$/, lobbyView],
  [/^\/room\/([\w-]+)$/, roomView],
  [/^\/history$/, historyView],
  [/^\/history\/([\w-]+)$/, replayView],
  [/^\/join\/(\w+)$/, joinView],
];

let current = null;

export function navigate(path, replace = false) {
  if (replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  route();
}

function route() {
  if (current?.destroy) current.destroy();
  current = null;
  const main = document.getElementById('main');
  main.replaceChildren();
  banner(null);
  const path = location.pathname;
  for (const [re, view] of routes) {
    const m = re.exec(path);
    if (m) {
      current = view(main, ...m.slice(1)) || null;
      return;
    }
  }
  main.append(h('h1', {}, 'Page not found'), h('p', {}, h('a', { href: '/', dataset: { link: '' } }, 'Back to the lobby')));
}

/** Shows (or hides, with null) the banner under the header. */
export function banner(text, kind = 'info') {
  const b = document.getElementById('banner');
  if (!b) return;
  if (!text) {
    b.hidden = true;
    b.textContent = '';
    return;
  }
  b.className = `banner ${kind}`;
  b.textContent = text;
  b.hidden = false;
}

async function showMe() {
  const span = document.getElementById('me');
  try {
    const me = await getMe();
    const name = h('button.link', {
      type: 'button',
      title: 'Change your name',
      'aria-label': `Your name: ${me.name}. Change it`,
      onclick: () => editName(span, me.name),
    }, me.name);
    span.replaceChildren(name);
  } catch {
    span.textContent = '';
  }
}

function editName(span, old) {
  const input = h('input', { value: old, maxlength: 32, 'aria-label': 'Your name', name: 'name' });
  const msg = h('span.error');
  const form = h('form.name-form', {
    onsubmit: async (e) => {
      e.preventDefault();
      try {
        await setName(input.value.trim());
        await showMe();
      } catch (err) {
        msg.textContent = err.message;
      }
    },
  }, input, h('button', { type: 'submit' }, 'Save'), msg);
  span.replaceChildren(form);
  input.focus();
  input.select();
}

document.addEventListener('click', (e) => {
  const a = e.target.closest('a[data-link]');
  if (!a || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
  e.preventDefault();
  navigate(a.getAttribute('href'));
});
window.addEventListener('popstate', route);
window.addEventListener('checkerhall:me', showMe);

showMe();
route();
