// JSON over HTTP to our own server. Errors carry the API's `{error: {code, message}}`, the
// message already in the reader's language (the server reads the `lang` cookie).

import { isOutage, reportOutage } from './recovering.js';
import { t } from './i18n.js';

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message || code || `HTTP ${status}`);
    this.status = status;
    this.code = code;
  }
}

export async function api(path, { method = 'GET', body } = {}) {
  const init = { method, headers: {}, credentials: 'same-origin' };
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    if (isOutage(res.status, data?.error?.code)) reportOutage();
    // An answer without the API's error (a proxy's page, a plain-text rejection) is not
    // shown as it is: it would be English, or markup.
    throw new ApiError(res.status, data?.error?.code, data?.error?.message || t('common-request-failed'));
  }
  return data;
}

let me = null;

/** Who I am (`GET /api/me` also sets the identity cookie on the first visit). */
export async function getMe(refresh = false) {
  if (!me || refresh) me = api('/api/me');
  return me;
}

/** Forgets who I am (after a login, a logout or a claim): the next `getMe` asks again. */
export function forgetMe() {
  me = null;
}

export async function setName(name) {
  const r = await api('/api/me', { method: 'PATCH', body: { name } });
  const known = me ? await me.catch(() => null) : null;
  me = Promise.resolve({ ...known, ...r });
  return r;
}

let games = null;

/** The game catalogue, fetched once. */
export function getGames() {
  if (!games) games = api('/api/games').then((r) => r.games);
  return games;
}

/** A tiny element builder: h('button#go.primary', {onclick}, 'Text', child...). */
export function h(tag, attrs = {}, ...children) {
  const parts = tag.match(/[.#]?[^.#]+/g) || [];
  const name = parts[0] && !/^[.#]/.test(parts[0]) ? parts.shift() : 'div';
  const classes = parts.filter((p) => p[0] === '.').map((p) => p.slice(1));
  const id = parts.find((p) => p[0] === '#');
  const e = document.createElement(name);
  if (id) e.id = id.slice(1);
  if (classes.length) e.className = classes.join(' ');
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'dataset') Object.assign(e.dataset, v);
    else if (k in e && typeof v !== 'string') e[k] = v;
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : String(c));
  }
  return e;
}
