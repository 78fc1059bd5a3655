// The installable app's side of the page: the service worker's registration (web/sw.js),
// made once the page has loaded so it never competes with the first view's files, and the
// client's version, which the room socket shows the server. A page older than the server's
// files is told so when its socket opens (close code 4004, docs/protocol.md) and reloads
// once to take the new files; a second such close with the same old files (a cache
// between the browser and the server still handing them out) asks the reader instead of
// reloading in a loop.

import { banner } from './banner.js';
import { t } from './i18n.js';

/** The asset hash in a module URL (`/static/<hash>/...`), or null outside that layout. */
export function versionOf(url) {
  const m = /\/static\/([0-9a-f]+)\//.exec(new URL(url).pathname);
  return m ? m[1] : null;
}

/** The version of the files this page was built with (null where they are not hashed). */
export const VERSION = versionOf(import.meta.url);

/** sessionStorage key: the version last reloaded away from. */
export const RELOADED_KEY = 'checkerhall:reloaded-from';

/** The message (common.ftl) shown when the page is older than the server's files. */
export const OUTDATED_TEXT = 'common-outdated';

/**
 * Reloads the page to take the server's newer files, unless this version already reloaded
 * once in this tab: returns whether it reloads. `storage` and `reload` are the tab's own
 * unless given (tests).
 */
export function reloadOnce(version = VERSION, storage = globalThis.sessionStorage, reload = () => location.reload()) {
  let before;
  try {
    before = storage.getItem(RELOADED_KEY);
    storage.setItem(RELOADED_KEY, version ?? '');
  } catch {
    // No storage to remember the reload by: asking the reader is the only loop-free way.
    return false;
  }
  if (before === (version ?? '')) return false;
  reload();
  return true;
}

/** The page is older than the server's files: reload once, else say so. */
export function outdated() {
  if (!reloadOnce()) banner(t('common-outdated'), 'warn');
}

/** Registers the service worker where the browser has them (HTTPS or localhost). */
export function register() {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    // Without a worker the site works as before, only not offline.
  });
}
