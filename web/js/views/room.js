// /room/{id}: play or watch one room over its socket. What the room is lives in the pure
// room/state.js (a reducer over the server's messages); this view feeds it the socket's
// messages and draws each new state, and does what its effects ask (sounds, announcements,
// the result dialog, the history fetch, the move animation, going to the rematch).
//
// Around the board: the clocks (room/clocks.js), the announcements bar (room/announce.js),
// the chat (room/chat.js) and the result dialog (room/result.js). A room id the server does
// not know shows "No such room" (and the stored game's replay, if there is one).

import { api, getMe, forgetMe, h } from '../http.js';
import { banner } from '../banner.js';
import { dropParams, navigate } from '../router.js';
import { roomParams } from '../room/link.js';
import { RoomSocket } from '../socket.js';
import { createBoard } from '../board/api.js';
import { parsePosition, startPosition } from '../position.js';
import { GAME_NAME, seatName, reasonText, LETTER } from '../seats.js';
import { moveTable, followCurrent } from './movelist.js';
import { play as playSound, soundOn, setSound } from '../sound.js';
import { initialState, reduce, mySeat as seatOf, isHost as hostOf, shownPosition, lastSquares as squaresOf } from '../room/state.js';
import { describeRoom, occupantName, partnerOf, teamName, turnOrderWords, waitingWords, listWords } from '../room/words.js';
import { clockCards, tickClocks } from '../room/clocks.js';
import { createAnnouncer } from '../room/announce.js';
import { createChat } from '../room/chat.js';
import { createResult, resultLine, rematchWords } from '../room/result.js';

const NO_MOVES = [];

/** What the move box suggests, in each game's own square names. */
const MOVE_EXAMPLE = {
  neva: 'e.g. 25-24 (squares by two digits)',
  queah: 'e.g. b2-c3, or @e5,d2-e3 after a capture',
  giveandtake: 'e.g. c3-d4',
  stockholm: 'e.g. c3-d4',
};

/** Neva's team badges: a letter and a shape, never a seat's colour. */
const TEAM_SHAPE = { A: '▲', B: '■' };

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

/** The page for a room id the server does not know: a way back, and the replay if stored. */
async function deadRoom(main, roomId, alive) {
  const kids = [
    h('h1', { id: 'no-such-room' }, 'No such room'),
    h('p', {}, 'There is no room at this address: the link may be mistyped, or the room closed a while ago.'),
  ];
  const links = h('p.dead-links', {}, h('a.button', { href: '/', dataset: { link: '' }, id: 'dead-back' }, 'Back to the lobby'));
  try {
    const g = await api(`/api/history/${roomId}`);
    if (g) {
      kids.push(h('p', {}, `The game played here (${GAME_NAME[g.game] || g.game}) is kept: you can replay it.`));
      links.append(' ', h('a.button', { href: `/history/${roomId}`, dataset: { link: '' }, id: 'dead-replay' }, 'Replay the game'));
    }
  } catch {
    // No stored game either: only the way back.
  }
  if (!alive()) return;
  main.replaceChildren(h('div.room.dead', {}, ...kids, links));
}

export function roomView(main, roomId, params) {
  // What the page that sent us here asked for: the invite code, sitting down, bots to seat.
  const intent = roomParams(params);
  intent.code = rememberedInvite(roomId, intent.code);
  const wantedSeat = intent.join;
  let alive = true;
  const pageTitle = document.title;
  const announcer = createAnnouncer();
  const chat = createChat((channel, text) => sendChat(channel, text));
  const result = createResult({
    rematch: () => cmd('rematch').then((ok) => ok || result.error(ui.msg.textContent)),
    decline: () => cmd('decline_rematch').then((ok) => ok || result.error(ui.msg.textContent)),
    newOpponent: () => newOpponent(),
  });
  const ui = {
    title: h('h1.room-title', {}, 'Room'),
    desc: h('p.room-desc', { id: 'room-desc' }),
    status: h('p.turn', { id: 'turn', 'aria-live': 'polite' }),
    waiting: h('div.waiting', { id: 'waiting' }),
    seats: h('ul.seats', { id: 'seats' }),
    order: h('p.turn-order', { id: 'turn-order' }),
    clocksTop: h('div.clocks.above', { id: 'clocks-top' }),
    clocksBottom: h('div.clocks.below', { id: 'clocks-bottom' }),
    board: h('div.board-box', { id: 'board' }),
    boardMsg: h('p.move-error', { id: 'move-error', role: 'alert' }),
    hint: h('p.board-hint', { id: 'board-hint', 'aria-live': 'polite' }),
    tools: h('div.board-tools'),
    moveForm: null,
    actions: h('div.actions', { id: 'actions' }),
    msg: h('p.msg', { id: 'room-msg', role: 'status' }),
    moves: h('div.movelist', { id: 'moves' }),
    invite: h('div.invite', { id: 'invite' }),
    result: h('div.result', { id: 'result' }),
    lag: h('span.lag', { id: 'lag' }),
  };
  const moveInput = h('input', { id: 'move-input', name: 'move', autocomplete: 'off', 'aria-label': 'Type a move', placeholder: 'Type a move' });
  ui.moveForm = h('form.move-form', {
    onsubmit: (e) => {
      e.preventDefault();
      const text = moveInput.value.trim();
      if (text) sendMove(text).then((ok) => ok && (moveInput.value = ''));
    },
  }, moveInput, h('button', { type: 'submit', id: 'move-submit' }, 'Play'));
  const grid = h('div.room-grid', {},
    h('section.play', { 'aria-label': 'Board' },
      h('div.play-area', {}, ui.clocksTop, ui.board, ui.clocksBottom),
      ui.boardMsg, ui.hint, ui.tools, ui.moveForm),
    h('section.side', { 'aria-label': 'Players and actions' },
      ui.result, ui.waiting, h('h2.players-head', {}, 'Players'), ui.order, ui.seats, ui.actions, ui.msg, ui.invite, ui.moves, chat.el));
  main.append(h('div.room', {},
    h('div.room-head', {}, ui.title, ui.desc, ui.status, ui.lag),
    announcer.el, grid, result.el));

  // The room as the reducer last left it; `m.snap` etc. read it (see room/state.js).
  let m = initialState();
  let board = null;
  let timer = null;
  let lowWarned = false;
  // The socket authenticates by the identity cookie, which the first `GET /api/me` sets:
  // connect only after it, and only to a room the server knows.
  let sock = null;
  const ready = getMe()
    .catch(() => null)
    .then(async (me) => {
      update({ type: 'me', me });
      try {
        await api(`/api/rooms/${roomId}`);
      } catch (e) {
        if (e.status === 404) {
          if (alive) await deadRoom(main, roomId, () => alive);
          return;
        }
      }
      if (!alive) return;
      sock = new RoomSocket(roomId, { code: intent.code });
      subscribe(sock);
    });

  const mySeat = () => seatOf(m);
  const isHost = () => hostOf(m);
  const lastSquares = () => squaresOf(m);
  const serverNow = () => (sock ? sock.serverNow() : Date.now());

  /** Folds `msg` into the state, does what its effects ask, and redraws. */
  function update(msg) {
    const prev = m;
    m = reduce(prev, msg);
    let animated = false;
    let openResult = false;
    for (const e of m.effects) {
      if (e.type === 'sound') playSound(e.sound);
      else if (e.type === 'say') say(e.text, e.kind);
      else if (e.type === 'announce') announcer.say(e.text, e.sound);
      else if (e.type === 'result') {
        openResult = true;
        loadBothChats();
      }
      else if (e.type === 'goto') {
        // The rematch: every player goes to the new room at once.
        navigate(`/room/${e.room}`);
        return;
      } else if (e.type === 'orient') {
        if (board) board.set({ orientation: orientation() });
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
        // A page opened on a room that is over shows its result at once.
        if (!prev.snap && (m.snap.state === 'finished' || m.snap.state === 'aborted') && m.snap.board) openResult = true;
        break;
      case 'event':
        if (animated) {
          // The board animates the move itself: draw everything else.
          renderStatus();
          renderSeats();
          renderActions();
          renderMoves();
          renderClocks();
        } else renderAll();
        break;
      case 'history':
        renderMoves();
        break;
      case 'chat_lines':
        renderChat();
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
    if (openResult) {
      renderResult();
      result.open();
    }
  }

  function orientation() {
    return mySeat() || m.snap.room.layout[0];
  }

  function say(text, kind = '') {
    ui.msg.textContent = text || '';
    ui.msg.className = `msg ${kind}`;
  }

  /** Sends a command; the refusal is shown under the actions. Resolves true if taken. */
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

  async function sendChat(channel, text) {
    if (!sock) throw new Error('not connected yet');
    await sock.send('chat', { channel, text });
  }

  async function sendMove(text) {
    update({ type: 'sent', text });
    try {
      if (!sock) throw new Error('not connected yet');
      await sock.send('move', { move: text });
      moveError(null);
      return true;
    } catch (e) {
      update({ type: 'unsent' });
      moveError(e);
      return false;
    }
  }

  /** The server's words for a refused move, by the board; its reason code for machines. */
  function moveError(e) {
    ui.boardMsg.textContent = e ? e.message : '';
    if (e?.reason || e?.code) ui.boardMsg.dataset.reason = e.reason || e.code;
    else delete ui.boardMsg.dataset.reason;
  }

  // Once the game is over both chats are open to everyone; the lines said before reach
  // this page by reading the room again.
  async function loadBothChats() {
    try {
      const snap = await api(`/api/rooms/${roomId}`);
      if (alive && Array.isArray(snap?.chat)) update({ type: 'chat_lines', lines: snap.chat });
    } catch {
      // The chat keeps what this page already had.
    }
  }

  async function newOpponent() {
    const r = m.snap.room;
    try {
      const body = { game: r.game, options: r.options, time_control: r.time_control };
      const res = await api('/api/quick/seek', { method: 'POST', body });
      navigate(`/room/${res.id}`);
    } catch (e) {
      result.error(e.message);
    }
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
        orientation: orientation(),
        onMove: (mv) => sendMove(mv.text),
        ...boardConfig(),
      });
      moveInput.placeholder = `Type a move, ${MOVE_EXAMPLE[s.room.game] || 'e.g. c3-d4'}`;
      ui.tools.replaceChildren(
        h('button', { type: 'button', id: 'flip', title: 'Turn the board (key F)', onclick: flip }, 'Turn board'),
        h('button', { type: 'button', id: 'coords', 'aria-pressed': 'true', onclick: toggleCoords }, 'Coordinates'),
        soundButton(),
      );
      return;
    }
    board.set(boardConfig());
  }

  function flip() {
    if (!board) return;
    board.flip();
    renderClocks();
  }

  function toggleCoords() {
    if (!board) return;
    board.toggleCoords();
    ui.tools.querySelector('#coords')?.setAttribute('aria-pressed', String(board.state?.coords !== false));
  }

  function soundButton() {
    const b = h('button', { type: 'button', id: 'sound', 'aria-pressed': String(soundOn()) }, soundOn() ? 'Sound on' : 'Sound off');
    b.addEventListener('click', () => {
      setSound(!soundOn());
      b.textContent = soundOn() ? 'Sound on' : 'Sound off';
      b.setAttribute('aria-pressed', String(soundOn()));
      if (soundOn()) playSound('notify');
    });
    return b;
  }

  // Queah: after a piece is dropped from the reserve the same turn goes on with a move.
  function afterBoardInput() {
    setTimeout(() => {
      if (!alive || !board || !m.snap) return;
      const sel = board.state?.sel;
      const dropped = m.snap.room.game === 'queah' && sel?.drop && !sel.origin && board.state.movable;
      ui.hint.textContent = dropped ? `Dropped on ${sel.drop}: now move a piece to finish your turn.` : '';
    }, 0);
  }
  for (const t of ['click', 'pointerup', 'keyup', 'touchend']) ui.board.addEventListener(t, afterBoardInput);

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
    ui.moves.hidden = !m.moves.length && s.state === 'waiting';
    followCurrent(ui.moves);
  }

  // ---- seats, status, actions ------------------------------------------------------------

  function renderSeats() {
    const s = m.snap;
    const seat = mySeat();
    const playing = new Set(s.board?.playing || s.room.layout);
    ui.order.textContent = `Turn order: ${turnOrderWords(s.room.layout)}.`;
    ui.seats.replaceChildren(...s.room.layout.map((k) => {
      const v = s.seats[k];
      const occ = v?.occupant;
      const name = occupantName(s, k) || 'Free seat';
      const out = s.state !== 'waiting' && s.board && !playing.has(k);
      const turn = s.state === 'playing' && s.board?.turn === k;
      const bits = [
        h(`span.swatch.${k}`, { 'aria-hidden': 'true' }, LETTER[k]),
        h('span.seat-name', {}, `${seatName(k)}: `, h('strong', {}, name), k === seat ? ' (you)' : ''),
      ];
      if (occ) bits.push(h(`span.presence${v.connected ? '.on' : ''}`, { title: v.connected ? 'connected' : 'away' }, v.connected ? 'online' : 'away'));
      if (s.room.teams) {
        const t = teamName(k);
        const partner = partnerOf(k, s.room.layout);
        bits.push(h(`span.team.team-${t}`, { title: `Team ${t}` }, `${TEAM_SHAPE[t]} Team ${t}`));
        if (partner) bits.push(h('span.partner', {}, partner === seat ? 'your partner' : `partner: ${seatName(partner)}`));
      }
      if (s.first === k && s.state !== 'waiting') bits.push(h('span.first', {}, 'first to move'));
      if (turn) bits.push(h('span.to-move', {}, 'to move'));
      if (out) bits.push(h('span.out-reason', {}, `out: ${reasonText(m.reasons[k] || s.outcome?.seats?.[k]?.reason || 'captured_all')}`));
      const buttons = [];
      if (s.state === 'waiting') {
        if (!occ && seat !== k) buttons.push(h('button', { type: 'button', dataset: { sit: k }, onclick: () => cmd(seat ? 'change_seat' : 'take_seat', { seat: k }) }, seat ? 'Move here' : 'Sit here'));
        if (!occ && isHost()) {
          const level = h('select', { 'aria-label': `Computer level for ${seatName(k)}`, dataset: { botLevel: k } },
            ...[1, 2, 3, 4, 5].map((n) => h('option', { value: String(n), selected: n === 3 }, `Level ${n}`)));
          buttons.push(level, h('button', { type: 'button', dataset: { bot: k }, onclick: () => cmd('set_bot', { seat: k, bot: { kind: 'engine', level: Number(level.value) } }) }, 'Add computer'));
        }
        if (occ?.type === 'bot' && isHost()) buttons.push(h('button', { type: 'button', dataset: { removeBot: k }, onclick: () => cmd('remove_bot', { seat: k }) }, 'Remove computer'));
      }
      return h(`li.seat.${k}${out ? '.out' : ''}${turn ? '.turn' : ''}${k === seat ? '.mine' : ''}`, { dataset: { seat: k } }, ...bits, ...buttons);
    }));
  }

  function renderWaiting() {
    const s = m.snap;
    if (s.state !== 'waiting') {
      ui.waiting.replaceChildren();
      ui.waiting.hidden = true;
      return;
    }
    const w = waitingWords(s, mySeat(), isHost());
    const seated = s.room.layout.filter((k) => s.seats[k]).map((k) => `${occupantName(s, k)} (${seatName(k)})`);
    const kids = [
      h('p.waiting-head', { id: 'waiting-head' }, w.head),
      h('p.waiting-who', {}, seated.length ? `Seated: ${listWords(seated)}.` : 'Nobody is seated yet.'),
      h('p.waiting-next', { id: 'waiting-next' }, w.next),
    ];
    if (w.full && !mySeat()) {
      kids.push(h('p.room-full', { id: 'room-full' },
        h('button', { type: 'button', id: 'watch', onclick: () => ui.moves.scrollIntoView({ block: 'nearest' }) }, 'Watch the game'),
        ' ', h('a.button', { href: '/', dataset: { link: '' } }, 'Find another game')));
    }
    ui.waiting.replaceChildren(...kids);
    ui.waiting.hidden = false;
  }

  function renderStatus() {
    const s = m.snap;
    const seat = mySeat();
    ui.title.textContent = `${GAME_NAME[s.room.game] || s.room.game}${s.room.private ? ' (private)' : ''}`;
    ui.desc.textContent = describeRoom(s.room);
    let text = '';
    if (s.state === 'waiting') text = waitingWords(s, seat, isHost()).head;
    else if (s.state === 'aborted') text = 'This game was aborted';
    else if (s.state === 'finished') text = 'Game over';
    else if (s.board?.turn) {
      const t = s.board.turn;
      text = t === seat ? 'Your turn' : `${seatName(t)} to move (${occupantName(s, t) || 'nobody'})`;
    }
    ui.status.textContent = text;
    ui.status.dataset.turn = s.board?.turn || '';
    ui.status.classList.toggle('mine', text === 'Your turn');
    document.title = text === 'Your turn' ? `Your turn · ${GAME_NAME[s.room.game] || 'Checkerhall'}` : `${GAME_NAME[s.room.game] || 'Room'} · Checkerhall`;
    ui.result.replaceChildren(...resultLine(s, seat));
    renderWaiting();
  }

  function renderResult() {
    result.update(m.snap, mySeat(), serverNow());
  }

  function renderClocks() {
    const s = m.snap;
    const hasClock = s.room.time_control && s.room.time_control.kind !== 'none';
    if (!hasClock) {
      ui.clocksTop.replaceChildren();
      ui.clocksBottom.replaceChildren();
      ui.clocksTop.hidden = true;
      ui.clocksBottom.hidden = true;
      return;
    }
    // Ours (or the seat at the bottom of the board) below; the others above, in turn order.
    const bottom = board?.state?.orientation || orientation();
    const others = s.room.layout.filter((k) => k !== bottom);
    ui.clocksTop.replaceChildren(...clockCards(s, others, serverNow(), mySeat()));
    ui.clocksBottom.replaceChildren(...clockCards(s, [bottom], serverNow(), mySeat()));
    ui.clocksTop.hidden = false;
    ui.clocksBottom.hidden = false;
  }

  function renderActions() {
    const s = m.snap;
    const seat = mySeat();
    const b = (label, onclick, id) => h('button', { type: 'button', id, onclick }, label);
    const out = [];
    if (s.state === 'waiting') {
      if (!seat && s.room.layout.some((k) => !s.seats[k])) out.push(b('Join', () => cmd('take_seat', {}), 'join'));
      if (seat) out.push(b('Leave seat', () => cmd('leave_seat'), 'leave-seat'));
      if (isHost()) {
        const full = s.room.layout.every((k) => s.seats[k]);
        if (!s.room.auto_start) out.push(h('button.primary', { type: 'button', id: 'start', disabled: !full, onclick: () => cmd('start') }, 'Start'));
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
      if (s.board) out.push(b('Show the result', () => { renderResult(); result.open(); }, 'show-result'));
      out.push(h('a.button', { href: '/', dataset: { link: '' } }, 'Back to the lobby'));
    }
    if (s.draw_offer && s.state === 'playing') {
      const o = s.draw_offer;
      out.push(h('p.offer', { id: 'draw-offer' },
        `Draw offered by ${o.side.map(seatName).join(' and ')}.`,
        o.accepted.length ? ` Accepted by ${o.accepted.map(seatName).join(', ')}.` : '',
        o.waiting_for.length ? ` Waiting for ${o.waiting_for.map(seatName).join(', ')}.` : ''));
    }
    ui.actions.replaceChildren(...out);
    renderInvite();
    renderResult();
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

  function renderChat() {
    const s = m.snap;
    const seat = mySeat();
    const over = s.state === 'finished' || s.state === 'aborted';
    const channel = seat ? 'players' : 'spectators';
    const other = channel === 'players' ? 'spectators' : 'players';
    // After the game both channels may be read; during it only our own is sent to us.
    const others = over && m.chat.some((l) => l.channel === other) ? other : null;
    chat.update({ lines: m.chat, channel, others, watchers: s.watchers ?? 0, me: m.me?.id || null, canSend: Boolean(m.me) });
  }

  function renderAll() {
    if (!m.snap) return;
    renderStatus();
    renderSeats();
    renderActions();
    drawBoard();
    renderClocks();
    renderMoves();
    renderChat();
    ui.moveForm.hidden = !(mySeat() && m.snap.state === 'playing');
  }

  // ---- socket events ---------------------------------------------------------------------

  function subscribe(sock) {
    sock.on('state', async (state) => {
      if (state === 'reconnecting') {
        banner('Connection lost. Reconnecting…', 'warn');
        // A room that is gone for good (closed, or forgotten after its game) stops the
        // reconnecting: say so instead of trying forever.
        try {
          await api(`/api/rooms/${roomId}`);
        } catch (e) {
          if (e.status === 404 && alive) {
            sock.close();
            banner(null);
            await deadRoom(main, roomId, () => alive);
          }
        }
      } else if (state === 'idle') {
        banner('Paused while you were away. Click anywhere or press a key to reconnect.', 'warn');
      } else if (state === 'open') banner(null);
      else if (state === 'banned') {
        banner('You have been banned from this server.', 'warn');
        // Nothing here can be sent any more: the room stays in view, out of reach.
        grid.setAttribute('inert', '');
        grid.classList.add('closed');
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
    if (s.state !== 'waiting') {
      if (wantedSeat && !mySeat()) say('This game has already started: you are watching it.', 'notice');
      return;
    }
    if (join && !mySeat()) {
      // A full room seats nobody more: the waiting panel says so and offers to watch.
      if (s.room.layout.some((k) => !s.seats[k])) await cmd('take_seat', {});
    }
    if (bots.length && isHost()) {
      for (const [k, level] of bots) await cmd('set_bot', { seat: k, bot: { kind: 'engine', level } });
    }
  }

  ready.then(() => alive && m.snap && renderAll());

  // Clocks tick locally between the server's corrections; claim countdowns and the
  // rematch's expiry too.
  timer = setInterval(() => {
    if (!m.snap) return;
    if (m.snap.state === 'finished' && m.snap.rematch?.expires_at && result.isOpen()) {
      // Only the words change: redrawing the dialog every second would replace its
      // buttons under a player's click, which a press and a release on two different
      // buttons then loses.
      const el = document.getElementById('rematch-state');
      if (el) el.textContent = rematchWords(m.snap, mySeat(), serverNow());
    }
    if (m.snap.state !== 'playing' && m.snap.state !== 'waiting') return;
    const low = tickClocks(ui.clocksTop.parentNode, m.snap, serverNow(), mySeat());
    if (low && !lowWarned) {
      lowWarned = true;
      announcer.say('Your clock is running low.', 'low');
    } else if (!low) lowWarned = false;
    const countdown = ui.actions.querySelector('#claim-countdown');
    if (countdown) {
      const left = m.claimAt - Date.now();
      // Redraw the buttons only when the claim opens; in between, just the seconds.
      if (left <= 0) renderActions();
      else countdown.textContent = claimText(left);
    }
  }, 200);

  function onKey(e) {
    if (e.target.closest('input, textarea, select') || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'f' || e.key === 'F') {
      flip();
      return;
    }
    if (!m.moves.length) return;
    if (e.key === 'ArrowLeft') update({ type: 'step', by: -1 });
    else if (e.key === 'ArrowRight') update({ type: 'step', by: 1 });
  }
  document.addEventListener('keydown', onKey);

  return {
    destroy() {
      alive = false;
      clearInterval(timer);
      document.removeEventListener('keydown', onKey);
      document.title = pageTitle;
      if (result.isOpen()) result.el.close();
      ready.then(() => sock?.close());
      banner(null);
    },
  };
}
