// /tournaments: every tournament, upcoming, under way and finished; who may create one on
// this server, and the form that creates one for those who may.

import { api, getMe, h } from '../http.js';
import { t } from '../i18n.js';
import { navigate } from '../router.js';
import { POOLS } from '../ratings.js';
import { checkCreate, formatRules, splitTournaments } from '../tourney.js';
import { creatorsText, mayCreate } from '../tournament/show.js';
import { eventItem } from '../widgets/eventlist.js';

export function tournamentsView(main) {
  const lists = h('div.events-lists', { id: 'tournament-lists', 'aria-live': 'polite' }, h('p', {}, t('tournaments-loading')));
  const createBox = h('div', { id: 'create-box' });
  const who = h('p.help', { id: 'creators' });
  main.append(h('h1', {}, t('tournaments-title')),
    h('p.help', {}, t('tournaments-intro')),
    who, createBox, lists);

  (async () => {
    let r;
    try {
      r = await api('/api/tournaments');
    } catch (e) {
      lists.replaceChildren(h('p.error', {}, t('tournaments-list-failed', { error: e.message })));
      return;
    }
    const groups = splitTournaments(r);
    const none = !groups.upcoming.length && !groups.running.length && !groups.finished.length;
    if (none) lists.replaceChildren(h('p.empty', { id: 'no-tournaments' }, t('tournaments-none')));
    else {
      lists.replaceChildren(
        group(t('tournaments-group-upcoming'), 'upcoming', groups.upcoming, t('tournaments-group-upcoming-empty')),
        group(t('tournaments-group-running'), 'running', groups.running, t('tournaments-group-running-empty')),
        group(t('tournaments-group-finished'), 'finished', groups.finished, t('tournaments-group-finished-empty')));
    }
    const me = await getMe().catch(() => null);
    const allowed = mayCreate(r.creators, me);
    who.textContent = creatorsText(r.creators, allowed);
    if (allowed) createBox.append(createForm());
  })();
}

function group(title, key, items, empty) {
  return h('section.panel.events-group', { dataset: { group: key }, 'aria-label': title },
    h('h2', {}, title),
    items.length ? h('ul.events', {}, items.map(eventItem)) : h('p.empty', {}, empty));
}

/** A date-time-local value (the reader's time zone) for `ms`. */
function localValue(ms) {
  const d = new Date(ms);
  const two = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** The create form, folded under its summary. */
function createForm() {
  const name = h('input', { id: 't-name', name: 'name', maxlength: 60, required: true, autocomplete: 'off' });
  // A tournament is rated in one pool: the pools' own names, as the leaderboard shows them.
  const game = h('select', { id: 't-game', name: 'game' },
    POOLS.map((p) => h('option', { value: p.key }, p.name)));
  const format = h('select', { id: 't-format', name: 'format' });
  const rounds = h('input', { id: 't-rounds', type: 'number', min: 1, max: 30, value: 5 });
  const minutes = h('input', { id: 't-minutes', type: 'number', min: 10, max: 600, value: 60 });
  const roundsBox = h('label.inline', {}, `${t('tournaments-field-rounds')} `, rounds);
  const minutesBox = h('label.inline', {}, `${t('tournaments-field-minutes')} `, minutes);
  const tcKind = h('select', { id: 't-tc', 'aria-label': t('tournaments-field-clock') },
    h('option', { value: 'fischer' }, t('tournaments-clock-fischer')),
    h('option', { value: 'per_move' }, t('tournaments-clock-per-move')));
  const base = h('input', { id: 't-base', type: 'number', min: 1, max: 180, value: 5, 'aria-label': t('tournaments-clock-base') });
  const inc = h('input', { id: 't-inc', type: 'number', min: 0, max: 60, value: 3, 'aria-label': t('tournaments-clock-increment') });
  const perMove = h('input', { id: 't-permove', type: 'number', min: 5, max: 600, value: 30, 'aria-label': t('tournaments-clock-per-move') });
  const fischerBox = h('span', {}, base, ` ${t('tournaments-unit-min')} + `, inc, ` ${t('tournaments-unit-s')}`);
  const perMoveBox = h('span', {}, perMove, ` ${t('tournaments-unit-s')}`);
  const rated = h('input', { id: 't-rated', type: 'checkbox', checked: true });
  const startsAt = h('input', { id: 't-start', type: 'datetime-local', value: localValue(Date.now() + 30 * 60000), required: true });
  const noShow = h('input', { id: 't-noshow', type: 'number', min: 10, max: 3600, value: 120 });
  const maxPlayers = h('input', { id: 't-max', type: 'number', min: 2, max: 1000, placeholder: t('tournaments-no-limit') });
  const about = h('div.help', { id: 't-about' });
  const msg = h('p.msg', { role: 'status' });

  function formatChoices() {
    const neva = game.value.startsWith('neva');
    const old = format.value;
    const choices = neva
      ? [['neva_tables', 'tournaments-system-neva-tables']]
      : [['swiss', 'tournaments-system-swiss'], ['round_robin', 'tournaments-system-round-robin'], ['arena', 'tournaments-system-arena']];
    format.replaceChildren(...choices.map(([v, key]) => h('option', { value: v, selected: v === old }, t(key))));
    showFormat();
  }
  function currentFormat() {
    switch (format.value) {
      case 'swiss': return { kind: 'swiss', rounds: Number(rounds.value) };
      case 'round_robin': return { kind: 'round_robin' };
      case 'arena': return { kind: 'arena', minutes: Number(minutes.value) };
      default: return { kind: 'neva_tables', rounds: Number(rounds.value), teams: game.value === 'neva-teams' };
    }
  }
  function showFormat() {
    roundsBox.hidden = !(format.value === 'swiss' || format.value === 'neva_tables');
    minutesBox.hidden = format.value !== 'arena';
    about.replaceChildren(...formatRules(currentFormat()).map((p) => h('p', {}, p)));
  }
  const tcShow = () => {
    fischerBox.hidden = tcKind.value !== 'fischer';
    perMoveBox.hidden = tcKind.value !== 'per_move';
  };
  game.addEventListener('change', formatChoices);
  format.addEventListener('change', showFormat);
  minutes.addEventListener('input', showFormat);
  tcKind.addEventListener('change', tcShow);
  formatChoices();
  tcShow();

  const form = h('form.create.tournament-form', {
    id: 'create-tournament',
    onsubmit: async (e) => {
      e.preventDefault();
      msg.className = 'msg';
      msg.textContent = '';
      const f = currentFormat();
      const start = new Date(startsAt.value).getTime();
      const problem = checkCreate({ name: name.value, startsAt: start, now: Date.now() - 60000, format: f });
      if (problem) {
        msg.textContent = problem;
        msg.className = 'msg error';
        return;
      }
      const g = game.value;
      const body = {
        name: name.value.trim(),
        game: g === 'brazilian' ? 'stockholm' : g.startsWith('neva') ? 'neva' : g,
        options: g === 'brazilian' ? { deferred_backward_capture: 'false' } : g === 'neva-teams' ? { teams: 'true' } : {},
        format: f,
        time_control: tcKind.value === 'fischer'
          ? { kind: 'fischer', base_ms: Math.round(Number(base.value) * 60000), increment_ms: Math.round(Number(inc.value) * 1000) }
          : { kind: 'per_move', limit_ms: Math.round(Number(perMove.value) * 1000) },
        rated: rated.checked,
        starts_at: start,
        no_show_secs: Number(noShow.value),
      };
      if (maxPlayers.value) body.max_players = Number(maxPlayers.value);
      try {
        const made = await api('/api/tournaments', { method: 'POST', body });
        navigate(`/tournament/${made.id}`);
      } catch (err) {
        msg.textContent = err.message;
        msg.className = 'msg error';
      }
    },
  },
  h('div.opt', {}, h('label', { for: 't-name' }, t('tournaments-field-name')), name),
  h('div.opt', {}, h('label', { for: 't-game' }, t('tournaments-field-game')), game),
  h('div.opt', {}, h('label', { for: 't-format' }, t('tournaments-field-format')), format, ' ', roundsBox, minutesBox),
  about,
  h('div.opt', {}, h('label', { for: 't-tc' }, t('tournaments-field-clock')), tcKind, ' ', fischerBox, perMoveBox),
  h('div.opt', {}, h('label', { for: 't-start' }, t('tournaments-field-starts')), startsAt),
  h('div.opt', {}, h('label', { for: 't-noshow' }, t('tournaments-field-no-show')), noShow, ` ${t('tournaments-unit-s')}`,
    h('p.help', {}, t('tournaments-field-no-show-help'))),
  h('div.opt', {}, h('label', { for: 't-max' }, t('tournaments-field-max')), maxPlayers),
  h('div.opt.check', {}, rated, h('label', { for: 't-rated' }, t('tournaments-field-rated'))),
  h('button.primary', { type: 'submit', id: 't-create' }, t('tournaments-create-button')),
  msg);

  return h('details.panel.more', { id: 'new-tournament' },
    h('summary', {}, h('span.more-title', {}, t('tournaments-create'))),
    form);
}
