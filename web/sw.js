// The service worker, registered by js/pwa.js once the page has loaded. It keeps the
// client's files, the page and the offline page, so the rules pages open without a network.
//
// The server fills in its version (the assets' hash) and the files to keep when it serves
// /sw.js: every new version of the client is a new worker with a cache of its own, and the
// old caches go when it takes over. Pages are asked of the network first, so a reload always
// brings the newest version when the server can be reached; /api and /ws are never touched.
'use strict';

const VERSION = '{{version}}';
// The page, the offline page and every file under /static/{version}/ (plain paths: no
// quote or backslash, so the server can write them into this string as they are).
const PRECACHE = JSON.parse('{{precache}}');
const CACHE = `checkerhall-${VERSION}`;
const ASSETS = `/static/${VERSION}/`;
const SHELL = '/';
const OFFLINE = '/offline.html';
// The client routes that the cached files draw on their own: the rules pages.
const OFFLINE_ROUTES = /^\/rules\/\w+$/;
// A proxy in front of a stopped server answers these: treated as no network.
const GATEWAY_DOWN = [502, 503, 504];

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // `reload`: straight from the server, not from the browser's HTTP cache.
    await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' })));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    const old = names.filter((n) => n.startsWith('checkerhall-') && n !== CACHE);
    await Promise.all(old.map((n) => caches.delete(n)));
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request, url));
  } else if (url.pathname.startsWith(ASSETS)) {
    event.respondWith(asset(request));
  }
});

/** A page: from the network; without one, the cached page for a rules route, else the offline page. */
async function page(request, url) {
  let response = null;
  try {
    response = await fetch(request);
    if (!GATEWAY_DOWN.includes(response.status)) return response;
  } catch {
    response = null;
  }
  const cache = await caches.open(CACHE);
  const kept = await cache.match(OFFLINE_ROUTES.test(url.pathname) ? SHELL : OFFLINE, { ignoreVary: true });
  return kept || response || Response.error();
}

/** A file of this version: from the cache (its URL names its content), else the network. */
async function asset(request) {
  const cache = await caches.open(CACHE);
  return (await cache.match(request, { ignoreVary: true })) || fetch(request);
}
