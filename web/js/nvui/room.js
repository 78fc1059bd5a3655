// The room page in screen-reader mode: the board as text (whose turn, the last move, every
// seat's pieces), the move box with its commands, and a polite log that reads out the
// others' moves and chat lines as they come. The room's own announcements (the start, draw
// offers, takebacks, the end) stay with room/announce.js. Drawn from the room's state
// (room/state.js) like every other part of the page.

import { h } from '../http.js';
import { startPosition } from '../position.js';
import { mySeat, shownPosition } from '../room/state.js';
import { boardView, movePlaceholder } from '../room/show.js';
import { occupantName } from '../room/words.js';
import { t } from '../i18n.js';
import { WORDS, clocksText, lastMoveText, legalText, playedText, positionLines, turnText } from './text.js';
import { createMoveBox, createNews, createTextBoard } from './view.js';

/** What the board's text is for `state`: `{turn, last, lines}`. */
export function roomBoardText(state) {
  const s = state.snap;
  const mine = mySeat(state);
  const { game, layout, teams } = s.room;
  const text = shownPosition(state);
  const lines = positionLines(game, text || startPosition(game, layout), { mine, teams, playing: s.board?.playing || null });
  const last = state.viewing !== null ? t('nvui-viewing', { n: state.viewing + 1 }) : lastMoveText(s, mine);
  return { turn: turnText(s, mine), last, lines };
}

/**
 * What the log reads out after state `st`, given what was `seen` before (null at first):
 * `{seen, lines}`, the lines being the others' moves (with the turn when it comes to the
 * reader) and the others' chat lines since. A new snapshot (a reconnection) is taken as
 * read: what it holds was there before, or is in the move list.
 */
export function roomNews(seen, st) {
  const s = st.snap;
  const mine = mySeat(st);
  const lastChat = st.chat.length ? st.chat[st.chat.length - 1].id : 0;
  const now = { epoch: st.epoch, plies: s.actions.length, chat: Math.max(lastChat, seen?.chat || 0) };
  const lines = [];
  if (seen && seen.epoch === now.epoch) {
    if (now.plies > seen.plies && s.last_move && s.last_move.seat !== mine) {
      const turn = s.state === 'playing' && s.board?.turn === mine ? ` ${WORDS.yourTurn}` : '';
      lines.push(`${playedText(s, mine)}${turn}`);
    }
    for (const l of st.chat) {
      if (l.id <= seen.chat || (st.me && l.from?.id === st.me.id)) continue;
      lines.push(t('nvui-said', { who: l.from?.name || occupantName(s, l.seat) || '', text: l.text }));
    }
  }
  return { seen: now, lines };
}

/**
 * The part. `move(text)` plays a move (resolves true when taken); `now()` is the server's
 * time, for the clocks.
 */
export function createNvuiRoom({ move, now }) {
  const board = createTextBoard('nvui');
  const news = createNews('nvui-news');
  let state = null;
  const answer = (command) => {
    const s = state?.snap;
    if (!s) return '';
    const mine = mySeat(state);
    if (command === 'moves') return legalText(boardView(state).dests, s.state === 'playing' && s.board?.turn === mine && !s.legal_moves);
    if (command === 'clocks') return clocksText(s, now(), mine);
    if (command === 'last') return lastMoveText(s, mine);
    if (command === 'turn') return turnText(s, mine);
    if (command === 'board') return roomBoardText(state).lines.map((l) => l.text).join(' ');
    return WORDS.help;
  };
  const box = createMoveBox('nvui-move', { answer, play: move });
  // What was already told: a move or line is read out once, and not those of the first snapshot.
  let seen = null;
  return {
    el: h('div.nvui-room', {}, board.el, box.el, news.el),
    /** Draws the text from `st` and reads out what is new. */
    render(st) {
      if (!st.snap) return;
      state = st;
      box.input.placeholder = movePlaceholder(st.snap.room.game);
      board.render(roomBoardText(st));
      const told = roomNews(seen, st);
      seen = told.seen;
      for (const line of told.lines) news.say(line);
    },
  };
}
