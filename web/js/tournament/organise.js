// The organiser's box on the tournament page: before the start, its creator or an admin
// starts it early, enters bots, changes its name, start, rounds and cap, or cancels it.

import { api, h } from '../http.js';
import { t } from '../i18n.js';
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
  const level = h('select', { id: 't-bot-level', 'aria-label': t('tournaments-bot-level-label') },
    [1, 2, 3, 4, 5].map((n) => h('option', { value: String(n), selected: n === 3 }, t('tournaments-bot-level', { level: n }))));
  const count = h('input', { id: 't-bot-count', type: 'number', min: 1, max: 16, value: 1, 'aria-label': t('tournaments-bot-count') });
  const name = h('input', { id: 't-edit-name', maxlength: 64, autocomplete: 'off' });
  const start = h('input', { id: 't-edit-start', type: 'datetime-local' });
  const rounds = h('input', { id: 't-edit-rounds', type: 'number', min: 1, max: 30 });
  const roundsBox = h('div.opt', {}, h('label', { for: 't-edit-rounds' }, t('tournaments-field-rounds')), rounds);
  const cap = h('input', { id: 't-edit-max', type: 'number', min: 2, max: 1000, placeholder: t('tournaments-no-limit') });
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
    if (!window.confirm(t('tournaments-cancel-confirm'))) return;
    if (await send('/cancel', {})) navigate('/tournaments');
  }
  async function save(e) {
    e.preventDefault();
    const body = { name: name.value.trim(), starts_at: new Date(start.value).getTime(), max_players: cap.value ? Number(cap.value) : null };
    const f = current?.format;
    if (f && (f.kind === 'swiss' || f.kind === 'neva_tables')) body.format = { ...f, rounds: Number(rounds.value) };
    const r = await send('', body, 'PATCH');
    if (r) {
      msg.textContent = t('tournaments-saved');
      form.closest('details')?.removeAttribute('open');
    }
  }
  const form = h('form.create.tournament-form', { id: 't-edit', onsubmit: save },
    h('div.opt', {}, h('label', { for: 't-edit-name' }, t('tournaments-field-name')), name),
    h('div.opt', {}, h('label', { for: 't-edit-start' }, t('tournaments-field-starts')), start),
    roundsBox,
    h('div.opt', {}, h('label', { for: 't-edit-max' }, t('tournaments-field-max')), cap),
    h('button.primary', { type: 'submit', id: 't-edit-save' }, t('tournaments-save')));

  el.append(
    h('h2', { id: 'h-organise' }, t('tournaments-organise')),
    h('p.help', {}, t('tournaments-organise-help')),
    h('div.organise-buttons', {},
      h('button.primary', { type: 'button', id: 't-start-now', onclick: startNow }, t('tournaments-start-now')),
      ' ',
      h('button', { type: 'button', id: 't-cancel', onclick: cancel }, t('tournaments-cancel'))),
    h('div.opt.organise-bots', {}, h('span', {}, `${t('tournaments-bots')} `), level, ' × ', count, ' ',
      h('button', { type: 'button', id: 't-add-bots', onclick: addBots }, t('tournaments-add-bots'))),
    h('details.more', { id: 't-edit-box' }, h('summary', {}, h('span.more-title', {}, t('tournaments-change'))), form),
    msg);

  return {
    el,
    render(event, me) {
      current = event;
      el.hidden = !mayOrganise(event, me);
      if (el.hidden) return;
      // The form keeps what is being typed; it follows the tournament while closed.
      if (!form.closest('details')?.open) {
        name.value = event.name;
        start.value = localValue(event.starts_at);
        rounds.value = event.format?.rounds ?? '';
        cap.value = event.max_players ?? '';
      }
      roundsBox.hidden = !(event.format?.kind === 'swiss' || event.format?.kind === 'neva_tables');
    },
  };
}
