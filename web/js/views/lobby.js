// /: your name, the room creation form, the live list of public rooms, joining by code.

import { api, getMe, getGames, setName, h } from '../http.js';
import { navigate } from '../router.js';
import { roomPath } from '../room/link.js';
import { GAME_NAME, SEATS, seatName } from '../seats.js';

const NEVA_SEATS = {
  4: 'white,red,green,black',
  3: 'white,red,green',
  2: 'white,green',
};

export function lobbyView(main) {
  const list = h('div.room-list', { id: 'room-list', 'aria-live': 'polite' }, h('p', {}, 'Loading rooms…'));
  const form = h('form.create', { id: 'create-room', 'aria-label': 'Create a room' });
  const nameBox = h('div.name-box');
  main.append(
    h('div.lobby', {},
      h('section.panel', { 'aria-labelledby': 'h-rooms' }, h('h1', { id: 'h-rooms' }, 'Open rooms'), list, joinByCode()),
      h('section.panel', { 'aria-labelledby': 'h-create' }, h('h2', { id: 'h-create' }, 'New game'), nameBox, form)));

  nameForm(nameBox);
  buildCreateForm(form);

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

  return { destroy: () => es.close() };
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
  }, h('label', { for: 'code-input' }, 'Invite code'), input, h('button', { type: 'submit' }, 'Join'));
}

function tcText(tc) {
  if (!tc || tc.kind === 'none') return 'no clock';
  if (tc.kind === 'fischer') return `${tc.base_ms / 60000}+${tc.increment_ms / 1000}`;
  if (tc.kind === 'per_move') return `${tc.limit_ms / 1000} s per move`;
  return tc.kind;
}

function renderList(list, rooms) {
  const rows = [...rooms.values()]
    .filter((r) => r.public !== false && (r.state === 'waiting' || r.state === 'playing'))
    .sort((a, b) => b.created_at - a.created_at);
  if (!rows.length) {
    list.replaceChildren(h('p', {}, 'No open rooms right now. Create one!'));
    return;
  }
  getGames().then((games) => {
    list.replaceChildren(h('table.rooms', {},
      h('thead', {}, h('tr', {}, ['Game', 'Host', 'Seats', 'Clock', ''].map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, rows.map((r) => roomRow(r, games)))));
  });
}

function roomRow(r, games) {
  const game = games.find((g) => g.key === r.game);
  const changed = (game?.options || [])
    .filter((o) => r.options?.[o.key] !== undefined && String(r.options[o.key]) !== String(o.default))
    .map((o) => `${o.key.replace(/_/g, ' ')}: ${r.options[o.key]}`);
  const free = r.seats.filter((s) => !s.name).length;
  const seats = r.seats.map((s) => `${seatName(s.seat)}: ${s.name || (s.bot ? 'bot' : 'free')}`).join(', ');
  const action = r.state === 'waiting'
    ? h('button', {
      type: 'button',
      dataset: { join: r.id },
      onclick: () => navigate(roomPath(r.id, { join: true })),
    }, 'Join')
    : h('button', { type: 'button', dataset: { watch: r.id }, onclick: () => navigate(`/room/${r.id}`) }, 'Watch');
  return h('tr', { dataset: { room: r.id, state: r.state } },
    h('td', {}, h('strong', {}, GAME_NAME[r.game] || r.game), changed.length ? h('small', {}, ` (${changed.join('; ')})`) : ''),
    h('td', {}, r.host_name),
    h('td', {}, r.state === 'waiting' ? `${free} free` : 'playing', h('small', {}, ` ${seats}`)),
    h('td', {}, tcText(r.time_control)),
    h('td', {}, action));
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
    h('option', { value: 'per_move' }, 'Seconds per move'));
  const minutes = h('input', { id: 'tc-minutes', type: 'number', min: 1, max: 180, value: 5, 'aria-label': 'Minutes each' });
  const inc = h('input', { id: 'tc-increment', type: 'number', min: 0, max: 60, value: 3, 'aria-label': 'Increment in seconds' });
  const perMove = h('input', { id: 'tc-seconds', type: 'number', min: 5, max: 600, value: 30, 'aria-label': 'Seconds per move' });
  const fischerBox = h('span.tc-fischer', {}, minutes, ' min + ', inc, ' s');
  const perMoveBox = h('span.tc-permove', {}, perMove, ' s');
  const tcShow = () => {
    fischerBox.hidden = tcKind.value !== 'fischer';
    perMoveBox.hidden = tcKind.value !== 'per_move';
  };
  tcKind.addEventListener('change', tcShow);
  tcShow();
  const priv = h('input', { id: 'private', type: 'checkbox', name: 'private' });
  const msg = h('p.msg', { role: 'status' });
  const inputs = new Map();

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
        ...[1, 2, 3, 4, 5].map((n) => h('option', { value: `bot:${n}` }, `Bot, level ${n}`)));
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
    optBox.replaceChildren(h('legend', {}, 'Rules'), h('p.help', {}, g.description || ''), ...g.options.map((o) => {
      const id = `opt-${o.key}`;
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
      return h('div.opt', {},
        h('label', { for: id }, o.key.replace(/_/g, ' ')), input,
        h('p.help', { id: `${id}-help` }, o.help));
    }));
    drawSeats();
  }

  game.addEventListener('change', drawOptions);
  drawOptions();

  form.replaceChildren(
    h('div.opt', {}, h('label', { for: 'game' }, 'Game'), game),
    optBox,
    seatBox,
    h('fieldset', {}, h('legend', {}, 'Clock'), tcKind, ' ', fischerBox, perMoveBox),
    h('div.opt', {}, priv, h('label', { for: 'private' }, ' Private (invite only)')),
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
    }
    const choice = [...seatBox.querySelectorAll('select')].map((s) => [s.dataset.seat, s.value]);
    const mine = choice.find(([, v]) => v === 'me')?.[0] || null;
    // Bots are seated by the host once the room exists: [seat, level] pairs.
    const bots = choice.filter(([, v]) => v.startsWith('bot:')).map(([s, v]) => [s, Number(v.slice(4))]);
    try {
      await getMe();
      const body = { game: g.key, options, visibility: priv.checked ? 'private' : 'public', time_control };
      if (mine) body.seat = mine;
      const r = await api('/api/rooms', { method: 'POST', body });
      navigate(roomPath(r.id, { code: r.invite_code, bots }));
    } catch (err) {
      msg.textContent = err.message;
      msg.className = 'msg error';
    }
  });
}
