// /: play at once (the computer, or the first person who wants the same game), quick pairing
// in pools (web/js/pools.js), the live list of public rooms in words, joining by code, and the full creation form folded under "More
// options" (built when it is opened: a first visit does not fetch the game catalogue).

import { api, getMe, getGames, setName, h } from '../http.js';
import { navigate } from '../router.js';
import { roomPath } from '../room/link.js';
import { SEATS, seatName } from '../seats.js';
import { describe, personName, waitingWords, SHORT_NAME } from '../describe.js';
import { poolsPanel } from '../pools.js';

const NEVA_SEATS = {
  4: 'white,red,green,black',
  3: 'white,red,green',
  2: 'white,green',
};

/** The four games in the order the front page offers them, with one line each. */
const GAMES = [
  ['neva', 'Two to four players round one board, in turn, alone or in teams.'],
  ['queah', 'A small board of 13 cells; captured pieces come back from the reserve.'],
  ['giveandtake', 'Checkers on all 64 squares, moving straight; the piece that just moved must be taken.'],
  ['stockholm', 'Draughts on 8x8: a man jumps forward first, then may turn back.'],
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
  const list = h('div.room-list', { id: 'room-list', 'aria-live': 'polite' }, h('p', {}, 'Loading rooms…'));
  const more = h('details.more.panel', { id: 'more-options' },
    h('summary', {}, h('span.more-title', {}, 'More options'), h('span.help', {}, ' every rule, seats, bots, clock, private rooms')));
  const pools = poolsPanel((room) => navigate(roomPath(room)));
  main.append(
    h('div.lobby', {},
      quickPlay(),
      pools.el,
      h('section.panel.rooms-panel', { 'aria-labelledby': 'h-rooms' }, h('h2', { id: 'h-rooms' }, 'Open rooms'), list, joinByCode()),
      eventsBox(),
      more));

  // The form is built the first time it is opened.
  let built = false;
  more.addEventListener('toggle', () => {
    if (!more.open || built) return;
    built = true;
    const nameBox = h('div.name-box');
    const form = h('form.create', { id: 'create-room', 'aria-label': 'Create a room' }, h('p', {}, 'Loading the games…'));
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
    title: n === 1 ? 'Easiest' : n === 5 ? 'Strongest' : `Level ${n}`,
    onclick: () => {
      level = n;
      saveLevel(n);
      for (const b of levelButtons) b.setAttribute('aria-pressed', String(Number(b.dataset.level) === n));
    },
  }, String(n)));
  const levelBox = h('div.level', { role: 'group', 'aria-labelledby': 'level-label', id: 'level' },
    h('span#level-label', {}, 'Computer level'), h('span.segments', {}, levelButtons), h('span.help', {}, '1 easiest, 5 strongest'));

  async function go(button, path, body) {
    msg.textContent = '';
    msg.className = 'msg';
    const buttons = button.closest('.quick').querySelectorAll('.game-card button');
    for (const b of buttons) b.disabled = true;
    const old = button.textContent;
    button.textContent = 'Starting…';
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
      h('a.rules-link', { href: `/rules/${key}`, dataset: { link: '', rules: key } }, 'Rules')),
    h('p.blurb', {}, line),
    h('div.game-buttons', {},
      h('button.primary', {
        type: 'button',
        dataset: { quickComputer: key },
        onclick: (e) => go(e.currentTarget, '/api/quick/computer', { game: key, level }),
      }, 'Play the computer'),
      h('button', {
        type: 'button',
        dataset: { quickSeek: key },
        onclick: (e) => go(e.currentTarget, '/api/quick/seek', { game: key }),
      }, 'Find an opponent'))));

  return h('section.quick.panel', { 'aria-labelledby': 'h-play' },
    h('div.quick-head', {}, h('h1', { id: 'h-play' }, 'Play now'), levelBox),
    h('ul.games', {}, cards),
    msg);
}

/** A refusal of a quick game in words a player acts on. */
function quickError(err) {
  if (err.code === 'too_many') return 'You already have as many open rooms as this server allows: finish or leave one first.';
  if (err.code === 'overloaded' || err.code === 'unavailable') return 'The server is busy right now; try again in a moment.';
  if (err.code === 'room_rate_limited') return 'Too many new rooms from here this minute; wait a little.';
  if (err.status === 404) return 'This server does not offer quick games yet; use "More options" below.';
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
        msg.textContent = 'Saved';
        window.dispatchEvent(new Event('checkerhall:me'));
      } catch (err) {
        msg.textContent = err.message;
      }
    },
  }, h('label', { for: 'name-input' }, 'Your name'), input, h('button', { type: 'submit' }, 'Save'), msg));
}

function joinByCode() {
  const input = h('input', { id: 'code-input', name: 'code', maxlength: 16, autocomplete: 'off' });
  return h('form.join-code', {
    onsubmit: (e) => {
      e.preventDefault();
      const code = input.value.trim().toUpperCase();
      if (code) navigate(`/join/${encodeURIComponent(code)}`);
    },
  }, h('label', { for: 'code-input' }, 'Invite code'), input, h('button', { type: 'submit', id: 'code-join' }, 'Join'));
}

function renderList(list, rooms) {
  const rows = [...rooms.values()]
    .filter((r) => r.public !== false && (r.state === 'waiting' || r.state === 'playing'))
    // Waiting rooms first (those can be joined), oldest first among them: the first to
    // wait is the first to be answered, as "Find an opponent" does.
    .sort((a, b) => (a.state === b.state ? (a.state === 'waiting' ? a.created_at - b.created_at : b.created_at - a.created_at) : a.state === 'waiting' ? -1 : 1));
  if (!rows.length) {
    list.replaceChildren(h('p.empty', {}, 'No open rooms right now. Play the computer, or find an opponent: your room shows here for others.'));
    return;
  }
  list.replaceChildren(h('ul.rooms', {}, rows.map(roomRow)));
}

function roomRow(r) {
  const seated = (r.seats || []).filter((s) => s.name).map((s) => `${personName(s.name)} (${seatName(s.seat)})`);
  const who = r.state === 'waiting'
    ? waitingWords(r.seats)
    : `Playing: ${seated.join(', ')}`;
  const action = r.state === 'waiting'
    ? h('button.primary', {
      type: 'button',
      dataset: { join: r.id },
      'aria-label': `Join: ${describe(r)}`,
      onclick: () => navigate(roomPath(r.id, { join: true })),
    }, 'Join')
    : h('button', { type: 'button', dataset: { watch: r.id }, 'aria-label': `Watch: ${describe(r)}`, onclick: () => navigate(`/room/${r.id}`) }, 'Watch');
  return h('li.room-row', { dataset: { room: r.id, state: r.state } },
    h('div.room-what', {},
      h('strong.room-desc', {}, describe(r)),
      h('span.room-who', {}, who),
      r.auto_start ? h('span.room-auto', {}, 'Starts when full') : null),
    action);
}

async function buildCreateForm(form) {
  let games;
  try {
    games = await getGames();
  } catch (e) {
    form.replaceChildren(h('p.error', {}, `Cannot load the games: ${e.message}`));
    return;
  }
  const game = h('select', { id: 'game', name: 'game' }, games.map((g) => h('option', { value: g.key }, g.name)));
  const optBox = h('fieldset.options', {}, h('legend', {}, 'Rules'));
  const seatBox = h('fieldset.seat-choice', {}, h('legend', {}, 'Seats'));
  const tcKind = h('select', { id: 'tc-kind', name: 'tc' },
    h('option', { value: 'none' }, 'No clock'),
    h('option', { value: 'fischer' }, 'Minutes + increment'),
    h('option', { value: 'per_move' }, 'Seconds per move'),
    h('option', { value: 'correspondence' }, 'Correspondence (days per move)'));
  const minutes = h('input', { id: 'tc-minutes', type: 'number', min: 1, max: 180, value: 5, 'aria-label': 'Minutes each' });
  const inc = h('input', { id: 'tc-increment', type: 'number', min: 0, max: 60, value: 3, 'aria-label': 'Increment in seconds' });
  const perMove = h('input', { id: 'tc-seconds', type: 'number', min: 5, max: 600, value: 30, 'aria-label': 'Seconds per move' });
  const fischerBox = h('span.tc-fischer', {}, minutes, ' min + ', inc, ' s');
  const perMoveBox = h('span.tc-permove', {}, perMove, ' s');
  const days = h('select', { id: 'tc-days', name: 'days', 'aria-label': 'Days per move' },
    [1, 2, 3, 5, 7, 10, 14].map((d) => h('option', { value: d, selected: d === 3 }, `${d} day${d === 1 ? '' : 's'}`)));
  const daysBox = h('span.tc-days', {}, days, ' a move');
  const daysHelp = h('p.help', { id: 'tc-days-help' },
    'A long game: come back whenever you like, within the days given for each move. Nobody can win it because you are away; "Your games" shows where it is your move.');
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
  const rulesLink = h('a.rules-link', { id: 'form-rules', dataset: { link: '' } }, 'Rules of this game');

  const current = () => games.find((g) => g.key === game.value);

  function layoutSeats() {
    const g = current();
    if (g.key !== 'neva') return ['white', 'black'];
    const v = inputs.get('seats')?.value || g.options.find((o) => o.key === 'seats')?.default || NEVA_SEATS[4];
    return v.split(',').filter((s) => SEATS.includes(s));
  }

  function drawSeats() {
    const seats = layoutSeats();
    seatBox.replaceChildren(h('legend', {}, 'Seats'), ...seats.map((s, i) => {
      const sel = h('select', { id: `seat-${s}`, name: `seat-${s}`, dataset: { seat: s } },
        h('option', { value: 'me', selected: i === 0 }, 'Me'),
        h('option', { value: 'open', selected: i !== 0 }, 'A person'),
        ...[1, 2, 3, 4, 5].map((n) => h('option', { value: `bot:${n}` }, `Computer, level ${n}`)));
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
    optBox.replaceChildren(h('legend', {}, 'Rules'), h('p.help', {}, g.description || ''), ...g.options.map((o) => {
      const id = `opt-${o.key}`;
      const label = o.key.replace(/_/g, ' ');
      let input;
      if (g.key === 'neva' && o.key === 'seats') {
        input = h('select', { id }, Object.entries(NEVA_SEATS).reverse().map(([n, v]) =>
          h('option', { value: v, selected: v === o.default }, `${n} players`)));
        input.addEventListener('change', drawSeats);
      } else if (o.values === 'true|false') {
        input = h('select', { id }, h('option', { value: 'true', selected: o.default === 'true' }, 'yes'), h('option', { value: 'false', selected: o.default !== 'true' }, 'no'));
      } else if (/^[a-z_]+(\|[a-z_]+)+$/.test(o.values)) {
        input = h('select', { id }, o.values.split('|').map((v) => h('option', { value: v, selected: v === o.default }, v.replace(/_/g, ' '))));
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
        'aria-label': `How "${label}" changes the game (opens the rules)`,
      }, 'How it plays');
      return h('div.opt', {},
        h('label', { for: id }, label), input,
        h('p.help', { id: `${id}-help` }, o.help, ' ', about));
    }));
    drawSeats();
  }

  game.addEventListener('change', drawOptions);
  drawOptions();

  form.replaceChildren(
    h('div.opt', {}, h('label', { for: 'game' }, 'Game'), game, ' ', rulesLink),
    optBox,
    seatBox,
    h('fieldset', {}, h('legend', {}, 'Clock'), tcKind, ' ', fischerBox, perMoveBox, daysBox, daysHelp),
    rated.el,
    h('div.opt.check', {}, priv, h('label', { for: 'private' }, 'Private (invite only)')),
    h('div.opt.check', {}, auto, h('label', { for: 'auto-start' }, 'Start by itself when every seat is taken')),
    h('button.primary', { type: 'submit', id: 'create' }, 'Create room'),
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
    why.textContent = !account
      ? ' Only for accounts: sign in to play rated games.'
      : !clock
        ? ' Needs a clock.'
        : ' The result changes the players\' ratings; guests cannot sit in a rated room.';
  };
  tcKind.addEventListener('change', update);
  getMe().then((me) => {
    account = Boolean(me.username);
    update();
  }).catch(() => update());
  update();
  return {
    el: h('div.opt.check', {}, box, h('label', { for: 'rated' }, 'Rated'), why),
    checked: () => box.checked && !box.disabled,
  };
}
