// "The server is recovering": while the database is away the API answers 503
// `unavailable` and moves are refused with `store_failed`; nothing acknowledged is lost,
// and the players should know that rather than guess. Shown on the first such answer, it
// asks `/readyz` every few seconds and goes away once the server is ready again.
// Its words are shell.ftl's `shell-recovering`. No DOM here: the page hands in how to show it and how to ask (the unit tests fake both).

/** The event the API helper and the socket raise on an answer that means an outage. */
export const OUTAGE_EVENT = 'checkerhall:outage';

/** Whether a refusal (HTTP status, error code) says the server's store is away. */
export function isOutage(status, code) {
  return code === 'store_failed' || (status === 503 && code === 'unavailable');
}

/** Tells the page an outage answer came (a no-op where there is no window, as in tests). */
export function reportOutage() {
  if (typeof globalThis.dispatchEvent === 'function' && typeof Event === 'function') {
    globalThis.dispatchEvent(new Event(OUTAGE_EVENT));
  }
}

/**
 * The banner's state: `noteOutage()` shows it and starts asking `probe()` (true once the
 * server is ready) every `every` ms; the first true hides it.
 */
export class Recovery {
  // The timers are called as functions, not as this object's methods: a browser's
  // setTimeout called with another `this` than the window throws "Illegal invocation".
  constructor({
    probe,
    show,
    every = 3000,
    setTimer = (f, ms) => setTimeout(f, ms),
    clearTimer = (t) => clearTimeout(t),
  }) {
    this.probe = probe;
    this.show = show;
    this.every = every;
    this.setTimer = setTimer;
    this.clearTimer = clearTimer;
    this.active = false;
    this.timer = null;
  }

  noteOutage() {
    if (this.active) return;
    this.active = true;
    this.show(true);
    this.schedule();
  }

  schedule() {
    this.clearTimer(this.timer);
    this.timer = this.setTimer(() => this.check(), this.every);
  }

  async check() {
    let ready = false;
    try {
      ready = await this.probe();
    } catch {
      ready = false;
    }
    if (!this.active) return;
    if (ready) {
      this.active = false;
      this.timer = null;
      this.show(false);
    } else {
      this.schedule();
    }
  }
}
