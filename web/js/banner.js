// The banner under the header (connection trouble, logouts, bans). No imports.

/** Shows (or hides, with null) the banner under the header. */
export function banner(text, kind = 'info') {
  const b = document.getElementById('banner');
  if (!b) return;
  if (!text) {
    b.hidden = true;
    b.textContent = '';
    return;
  }
  b.className = `banner ${kind}`;
  b.textContent = text;
  b.hidden = false;
}
