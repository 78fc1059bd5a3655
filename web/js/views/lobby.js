// /: play at once (the computer, or the first person who wants the same game), quick pairing
// in pools (web/js/pools.js), the live list of public rooms in words, joining by code, and the full creation form folded under "More
// options" (built when it is opened: a first visit does not fetch the game catalogue).

import { api, getMe, getGames, setName, h } from '../http.js';
import { navigate } from '../router.js';
import { roomPath } from '../room/link.js';
import { SEATS, seatName, GAME_NAME } from '../seats.js';
import { describe, personName, waitingWords, optionWords, SHORT_NAME } from '../describe.js';
import { poolsPanel } from '../pools.js';
import { t } from '../i18n.js';

const NEVA_SEATS = {
  4: 'white,red,green,black',
  3: 'white,red,green',
  2: 'white,green',
};

/** The four games in the order the front page offers them, with one line each. */
const GAMES = [
  ['neva', 'lobby-blurb-neva'],
  ['queah', 'lobby-blurb-queah'],
  ['giveandtake', 'lobby-blurb-giveandtake'],
  ['stockholm', 'lobby-blurb-stockholm'],
];

/** The computer's strength, kept between visits. */
const LEVEL_KEY = 'checkerhall.level';
const LEVELS = [1, 2, 3, 4, 5];
const DEFAULT_LEVEL = 2;

export function savedLevel() {
  let v = null;
  try {
    v = Number(localStorage.getItem(LEVEL_KEY));
  } catch {
    v = null;
  }
  return LEVELS.includes(v) ? v : DEFAULT_LEVEL;
}

function saveLevel(n) {
  try {
    localStorage.setItem(LEVEL_KEY, String(n));
  } catch {
    // Private windows may refuse storage: the choice then lasts for this page only.
  }
}

export function lobbyView(main) {
  const list = h('div.room-list', { id: 'room-list', 'aria-live': 'polite' }, h('p', {}, t('lobby-loading-rooms')));
  const more = h('details.more.panel', { id: 'more-options' },
    h('summary', {}, h('span.more-title', {}, t('lobby-more-options')), h('span.help', {}, ` ${t('lobby-more-options-help')}`)));
  const pools = poolsPanel((room) => navigate(roomPath(room)));
  main.append(
    h('div.lobby', {},
      quickPlay(),
      pools.el,
      h('section.panel.rooms-panel', { 'aria-labelledby': 'h-rooms' }, h('h2', { id: 'h-rooms' }, t('lobby-open-rooms')), list, joinByCode()),
      eventsBox(),
      more));

  // The form is built the first time it is opened.
  let built = false;
  more.addEventListener('toggle', () => {
    if (!more.open || built) return;
    built = true;
    const nameBox = h('div.name-box');
    const form = h('form.create', { id: 'create-room', 'aria-label': t('lobby-create-a-room') }, h('p', {}, t('lobby-loading-games')));
    more.append(nameBox, form);
    nameForm(nameBox);
    buildCreateForm(form);
  });

  // The live list: a snapshot, then one event per created, changed or closed room.
  const rooms = new Map();
  const es = new EventSource('/api/rooms/live');
  es.addEventListener('snapshot', (e) => {
    rooms.clear();
    for (const r of JSON.parse(e.data).rooms || []) rooms.set(r.id, r);
    renderList(list, rooms);
  });
  es.addEventListener('room', (e) => {
    const r = JSON.parse(e.data);
    rooms.set(r.id, r);
    renderList(list, rooms);
  });
  es.addEventListener('gone', (e) => {
    rooms.delete(JSON.parse(e.data).id);
    renderList(list, rooms);
  });

  return {
    destroy: () => {
      es.close();
      pools.destroy();
    },
  };
}

/** One click to a game: the computer at the chosen level, or the first person who wants it. */
function quickPlay() {
  const msg = h('p.msg', { id: 'quick-msg', role: 'status' });
  let level = savedLevel();
  const levelButtons = LEVELS.map((n) => h('button.seg', {
    type: 'button',
    dataset: { level: String(n) },
    'aria-pressed': String(n === level),
    title: n === 1 ? t('lobby-level-easiest') : n === 5 ? t('lobby-level-strongest') : t('lobby-level-n', { level: n }),
    onclick: () => {
      level = n;
      saveLevel(n);
      for (const b of levelButtons) b.setAttribute('aria-pressed', String(Number(b.dataset.level) === n));
    },
  }, String(n)));
  const levelBox = h('div.level', { role: 'group', 'aria-labelledby': 'level-label', id: 'level' },
    h('span#level-label', {}, t('lobby-level')), h('span.segments', {}, levelButtons), h('span.help', {}, t('lobby-level-help')));

  async function go(button, path, body) {
    msg.textContent = '';
    msg.className = 'msg';
    const buttons = button.closest('.quick').querySelectorAll('.game-card button');
    for (const b of buttons) b.disabled = true;
    const old = button.textContent;
    button.textContent = t('lobby-starting');
    try {
      await getMe();
      const r = await api(path, { method: 'POST', body });
      navigate(roomPath(r.id));
    } catch (err) {
      msg.textContent = quickError(err);
      msg.className = 'msg error';
      button.textContent = old;
      for (const b of buttons) b.disabled = false;
    }
  }

  const cards = GAMES.map(([key, line]) => h('li.game-card', { dataset: { game: key } },
    h('div.game-head', {},
      h('h2', {}, SHORT_NAME[key]),
      h('a.rules-link', { href: `/rules/${key}`, dataset: { link: '', rules: key } }, t('lobby-rules'))),
    h('p.blurb', {}, t(line)),
    h('div.game-buttons', {},
      h('button.primary', {
        type: 'button',
        dataset: { quickComputer: key },
        onclick: (e) => go(e.currentTarget, '/api/quick/computer', { game: key, level }),
      }, t('lobby-play-computer')),
      h('button', {
        type: 'button',
        dataset: { quickSeek: key },
        onclick: (e) => go(e.currentTarget, '/api/quick/seek', { game: key }),
      }, t('lobby-find-opponent')))));

  return h('section.quick.panel', { 'aria-labelledby': 'h-play' },
    h('div.quick-head', {}, h('h1', { id: 'h-play' }, t('lobby-play-now')), levelBox),
    h('ul.games', {}, cards),
    msg);
}

/** A refusal of a quick game in words a player acts on. */
function quickError(err) {
  if (err.code === 'too_many') return t('lobby-quick-too-many');
  if (err.code === 'overloaded' || err.code === 'unavailable') return t('lobby-quick-busy');
  if (err.code === 'room_rate_limited') return t('lobby-quick-rate-limited');
  if (err.status === 404) return t('lobby-quick-none');
  return err.message;
}

function nameForm(box) {
  const input = h('input', { id: 'name-input', name: 'name', maxlength: 32, autocomplete: 'nickname' });
  const msg = h('span.msg', { role: 'status' });
  getMe().then((me) => (input.value = me.name)).catch(() => {});
  box.append(h('form.name-form', {
    id: 'name-form',
    onsubmit: async (e) => {
      e.preventDefault();
      try {
        await setName(input.value.trim());
        msg.textContent = t('lobby-name-saved');
        window.dispatchEvent(new Event('checkerhall:me'));
      } catch (err) {
        msg.textContent = err.message;
      }
    },
  }, h('label', { for: 'name-input' }, t('shell-name-input')), input, h('button', { type: 'submit' }, t('shell-name-save')), msg));
}

function joinByCode() {
  const input = h('input', { id: 'code-input', name: 'code', maxlength: 16, autocomplete: 'off' });
  return h('form.join-code', {
    onsubmit: (e) => {
      e.preventDefault();
      const code = input.value.trim().toUpperCase();
      if (code) navigate(`/join/${encodeURIComponent(code)}`);
    },
  }, h('label', { for: 'code-input' }, t('lobby-invite-code')), input, h('button', { type: 'submit', id: 'code-join' }, t('lobby-join')));
}

function renderList(list, rooms) {
  const rows = [...rooms.values()]
    .filter((r) => r.public !== false && (r.state === 'waiting' || r.state === 'playing'))
    // Waiting rooms first (those can be joined), oldest first among them: the first to
    // wait is the first to be answered, as "Find an opponent" does.
    .sort((a, b) => (a.state === b.state ? (a.state === 'waiting' ? a.created_at - b.created_at : b.created_at - a.created_at) : a.state === 'waiting' ? -1 : 1));
  if (!rows.length) {
    list.replaceChildren(h('p.empty', {}, t('lobby-no-rooms')));
    return;
  }
  list.replaceChildren(h('ul.rooms', {}, rows.map(roomRow)));
}

function roomRow(r) {
  const seated = (r.seats || []).filter((s) => s.name).map((s) => `${personName(s.name)} (${seatName(s.seat)})`);
  const who = r.state === 'waiting'
    ? waitingWords(r.seats)
    : t('lobby-playing', { players: seated.join(', ') });
  const action = r.state === 'waiting'
    ? h('button.primary', {
      type: 'button',
      dataset: { join: r.id },
      'aria-label': t('lobby-join-room', { room: describe(r) }),
      onclick: () => navigate(roomPath(r.id, { join: true })),
    }, t('lobby-join'))
    : h('button', { type: 'button', dataset: { watch: r.id }, 'aria-label': t('lobby-watch-room', { room: describe(r) }), onclick: () => navigate(`/room/${r.id}`) }, t('lobby-watch'));
  return h('li.room-row', { dataset: { room: r.id, state: r.state } },
    h('div.room-what', {},
      h('strong.room-desc', {}, describe(r)),
      h('span.room-who', {}, who),
      r.auto_start ? h('span.room-auto', {}, t('lobby-starts-when-full')) : null),
    action);
}

// The creation form's words for each rule option of the catalogue (`GET /api/games`, whose
// own words are English): its name, and what it does in each game.
const OPTION_LABEL = {
  seats: 'lobby-opt-seats',
  teams: 'lobby-opt-teams',
  blocked: 'lobby-opt-blocked',
  departed: 'lobby-opt-departed',
  repetition: 'lobby-opt-repetition',
  no_progress: 'lobby-opt-no-progress',
  deferred_backward_capture: 'lobby-opt-deferred-backward-capture',
  max_capture: 'lobby-opt-max-capture',
  king_halt: 'lobby-opt-king-halt',
  o_edge_ring: 'lobby-opt-edge-ring',
  o_edge_centre: 'lobby-opt-edge-centre',
  o_centre: 'lobby-opt-centre',
  capture_mandatory: 'lobby-opt-capture-mandatory',
  drop_timing: 'lobby-opt-drop-timing',
  dropped_piece_may_move: 'lobby-opt-dropped-piece-may-move',
  no_reverse_move: 'lobby-opt-no-reverse-move',
  hot_trigger: 'lobby-opt-hot-trigger',
  hot_capture: 'lobby-opt-hot-capture',
  lone_man: 'lobby-opt-lone-man',
  removal: 'lobby-opt-removal',
  king_reversal: 'lobby-opt-king-reversal',
  king_landing: 'lobby-opt-king-landing',
};

const OPTION_HELP = {
  neva: {
    seats: 'lobby-help-neva-seats',
    teams: 'lobby-help-neva-teams',
    blocked: 'lobby-help-neva-blocked',
    departed: 'lobby-help-neva-departed',
    repetition: 'lobby-help-repetition-draw',
    no_progress: 'lobby-help-neva-no-progress',
  },
  queah: {
    o_edge_ring: 'lobby-help-queah-edge-ring',
    o_edge_centre: 'lobby-help-queah-edge-centre',
    o_centre: 'lobby-help-queah-centre',
    capture_mandatory: 'lobby-help-queah-capture-mandatory',
    drop_timing: 'lobby-help-queah-drop-timing',
    dropped_piece_may_move: 'lobby-help-queah-dropped-piece-may-move',
    no_reverse_move: 'lobby-help-queah-no-reverse-move',
    repetition: 'lobby-help-queah-repetition',
    no_progress: 'lobby-help-queah-no-progress',
  },
  stockholm: {
    deferred_backward_capture: 'lobby-help-stockholm-deferred',
    max_capture: 'lobby-help-stockholm-max-capture',
    king_halt: 'lobby-help-stockholm-king-halt',
    repetition: 'lobby-help-repetition-draw',
    no_progress: 'lobby-help-stockholm-no-progress',
  },
  giveandtake: {
    repetition: 'lobby-help-repetition-draw',
    no_progress: 'lobby-help-giveandtake-no-progress',
    hot_trigger: 'lobby-help-giveandtake-hot-trigger',
    hot_capture: 'lobby-help-giveandtake-hot-capture',
    lone_man: 'lobby-help-giveandtake-lone-man',
    removal: 'lobby-help-giveandtake-removal',
    king_reversal: 'lobby-help-giveandtake-king-reversal',
    king_landing: 'lobby-help-giveandtake-king-landing',
  },
};

/** An option's name; one the client does not know yet reads as its key in plain letters. */
function optionLabel(key) {
  return OPTION_LABEL[key] ? t(OPTION_LABEL[key]) : key.replace(/_/g, ' ');
}

/** What an option does in `game`; else the catalogue's own sentence. */
function optionHelp(game, option) {
  const key = OPTION_HELP[game]?.[option.key];
  return key ? t(key) : option.help;
}

/** A game's line above its options: the front page's own line for it. */
function gameHelp(g) {
  const line = GAMES.find(([key]) => key === g.key)?.[1];
  return line ? t(line) : g.description || '';
}

async function buildCreateForm(form) {
  let games;
  try {
    games = await getGames();
  } catch (e) {
    form.replaceChildren(h('p.error', {}, t('lobby-games-failed', { error: e.message })));
    return;
  }
  const game = h('select', { id: 'game', name: 'game' }, games.map((g) => h('option', { value: g.key }, GAME_NAME[g.key] || g.name)));
  const optBox = h('fieldset.options', {}, h('legend', {}, t('lobby-rules')));
  const seatBox = h('fieldset.seat-choice', {}, h('legend', {}, t('lobby-seats')));
  const tcKind = h('select', { id: 'tc-kind', name: 'tc' },
    h('option', { value: 'none' }, t('lobby-tc-none')),
    h('option', { value: 'fischer' }, t('lobby-tc-fischer')),
    h('option', { value: 'per_move' }, t('lobby-tc-per-move')),
    h('option', { value: 'correspondence' }, t('lobby-tc-correspondence')));
  const minutes = h('input', { id: 'tc-minutes', type: 'number', min: 1, max: 180, value: 5, 'aria-label': t('lobby-tc-minutes') });
  const inc = h('input', { id: 'tc-increment', type: 'number', min: 0, max: 60, value: 3, 'aria-label': t('lobby-tc-increment') });
  const perMove = h('input', { id: 'tc-seconds', type: 'number', min: 5, max: 600, value: 30, 'aria-label': t('lobby-tc-per-move') });
  const fischerBox = h('span.tc-fischer', {}, minutes, ` ${t('lobby-tc-min')} + `, inc, ` ${t('lobby-tc-s')}`);
  const perMoveBox = h('span.tc-permove', {}, perMove, ` ${t('lobby-tc-s')}`);
  const days = h('select', { id: 'tc-days', name: 'days', 'aria-label': t('lobby-tc-days') },
    [1, 2, 3, 5, 7, 10, 14].map((d) => h('option', { value: d, selected: d === 3 }, t('common-days', { count: d }))));
  const daysBox = h('span.tc-days', {}, days, ` ${t('lobby-tc-a-move')}`);
  const daysHelp = h('p.help', { id: 'tc-days-help' }, t('lobby-tc-days-help'));
  const tcShow = () => {
    fischerBox.hidden = tcKind.value !== 'fischer';
    perMoveBox.hidden = tcKind.value !== 'per_move';
    daysBox.hidden = tcKind.value !== 'correspondence';
    daysHelp.hidden = daysBox.hidden;
  };
  tcKind.addEventListener('change', tcShow);
  tcShow();
  const priv = h('input', { id: 'private', type: 'checkbox', name: 'private' });
  const auto = h('input', { id: 'auto-start', type: 'checkbox', name: 'auto_start', checked: true });
  const rated = ratedChoice(tcKind);
  const msg = h('p.msg', { role: 'status' });
  const inputs = new Map();
  const rulesLink = h('a.rules-link', { id: 'form-rules', dataset: { link: '' } }, t('lobby-rules-of-game'));

  const current = () => games.find((g) => g.key === game.value);

  function layoutSeats() {
    const g = current();
    if (g.key !== 'neva') return ['white', 'black'];
    const v = inputs.get('seats')?.value || g.options.find((o) => o.key === 'seats')?.default || NEVA_SEATS[4];
    return v.split(',').filter((s) => SEATS.includes(s));
  }

  function drawSeats() {
    const seats = layoutSeats();
    seatBox.replaceChildren(h('legend', {}, t('lobby-seats')), ...seats.map((s, i) => {
      const sel = h('select', { id: `seat-${s}`, name: `seat-${s}`, dataset: { seat: s } },
        h('option', { value: 'me', selected: i === 0 }, t('lobby-seat-me')),
        h('option', { value: 'open', selected: i !== 0 }, t('lobby-seat-person')),
        ...[1, 2, 3, 4, 5].map((n) => h('option', { value: `bot:${n}` }, t('lobby-seat-bot', { level: n }))));
      sel.addEventListener('change', () => {
        // Only one seat can be mine.
        if (sel.value === 'me') for (const o of seatBox.querySelectorAll('select')) if (o !== sel && o.value === 'me') o.value = 'open';
      });
      return h('label.seat-pick', {}, h(`span.swatch.${s}`, { 'aria-hidden': 'true' }), `${seatName(s)} `, sel);
    }));
  }

  function drawOptions() {
    const g = current();
    inputs.clear();
    rulesLink.href = `/rules/${g.key}`;
    optBox.replaceChildren(h('legend', {}, t('lobby-rules')), h('p.help', {}, gameHelp(g)), ...g.options.map((o) => {
      const id = `opt-${o.key}`;
      const label = optionLabel(o.key);
      let input;
      if (g.key === 'neva' && o.key === 'seats') {
        input = h('select', { id }, Object.entries(NEVA_SEATS).reverse().map(([n, v]) =>
          h('option', { value: v, selected: v === o.default }, t('common-players', { count: Number(n) }))));
        input.addEventListener('change', drawSeats);
      } else if (o.values === 'true|false') {
        input = h('select', { id }, h('option', { value: 'true', selected: o.default === 'true' }, t('lobby-yes')), h('option', { value: 'false', selected: o.default !== 'true' }, t('lobby-no')));
      } else if (/^[a-z_]+(\|[a-z_]+)+$/.test(o.values)) {
        input = h('select', { id }, o.values.split('|').map((v) => h('option', { value: v, selected: v === o.default }, optionWords(g.key, o.key, v))));
      } else {
        input = h('input', { id, value: o.default, inputmode: /^[\d|-]+$/.test(o.values) ? 'numeric' : null, size: 6 });
      }
      inputs.set(o.key, input);
      // The rules page explains each option in its own paragraph; a new tab keeps the form.
      const about = h('a.opt-rule', {
        href: `/rules/${g.key}#opt-${o.key}`,
        target: '_blank',
        rel: 'noopener',
        dataset: { option: o.key },
        'aria-label': t('lobby-how-it-plays-label', { option: label }),
      }, t('lobby-how-it-plays'));
      return h('div.opt', {},
        h('label', { for: id }, label), input,
        h('p.help', { id: `${id}-help` }, optionHelp(g.key, o), ' ', about));
    }));
    drawSeats();
  }

  game.addEventListener('change', drawOptions);
  drawOptions();

  form.replaceChildren(
    h('div.opt', {}, h('label', { for: 'game' }, t('lobby-game')), game, ' ', rulesLink),
    optBox,
    seatBox,
    h('fieldset', {}, h('legend', {}, t('lobby-clock')), tcKind, ' ', fischerBox, perMoveBox, daysBox, daysHelp),
    rated.el,
    h('div.opt.check', {}, priv, h('label', { for: 'private' }, t('lobby-private'))),
    h('div.opt.check', {}, auto, h('label', { for: 'auto-start' }, t('lobby-auto-start'))),
    h('button.primary', { type: 'submit', id: 'create' }, t('lobby-create')),
    msg);

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const g = current();
    const options = {};
    for (const [k, input] of inputs) {
      const def = g.options.find((o) => o.key === k)?.default;
      if (input.value !== def) options[k] = input.value;
    }
    let time_control = { kind: 'none' };
    if (tcKind.value === 'fischer') {
      time_control = { kind: 'fischer', base_ms: Math.round(Number(minutes.value) * 60000), increment_ms: Math.round(Number(inc.value) * 1000) };
    } else if (tcKind.value === 'per_move') {
      time_control = { kind: 'per_move', limit_ms: Math.round(Number(perMove.value) * 1000) };
    } else if (tcKind.value === 'correspondence') {
      time_control = { kind: 'correspondence', days: Number(days.value) };
    }
    const choice = [...seatBox.querySelectorAll('select')].map((s) => [s.dataset.seat, s.value]);
    const mine = choice.find(([, v]) => v === 'me')?.[0] || null;
    // Bots are seated by the host once the room exists: [seat, level] pairs.
    const bots = choice.filter(([, v]) => v.startsWith('bot:')).map(([s, v]) => [s, Number(v.slice(4))]);
    try {
      await getMe();
      const body = { game: g.key, options, visibility: priv.checked ? 'private' : 'public', time_control };
      if (mine) body.seat = mine;
      body.auto_start = auto.checked;
      if (rated.checked()) body.rated = true;
      const r = await api('/api/rooms', { method: 'POST', body });
      navigate(roomPath(r.id, { code: r.invite_code, bots }));
    } catch (err) {
      msg.textContent = err.message;
      msg.className = 'msg error';
    }
  });
}

/**
 * The tournaments under way or open for registration, once the server has named any: their
 * list module is loaded only then, so a front page without tournaments costs one request.
 */
function eventsBox() {
  const box = h('div.events-box', { id: 'front-events' });
  api('/api/tournaments').then(async (r) => {
    if (!Object.values(r || {}).some((v) => Array.isArray(v) && v.length)) return;
    const { eventsPanel } = await import('../widgets/eventlist.js');
    box.replaceWith(eventsPanel(r));
  }).catch(() => {
    // A server without tournaments, or a busy one: the front page does without the panel.
  });
  return box;
}

/**
 * The "Rated" checkbox of the creation form: only for accounts, and only with a clock (the
 * server refuses anything else); while it cannot be ticked, the line under it says why.
 */
function ratedChoice(tcKind) {
  const box = h('input', { id: 'rated', type: 'checkbox', name: 'rated', disabled: true });
  const why = h('span.help', { id: 'rated-help' });
  let account = false;
  const update = () => {
    const clock = tcKind.value !== 'none';
    box.disabled = !account || !clock;
    if (box.disabled) box.checked = false;
    why.textContent = ` ${t(!account ? 'lobby-rated-accounts-only' : !clock ? 'lobby-rated-needs-clock' : 'lobby-rated-effect')}`;
  };
  tcKind.addEventListener('change', update);
  getMe().then((me) => {
    account = Boolean(me.username);
    update();
  }).catch(() => update());
  update();
  return {
    el: h('div.opt.check', {}, box, h('label', { for: 'rated' }, t('lobby-rated')), why),
    checked: () => box.checked && !box.disabled,
  };
}
