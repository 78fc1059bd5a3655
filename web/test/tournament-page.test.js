// What the tournament page shows (web/js/tournament/show.js): the countdown, what the
// actions box offers, this player's table, the byes and the entrants.
// Run: node --test web/test/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import './fixtures/english.js';
import { actionsView, byesText, countdownLine, entrantsView, isBot, myEntry, myTable, noShowText } from '../js/tournament/show.js';
import { readFileSync } from 'node:fs';
import { useBundle } from '../js/i18n.js';


const ANN = { id: 'a1', name: 'Ann', username: 'ann' };
const GUEST = { id: 'g1', name: 'Guest', username: null };

function event(over = {}) {
  return {
    id: 't1',
    state: 'registering',
    starts_at: 100_000,
    format: { kind: 'swiss', rounds: 3 },
    entrants: [
      { id: 'a1', name: 'Ann', rating: 1500 },
      { id: 'b2', name: 'Bob', rating: 1700, active: false },
      { id: 'x9', name: 'Computer', rating: 1600, bot: true },
    ],
    rounds_played: [],
    ...over,
  };
}

test('the countdown runs while registration is open', () => {
  assert.equal(countdownLine(event(), 100_000 - 65_000), 'Starts in 1:05');
  assert.equal(countdownLine(event(), 100_000), 'Starting…');
  assert.equal(countdownLine(event({ state: 'running' }), 0), '');
  assert.equal(countdownLine(null, 0), '');
});

test('the actions box: sign in, register, registered, closed, nothing after the end', () => {
  assert.deepEqual(actionsView(event(), GUEST), { kind: 'account' });
  assert.deepEqual(actionsView(event(), null), { kind: 'account' });
  assert.deepEqual(actionsView(event(), ANN), { kind: 'registered', text: 'You are registered.', leave: 'Leave' });
  assert.deepEqual(actionsView(event({ state: 'running' }), ANN), { kind: 'registered', text: 'You are playing.', leave: 'Withdraw' });
  const bob = { id: 'b2', name: 'Bob', username: 'bob' };
  assert.deepEqual(actionsView(event(), bob), { kind: 'register', teams: false, label: 'Rejoin' });
  assert.deepEqual(actionsView(event({ state: 'running' }), bob), { kind: 'closed' });
  const cat = { id: 'c3', name: 'Cat', username: 'cat' };
  assert.deepEqual(actionsView(event({ format: { kind: 'neva_tables', rounds: 2, teams: true } }), cat), { kind: 'register', teams: true, label: 'Register' });
  assert.deepEqual(actionsView(event({ state: 'finished' }), ANN), { kind: 'none' });
});

test('entrants: this player, the bots, highest rating first, the active ones counted', () => {
  assert.equal(myEntry(event(), ANN).name, 'Ann');
  assert.equal(myEntry(event(), null), undefined);
  assert.equal(isBot(event(), 'x9'), true);
  assert.equal(isBot(event(), 'a1'), false);
  const v = entrantsView(event());
  assert.deepEqual(v.list.map((e) => e.id), ['b2', 'x9', 'a1']);
  assert.equal(v.active, 2);
});

test('the table of this player\'s game on, and who sits out', () => {
  const round = {
    round: 2,
    tables: [
      { room_id: 'r1', result: 'white', seats: [{ player: 'a1' }, { player: 'x9' }] },
      { room_id: 'r2', result: null, seats: [{ player: 'b2' }, { player: 'a1' }] },
    ],
    byes: [{ player: 'x9' }, 'b2', { player: 'zz', name: 'Zed' }, null],
  };
  const t = event({ state: 'running', rounds_played: [round] });
  assert.equal(myTable(t, ANN).room_id, 'r2');
  assert.equal(myTable(t, null), null);
  assert.equal(myTable(event(), ANN), null);
  assert.equal(byesText(round, t), 'Computer, Bob, Zed, someone');
});

test('the no-show rule is stated only when the event has one', () => {
  assert.match(noShowText(event({ no_show_secs: 60 })), /first move 60 seconds after/);
  assert.equal(noShowText(event()), null);
});

test('the organiser box: the creator or an admin, until the start', async () => {
  const { mayOrganise } = await import('../js/tournament/show.js');
  const t = event({ created_by: 'a1' });
  assert.equal(mayOrganise(t, ANN), true);
  assert.equal(mayOrganise(t, { id: 'z9', username: 'zed', role: 'member' }), false);
  assert.equal(mayOrganise(t, { id: 'z9', username: 'root', role: 'admin' }), true);
  assert.equal(mayOrganise(event({ created_by: 'a1', state: 'running' }), ANN), false);
  assert.equal(mayOrganise(t, null), false);
});

test('a new pairing takes the player to their game; the first answer takes nobody', async () => {
  const { newGameFor } = await import('../js/tournament/show.js');
  const before = event({ state: 'running', rounds_played: [] });
  const paired = event({
    state: 'running',
    rounds_played: [{ round: 1, tables: [{ room_id: 'r1', seats: [{ player: 'a1' }, { player: 'x9' }], result: null }], byes: [] }],
  });
  assert.equal(newGameFor(before, paired, ANN), 'r1');
  assert.equal(newGameFor(null, paired, ANN), null);
  assert.equal(newGameFor(paired, paired, ANN), null);
  assert.equal(newGameFor(before, paired, { id: 'q1', username: 'q' }), null);
  assert.equal(newGameFor(before, paired, null), null);
});

test('who may create tournaments, in words, and whether this reader may', async () => {
  const { creatorsText, mayCreate } = await import('../js/tournament/show.js');
  assert.equal(mayCreate('admins', ANN), false);
  assert.equal(mayCreate('admins', { ...ANN, role: 'admin' }), true);
  assert.equal(mayCreate('members', ANN), true);
  assert.equal(mayCreate('members', GUEST), false);
  assert.equal(mayCreate('anyone', GUEST), true);
  assert.equal(mayCreate('anyone', null), false);
  assert.match(creatorsText('admins', false), /only admins create tournaments\. To have one, ask an admin\./);
  assert.match(creatorsText('members', false), /Sign in to create one\./);
  assert.match(creatorsText('anyone', true), /form below/);
  assert.doesNotMatch(creatorsText('admins', true), /ask an admin/);
});
