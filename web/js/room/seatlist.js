// The seats: one row per seat in turn order with its occupant, a seated account's rating,
// presence, team, who moves and who is out; in the waiting room the buttons to sit, move, and (for the host) seat or
// remove a computer.

import { h } from '../http.js';
import { LETTER, seatName } from '../seats.js';
import { orderLine, seatRows } from './show.js';
import { watchRatings } from './seatratings.js';

/** Neva's team badges: a letter and a shape, never a seat's colour. */
const TEAM_SHAPE = { A: '▲', B: '■' };

function seatBits(r) {
  const k = r.seat;
  const bits = [
    h(`span.swatch.${k}`, { 'aria-hidden': 'true' }, LETTER[k]),
    h('span.seat-name', {}, `${seatName(k)}: `,
      // In a new tab: following a name never leaves the game.
      h('strong', {}, r.link ? h('a.player-link', { href: r.link, target: '_blank', rel: 'noopener' }, r.name) : r.name),
      r.rating ? h('span.rating', { title: r.rating.endsWith('?') ? 'rating (provisional)' : 'rating' }, ` ${r.rating}`) : '',
      r.mine ? ' (you)' : ''),
  ];
  if (r.presence !== null) bits.push(h(`span.presence${r.presence ? '.on' : ''}`, { title: r.presence ? 'connected' : 'away' }, r.presence ? 'online' : 'away'));
  if (r.team) {
    bits.push(h(`span.team.team-${r.team}`, { title: `Team ${r.team}` }, `${TEAM_SHAPE[r.team]} Team ${r.team}`));
    if (r.partner) bits.push(h('span.partner', {}, r.partner));
  }
  if (r.first) bits.push(h('span.first', {}, 'first to move'));
  if (r.toMove) bits.push(h('span.to-move', {}, 'to move'));
  if (r.out) bits.push(h('span.out-reason', {}, r.outReason));
  return bits;
}

function seatButtons(r, command) {
  const k = r.seat;
  const buttons = [];
  if (r.sit) buttons.push(h('button', { type: 'button', dataset: { sit: k }, onclick: () => command(r.sit.command, { seat: k }) }, r.sit.label));
  if (r.addBot) {
    const level = h('select', { 'aria-label': `Computer level for ${seatName(k)}`, dataset: { botLevel: k } },
      ...[1, 2, 3, 4, 5].map((n) => h('option', { value: String(n), selected: n === 3 }, `Level ${n}`)));
    buttons.push(level, h('button', { type: 'button', dataset: { bot: k }, onclick: () => command('set_bot', { seat: k, bot: { kind: 'engine', level: Number(level.value) } }) }, 'Add computer'));
  }
  if (r.removeBot) buttons.push(h('button', { type: 'button', dataset: { removeBot: k }, onclick: () => command('remove_bot', { seat: k }) }, 'Remove computer'));
  return buttons;
}

/** The players' heading, the turn order and the seats (`els`, in order); `command(type, data)` sends. */
export function createSeats({ command }) {
  const order = h('p.turn-order', { id: 'turn-order' });
  const list = h('ul.seats', { id: 'seats' });
  let shown = null;
  const paint = () => {
    list.replaceChildren(...seatRows(shown, ratings.get()).map((r) =>
      h(`li.seat.${r.seat}${r.out ? '.out' : ''}${r.toMove ? '.turn' : ''}${r.mine ? '.mine' : ''}`, { dataset: { seat: r.seat } },
        ...seatBits(r), ...seatButtons(r, command))));
  };
  const ratings = watchRatings(() => shown && paint());
  return {
    els: [h('h2.players-head', {}, 'Players'), order, list],
    render(state) {
      shown = state;
      order.textContent = orderLine(state);
      ratings.update(state.snap);
      paint();
    },
  };
}
