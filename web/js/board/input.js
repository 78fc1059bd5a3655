// Pointer, touch and keyboard input: clicks (tap-tap) and drags. A drag that ends on a
// square counts as a click there, so both go through the same selection logic.

const DRAG_START = 6; // px moved before a press turns into a drag

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

function centre(e) {
  const r = e.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}

/**
 * The active square nearest to `from` in direction `[dx, dy]` on screen: squares further off
 * the line count as further away, so a step follows the row or the column the eye sees.
 */
export function nearest(svg, from, [dx, dy]) {
  const [fx, fy] = centre(from);
  let best = null;
  let bestScore = Infinity;
  for (const q of svg.querySelectorAll('.sq.active[data-square]')) {
    if (q === from) continue;
    const [x, y] = centre(q);
    const along = (x - fx) * dx + (y - fy) * dy;
    if (along <= 1) continue;
    const across = Math.abs((x - fx) * dy - (y - fy) * dx);
    const score = along + 2 * across;
    if (score < bestScore) {
      bestScore = score;
      best = q;
    }
  }
  return best;
}

export function bindInput(svg, handlers) {
  let press = null;

  function squareAt(x, y) {
    const hit = document.elementFromPoint(x, y);
    return hit?.closest?.('[data-square]')?.getAttribute('data-square') || null;
  }

  svg.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    const reserve = e.target.closest('[data-reserve]');
    if (reserve) {
      handlers.reserve(reserve.getAttribute('data-reserve'));
      return;
    }
    const sq = e.target.closest('[data-square]');
    if (!sq) return;
    press = { square: sq.getAttribute('data-square'), x: e.clientX, y: e.clientY, drag: false, id: e.pointerId };
  });

  svg.addEventListener('pointermove', (e) => {
    if (!press || e.pointerId !== press.id) return;
    if (!press.drag && Math.hypot(e.clientX - press.x, e.clientY - press.y) > DRAG_START) {
      press.drag = handlers.dragStart(press.square);
      if (press.drag) svg.setPointerCapture(e.pointerId);
    }
    if (press.drag) {
      e.preventDefault();
      handlers.dragMove(e.clientX, e.clientY);
    }
  });

  const end = (e) => {
    if (!press || e.pointerId !== press.id) return;
    const p = press;
    press = null;
    if (p.drag) {
      const to = squareAt(e.clientX, e.clientY);
      handlers.dragEnd(to);
    } else {
      handlers.click(p.square);
    }
  };
  svg.addEventListener('pointerup', end);
  svg.addEventListener('pointercancel', (e) => {
    if (press?.drag) handlers.dragEnd(null);
    press = null;
    void e;
  });

  // Keyboard: the arrow keys move the focus to the nearest square that may be clicked in
  // that direction (as the board is drawn, turned or not); Enter or Space clicks it.
  svg.addEventListener('keydown', (e) => {
    const step = ARROWS[e.key];
    const from = e.target.closest?.('[data-square]');
    if (step && from) {
      const to = nearest(svg, from, step);
      if (to) {
        for (const q of svg.querySelectorAll('[data-square][tabindex="0"]')) q.setAttribute('tabindex', '-1');
        to.setAttribute('tabindex', '0');
        to.focus();
      }
      e.preventDefault();
      e.stopPropagation();
      return;
    }
    if (e.key !== 'Enter' && e.key !== ' ') return;
    const reserve = e.target.closest?.('[data-reserve]');
    const sq = e.target.closest?.('[data-square]');
    if (reserve) handlers.reserve(reserve.getAttribute('data-reserve'));
    else if (sq) handlers.click(sq.getAttribute('data-square'));
    else return;
    e.preventDefault();
  });
}
