// The seats: one row per seat in turn order with its occupant, a seated account's rating,
// presence, team, who moves and who is out; in the waiting room the buttons to sit, move, and (for the host) seat or
// remove a computer.

import { h } from '../http.js';
import { LETTER, seatName } from '../seats.js';
import { orderLine, seatRows } from './show.js';
import { watchRatings } from './seatratings.js';
import { t } from '../i18n.js';

/** Neva's team badges: a letter and a shape, never a seat's colour. */
const TEAM_SHAPE = { A: '▲', B: '■' };

function seatBits(r) {
  const k = r.seat;
  const bits = [
    // The seat's letter is the one of the position's notation (W, R, G, B), in every language.
    h(`span.swatch.${k}`, { 'aria-hidden': 'true', translate: 'no' }, LETTER[k]),
    h('span.seat-name', {}, `${t('room-seat-name', { seat: seatName(k) })} `,
      // In a new tab: following a name never leaves the game. A person's name is not
      // translated; a bot's or a free seat's words are.
      h('strong', { translate: r.link ? 'no' : null }, r.link ? h('a.player-link', { href: r.link, target: '_blank', rel: 'noopener' }, r.name) : r.name),
      r.rating ? h('span.rating', { title: r.rating.endsWith('?') ? t('room-rating-provisional') : t('room-rating') }, ` ${r.rating}`) : '',
      r.mine ? ` ${t('room-seat-you')}` : ''),
  ];
  if (r.presence !== null) {
    bits.push(h(`span.presence${r.presence ? '.on' : ''}`, { title: r.presence ? t('room-presence-connected') : t('room-presence-away') },
      r.presence ? t('room-presence-online') : t('room-presence-away')));
  }
  if (r.team) {
    const team = t('room-team', { team: r.team });
    bits.push(h(`span.team.team-${r.team}`, { title: team }, `${TEAM_SHAPE[r.team]} ${team}`));
    if (r.partner) bits.push(h('span.partner', {}, r.partner));
  }
  if (r.first) bits.push(h('span.first', {}, t('room-first-to-move')));
  if (r.toMove) bits.push(h('span.to-move', {}, t('room-to-move')));
  if (r.out) bits.push(h('span.out-reason', {}, r.outReason));
  return bits;
}

function seatButtons(r, command) {
  const k = r.seat;
  const buttons = [];
  if (r.sit) buttons.push(h('button', { type: 'button', dataset: { sit: k }, onclick: () => command(r.sit.command, { seat: k }) }, r.sit.label));
  if (r.addBot) {
    const level = h('select', { 'aria-label': t('room-bot-level-for', { seat: seatName(k) }), dataset: { botLevel: k } },
      ...[1, 2, 3, 4, 5].map((n) => h('option', { value: String(n), selected: n === 3 }, t('room-level', { level: n }))));
    buttons.push(level, h('button', { type: 'button', dataset: { bot: k }, onclick: () => command('set_bot', { seat: k, bot: { kind: 'engine', level: Number(level.value) } }) }, t('room-add-bot')));
  }
  if (r.removeBot) buttons.push(h('button', { type: 'button', dataset: { removeBot: k }, onclick: () => command('remove_bot', { seat: k }) }, t('room-remove-bot')));
  return buttons;
}

/** The players' heading, the turn order and the seats (`els`, in order); `command(type, data)` sends. */
export function createSeats({ command }) {
  const order = h('p.turn-order', { id: 'turn-order' });
  const list = h('ul.seats', { id: 'seats' });
  let shown = null;
  // What the list shows now: a render that changes nothing in it leaves its buttons in
  // place, so a click whose press and release straddle an update (a spectator arriving,
  // the chat) still lands, and a bot level being chosen is not reset.
  let painted = '';
  const paint = () => {
    const rows = seatRows(shown, ratings.get());
    const key = JSON.stringify(rows);
    if (key === painted) return;
    painted = key;
    list.replaceChildren(...rows.map((r) =>
      h(`li.seat.${r.seat}${r.out ? '.out' : ''}${r.toMove ? '.turn' : ''}${r.mine ? '.mine' : ''}`, { dataset: { seat: r.seat } },
        ...seatBits(r), ...seatButtons(r, command))));
  };
  const ratings = watchRatings(() => shown && paint());
  return {
    els: [h('h2.players-head', {}, t('room-players')), order, list],
    render(state) {
      shown = state;
      order.textContent = orderLine(state);
      ratings.update(state.snap);
      paint();
    },
  };
}
