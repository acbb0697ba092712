import { expect, test } from 'vitest';
import { suiteLine, summarizeSuites } from './suite-summary.js';

const run = (reused: (number | undefined)[]) => ({
  cases: reused.map((r, i) => ({
    suite: '04-properties',
    record: { verdict: 'CONFORMS' as const, requests: i + 1, ...(r !== undefined ? { reused: r } : {}) },
  })),
  skipped: [],
  notRun: [],
  harnessErrors: [],
  suites: [{ suite: '04-properties', seconds: 0.25 }],
});

test("a suite's answers taken from earlier asks are its cases' sum, said beside its requests", () => {
  const [summary] = summarizeSuites(run([undefined, 12, 28]));
  expect(summary).toMatchObject({ requests: 6, reused: 40 });
  expect(summary && suiteLine(summary, false)).toBe(
    '04-properties: 3 CONFORMS; 6 requests (40 answers taken from earlier asks, not sent), 0.3 s',
  );
});

test('a suite whose cases took none says nothing of it, and has no count', () => {
  const [summary] = summarizeSuites(run([undefined, undefined]));
  expect(summary?.reused).toBeUndefined();
  expect(summary && suiteLine(summary, false)).toBe('04-properties: 2 CONFORMS; 3 requests, 0.3 s');
  const [one] = summarizeSuites(run([1]));
  expect(one && suiteLine(one, false)).toContain('(1 answer taken from earlier asks, not sent)');
});
