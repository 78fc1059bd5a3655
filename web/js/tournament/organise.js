// The organiser's box on the tournament page: before the start, its creator or an admin
// starts it early, enters bots, changes its name, start, rounds and cap, or cancels it.

import { api, h } from '../http.js';
import { navigate } from '../router.js';
import { mayOrganise } from './show.js';

/** A datetime-local value (the reader's time zone) for `ms`. */
function localValue(ms) {
  const d = new Date(ms);
  const two = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

/**
 * The organiser's box of tournament `id` (`el`); `show(t)` takes the tournament the server
 * answers a change with.
 */
export function createOrganise({ id, show }) {
  const el = h('section.panel.organise', { id: 't-organise', hidden: true, 'aria-labelledby': 'h-organise' });
  const msg = h('p.msg', { role: 'status', id: 't-organise-msg' });
  const level = h('select', { id: 't-bot-level', 'aria-label': 'Computer level' },
    [1, 2, 3, 4, 5].map((n) => h('option', { value: String(n), selected: n === 3 }, `Level ${n}`)));
  const count = h('input', { id: 't-bot-count', type: 'number', min: 1, max: 16, value: 1, 'aria-label': 'How many' });
  const name = h('input', { id: 't-edit-name', maxlength: 64, autocomplete: 'off' });
  const start = h('input', { id: 't-edit-start', type: 'datetime-local' });
  const rounds = h('input', { id: 't-edit-rounds', type: 'number', min: 1, max: 30 });
  const roundsBox = h('div.opt', {}, h('label', { for: 't-edit-rounds' }, 'Rounds'), rounds);
  const cap = h('input', { id: 't-edit-max', type: 'number', min: 2, max: 1000, placeholder: 'no limit' });
  let current = null;

  async function send(path, body, method = 'POST') {
    msg.textContent = '';
    msg.className = 'msg';
    try {
      const r = await api(`/api/tournaments/${id}${path}`, { method, body });
      if (r && r.id === id) show(r);
      return r;
    } catch (e) {
      msg.textContent = e.message;
      msg.className = 'msg error';
      return null;
    }
  }

  const startNow = () => send('/start', {});
  const addBots = () => send('/bots', { bots: Array.from({ length: Math.max(1, Math.min(16, Number(count.value) || 1)) }, () => ({ kind: 'engine', level: Number(level.value) })) });
  async function cancel() {
    if (!window.confirm('Cancel this tournament? Its registrations are removed.')) return;
    if (await send('/cancel', {})) navigate('/tournaments');
  }
  async function save(e) {
    e.preventDefault();
    const body = { name: name.value.trim(), starts_at: new Date(start.value).getTime(), max_players: cap.value ? Number(cap.value) : null };
    const f = current?.format;
    if (f && (f.kind === 'swiss' || f.kind === 'neva_tables')) body.format = { ...f, rounds: Number(rounds.value) };
    const r = await send('', body, 'PATCH');
    if (r) {
      msg.textContent = 'Saved.';
      form.closest('details')?.removeAttribute('open');
    }
  }
  const form = h('form.create.tournament-form', { id: 't-edit', onsubmit: save },
    h('div.opt', {}, h('label', { for: 't-edit-name' }, 'Name'), name),
    h('div.opt', {}, h('label', { for: 't-edit-start' }, 'Starts'), start),
    roundsBox,
    h('div.opt', {}, h('label', { for: 't-edit-max' }, 'Most players'), cap),
    h('button.primary', { type: 'submit', id: 't-edit-save' }, 'Save changes'));

  el.append(
    h('h2', { id: 'h-organise' }, 'Organise'),
    h('p.help', {}, 'You run this tournament: until it starts you can change it, add computer players, start it early or cancel it.'),
    h('div.organise-buttons', {},
      h('button.primary', { type: 'button', id: 't-start-now', onclick: startNow }, 'Start now'),
      ' ',
      h('button', { type: 'button', id: 't-cancel', onclick: cancel }, 'Cancel tournament')),
    h('div.opt.organise-bots', {}, h('span', {}, 'Computer players '), level, ' × ', count, ' ',
      h('button', { type: 'button', id: 't-add-bots', onclick: addBots }, 'Add')),
    h('details.more', { id: 't-edit-box' }, h('summary', {}, h('span.more-title', {}, 'Change the tournament')), form),
    msg);

  return {
    el,
    render(t, me) {
      current = t;
      el.hidden = !mayOrganise(t, me);
      if (el.hidden) return;
      // The form keeps what is being typed; it follows the tournament while closed.
      if (!form.closest('details')?.open) {
        name.value = t.name;
        start.value = localValue(t.starts_at);
        rounds.value = t.format?.rounds ?? '';
        cap.value = t.max_players ?? '';
      }
      roundsBox.hidden = !(t.format?.kind === 'swiss' || t.format?.kind === 'neva_tables');
    },
  };
}
