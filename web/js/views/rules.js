// The rules pages, /rules/{game}: a small view that loads the learning modules and their
// stylesheet only when a rules page is opened, so the lobby's first visit stays small.

import { h } from '../http.js';
import { t } from '../i18n.js';

/** Adds the rules pages' stylesheet once, beside the page's own (same asset prefix). */
function loadStyle() {
  if (document.querySelector('link[data-learn-css]')) return;
  const app = document.querySelector('link[rel="stylesheet"][href$="/css/app.css"]');
  const href = app ? app.getAttribute('href').replace(/app\.css$/, 'learn.css') : '/css/learn.css';
  document.head.append(h('link', { rel: 'stylesheet', href, dataset: { learnCss: '' } }));
}

export function rulesView(main, game) {
  loadStyle();
  main.append(h('p.loading', {}, t('learn-loading')));
  import('../learn/page.js')
    .then((m) => m.showRules(main, game))
    .catch(() => main.replaceChildren(h('p.error', {}, t('learn-load-failed'))));
}
