import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { PropertyBounds } from './bounds.js';
import { runBoundedProperty, type BoundedPropertyOptions, type Trial } from './bounded-run.js';
import type { PropertyCheck } from './check-result.js';

/** Values are sets of letters; a "request" is one trial; the fake target answers from the value. */
const letters = fc.record({ a: fc.boolean(), b: fc.boolean(), c: fc.boolean(), d: fc.boolean() });
type Letters = { a: boolean; b: boolean; c: boolean; d: boolean };
const key = (v: Letters): string =>
  Object.entries(v)
    .flatMap(([k, on]) => (on ? [k] : []))
    .join('') || '-';
const wide: PropertyBounds = { maxRequests: 1_000, timeLimitMs: 60_000 };

function target(answer: (v: Letters) => PropertyCheck, overrides: Partial<BoundedPropertyOptions<Letters, string>> = {}) {
  let sent = 0;
  const options: BoundedPropertyOptions<Letters, string> = {
    arbitrary: letters,
    key,
    seed: 5,
    numRuns: 20,
    bounds: wide,
    spent: () => sent,
    requestsPerTrial: 1,
    trial: (v): Promise<Trial<string>> => {
      sent += 1;
      return Promise.resolve({ check: answer(v), evidence: `sent ${key(v)}` });
    },
    ...overrides,
  };
  return { options, sent: () => sent };
}

describe('runBoundedProperty', () => {
  test('a property that holds runs numRuns trials and reports them', async () => {
    const { options, sent } = target(() => ({ kind: 'holds' }));
    const result = await runBoundedProperty(options);
    expect(result).toMatchObject({ outcome: 'held', runs: 20, shrinks: 0, stoppedBy: undefined, counterexample: undefined });
    expect(result.counts).toEqual({ holds: 20, violated: 0, 'not-judged': 0, 'no-answer': 0 });
    expect(result.keys).toHaveLength(20);
    expect(sent()).toBe(20);
    expect(result.first?.trial.evidence).toBe(`sent ${result.keys[0]}`);
  });

  test('a violation is shrunk, and the shrunk value comes back with its own evidence', async () => {
    const { options } = target((v) => (v.b && v.d ? { kind: 'violated', problem: 'b with d' } : { kind: 'holds' }));
    const result = await runBoundedProperty(options);
    expect(result.outcome).toBe('violated');
    expect(result.counterexample?.key).toBe('bd');
    expect(result.counterexample?.trial).toEqual({ check: { kind: 'violated', problem: 'b with d' }, evidence: 'sent bd' });
    expect(result.shrinks).toBeGreaterThan(0);
  });

  test('no answer stops the property at once, without shrinking', async () => {
    const { options, sent } = target((v) => (v.a ? { kind: 'no-answer', problem: 'network: ECONNRESET' } : { kind: 'holds' }));
    const result = await runBoundedProperty(options);
    expect(result.outcome).toBe('no-answer');
    expect(result.stoppedBy).toBe('no answer');
    expect(result.noAnswer).toMatchObject({ trial: { check: { problem: 'network: ECONNRESET' } } });
    expect(result.counts['no-answer']).toBe(1);
    expect(sent()).toBe(result.keys.length);
  });

  test('no answer while shrinking still ends as no-answer, keeping the counterexample found so far', async () => {
    let trials = 0;
    // The first body is a counterexample; everything after it (the shrink candidates) gets no answer.
    const { options } = target(() => (++trials === 1 ? { kind: 'violated', problem: 'first' } : { kind: 'no-answer', problem: 'reset' }));
    const result = await runBoundedProperty(options);
    expect(result.outcome).toBe('no-answer');
    expect(result.counterexample?.trial.check).toEqual({ kind: 'violated', problem: 'first' });
    expect(result.counts).toMatchObject({ violated: 1, 'no-answer': 1 });
    expect(trials).toBe(2);
  });

  test('the request cap stops the trials, never passing it, also while shrinking', async () => {
    const { options, sent } = target((v) => (v.a ? { kind: 'violated', problem: 'a' } : { kind: 'holds' }), {
      bounds: { maxRequests: 7, timeLimitMs: 60_000 },
      requestsPerTrial: 2,
    });
    const result = await runBoundedProperty(options);
    expect(sent()).toBeLessThanOrEqual(7);
    expect(result.stoppedBy).toBe('request cap');
  });

  test('not-judged trials count as runs without shrinking', async () => {
    const { options } = target((v) => (v.a ? { kind: 'not-judged', reason: 'a 5xx' } : { kind: 'holds' }));
    const result = await runBoundedProperty(options);
    expect(result.outcome).toBe('held');
    expect(result.counts.holds + result.counts['not-judged']).toBe(20);
  });

  test('notes are counted, and the first few kept', async () => {
    const { options } = target(() => ({ kind: 'holds', note: 'odd' }), { numRuns: 12 });
    const result = await runBoundedProperty(options);
    expect(result.noteCount).toBe(12);
    expect(result.notes).toHaveLength(5);
  });

  test('the time limit interrupts, and the trial it cut off is awaited before the result', async () => {
    let running = 0;
    let finished = 0;
    const result = await runBoundedProperty<Letters, string>({
      ...target(() => ({ kind: 'holds' })).options,
      bounds: { maxRequests: 1_000, timeLimitMs: 120 },
      trial: async (v) => {
        running += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
        running -= 1;
        finished += 1;
        return { check: { kind: 'holds' }, evidence: key(v) };
      },
    });
    expect(result.stoppedBy).toBe('time limit');
    expect(result.outcome).toBe('held');
    expect(running).toBe(0);
    expect(result.keys.length).toBeLessThanOrEqual(finished);
    expect(result.keys.length).toBeLessThan(20);
  });

  test('a trial that throws is harness trouble: no-answer, not a counterexample to shrink', async () => {
    const { options } = target(() => ({ kind: 'holds' }), {
      trial: () => Promise.reject(new Error('bug in the suite')),
    });
    const result = await runBoundedProperty(options);
    expect(result).toMatchObject({
      outcome: 'no-answer',
      stoppedBy: 'harness error',
      noAnswer: { problem: 'the harness failed: bug in the suite' },
    });
    expect(result.shrinks).toBe(0);
  });

  test('the same seed tries the same values in the same order, shrinking included', async () => {
    const run = async () =>
      (await runBoundedProperty(target((v) => (v.c ? { kind: 'violated', problem: 'c' } : { kind: 'holds' }), { seed: 77 }).options)).keys;
    expect(await run()).toEqual(await run());
  });
});
