// /tournaments: every tournament, upcoming, under way and finished; who may create one on
// this server, and the form that creates one for those who may.

import { api, getMe, h } from '../http.js';
import { navigate } from '../router.js';
import { checkCreate, formatRules, splitTournaments } from '../tourney.js';
import { creatorsText, mayCreate } from '../tournament/show.js';
import { eventItem } from '../widgets/eventlist.js';

export function tournamentsView(main) {
  const lists = h('div.events-lists', { id: 'tournament-lists', 'aria-live': 'polite' }, h('p', {}, 'Loading…'));
  const createBox = h('div', { id: 'create-box' });
  const who = h('p.help', { id: 'creators' });
  main.append(h('h1', {}, 'Tournaments'),
    h('p.help', {}, 'Register for a tournament before it starts. While its page is open, each game the pairing gives you opens by itself, and the standings follow every result.'),
    who, createBox, lists);

  (async () => {
    let r;
    try {
      r = await api('/api/tournaments');
    } catch (e) {
      lists.replaceChildren(h('p.error', {}, `The tournaments did not load: ${e.message}`));
      return;
    }
    const groups = splitTournaments(r);
    const none = !groups.upcoming.length && !groups.running.length && !groups.finished.length;
    if (none) lists.replaceChildren(h('p.empty', { id: 'no-tournaments' }, 'There are no tournaments yet: none planned, none under way and none played.'));
    else {
      lists.replaceChildren(
        group('Open for registration', 'upcoming', groups.upcoming, 'Nothing planned yet.'),
        group('Under way', 'running', groups.running, 'None right now.'),
        group('Finished', 'finished', groups.finished, 'None yet.'));
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
  const game = h('select', { id: 't-game', name: 'game' },
    [['stockholm', 'Stockholm'], ['brazilian', 'Brazilian'], ['giveandtake', 'Give and Take'], ['queah', 'Queah'], ['neva', 'Neva'], ['neva-teams', 'Neva, teams of two']]
      .map(([v, t]) => h('option', { value: v }, t)));
  const format = h('select', { id: 't-format', name: 'format' });
  const rounds = h('input', { id: 't-rounds', type: 'number', min: 1, max: 30, value: 5 });
  const minutes = h('input', { id: 't-minutes', type: 'number', min: 10, max: 600, value: 60 });
  const roundsBox = h('label.inline', {}, 'Rounds ', rounds);
  const minutesBox = h('label.inline', {}, 'Minutes ', minutes);
  const tcKind = h('select', { id: 't-tc', 'aria-label': 'Clock' },
    h('option', { value: 'fischer' }, 'Minutes + increment'),
    h('option', { value: 'per_move' }, 'Seconds per move'));
  const base = h('input', { id: 't-base', type: 'number', min: 1, max: 180, value: 5, 'aria-label': 'Minutes each' });
  const inc = h('input', { id: 't-inc', type: 'number', min: 0, max: 60, value: 3, 'aria-label': 'Increment in seconds' });
  const perMove = h('input', { id: 't-permove', type: 'number', min: 5, max: 600, value: 30, 'aria-label': 'Seconds per move' });
  const fischerBox = h('span', {}, base, ' min + ', inc, ' s');
  const perMoveBox = h('span', {}, perMove, ' s');
  const rated = h('input', { id: 't-rated', type: 'checkbox', checked: true });
  const startsAt = h('input', { id: 't-start', type: 'datetime-local', value: localValue(Date.now() + 30 * 60000), required: true });
  const noShow = h('input', { id: 't-noshow', type: 'number', min: 10, max: 3600, value: 120 });
  const maxPlayers = h('input', { id: 't-max', type: 'number', min: 2, max: 1000, placeholder: 'no limit' });
  const about = h('div.help', { id: 't-about' });
  const msg = h('p.msg', { role: 'status' });

  function formatChoices() {
    const neva = game.value.startsWith('neva');
    const old = format.value;
    const choices = neva
      ? [['neva_tables', 'Neva tables']]
      : [['swiss', 'Swiss'], ['round_robin', 'Round robin'], ['arena', 'Arena']];
    format.replaceChildren(...choices.map(([v, t]) => h('option', { value: v, selected: v === old }, t)));
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
    about.replaceChildren(...formatRules(currentFormat()).map((t) => h('p', {}, t)));
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
        const t = await api('/api/tournaments', { method: 'POST', body });
        navigate(`/tournament/${t.id}`);
      } catch (err) {
        msg.textContent = err.message;
        msg.className = 'msg error';
      }
    },
  },
  h('div.opt', {}, h('label', { for: 't-name' }, 'Name'), name),
  h('div.opt', {}, h('label', { for: 't-game' }, 'Game'), game),
  h('div.opt', {}, h('label', { for: 't-format' }, 'Format'), format, ' ', roundsBox, minutesBox),
  about,
  h('div.opt', {}, h('label', { for: 't-tc' }, 'Clock'), tcKind, ' ', fischerBox, perMoveBox),
  h('div.opt', {}, h('label', { for: 't-start' }, 'Starts'), startsAt),
  h('div.opt', {}, h('label', { for: 't-noshow' }, 'No-show after'), noShow, ' s',
    h('p.help', {}, 'A player who has not made a first move this long after their first turn comes loses that game by forfeit.')),
  h('div.opt', {}, h('label', { for: 't-max' }, 'Most players'), maxPlayers),
  h('div.opt.check', {}, rated, h('label', { for: 't-rated' }, 'Rated (games change ratings)')),
  h('button.primary', { type: 'submit', id: 't-create' }, 'Create tournament'),
  msg);

  return h('details.panel.more', { id: 'new-tournament' },
    h('summary', {}, h('span.more-title', {}, 'Create a tournament')),
    form);
}
