// Navigation between the page's views, for every module that needs it. It imports nothing:
// it changes the URL, then raises `popstate`, on which app.js (the router that owns the
// views) draws the view of the new path, exactly as it does for the browser's Back button.

/** Shows `path` (with its query, if any); `replace` replaces the history entry. */
export function navigate(path, replace = false) {
  if (replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
}

/** The query of the current URL without `names`, in place (no new view is drawn). */
export function dropParams(...names) {
  const url = new URL(location.href);
  let changed = false;
  for (const n of names) {
    if (url.searchParams.has(n)) {
      url.searchParams.delete(n);
      changed = true;
    }
  }
  if (changed) history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}
