// Short sounds made with WebAudio (no files): your turn, a capture, and the room's
// announcements (the start, news, a seat out, the end, low time). Switchable; the choice is
// remembered in localStorage.

const KEY = 'checkerhall.sound';
let ctx = null;

export function soundOn() {
  try {
    return localStorage.getItem(KEY) !== 'off';
  } catch {
    return true;
  }
}

export function setSound(on) {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // Storage refused (private mode): the choice lasts as long as the page.
  }
}

/** Each kind as [frequency Hz, start s, length s, wave, gain] notes. */
const TUNES = {
  turn: [[660, 0, 0.12], [880, 0.1, 0.16]],
  capture: [[220, 0, 0.12, 'square', 0.05], [165, 0.06, 0.16, 'square', 0.05]],
  start: [[523, 0, 0.12], [659, 0.1, 0.12], [784, 0.2, 0.2]],
  notify: [[740, 0, 0.1], [740, 0.14, 0.1]],
  out: [[392, 0, 0.16, 'triangle'], [294, 0.14, 0.24, 'triangle']],
  end: [[784, 0, 0.14], [659, 0.12, 0.14], [523, 0.24, 0.3]],
  low: [[988, 0, 0.08, 'square', 0.04], [988, 0.12, 0.08, 'square', 0.04]],
};

function tone(freq, at, len, type = 'sine', gain = 0.08) {
  const o = ctx.createOscillator();
  const g = ctx.createGain();
  o.type = type;
  o.frequency.value = freq;
  g.gain.setValueAtTime(gain, ctx.currentTime + at);
  g.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + at + len);
  o.connect(g).connect(ctx.destination);
  o.start(ctx.currentTime + at);
  o.stop(ctx.currentTime + at + len);
}

/** The sounds played so far on this page, newest last (tests read it). */
export const played = [];

/** Plays `kind` (a key of TUNES) if sound is on and the page may make sound. */
export function play(kind) {
  if (!soundOn()) return;
  played.push(kind);
  if (played.length > 50) played.shift();
  if (!window.AudioContext) return;
  try {
    ctx = ctx || new AudioContext();
    // Browsers keep the context suspended until the user has interacted with the page.
    if (ctx.state === 'suspended') ctx.resume().catch(() => {});
    for (const [f, at, len, type, gain] of TUNES[kind] || TUNES.turn) tone(f, at, len, type, gain);
  } catch {
    // No audio device: stay silent.
  }
}
