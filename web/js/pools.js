// The front page's quick pairing: a tile per pool of the chosen game (its clock, how many
// wait and play), one click to wait in it, and the list of open seeks. Waiting is an event
// stream (`GET /api/pools/{id}/seek`): the server pairs by rating and answers with a room
// already playing, which the page opens. Closing the stream (cancel, or leaving the page)
// ends the seek. The words are pure functions, unit tested in web/test/pools.test.js.

import { api, getMe, h } from './http.js';
import { SHORT_NAME } from './describe.js';
import { t } from './i18n.js';

/** A kind `[key, name]` whose name is read when it is (the words load after this module). */
function named(key, name) {
  const c = [key];
  Object.defineProperty(c, 1, { get: name, enumerable: true });
  return c;
}

/** The kinds of table the pools offer, in the order of the game buttons. */
export const KINDS = [
  named('queah', () => SHORT_NAME.queah),
  named('giveandtake', () => SHORT_NAME.giveandtake),
  named('stockholm', () => SHORT_NAME.stockholm),
  named('neva-ffa', () => t('lobby-kind-neva-ffa')),
  named('neva-teams', () => t('lobby-kind-neva-teams')),
];

/** How often the counts and the seek list are read again while the page is open. */
const REFRESH_MS = 5000;

/** The kind of a pool id: `neva-teams-3+2` is `neva-teams`, `queah-3d` is `queah`. */
export function kindOf(id) {
  return KINDS.map(([k]) => k).find((k) => id.startsWith(`${k}-`)) || null;
}

/** A pool's counts in words: "2 waiting, 4 playing", "nobody waiting". */
export function countWords(pool) {
  const w = pool.waiting || 0;
  const p = pool.playing || 0;
  const parts = [w ? t('lobby-pool-waiting', { count: w }) : t('lobby-pool-nobody-waiting')];
  if (p) parts.push(t('lobby-pool-playing', { count: p }));
  return parts.join(', ');
}

const SPEEDS = { blitz: 'common-speed-blitz', rapid: 'common-speed-rapid', correspondence: 'common-speed-correspondence' };

/** A speed in words. */
export function speedWords(speed) {
  return SPEEDS[speed] ? t(SPEEDS[speed]) : speed;
}

/**
 * A pool's clock in words: "3+2", "3 days". The server's label is English; a clock in days
 * is said in the reader's language.
 */
export function clockLabel(pool) {
  const tc = pool?.time_control;
  if (tc?.kind === 'correspondence') return t('common-days', { count: Number(tc.days) });
  return pool?.label ?? '';
}

/** One open seek in words: "Ann (1512), Queah 3+2, rated". */
export function seekWords(seek, pools) {
  const pool = pools.find((p) => p.id === seek.pool);
  const kind = KINDS.find(([k]) => k === kindOf(seek.pool));
  const what = `${kind ? kind[1] : seek.pool}${pool ? ` ${clockLabel(pool)}` : ''}`;
  const who = seek.rating === null || seek.rating === undefined ? seek.name : `${seek.name} (${seek.rating})`;
  return `${who}, ${what}, ${seek.rated ? t('common-rated') : t('common-casual')}`;
}

/** A refused or broken seek in words a player acts on. */
export function seekError(reason) {
  if (reason === 'failed') return t('lobby-seek-failed');
  if (reason === 'cancelled') return '';
  return t('lobby-seek-refused');
}

/**
 * The panel: game buttons, the chosen game's tiles, a rated switch for accounts, and the
 * open seeks. `open(room)` is called with the paired room's id. Returns `{ el, destroy }`.
 */
export function poolsPanel(open) {
  const state = { kind: KINDS[0][0], pools: [], seeks: [], seeking: null, account: false };
  const tiles = h('ul.pool-tiles', { id: 'pool-tiles' });
  const seekList = h('div.seek-list', { id: 'seek-list', 'aria-live': 'polite' });
  const msg = h('p.msg', { id: 'pool-msg', role: 'status' });
  const rated = h('input', { id: 'pool-rated', type: 'checkbox', disabled: true });
  const ratedBox = h('div.opt.check.pool-rated', {}, rated, h('label', { for: 'pool-rated' }, t('lobby-rated')),
    h('span.help', { id: 'pool-rated-help' }, ` ${t('lobby-rated-accounts-only')}`));
  const kindButtons = KINDS.map(([k, name]) => h('button.seg', {
    type: 'button',
    dataset: { poolKind: k },
    'aria-pressed': String(k === state.kind),
    onclick: () => {
      state.kind = k;
      for (const b of kindButtons) b.setAttribute('aria-pressed', String(b.dataset.poolKind === k));
      draw();
    },
  }, name));

  function draw() {
    tiles.replaceChildren(...state.pools.filter((p) => kindOf(p.id) === state.kind).map(tile));
    seekList.replaceChildren(state.seeks.length
      ? h('ul.seeks', {}, state.seeks.map((s) => h('li.seek', { dataset: { pool: s.pool } }, seekWords(s, state.pools))))
      : h('p.empty', {}, t('lobby-no-seeks')));
  }

  function tile(p) {
    const mine = state.seeking && state.seeking.pool === p.id;
    return h('li.pool-tile', { dataset: { pool: p.id }, class: mine ? 'pool-tile waiting' : 'pool-tile' },
      h('button', {
        type: 'button',
        'aria-label': t(mine ? 'lobby-pool-stop-label' : 'lobby-pool-play-label', { clock: clockLabel(p), speed: speedWords(p.speed), counts: countWords(p) }),
        disabled: Boolean(state.seeking && !mine),
        onclick: () => (mine ? cancel() : seek(p)),
      },
      h('strong.pool-clock', {}, clockLabel(p)),
      h('span.pool-speed', {}, speedWords(p.speed)),
      h('span.pool-count', {}, mine ? t('lobby-pool-waiting-mine') : countWords(p))));
  }

  async function refresh() {
    try {
      const r = await api('/api/pools');
      state.pools = r.pools || [];
      state.seeks = r.seeks || [];
      draw();
    } catch {
      // A busy server: the tiles keep their last counts until the next try.
    }
  }

  function stop(reason) {
    if (state.seeking) state.seeking.es.close();
    state.seeking = null;
    msg.textContent = seekError(reason);
    msg.className = reason === 'cancelled' ? 'msg' : 'msg error';
    draw();
  }

  function cancel() {
    stop('cancelled');
    api('/api/pools/seek', { method: 'DELETE' }).catch(() => {});
    refresh();
  }

  async function seek(p) {
    msg.textContent = '';
    await getMe().catch(() => {});
    const want = rated.checked && !rated.disabled;
    const es = new EventSource(`/api/pools/${encodeURIComponent(p.id)}/seek?rated=${want}`);
    state.seeking = { pool: p.id, es, open: false };
    draw();
    es.addEventListener('waiting', () => {
      if (state.seeking && state.seeking.es === es) state.seeking.open = true;
      refresh();
    });
    es.addEventListener('paired', (e) => {
      const room = JSON.parse(e.data).room;
      es.close();
      state.seeking = null;
      open(room);
    });
    es.addEventListener('failed', () => stop('failed'));
    es.addEventListener('cancelled', () => stop('cancelled'));
    // Refused before waiting (another tab waits, a busy server), or the stream broke: the
    // browser would retry on its own and seek again; stop instead.
    es.addEventListener('error', () => {
      if (state.seeking && state.seeking.es === es) stop('error');
    });
  }

  getMe().then((me) => {
    state.account = Boolean(me.username);
    rated.disabled = !state.account;
    ratedBox.querySelector('.help').textContent = ` ${t(state.account ? 'lobby-pool-rated-help' : 'lobby-rated-accounts-only')}`;
  }).catch(() => {});
  refresh();
  const timer = setInterval(refresh, REFRESH_MS);
  draw();

  const el = h('section.pools.panel', { 'aria-labelledby': 'h-pools' },
    h('div.quick-head', {}, h('h2', { id: 'h-pools' }, t('lobby-quick-pairing')), ratedBox),
    h('div.pool-kinds', { role: 'group', 'aria-label': t('lobby-game') }, kindButtons),
    tiles,
    msg,
    h('h3', {}, t('lobby-open-seeks')),
    seekList);
  return {
    el,
    destroy: () => {
      clearInterval(timer);
      if (state.seeking) state.seeking.es.close();
      state.seeking = null;
    },
  };
}
