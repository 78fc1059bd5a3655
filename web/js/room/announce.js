// Announcements of what happens in a room (the first mover, draw offers, eliminations, the
// end): shown in a bar above the board, read out by screen readers through a polite live
// region, and played as a sound when sound is on.

import { h } from '../http.js';
import { play } from '../sound.js';

/** A bar with the newest announcement; `say(text, sound)` shows, reads out and sounds it. */
export function createAnnouncer() {
  const bar = h('p.announce', { id: 'announce', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true', hidden: true });
  let seq = 0;
  return {
    el: bar,
    say(text, sound = 'notify') {
      if (!text) return;
      seq += 1;
      bar.hidden = false;
      bar.dataset.seq = String(seq);
      // Each announcement replaces the text, so the same words twice are read twice.
      bar.textContent = '';
      bar.append(text);
      bar.classList.remove('fresh');
      // Restart the highlight: reading the width forces the class change to apply first.
      void bar.offsetWidth;
      bar.classList.add('fresh');
      if (sound) play(sound);
    },
  };
}
