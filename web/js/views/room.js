// /room/{id}: play or watch one room over its socket. What the room is lives in the pure
// room/state.js (a reducer over the server's messages); this view feeds it the socket's
// messages and draws each new state, and does what its effects ask (sounds, notices, the
// history fetch, the move animation).

import { api, getMe, forgetMe, h } from '../http.js';
import { banner } from '../banner.js';
import { dropParams } from '../router.js';
import { roomParams } from '../room/link.js';
import { RoomSocket } from '../socket.js';
import { createBoard } from '../board/api.js';
import { parsePosition, startPosition } from '../position.js';
import { GAME_NAME, seatName, teamOf, reasonText, clockText, LETTER } from '../seats.js';
import { moveTable } from './movelist.js';
import { play as playSound, soundOn, setSound } from '../sound.js';
import { initialState, reduce, mySeat as seatOf, isHost as hostOf, shownPosition, lastSquares as squaresOf } from '../room/state.js';

const NO_MOVES = [];

// A private room's invite code, once this browser has been given it (the host's new room, a
// join link), is kept per room: the host who comes back by the room's bare address still
// finds the invite link to share.
function rememberedInvite(roomId, code) {
  const key = `checkerhall.invite.${roomId}`;
  try {
    if (code) localStorage.setItem(key, code);
    return code || localStorage.getItem(key);
  } catch {
    return code;
  }
}

export function roomView(main, roomId, params) {
  // What the page that sent us here asked for: the invite code, sitting down, bots to seat.
  const intent = roomParams(params);
  intent.code = rememberedInvite(roomId, intent.code);
  let alive = true;
  const ui = {
    title: h('h1.room-title', {}, 'Room'),
    status: h('p.turn', { id: 'turn', 'aria-live': 'polite' }),
    seats: h('ul.seats', { id: 'seats' }),
    board: h('div.board-box', { id: 'board' }),
    tools: h('div.board-tools'),
    moveForm: null,
    actions: h('div.actions', { id: 'actions' }),
    msg: h('p.msg', { id: 'room-msg', role: 'status' }),
    moves: h('div.movelist', { id: 'moves' }),
    invite: h('div.invite', { id: 'invite' }),
    result: h('div.result', { id: 'result', 'aria-live': 'polite' }),
    lag: h('span.lag', { id: 'lag' }),
  };
  const moveInput = h('input', { id: 'move-input', name: 'move', autocomplete: 'off', 'aria-label': 'Type a move', placeholder: 'Type a move, e.g. c3-d4' });
  ui.moveForm = h('form.move-form', {
    onsubmit: (e) => {
      e.preventDefault();
      const text = moveInput.value.trim();
      if (text) sendMove(text).then((ok) => ok && (moveInput.value = ''));
    },
  }, moveInput, h('button', { type: 'submit' }, 'Play'));
  main.append(h('div.room', {},
    h('div.room-head', {}, ui.title, ui.status, ui.lag),
    h('div.room-grid', {},
      h('section.play', { 'aria-label': 'Board' }, ui.board, ui.tools, ui.moveForm),
      h('section.side', { 'aria-label': 'Players and actions' }, ui.result, ui.seats, ui.actions, ui.msg, ui.invite, ui.moves))));

  // The room as the reducer last left it; `m.snap` etc. read it (see room/state.js).
  let m = initialState();
  let board = null;
  let timer = null;
  // The socket authenticates by the identity cookie, which the first `GET /api/me` sets:
  // connect only after it.
  let sock = null;
  const ready = getMe()
    .catch(() => null)
    .then((me) => {
      update({ type: 'me', me });
      sock = new RoomSocket(roomId, { code: intent.code });
      subscribe(sock);
    });

  const mySeat = () => seatOf(m);
  const isHost = () => hostOf(m);
  const lastSquares = () => squaresOf(m);

  /** Folds `msg` into the state, does what its effects ask, and redraws. */
  function update(msg) {
    const prev = m;
    m = reduce(prev, msg);
    let animated = false;
    for (const e of m.effects) {
      if (e.type === 'sound') playSound(e.sound);
      else if (e.type === 'say') say(e.text, e.kind);
      else if (e.type === 'orient') {
        if (board) board.set({ orientation: mySeat() || m.snap.room.layout[0] });
      } else if (e.type === 'first_snapshot') afterFirstSnapshot();
      else if (e.type === 'load_history') loadMoves(e.epoch);
      else if (e.type === 'play' && board) {
        board.play(e.move, parsePosition(m.snap.room.game, e.position), lastSquares());
        animated = true;
      }
    }
    if (!m.snap) return;
    switch (msg.type) {
      case 'snapshot':
        renderAll();
        break;
      case 'event':
        if (animated) {
          // The board animates the move itself: draw everything else.
          renderStatus();
          renderSeats();
          renderActions();
          renderMoves();
        } else renderAll();
        break;
      case 'history':
        renderMoves();
        break;
      case 'unsent':
        drawBoard();
        break;
      case 'view':
      case 'step':
        if (m.viewing !== prev.viewing) {
          drawBoard();
          renderMoves();
        }
        break;
      default:
        break;
    }
  }

  function say(text, kind = '') {
    ui.msg.textContent = text || '';
    ui.msg.className = `msg ${kind}`;
  }

  async function cmd(type, data = {}) {
    try {
      if (!sock) throw new Error('not connected yet');
      await sock.send(type, data);
      say('');
      return true;
    } catch (e) {
      say(e.message, 'error');
      return false;
    }
  }

  async function sendMove(text) {
    update({ type: 'sent', text });
    const ok = await cmd('move', { move: text });
    if (!ok) update({ type: 'unsent' });
    return ok;
  }

  // ---- the board -------------------------------------------------------------------------

  function boardConfig() {
    const seat = mySeat();
    const s = m.snap;
    const live = m.viewing === null;
    const legal = live && s.state === 'playing' && s.legal_moves && s.board?.turn === seat ? s.legal_moves : NO_MOVES;
    const text = shownPosition(m);
    return {
      posKey: `${m.viewing}:${text}`,
      pos: text ? parsePosition(s.room.game, text) : emptyPosition(),
      dests: legal,
      movable: legal.length > 0,
      lastMove: lastSquares(),
      mySeat: seat,
    };
  }

  function emptyPosition() {
    return startPosition(m.snap.room.game, m.snap.room.layout);
  }

  function drawBoard() {
    const s = m.snap;
    if (!s) return;
    if (!board) {
      board = createBoard(ui.board, {
        game: s.room.game,
        options: s.room.options,
        orientation: mySeat() || s.room.layout[0],
        onMove: (mv) => sendMove(mv.text),
        ...boardConfig(),
      });
      ui.tools.replaceChildren(
        h('button', { type: 'button', id: 'flip', onclick: () => board.flip() }, 'Turn board'),
        h('button', { type: 'button', id: 'coords', onclick: () => board.toggleCoords() }, 'Coordinates'),
        soundButton(),
      );
      return;
    }
    board.set(boardConfig());
  }

  function soundButton() {
    const b = h('button', { type: 'button', id: 'sound', 'aria-pressed': String(soundOn()) }, soundOn() ? 'Sound on' : 'Sound off');
    b.addEventListener('click', () => {
      setSound(!soundOn());
      b.textContent = soundOn() ? 'Sound on' : 'Sound off';
      b.setAttribute('aria-pressed', String(soundOn()));
    });
    return b;
  }

  // ---- the move list with positions -------------------------------------------------------

  /** Fetches the positions after the moves so far, for the snapshot numbered `epoch`. */
  async function loadMoves(epoch) {
    let g = null;
    try {
      g = await api(`/api/history/${roomId}`);
    } catch {
      // The list stays without look-back positions; the live board is unaffected.
    }
    if (!alive || epoch !== m.epoch) return;
    update({ type: 'history', epoch, start_position: g?.start_position, moves: g?.moves || null });
  }

  function renderMoves() {
    const s = m.snap;
    if (!s) return;
    const pick = (ply) => update({ type: 'view', ply });
    const kids = [h('h2', {}, 'Moves'), moveTable(m.moves, s.room.layout, m.viewing ?? m.moves.length - 1, pick)];
    if (m.viewing !== null) {
      kids.push(h('p.viewing', {}, `Showing the position after move ${m.viewing + 1}. `,
        h('button', { type: 'button', id: 'back-live', onclick: () => pick(m.moves.length - 1) }, 'Back to the game')));
    }
    ui.moves.replaceChildren(...kids);
  }

  // ---- seats, status, actions ------------------------------------------------------------

  function clockOf(seat) {
    const c = m.snap?.board?.clocks;
    if (!c || c.remaining_ms[seat] === null || c.remaining_ms[seat] === undefined) return null;
    let ms = c.remaining_ms[seat];
    if (c.running === seat && m.snap.state === 'playing') ms -= Math.max(0, (sock ? sock.serverNow() : Date.now()) - c.since);
    return ms;
  }

  function renderSeats() {
    const s = m.snap;
    const seat = mySeat();
    const playing = new Set(s.board?.playing || s.room.layout);
    ui.seats.replaceChildren(...s.room.layout.map((k) => {
      const v = s.seats[k];
      const occ = v?.occupant;
      const name = occ ? (occ.type === 'bot' ? `Bot, level ${occ.level}` : occ.name) : 'Free seat';
      const out = s.state !== 'waiting' && s.board && !playing.has(k);
      const turn = s.state === 'playing' && s.board?.turn === k;
      const clock = clockOf(k);
      const bits = [
        h(`span.swatch.${k}`, { 'aria-hidden': 'true' }, LETTER[k]),
        h('span.seat-name', {}, `${seatName(k)}: `, h('strong', {}, name), k === seat ? ' (you)' : ''),
      ];
      if (occ) bits.push(h(`span.presence${v.connected ? '.on' : ''}`, { title: v.connected ? 'connected' : 'away' }, v.connected ? 'online' : 'away'));
      if (s.room.teams) bits.push(h(`span.team.t${teamOf(k)}`, {}, `Team ${teamOf(k)}`));
      if (turn) bits.push(h('span.to-move', {}, 'to move'));
      if (out) bits.push(h('span.out-reason', {}, `out: ${reasonText(m.reasons[k] || s.outcome?.seats?.[k]?.reason || 'captured_all')}`));
      if (clock !== null) bits.push(h(`span.clock${turn ? '.running' : ''}`, { dataset: { seat: k } }, clockText(clock)));
      const buttons = [];
      if (s.state === 'waiting') {
        if (!occ && seat !== k) buttons.push(h('button', { type: 'button', dataset: { sit: k }, onclick: () => cmd(seat ? 'change_seat' : 'take_seat', { seat: k }) }, seat ? 'Move here' : 'Sit here'));
        if (!occ && isHost()) {
          const level = h('select', { 'aria-label': `Bot level for ${seatName(k)}`, dataset: { botLevel: k } },
            ...[1, 2, 3, 4, 5].map((n) => h('option', { value: String(n), selected: n === 3 }, `Level ${n}`)));
          buttons.push(level, h('button', { type: 'button', dataset: { bot: k }, onclick: () => cmd('set_bot', { seat: k, bot: { kind: 'engine', level: Number(level.value) } }) }, 'Add bot'));
        }
        if (occ?.type === 'bot' && isHost()) buttons.push(h('button', { type: 'button', onclick: () => cmd('remove_bot', { seat: k }) }, 'Remove bot'));
      }
      return h(`li.seat.${k}${out ? '.out' : ''}${turn ? '.turn' : ''}`, { dataset: { seat: k } }, ...bits, ...buttons);
    }));
  }

  function renderStatus() {
    const s = m.snap;
    const seat = mySeat();
    ui.title.textContent = `${GAME_NAME[s.room.game] || s.room.game}${s.room.private ? ' (private)' : ''}`;
    let text = '';
    if (s.state === 'waiting') text = 'Waiting for players';
    else if (s.state === 'aborted') text = 'This game was cancelled';
    else if (s.state === 'finished') text = 'Game over';
    else if (s.board?.turn) {
      const t = s.board.turn;
      text = t === seat ? 'Your turn' : `${seatName(t)} to move (${occupantName(t)})`;
    }
    ui.status.textContent = text;
    ui.status.dataset.turn = s.board?.turn || '';
    ui.result.replaceChildren(...resultBits());
  }

  function occupantName(k) {
    const o = m.snap.seats[k]?.occupant;
    if (!o) return 'nobody';
    return o.type === 'bot' ? 'bot' : o.name;
  }

  function resultBits() {
    const o = m.snap.outcome;
    if (!o || m.snap.state !== 'finished') return [];
    const names = (ss) => ss.map((k) => `${seatName(k)} (${occupantName(k)})`).join(' and ');
    const head = o.winners.length ? `${names(o.winners)} won` : 'Draw';
    const bits = [h('p.result-line', { id: 'result-line' }, `${head}: ${reasonText(o.reason)}.`)];
    if (o.finishing_order?.length > 2 || (o.finishing_order?.length && m.snap.room.layout.length > 2)) {
      bits.push(h('ol.finishing', { 'aria-label': 'Finishing order' }, o.finishing_order.map((g) => h('li', {}, g.map(seatName).join(', ')))));
    }
    return bits;
  }

  function renderActions() {
    const s = m.snap;
    const seat = mySeat();
    const b = (label, onclick, id) => h('button', { type: 'button', id, onclick }, label);
    const out = [];
    if (s.state === 'waiting') {
      if (!seat) out.push(b('Join', () => cmd('take_seat', {}), 'join'));
      if (seat) out.push(b('Leave seat', () => cmd('leave_seat'), 'leave-seat'));
      if (isHost()) {
        const full = s.room.layout.every((k) => s.seats[k]);
        out.push(h('button', { type: 'button', id: 'start', disabled: !full, onclick: () => cmd('start') }, 'Start'));
        out.push(b('Cancel room', () => cmd('abort'), 'abort'));
      }
    } else if (s.state === 'playing' && seat && (s.board?.playing || []).includes(seat)) {
      const offer = s.draw_offer;
      if (!offer) out.push(b('Offer draw', () => cmd('offer_draw'), 'offer-draw'));
      else if (offer.waiting_for.includes(seat)) {
        out.push(b('Accept draw', () => cmd('accept_draw'), 'accept-draw'));
        out.push(b('Decline draw', () => cmd('decline_draw'), 'decline-draw'));
      } else if (offer.side.includes(seat)) out.push(b('Withdraw draw offer', () => cmd('decline_draw'), 'withdraw-draw'));
      out.push(b('Resign', () => confirmThen('Resign this game?', () => cmd('resign')), 'resign'));
      if ((s.board?.plies || 0) < s.room.layout.length) out.push(b('Abort', () => cmd('abort'), 'abort'));
      if (m.claimAt !== null) {
        const left = m.claimAt - Date.now();
        if (left <= 0) {
          out.push(b('Claim victory', () => cmd('claim_victory'), 'claim-victory'));
          out.push(b('Claim draw', () => cmd('claim_draw'), 'claim-draw'));
        } else out.push(h('span.claim', { id: 'claim-countdown' }, claimText(left)));
      }
    } else if (s.state === 'finished' || s.state === 'aborted') {
      const r = s.rematch;
      if (r?.room) out.push(h('a.button', { href: `/room/${r.room}`, dataset: { link: '' }, id: 'rematch-room' }, 'Go to the rematch'));
      else if (seat && s.state === 'finished') {
        const asked = r?.asked?.includes(seat);
        out.push(h('button', { type: 'button', id: 'rematch', disabled: asked, onclick: () => cmd('rematch') }, asked ? 'Rematch asked' : 'Rematch'));
      }
      out.push(h('a.button', { href: '/', dataset: { link: '' } }, 'Back to the lobby'));
    }
    if (s.draw_offer && s.state === 'playing') {
      const o = s.draw_offer;
      out.push(h('p.offer', { id: 'draw-offer' },
        `Draw offered by ${o.side.map(seatName).join(' and ')}.`,
        o.accepted.length ? ` Accepted by ${o.accepted.map(seatName).join(', ')}.` : '',
        o.waiting_for.length ? ` Waiting for ${o.waiting_for.map(seatName).join(', ')}.` : ''));
    }
    if (s.rematch && !s.rematch.room && s.rematch.asked.length) {
      out.push(h('p.offer', {}, `Rematch asked by ${s.rematch.asked.map(seatName).join(', ')}; waiting for ${s.rematch.waiting_for.map(seatName).join(', ') || 'nobody'}.`));
    }
    ui.actions.replaceChildren(...out);
    renderInvite();
  }

  function claimText(left) {
    return `Your opponents are away: you may claim in ${Math.ceil(left / 1000)} s`;
  }

  function confirmThen(question, fn) {
    // A second click confirms, so keyboard and touch users need no dialog.
    const btn = document.activeElement;
    if (btn?.dataset?.confirm === '1') return fn();
    if (btn) {
      btn.dataset.confirm = '1';
      btn.textContent = `${question} Click again`;
    } else fn();
    return null;
  }

  function renderInvite() {
    const s = m.snap;
    if (s.state !== 'waiting') {
      ui.invite.replaceChildren();
      return;
    }
    const code = intent.code;
    const url = code ? `${location.origin}/join/${code}` : `${location.origin}/room/${roomId}`;
    const field = h('input', { id: 'invite-link', readonly: true, value: url, 'aria-label': 'Invite link' });
    const copy = h('button', {
      type: 'button',
      id: 'copy-invite',
      onclick: async () => {
        try {
          await navigator.clipboard.writeText(url);
          copy.textContent = 'Copied';
        } catch {
          field.select();
          copy.textContent = 'Press Ctrl+C';
        }
      },
    }, 'Copy invite link');
    if (s.room.private && !code) {
      ui.invite.replaceChildren(h('p', {}, 'A private room: ask the host for the invite link.'));
      return;
    }
    ui.invite.replaceChildren(h('label', { for: 'invite-link' }, 'Invite: '), field, copy);
  }

  function renderAll() {
    if (!m.snap) return;
    renderStatus();
    renderSeats();
    renderActions();
    drawBoard();
    renderMoves();
    ui.moveForm.hidden = !(mySeat() && m.snap.state === 'playing');
  }

  // ---- socket events ---------------------------------------------------------------------

  function subscribe(sock) {
    sock.on('state', (state) => {
      if (state === 'reconnecting') banner('Connection lost. Reconnecting…', 'warn');
      else if (state === 'open') banner(null);
      else if (state === 'banned') {
        banner('You have been banned from this server.', 'warn');
        // Nothing here can be sent any more: the room stays in view, out of reach.
        main.querySelector('.room-grid')?.setAttribute('inert', '');
        main.querySelector('.room-grid')?.classList.add('closed');
        // The ban ended the account's sessions: the header learns who this tab is now.
        forgetMe();
        window.dispatchEvent(new Event('checkerhall:me'));
      }
    });

    sock.on('latency', (ms) => {
      ui.lag.textContent = `lag ${Math.round(ms)} ms`;
    });

    // The socket's messages go to the reducer as they came (envelopes of protocol.md), with
    // the clock readings it needs.
    sock.on('snapshot', (data, msg) => {
      update({ type: 'snapshot', v: msg.v, data, now: Date.now(), serverNow: sock.serverNow() });
    });

    sock.on('event', (data, msg) => {
      update({ type: 'event', v: msg.v, data, now: Date.now() });
    });

    sock.on('restarting', () => banner('The server is restarting. Reconnecting…', 'warn'));
  }

  async function afterFirstSnapshot() {
    const s = m.snap;
    // Sitting down and seating bots are asked once: a reload of this page does neither again.
    const { join, bots } = intent;
    intent.join = false;
    intent.bots = [];
    if (!alive) return;
    dropParams('join', 'bots');
    if (s.state !== 'waiting') return;
    if (join && !mySeat()) await cmd('take_seat', {});
    if (bots.length && isHost()) {
      for (const [k, level] of bots) await cmd('set_bot', { seat: k, bot: { kind: 'engine', level } });
    }
  }

  ready.then(renderAll);

  // Clocks tick locally between the server's corrections; claim countdowns too.
  timer = setInterval(() => {
    if (!m.snap || m.snap.state !== 'playing') return;
    for (const e of ui.seats.querySelectorAll('.clock')) {
      const ms = clockOf(e.dataset.seat);
      if (ms !== null) e.textContent = clockText(ms);
    }
    const countdown = ui.actions.querySelector('#claim-countdown');
    if (countdown) {
      const left = m.claimAt - Date.now();
      // Redraw the buttons only when the claim opens; in between, just the seconds.
      if (left <= 0) renderActions();
      else countdown.textContent = claimText(left);
    }
  }, 200);

  function onKey(e) {
    if (e.target.closest('input, textarea, select') || !m.moves.length) return;
    if (e.key === 'ArrowLeft') update({ type: 'step', by: -1 });
    else if (e.key === 'ArrowRight') update({ type: 'step', by: 1 });
  }
  document.addEventListener('keydown', onKey);

  return {
    destroy() {
      alive = false;
      clearInterval(timer);
      document.removeEventListener('keydown', onKey);
      ready.then(() => sock.close());
      banner(null);
    },
  };
}
