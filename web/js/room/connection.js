// The room's socket as the page hears it: its state in the banner (reconnecting, paused,
// banned, restarting), its lag, and the server's messages handed to the page's reducer.

import { api, forgetMe } from '../http.js';
import { banner } from '../banner.js';
import { t } from '../i18n.js';

/**
 * Listens to `sock` (socket.js) for room `roomId`. `page`: `alive()`, `latency(ms)`,
 * `message(msg)` (a reducer message), `gone()` (the room no longer exists) and `banned()`.
 */
export function listen(sock, roomId, page) {
  sock.on('state', async (state) => {
    if (state === 'reconnecting') {
      banner(t('room-reconnecting'), 'warn');
      // A room that is gone for good (closed, or forgotten after its game) stops the
      // reconnecting: say so instead of trying forever.
      try {
        await api(`/api/rooms/${roomId}`);
      } catch (e) {
        if (e.status === 404 && page.alive()) {
          sock.close();
          banner(null);
          await page.gone();
        }
      }
    } else if (state === 'idle') {
      banner(t('room-paused'), 'warn');
    } else if (state === 'open') banner(null);
    else if (state === 'banned') {
      banner(t('room-banned'), 'warn');
      page.banned();
      // The ban ended the account's sessions: the header learns who this tab is now.
      forgetMe();
      window.dispatchEvent(new Event('checkerhall:me'));
    }
  });

  sock.on('latency', (ms) => page.latency(ms));

  // The socket's messages go to the reducer as they came (envelopes of protocol.md), with
  // the clock readings it needs.
  sock.on('snapshot', (data, msg) => {
    page.message({ type: 'snapshot', v: msg.v, data, now: Date.now(), serverNow: sock.serverNow() });
  });

  sock.on('event', (data, msg) => {
    page.message({ type: 'event', v: msg.v, data, now: Date.now() });
  });

  sock.on('restarting', () => banner(t('room-restarting'), 'warn'));
}
