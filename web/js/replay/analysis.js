// The computer's analysis under the replay's board: the offer to request it, its progress,
// then the evaluation graph, the note on the current position and each seat's summary.

import { api, h } from '../http.js';
import { evalGraph } from '../widgets/evalgraph.js';
import { markSummary, noteView } from './show.js';
import { t } from '../i18n.js';

const POLL_MS = 1000;

/**
 * The analysis panel (`el`) of stored game `id`. `pick(i)` shows position `i`; `arrived()`
 * is told when a finished analysis is in (`data()`), for the page to draw it everywhere.
 */
export function createAnalysis({ id, pick, arrived }) {
  const el = h('section.analysis', { id: 'analysis', 'aria-label': t('history-analysis-title') });
  let analysis = null;
  let graph = null;
  let note = null;
  let poll = null;
  let gone = false;

  function show(a) {
    analysis = a;
    graph = evalGraph(a, (i) => pick(i));
    note = h('p.analysis-note', { id: 'analysis-note', 'aria-live': 'polite' });
    el.replaceChildren(h('h2', {}, t('history-analysis-title')), graph.el, note,
      h('ul.analysis-summary', {}, markSummary(a).map((line) => h('li', {}, line))),
      h('p.hint', {}, t('history-analysis-hint', { nodes: a.nodes })));
    arrived();
  }

  function pending(p) {
    const done = Number(p?.done) || 0;
    const total = Number(p?.total) || 1;
    el.replaceChildren(h('h2', {}, t('history-analysis-title')),
      h('p', { id: 'analysis-progress', 'aria-live': 'polite' }, `${t('history-analysis-progress', { done, total })} `,
        h('progress', { max: total, value: done })));
  }

  async function request() {
    if (gone) return;
    let a;
    try {
      a = await api(`/api/history/${id}/analysis`);
    } catch (e) {
      el.replaceChildren(h('p.error', {}, t('history-analysis-failed', { error: e.message })), offerButton());
      return;
    }
    if (gone) return;
    if (a?.status === 'ready') {
      show(a);
    } else {
      pending(a);
      poll = setTimeout(request, POLL_MS);
    }
  }

  function offerButton() {
    return h('button', { type: 'button', id: 'request-analysis', onclick: () => { pending(null); request(); } }, t('history-analysis-request'));
  }

  return {
    el,
    /** The finished analysis, or null. */
    data: () => analysis,
    /** Fetches the analysis (a stored one shows at once; a running one is followed). */
    request,
    /** Offers the player to request one. */
    offer() {
      el.replaceChildren(offerButton());
    },
    /** Marks position `i` on the graph and says what the analysis thinks of it. */
    current(i) {
      graph?.setCurrent(i);
      if (!note) return;
      const v = noteView(analysis, i);
      note.replaceChildren(...(v ? [h('span.scores', {}, v.scores),
        ...(v.mark ? [' ', h(`strong.mark-${v.mark.mark}`, {}, v.mark.text), v.mark.best] : [])] : []));
    },
    destroy() {
      gone = true;
      clearTimeout(poll);
    },
  };
}
