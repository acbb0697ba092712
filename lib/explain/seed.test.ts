import { describe, expect, test } from 'vitest';
import { findAccepted, type SeedAnswer } from './seed.js';

const FIELDS = ['a', 'b', 'c', 'd'];

/** An oracle over toggle sets that records what was asked, in order. */
function oracle(accepts: (toggles: readonly string[]) => boolean, names: (toggles: readonly string[]) => string[] = () => []) {
  const asked: string[] = [];
  const tryToggles = (toggles: readonly string[]): Promise<SeedAnswer> => {
    asked.push([...toggles].sort().join(','));
    return Promise.resolve(accepts(toggles) ? { answer: 'holds', named: [] } : { answer: 'fails', named: names(toggles) });
  };
  return { asked, tryToggles };
}

const has = (toggles: readonly string[], ...fields: string[]): boolean => fields.every((f) => toggles.includes(f));

describe('findAccepted', () => {
  test('the fields the rejection names are asked first, before the body with no toggle', async () => {
    // Arrange: a and c must both go; each rejection names the next offender.
    const { asked, tryToggles } = oracle(
      (t) => has(t, 'a', 'c'),
      (t) => (t.includes('a') ? ['c'] : ['a']),
    );
    // Act
    const found = await findAccepted(FIELDS, { answer: 'fails', named: ['a'] }, tryToggles);
    // Assert
    expect(found).toEqual({ kind: 'found', toggles: ['a', 'c'], tried: 2 });
    expect(asked).toEqual(['a', 'a,c']);
  });

  test('a name that leads nowhere: then the body with no toggle, which may be all it takes', async () => {
    // The rejection names b (its value is the trouble), and taking b out does not help.
    const { asked, tryToggles } = oracle(
      (t) => t.length === 0,
      () => ['b'],
    );
    const found = await findAccepted(FIELDS, { answer: 'fails', named: ['b'] }, tryToggles);
    expect(found).toEqual({ kind: 'found', toggles: [], tried: 2 });
    expect(asked).toEqual(['b', '']);
  });

  test('nothing named: the body with no toggle first, then toggles by size, named ones first', async () => {
    const { asked, tryToggles } = oracle((t) => has(t, 'd'));
    const found = await findAccepted(FIELDS, { answer: 'fails', named: [] }, tryToggles);
    expect(found.kind).toBe('found');
    expect(asked).toEqual(['', 'a', 'b', 'c', 'd']);
  });

  test('nothing accepted: every toggle set once, then none', async () => {
    const { asked, tryToggles } = oracle(() => false);
    const found = await findAccepted(FIELDS, { answer: 'fails', named: ['c'] }, tryToggles);
    expect(found.kind).toBe('none');
    expect(new Set(asked).size).toBe(2 ** FIELDS.length);
  });

  test('a prediction is asked before the names; accepted, it is the answer', async () => {
    const { asked, tryToggles } = oracle((t) => has(t, 'b', 'd'));
    const found = await findAccepted(FIELDS, { answer: 'fails', named: ['a'] }, tryToggles, ['d', 'b']);
    expect(found).toEqual({ kind: 'found', toggles: ['d', 'b'], tried: 1 });
    expect(asked).toEqual(['b,d']);
  });

  test('a wrong prediction costs one question: its names join the hints, and the search goes on', async () => {
    // c must go; the prediction says a, whose rejection names c.
    const { asked, tryToggles } = oracle(
      (t) => has(t, 'c'),
      (t) => (t.includes('a') ? ['c'] : []),
    );
    const found = await findAccepted(FIELDS, { answer: 'fails', named: [] }, tryToggles, ['a']);
    expect(found.kind).toBe('found');
    expect(asked).toEqual(['a', '', 'c']);
  });

  test('fields outside those toggled are dropped from a prediction', async () => {
    const { asked, tryToggles } = oracle((t) => has(t, 'a'));
    await findAccepted(FIELDS, { answer: 'fails', named: [] }, tryToggles, ['a', 'zz']);
    expect(asked[0]).toBe('a');
  });

  test('stop ends the search at once', async () => {
    let calls = 0;
    const found = await findAccepted(FIELDS, { answer: 'fails', named: ['a'] }, () => {
      calls += 1;
      return Promise.resolve({ answer: calls >= 2 ? 'stop' : 'fails', named: ['b'] });
    });
    expect(found).toEqual({ kind: 'stop', tried: 2 });
  });
});
