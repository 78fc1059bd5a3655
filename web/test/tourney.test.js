// Tournaments in words (web/js/tourney.js). Run: node --test web/test/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import './fixtures/english.js';
import {
  formatWords, formatRules, stateWords, countdownText, pointsText, splitTournaments,
  tiebreakKeys, tiebreakValue, tiebreakName, tableResultWords, checkCreate,
} from '../js/tourney.js';
import { readFileSync } from 'node:fs';
import { useBundle } from '../js/i18n.js';


test('formats in a few words, rules in sentences without section numbers', () => {
  assert.equal(formatWords({ kind: 'swiss', rounds: 5 }), 'Swiss, 5 rounds');
  assert.equal(formatWords({ kind: 'swiss', rounds: 1 }), 'Swiss, 1 round');
  assert.equal(formatWords({ kind: 'round_robin' }), 'Round robin');
  assert.equal(formatWords({ kind: 'arena', minutes: 60 }), 'Arena, 60 minutes');
  assert.equal(formatWords({ kind: 'neva_tables', rounds: 4, teams: false }), 'Neva tables, 4 rounds');
  assert.equal(formatWords({ kind: 'neva_tables', rounds: 3, teams: true }), 'Neva team tables, 3 rounds');
  for (const f of [{ kind: 'swiss', rounds: 3 }, { kind: 'round_robin' }, { kind: 'arena', minutes: 30 }, { kind: 'neva_tables', rounds: 2 }, { kind: 'neva_tables', rounds: 2, teams: true }]) {
    const text = formatRules(f).join(' ');
    assert.ok(text.length > 80, formatWords(f));
    assert.ok(!/§|section \d|\d+\.\d+\.\d+/i.test(text), `no section numbers: ${text}`);
  }
  assert.deepEqual(formatRules({ kind: 'new' }), []);
});

test('state and countdown', () => {
  assert.equal(stateWords({ state: 'registering' }), 'Registration open');
  assert.equal(stateWords({ state: 'running', round: 2, rounds: 5, format: { kind: 'swiss', rounds: 5 } }), 'Round 2 of 5');
  assert.equal(stateWords({ state: 'running', round: 7, rounds: null, format: { kind: 'arena', minutes: 30 } }), 'Under way');
  assert.equal(stateWords({ state: 'finished' }), 'Finished');
  assert.equal(countdownText(0), 'now');
  assert.equal(countdownText(-5), 'now');
  assert.equal(countdownText(61_000), '1:01');
  assert.equal(countdownText(59_001), '1:00', 'rounded up: never shows 0:00 before the start');
  assert.equal(countdownText(3_600_000 + 5 * 60_000 + 9_000), '1:05:09');
  assert.equal(countdownText(2 * 86_400_000 + 3 * 3_600_000), '2 days 3 h');
  assert.equal(countdownText(86_400_000), '1 day 0 h');
});

test('points with halves', () => {
  assert.equal(pointsText(2.5), '2½');
  assert.equal(pointsText(0.5), '½');
  assert.equal(pointsText(3), '3');
  assert.equal(pointsText(0), '0');
  assert.equal(pointsText(1.25), '1.25');
  assert.equal(pointsText('x'), '');
});

test('the list splits into upcoming, running and finished, in reading order', () => {
  const t = (id, state, starts_at) => ({ id, state, starts_at });
  const grouped = splitTournaments({
    upcoming: [t('b', 'registering', 30), t('a', 'registering', 20)],
    running: [t('r', 'running', 10)],
    recent: [t('old', 'finished', 1), t('new', 'finished', 5)],
  });
  assert.deepEqual(grouped.upcoming.map((x) => x.id), ['a', 'b']);
  assert.deepEqual(grouped.running.map((x) => x.id), ['r']);
  assert.deepEqual(grouped.finished.map((x) => x.id), ['new', 'old']);
  const flat = splitTournaments({ tournaments: [t('x', 'finished', 1), t('y', 'registering', 2), t('y', 'registering', 2)] });
  assert.deepEqual(flat.upcoming.map((x) => x.id), ['y'], 'one entry per tournament');
  assert.deepEqual(splitTournaments(null), { upcoming: [], running: [], finished: [] });
});

test('tiebreaks as an object or as pairs', () => {
  const rows = [{ tiebreaks: { buchholz: 4.5, sonneborn_berger: 3 } }, { tiebreaks: [['buchholz', 2], ['sonneborn_berger', 1]] }];
  assert.deepEqual(tiebreakKeys(rows), ['buchholz', 'sonneborn_berger']);
  assert.equal(tiebreakValue(rows[0], 'buchholz'), 4.5);
  assert.equal(tiebreakValue(rows[1], 'sonneborn_berger'), 1);
  assert.equal(tiebreakName('buchholz'), 'Buchholz');
  assert.equal(tiebreakName('median_buchholz'), 'median buchholz');
});

test('a table result in words', () => {
  const seats = [{ seat: 'white', player: 'a', name: 'Ann' }, { seat: 'black', player: 'b', name: 'Bob' }];
  assert.equal(tableResultWords({ seats, result: null }), '');
  assert.equal(tableResultWords({ seats, result: { places: [['a', 0], ['b', 1]], forfeits: [] } }), 'Ann won');
  assert.equal(tableResultWords({ seats, result: { places: [{ player: 'a', place: 0 }, { player: 'b', place: 0 }], forfeits: [] } }), 'Draw');
  assert.equal(tableResultWords({ seats, result: { places: [['b', 0], ['a', 1]], forfeits: ['a'] } }), 'Bob won; Ann did not show up');
  const four = [['a', 'Ann'], ['b', 'Bob'], ['c', 'Cy'], ['d', 'Dee']].map(([player, name]) => ({ player, name }));
  assert.equal(tableResultWords({ seats: four, result: { places: [['a', 0], ['c', 0], ['b', 1], ['d', 1]] } }), 'Ann and Cy won');
  assert.equal(tableResultWords({ seats: four, result: { places: [['c', 0], ['a', 1], ['b', 1], ['d', 3]] } }), '1. Cy, 2. Ann and Bob, 4. Dee');
  assert.equal(tableResultWords({ seats: four, result: { places: [['d', 0], ['a', 1], ['b', 2], ['c', 3]] } }), '1. Dee, 2. Ann, 3. Bob, 4. Cy');
});

test('the create form is checked before it is sent', () => {
  const ok = { name: 'Friday', startsAt: 2000, now: 1000, format: { kind: 'swiss', rounds: 3 } };
  assert.equal(checkCreate(ok), null);
  assert.match(checkCreate({ ...ok, name: '  ' }), /name/);
  assert.match(checkCreate({ ...ok, startsAt: NaN }), /starts/);
  assert.match(checkCreate({ ...ok, startsAt: 10 }), /past/);
  assert.match(checkCreate({ ...ok, format: { kind: 'arena', minutes: 0 } }), /minutes/);
  assert.match(checkCreate({ ...ok, format: { kind: 'neva_tables', rounds: 0, teams: true } }), /rounds/);
});
