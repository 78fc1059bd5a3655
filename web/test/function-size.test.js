// The client's functions stay short enough to read: none in web/js over 200 lines (a page
// is a controller and parts that each draw one piece of the screen, not one closure). The
// sizes come from a small scanner of the source's tokens (strings, templates, regular
// expressions and comments skipped), which knows functions, arrows and methods: enough for
// this code, which has no build step.
// Run: node --test web/test/   (the diagnostics list the longest functions and files)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const JS = resolve(dirname(fileURLToPath(import.meta.url)), '../js');
const LIMIT = 200;

function files(dir) {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.js') ? [p] : [];
  });
}

// After these a `/` starts a regular expression, not a division.
const BEFORE_REGEX = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void', 'throw', 'instanceof', 'yield', 'await']);
const NOT_METHODS = new Set(['if', 'for', 'while', 'switch', 'catch', 'with', 'function']);

/** The source's tokens: `{t, kind, line}`, with `${` ... `}` of templates tokenised inside. */
function tokens(src) {
  const out = [];
  const braces = []; // 'block' for `{`, 'tpl' for a template's `${`
  let i = 0;
  let line = 1;
  const push = (t, kind) => out.push({ t, kind, line });
  const count = (from, to) => {
    for (let k = from; k < to; k++) if (src[k] === '\n') line += 1;
  };
  // Reads a template's text from `i` up to its end or its next `${`.
  const template = () => {
    const from = i;
    while (i < src.length) {
      if (src[i] === '\\') i += 2;
      else if (src[i] === '`') { i += 1; count(from, i); push('`', 'tpl'); return; }
      else if (src[i] === '$' && src[i + 1] === '{') { i += 2; count(from, i); braces.push('tpl'); return; }
      else i += 1;
    }
    count(from, i);
  };
  const regexAllowed = () => {
    const p = out[out.length - 1];
    if (!p) return true;
    if (p.kind === 'punc') return ![')', ']', '}'].includes(p.t);
    return p.kind === 'id' && BEFORE_REGEX.has(p.t);
  };
  while (i < src.length) {
    const c = src[i];
    if (c === '\n') { line += 1; i += 1; continue; }
    if (/\s/.test(c)) { i += 1; continue; }
    if (c === '/' && src[i + 1] === '/') { while (i < src.length && src[i] !== '\n') i += 1; continue; }
    if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      const to = end < 0 ? src.length : end + 2;
      count(i, to);
      i = to;
      continue;
    }
    if (c === '"' || c === "'") {
      i += 1;
      while (i < src.length && src[i] !== c) i += src[i] === '\\' ? 2 : 1;
      i += 1;
      push('str', 'str');
      continue;
    }
    if (c === '`') { i += 1; template(); continue; }
    if (c === '/' && regexAllowed()) {
      let inClass = false;
      i += 1;
      while (i < src.length && (inClass || src[i] !== '/')) {
        if (src[i] === '\\') i += 1;
        else if (src[i] === '[') inClass = true;
        else if (src[i] === ']') inClass = false;
        i += 1;
      }
      i += 1;
      while (/[a-z]/.test(src[i] || '')) i += 1;
      push('re', 're');
      continue;
    }
    const word = /^[A-Za-z0-9_$]+/.exec(src.slice(i, i + 100));
    if (word) { push(word[0], 'id'); i += word[0].length; continue; }
    if (c === '=' && src[i + 1] === '>') { push('=>', 'punc'); i += 2; continue; }
    if (c === '{') braces.push('block');
    if (c === '}' && braces.pop() === 'tpl') { i += 1; template(); continue; }
    push(c, 'punc');
    i += 1;
  }
  return out;
}

/** Every function of `src` with a block body: `{name, start, end, lines}`, lines counted inclusively. */
function functionSizes(src) {
  const toks = tokens(src);
  const match = new Map();
  const open = [];
  toks.forEach((tok, k) => {
    if (tok.kind !== 'punc') return;
    if ('([{'.includes(tok.t)) open.push(k);
    else if (')]}'.includes(tok.t) && open.length) {
      const o = open.pop();
      match.set(o, k);
      match.set(k, o);
    }
  });
  const out = [];
  toks.forEach((tok, k) => {
    if (tok.t !== '{' || tok.kind !== 'punc' || !match.has(k)) return;
    const head = functionHead(toks, k, match);
    if (head) out.push({ name: head.name, start: head.line, end: toks[match.get(k)].line, lines: toks[match.get(k)].line - head.line + 1 });
  });
  return out;
}

/** Where the function whose body opens at token `k` starts, and its name; null if none. */
function functionHead(toks, k, match) {
  const prev = toks[k - 1];
  if (!prev) return null;
  if (prev.t === '=>') {
    const p = toks[k - 2];
    const first = p?.t === ')' ? match.get(k - 2) : k - 2;
    let n = first - 1;
    if (toks[n]?.t === 'async') n -= 1;
    const name = (toks[n]?.t === '=' || toks[n]?.t === ':') && toks[n - 1]?.kind === 'id' ? toks[n - 1].t : '(arrow)';
    return { name, line: toks[first].line };
  }
  if (prev.t !== ')' || !match.has(k - 1)) return null;
  const paren = match.get(k - 1);
  const before = toks[paren - 1];
  if (!before) return null;
  if (before.t === 'function') return { name: '(function)', line: before.line };
  if (before.kind !== 'id' || NOT_METHODS.has(before.t)) return null;
  let kw = paren - 2;
  if (toks[kw]?.t === '*') kw -= 1;
  if (toks[kw]?.t === 'function') return { name: before.t, line: toks[kw].line };
  return { name: before.t, line: before.line };
}

function measure() {
  return files(JS).map((f) => {
    const src = readFileSync(f, 'utf8');
    return { file: relative(JS, f), lines: src.split('\n').length - (src.endsWith('\n') ? 1 : 0), fns: functionSizes(src) };
  });
}

test('the scanner finds functions, arrows and methods, past strings, templates and regexes', () => {
  const src = [
    'function a(x) {',
    '  const s = `${x}}{`; const r = /[}{]/g;',
    '  return s.split(r).map((p) => {',
    '    return p;',
    '  });',
    '}',
    'const o = { m() { return "}"; }, get g() { return 1; } };',
    'export async function* gen() {',
    '}',
    'const f = async (y) => {',
    '  if (y) { return `a${`b${y}`}`; }',
    '};',
  ].join('\n');
  const fns = functionSizes(src).map(({ name, start, lines }) => `${name}@${start}:${lines}`);
  assert.deepEqual(fns, ['a@1:6', '(arrow)@3:3', 'm@7:1', 'g@7:1', 'gen@8:2', 'f@10:3']);
});

test(`no function in web/js is over ${LIMIT} lines`, (t) => {
  const all = measure();
  const fns = all.flatMap((f) => f.fns.map((fn) => ({ ...fn, file: f.file }))).sort((a, b) => b.lines - a.lines);
  for (const fn of fns.slice(0, 10)) t.diagnostic(`function ${fn.lines} lines: ${fn.file}:${fn.start} ${fn.name}`);
  for (const f of all.sort((a, b) => b.lines - a.lines).slice(0, 10)) t.diagnostic(`file ${f.lines} lines: ${f.file}`);
  const long = fns.filter((fn) => fn.lines > LIMIT).map((fn) => `${fn.file}:${fn.start} ${fn.name} (${fn.lines} lines)`);
  assert.deepEqual(long, []);
});
