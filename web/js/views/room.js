// /room/{id}: play or watch one room over its socket.

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

const VERB = { resigned: 'resign', time: 'timeout' };
const NO_MOVES = [];

export function roomView(main, roomId, params) {
  // What the page that sent us here asked for: the invite code, sitting down, bots to seat.
  const intent = roomParams(params);
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

  const m = {
    me: null,
    snap: null,
    moves: [], // {seat, text, position}
    start: null,
    viewing: null,
    reasons: {},
    claimAt: null,
    sent: null,
    botsPlaced: false,
  };
  let board = null;
  let timer = null;
  // The socket authenticates by the identity cookie, which the first `GET /api/me` sets:
  // connect only after it.
  let sock = null;
  const ready = getMe()
    .catch(() => null)
    .then((me) => {
      m.me = me;
      sock = new RoomSocket(roomId, { code: intent.code });
      subscribe(sock);
    });

  const mySeat = () => {
    const s = m.snap;
    if (!s || !m.me) return null;
    return s.room.layout.find((k) => s.seats[k]?.occupant?.type === 'player' && s.seats[k].occupant.id === m.me.id) || null;
  };
  const isHost = () => m.snap && m.me && m.snap.room.host.id === m.me.id;
  const options = () => m.snap?.room.options || {};

  function seconds(ms) {
    const s = Math.round(ms / 1000);
    if (s < 120) return `${s} s`;
    return `${Math.floor(s / 60)} min ${s % 60} s`;
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
    m.sent = text;
    const ok = await cmd('move', { move: text });
    if (!ok) {
      m.sent = null;
      drawBoard();
    }
    return ok;
  }

  // ---- the board -------------------------------------------------------------------------

  function shownPosition() {
    if (m.viewing !== null && m.moves[m.viewing]?.position) return m.moves[m.viewing].position;
    return m.snap?.board?.position || null;
  }

  function lastSquares() {
    const lm = m.viewing !== null ? m.moves[m.viewing]?.route : m.snap?.last_move?.move;
    if (!lm) return [];
    if (Array.isArray(lm)) return lm;
    return [lm.origin, ...lm.path, lm.drop].filter(Boolean);
  }

  function boardConfig() {
    const seat = mySeat();
    const s = m.snap;
    const live = m.viewing === null;
    const legal = live && s.state === 'playing' && s.legal_moves && s.board?.turn === seat ? s.legal_moves : NO_MOVES;
    const text = shownPosition();
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

  async function loadMoves() {
    const s = m.snap;
    m.moves = s.actions.map((text) => ({ seat: null, text, position: null }));
    if (!s.board) return;
    try {
      const g = await api(`/api/history/${roomId}`);
      if (!m.snap || m.snap !== s) return;
      m.start = g.start_position;
      // The server sends the position after every stored move, so look-back only draws.
      g.moves.slice(0, s.actions.length).forEach((mv, i) => {
        m.moves[i] = { seat: mv.seat, text: mv.notation, position: mv.position, route: routeOf(mv.notation) };
      });
    } catch {
      // The list stays without look-back positions; the live board is unaffected.
    }
    renderMoves();
  }

  function routeOf(text) {
    return String(text).replace(/^K/, '').split(/[-x:,@]/).filter((x) => /^[a-h]?\d+$/.test(x));
  }

  function renderMoves() {
    const s = m.snap;
    if (!s) return;
    const pick = (ply) => {
      m.viewing = ply === m.moves.length - 1 ? null : ply;
      drawBoard();
      renderMoves();
    };
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

    sock.on('snapshot', (snap) => {
      const first = !m.snap;
      m.snap = snap;
      m.viewing = null;
      m.claimAt = snap.claim_opens_at ? Date.now() + Math.max(0, snap.claim_opens_at - sock.serverNow()) : null;
      if (snap.outcome) for (const [k, r] of Object.entries(snap.outcome.seats || {})) if (r) m.reasons[k] = r.reason;
      if (first) afterFirstSnapshot();
      loadMoves();
      renderAll();
    });

    sock.on('event', (ev) => {
      const s = m.snap;
      if (!s) return;
      const seat = mySeat();
      switch (ev.type) {
        case 'created':
          s.room = ev.room;
          break;
        case 'seats':
          s.seats = ev.seats;
          break;
        case 'started':
          s.state = 'playing';
          s.board = ev.board;
          s.first = ev.first;
          m.moves = [];
          m.start = ev.board.position;
          if (board) board.set({ orientation: mySeat() || s.room.layout[0] });
          break;
        case 'your_turn':
          if (ev.seat === seat) {
            s.legal_moves = ev.legal_moves;
            playSound('turn');
          }
          break;
        case 'moved': {
          s.board = ev.board;
          s.last_move = { seat: ev.seat, move: ev.move };
          s.actions.push(ev.move.text);
          if (ev.seat === seat || ev.board.turn !== seat) s.legal_moves = null;
          m.moves.push({ seat: ev.seat, text: ev.move.text, position: ev.board.position, route: [ev.move.origin, ...ev.move.path, ev.move.drop].filter(Boolean) });
          if (ev.move.captured.length) playSound('capture');
          const mine = ev.seat === seat && m.sent === ev.move.text;
          m.sent = null;
          if (board && m.viewing === null && !mine) {
            board.play(ev.move, parsePosition(s.room.game, ev.board.position), lastSquares());
            renderStatus();
            renderSeats();
            renderActions();
            renderMoves();
            return;
          }
          break;
        }
        case 'departed':
          s.board = ev.board;
          m.reasons[ev.seat] = ev.reason;
          s.actions.push(`${VERB[ev.reason] || 'leave'} ${ev.seat}`);
          m.moves.push({ seat: ev.seat, text: `${VERB[ev.reason] || 'leave'} ${ev.seat}`, position: ev.board.position, route: [] });
          if (ev.seat === seat) s.legal_moves = null;
          break;
        case 'eliminated':
          m.reasons[ev.seat] = ev.reason;
          break;
        case 'draw_offer':
          s.draw_offer = ev.offer;
          if (ev.action === 'declined' && ev.by) say(`${seatName(ev.by)} declined the draw.`);
          if (ev.action === 'lapsed') say('The draw offer lapsed.');
          break;
        case 'presence':
          if (s.seats[ev.seat]) {
            s.seats[ev.seat].connected = ev.connected;
            s.seats[ev.seat].since = ev.since;
          }
          break;
        case 'claim':
          m.claimAt = ev.opens_in_ms === null || ev.opens_in_ms === undefined ? null : Date.now() + ev.opens_in_ms;
          break;
        case 'finished':
          s.state = 'finished';
          s.outcome = ev.outcome;
          s.board = ev.board;
          s.legal_moves = null;
          for (const [k, r] of Object.entries(ev.outcome.seats || {})) if (r) m.reasons[k] = r.reason;
          break;
        case 'aborted':
          s.state = 'aborted';
          s.legal_moves = null;
          break;
        case 'rematch':
          s.rematch = { asked: ev.asked, waiting_for: ev.waiting_for, room: ev.room };
          break;
        case 'resumed':
          if (s.board) s.board.clocks = ev.clocks;
          say(ev.given_back_ms > 0
            ? `The server was down for ${seconds(ev.down_ms)}. The clock of the player to move was given back ${seconds(ev.given_back_ms)}: nobody loses time for it.`
            : `The server was down for ${seconds(ev.down_ms)}. Nobody loses time for it.`, 'notice');
          break;
        default:
          break;
      }
      renderAll();
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
    const last = m.moves.length - 1;
    const cur = m.viewing ?? last;
    let next = null;
    if (e.key === 'ArrowLeft') next = Math.max(0, cur - 1);
    else if (e.key === 'ArrowRight') next = Math.min(last, cur + 1);
    else return;
    m.viewing = next === last ? null : next;
    drawBoard();
    renderMoves();
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
