// Move animation: the moved piece slides from its origin through each landing square;
// captured pieces fade as it passes.

const STEP_MS = 160;

/** Animates `piece` (an SVG group) from `points[0]` through the rest; resolves when done. */
export function slide(piece, points, fading = []) {
  if (!piece || points.length < 2 || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
    return Promise.resolve();
  }
  const total = STEP_MS * (points.length - 1);
  const start = performance.now();
  for (const f of fading) f.classList.add('ghost');
  return new Promise((resolve) => {
    function frame(now) {
      // rAF may stamp the first frame slightly before `start`.
      const t = Math.max(0, Math.min(1, (now - start) / total));
      const seg = Math.min(points.length - 2, Math.floor(t * (points.length - 1)));
      const local = t * (points.length - 1) - seg;
      const [x1, y1] = points[seg];
      const [x2, y2] = points[seg + 1];
      const ease = local < 0.5 ? 2 * local * local : 1 - 2 * (1 - local) * (1 - local);
      piece.setAttribute('transform', `translate(${x1 + (x2 - x1) * ease} ${y1 + (y2 - y1) * ease})`);
      if (t < 1) requestAnimationFrame(frame);
      else {
        for (const f of fading) f.remove();
        resolve();
      }
    }
    requestAnimationFrame(frame);
  });
}
