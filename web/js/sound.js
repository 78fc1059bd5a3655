// Short sounds made with WebAudio (no files): your turn, and a capture. Switchable; the
// choice is remembered in localStorage.

const KEY = 'checkerhall.sound';
let ctx = null;

export function soundOn() {
  return localStorage.getItem(KEY) !== 'off';
}

export function setSound(on) {
  localStorage.setItem(KEY, on ? 'on' : 'off');
}

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

/** Plays `kind` ('turn' or 'capture') if sound is on and the page may make sound. */
export function play(kind) {
  if (!soundOn() || !window.AudioContext) return;
  try {
    ctx = ctx || new AudioContext();
    // Browsers keep the context suspended until the user has interacted with the page.
    if (ctx.state === 'suspended') ctx.resume().catch(() => {});
    if (kind === 'capture') {
      tone(220, 0, 0.12, 'square', 0.05);
      tone(165, 0.06, 0.16, 'square', 0.05);
    } else {
      tone(660, 0, 0.12);
      tone(880, 0.1, 0.16);
    }
  } catch {
    // No audio device: stay silent.
  }
}
