// Pointer, touch and keyboard input: clicks (tap-tap) and drags. A drag that ends on a
// square counts as a click there, so both go through the same selection logic.

const DRAG_START = 6; // px moved before a press turns into a drag

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

  // Keyboard: focusable squares and reserves act on Enter or Space.
  svg.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    const reserve = e.target.closest?.('[data-reserve]');
    const sq = e.target.closest?.('[data-square]');
    if (reserve) handlers.reserve(reserve.getAttribute('data-reserve'));
    else if (sq) handlers.click(sq.getAttribute('data-square'));
    else return;
    e.preventDefault();
  });
}
