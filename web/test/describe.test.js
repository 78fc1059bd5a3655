// A room in plain words (web/js/describe.js). Run: node --test web/test/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import './fixtures/english.js';
import { describe, describeParts, clockWords, personName, waitingWords, nevaSeats } from '../js/describe.js';

const fischer = { kind: 'fischer', base_ms: 300000, increment_ms: 3000 };

test('a Neva room for four in teams with a clock', () => {
  const room = {
    game: 'neva',
    options: { seats: 'white,red,green,black', teams: 'true', blocked: 'eliminate', departed: 'remove', repetition: '3', no_progress: '15' },
    time_control: fischer,
    seats: [{ seat: 'white' }, { seat: 'red' }, { seat: 'green' }, { seat: 'black' }],
  };
  assert.equal(describe(room), 'Neva, 4 players, teams, 5+3');
});

test('Neva counts its players from the seats option when no seat list is given', () => {
  assert.equal(describe({ game: 'neva', options: { seats: '3' } }), 'Neva, 3 players, no clock');
  assert.equal(describe({ game: 'neva', options: { seats: 'white,green' } }), 'Neva, 2 players, no clock');
  assert.equal(describe({ game: 'neva', options: {} }), 'Neva, 4 players, no clock');
  assert.deepEqual(nevaSeats('2'), ['white', 'green']);
});

test('Stockholm without the deferred backward capture is Brazilian', () => {
  const room = {
    game: 'stockholm',
    options: { deferred_backward_capture: 'false', max_capture: 'true', king_halt: 'false', repetition: '3', no_progress: '25' },
    time_control: { kind: 'none' },
  };
  assert.equal(describe(room), 'Stockholm, Brazilian, no clock');
  assert.equal(describe({ game: 'stockholm', options: {}, time_control: { kind: 'none' } }), 'Stockholm, no clock');
});

test('only the changed options are named, booleans and numbers alike', () => {
  assert.deepEqual(describeParts({ game: 'queah', options: { capture_mandatory: true, o_edge_ring: 'true', repetition: 0 } }),
    ['Queah', 'edge lines', 'captures compulsory', 'no repetition draw', 'no clock']);
  assert.equal(describe({ game: 'giveandtake', options: { removal: 'end_of_move', no_progress: '80' }, time_control: { kind: 'per_move', limit_ms: 30000 } }),
    'Give and Take, 80 quiet moves end it, pieces leave after the capture, 30 s a move');
  // An option this file does not know still reads as words, not as a raw key.
  assert.equal(describe({ game: 'queah', options: { new_thing: 'some_value' } }), 'Queah, new thing: some value, no clock');
});

test('clocks in words', () => {
  assert.equal(clockWords(null), 'no clock');
  assert.equal(clockWords({ kind: 'none' }), 'no clock');
  assert.equal(clockWords(fischer), '5+3');
  assert.equal(clockWords({ kind: 'fischer', base_ms: 90000, increment_ms: 0 }), '1.5+0');
  assert.equal(clockWords({ kind: 'per_move', limit_ms: 45000 }), '45 s a move');
});

test('bots are named as the server names them, old stored names included', () => {
  assert.equal(personName('Computer level 3'), 'Computer level 3');
  assert.equal(personName('engine (bot, level 4)'), 'Computer level 4');
  assert.equal(personName('engine (bot)'), 'Computer');
  assert.equal(personName('random (bot, level 1)'), 'Random mover');
  assert.equal(personName('whatever', { kind: 'engine', level: 2 }), 'Computer level 2');
  assert.equal(personName('Ann (bot)'.replace(' (bot)', '')), 'Ann');
  assert.equal(personName(null), '');
});

test('who waits in a room', () => {
  assert.equal(waitingWords([{ seat: 'white', name: 'Ann' }, { seat: 'black', name: null }]), 'Ann waits for 1 more player');
  assert.equal(waitingWords([{ seat: 'white', name: 'Ann' }, { seat: 'red', name: 'engine (bot)', bot: true }, { seat: 'green', name: null }, { seat: 'black', name: null }]),
    'Ann and Computer wait for 2 more players');
  assert.equal(waitingWords([{ seat: 'white', name: null }, { seat: 'black', name: null }]), 'Waiting for 2 more players');
  assert.equal(waitingWords([{ seat: 'white', name: 'Ann' }, { seat: 'black', name: 'Bob' }]), 'Full');
  assert.equal(waitingWords(undefined), 'Full');
});

test('a rated room says so after its clock', () => {
  const fischer = { kind: 'fischer', base_ms: 180000, increment_ms: 2000 };
  assert.equal(describe({ game: 'queah', options: {}, time_control: fischer, rated: true }), 'Queah, 3+2, rated');
  assert.equal(describe({ game: 'queah', options: {}, time_control: fischer, rated: false }), 'Queah, 3+2');
});

test('a room in Russian and Portuguese: plurals by the language\'s rules, bots and lists in its words', async () => {
  const { readFileSync } = await import('node:fs');
  const { useBundle } = await import('../js/i18n.js');
  const { useEnglish } = await import('./fixtures/english.js');
  const { durationWords, seatName } = await import('../js/seats.js');
  const common = (tag) => readFileSync(new URL(`../locales/${tag}/common.ftl`, import.meta.url), 'utf8');
  const waiting = [{ seat: 'white', name: 'Аня' }, { seat: 'red', name: 'Computer level 3' }, { seat: 'green', name: null }, { seat: 'black', name: null }];
  try {
    useBundle('ru', [common('ru')]);
    assert.equal(describe({ game: 'neva', options: { seats: '3', teams: 'true' }, time_control: { kind: 'correspondence', days: 5 }, rated: true }),
      'Нева, 3 игрока, командная игра, 5 дней на ход, рейтинговая');
    assert.equal(clockWords({ kind: 'fischer', base_ms: 90000, increment_ms: 0 }), '1,5+0');
    assert.equal(waitingWords(waiting), 'Аня и Компьютер уровня 3 ждут ещё 2 игроков');
    assert.equal(waitingWords(waiting.slice(0, 1).concat([{ seat: 'black', name: null }])), 'Аня ждёт ещё 1 игрока');
    assert.equal(waitingWords([{ seat: 'white' }, { seat: 'black' }]), 'Нужны ещё 2 игрока');
    assert.equal(durationWords(21 * 86_400_000 + 2 * 3_600_000), '21 день 2 часа');
    assert.equal(seatName('green'), 'Зелёные');
    useBundle('pt-BR', [common('pt-BR')]);
    assert.equal(waitingWords(waiting), 'Аня e Computador nível 3 esperam mais 2 jogadores');
    assert.equal(describe({ game: 'stockholm', options: { deferred_backward_capture: 'false' }, time_control: { kind: 'per_move', limit_ms: 30000 } }),
      'Estocolmo, regra brasileira, 30 s por lance');
  } finally {
    useEnglish();
  }
});

test('a tournament\'s numbered computer players read in the reader\'s language, their number kept', async () => {
  const { readFileSync } = await import('node:fs');
  const { useBundle } = await import('../js/i18n.js');
  const { useEnglish } = await import('./fixtures/english.js');
  assert.equal(personName('Computer level 3 #2'), 'Computer level 3 #2');
  assert.equal(personName('Ann #1'), 'Ann #1');
  try {
    useBundle('ru', [readFileSync(new URL('../locales/ru/common.ftl', import.meta.url), 'utf8')]);
    assert.equal(personName('Computer level 3 #2'), 'Компьютер уровня 3 #2');
    assert.equal(personName('Ann #1'), 'Ann #1');
  } finally {
    useEnglish();
  }
});
