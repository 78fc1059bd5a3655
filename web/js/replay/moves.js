// The replay's move list with the counter above it: the current move marked, a click on a
// move going to the position after it, and the analysis's flags on the moves it flagged.

import { h } from '../http.js';
import { moveTable, followCurrent } from '../widgets/movelist.js';
import { markName, counterText } from './show.js';
import { t } from '../i18n.js';

/** The counter and the list; `pick(i)` shows position `i` (0: the start). */
export function createMoves({ pick }) {
  const counter = h('span.replay-counter', { id: 'ply', 'aria-live': 'polite' });
  const el = h('div.movelist', { id: 'moves' });

  // The flagged moves get their symbol and a class; the table itself knows nothing of it.
  function mark(plies, analysis) {
    analysis.moves.forEach((m, p) => {
      if (!m.mark) return;
      const b = el.querySelector(`button.move[data-ply="${p}"]`);
      if (!b) return;
      b.dataset.mark = m.mark;
      b.textContent = `${plies[p].text}${m.symbol}`;
      b.setAttribute('aria-label', `${b.getAttribute('aria-label')}, ${markName(m.mark)}`);
    });
  }

  return {
    counter,
    el,
    /** Draws the list at position `cur` of `plies`, with `analysis`'s flags when there is one. */
    render(plies, layout, cur, analysis) {
      counter.textContent = counterText(plies, layout, cur);
      counter.dataset.ply = String(cur);
      el.replaceChildren(h('h2', {}, t('history-replay-moves')), moveTable(plies, layout, cur - 1, (p) => pick(p + 1)));
      followCurrent(el);
      if (analysis) mark(plies, analysis);
    },
  };
}
