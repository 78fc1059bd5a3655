// What the replay says about the stored game beside the board: its result and rating
// changes, the downloads, and the chat kept with it.

import { h } from '../http.js';
import { seatName } from '../seats.js';
import { playerPath, ratingChangeWords } from '../ratings.js';
import { chatLog } from '../room/chat.js';
import { resultText } from './show.js';
import { t } from '../i18n.js';

/** Who played, each person's name leading to their page (a bot's is plain text). */
function playersLine(g, layout, nameOf) {
  const bot = (k) => Boolean(g.seat_details?.[k]?.bot) || nameOf(k) !== String(g.seat_details?.[k]?.name ?? g.seats?.[k] ?? '');
  return h('p.replay-players', { id: 'replay-players' }, `${t('history-replay-players')} `, layout.flatMap((k, i) => [
    i ? ', ' : '',
    `${seatName(k)} `,
    bot(k) ? nameOf(k) : h('a.player-link', { href: playerPath(nameOf(k)), dataset: { link: '' }, translate: 'no' }, nameOf(k)),
  ]));
}

/** The players, the result line and the rating changes. */
export function createInfo() {
  const el = h('div.result');
  return {
    el,
    render(g, layout, nameOf) {
      const changes = g.rated ? ratingChangeWords(g.rating_changes, (k) => `${nameOf(k)} (${seatName(k)})`) : [];
      el.replaceChildren(playersLine(g, layout, nameOf), h('p.result-line', { id: 'result-line' }, resultText(g, layout, nameOf)),
        g.rated ? h('p.help', { id: 'rating-changes' }, changes.length ? t('history-replay-rated-changes', { changes: changes.join(', ') }) : t('history-replay-rated')) : '');
    },
  };
}

/** The downloads of stored game `id`: its native format and the game record. */
export function createExports(id) {
  const el = h('div.exports', { id: 'exports' });
  return {
    el,
    render(g) {
      const native = g.game === 'neva' ? 'PGN4' : 'PDN';
      el.replaceChildren(h('h2', {}, t('history-replay-download')),
        // The file format's name, the same in every language.
        h('a.button', { href: `/api/history/${id}/export`, download: `${id}.${native.toLowerCase()}`, translate: 'no' }, native),
        ' ',
        h('a.button', { href: `/api/history/${id}/export?format=record`, download: `${id}.txt` }, t('history-replay-record')));
    },
  };
}

/** The chat kept with the game: the players' and the spectators' channels apart. */
export function createChatBox() {
  const el = h('section.chat', { id: 'replay-chat', 'aria-label': t('history-replay-chat'), hidden: true });
  return {
    el,
    render(lines) {
      if (!lines.length) return;
      const parts = [h('h2', {}, t('history-replay-chat'))];
      for (const ch of ['players', 'spectators']) {
        if (!lines.some((l) => l.channel === ch)) continue;
        parts.push(h(`div.chat-channel.${ch}`, { dataset: { channel: ch } },
          h('h3', {}, ch === 'players' ? t('history-replay-chat-players') : t('history-replay-chat-spectators')), ...chatLog(lines, ch)));
      }
      el.replaceChildren(...parts);
      el.hidden = false;
    },
  };
}
