import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { EXIT, exitDecision, exitLine, type RunFacts } from './exit-decision.js';

const clean: RunFacts = {
  casesRan: 40,
  failedCases: 0,
  driftChanges: 0,
  leftOnTarget: 0,
  cleanupUnknown: false,
  contractDisagreements: 0,
  secretFound: false,
};

describe('exitDecision: one case per row of the README table "Exit codes of npm run probe"', () => {
  test('0: every case holds and nothing drifted', () => {
    expect(exitDecision(clean).code).toBe(EXIT.ok);
  });

  test.each<[string, Partial<RunFacts>, RegExp]>([
    ['a case failed', { failedCases: 2 }, /2 cases failed/],
    ['the behaviour drifted from the baseline', { driftChanges: 1 }, /1 change from the baseline/],
    ['a subscription was left on the target', { leftOnTarget: 3 }, /3 subscriptions left on the target/],
    ['the cleanup did not finish', { cleanupUnknown: true }, /what is left on the target is unknown/],
    [
      'nothing was accepted for a reason outside the values sent',
      { failingDiagnosis: 'every answer was 401: check ACCESS_TOKEN' },
      /check ACCESS_TOKEN/,
    ],
    ['the target disagrees with the contract', { contractDisagreements: 1 }, /disagrees with the contract in 1 place/],
    ['a secret was found in a written file', { secretFound: true }, /a secret was found/],
    ['the run was stopped by Ctrl-C', { stoppedBy: 'Ctrl-C' }, /stopped by Ctrl-C before every case ran/],
    [
      'an expectation no longer holds',
      {
        expectationFailures: [
          { case: 'matrix/refusals', status: 'stale', message: 'expectation no longer holds: matrix/refusals: remove it' },
        ],
      },
      /^expectation no longer holds: matrix\/refusals: remove it$/,
    ],
    [
      'an expectation is past its until',
      { expectationFailures: [{ case: 'matrix/refusals', status: 'expired', message: 'expectation expired: matrix/refusals' }] },
      /^expectation expired: matrix\/refusals$/,
    ],
    [
      'the run was stopped by SIGTERM before any case finished',
      { stoppedBy: 'SIGTERM', casesRan: 0 },
      /stopped by SIGTERM before any case finished/,
    ],
  ])('1: %s', (_, facts, reason) => {
    const decision = exitDecision({ ...clean, ...facts });
    expect(decision.code).toBe(EXIT.failed);
    expect(decision.reason).toMatch(reason);
  });

  test('1: every reason is named when several hold', () => {
    const decision = exitDecision({ ...clean, failedCases: 1, driftChanges: 2, secretFound: true });
    expect(decision.reason.split('; ')).toHaveLength(3);
  });

  test('0: cases that deviated as expected are counted apart, and each failing expectation is a run failure of its own', () => {
    expect(exitDecision({ ...clean, expectationFailures: [], expectedCases: 2 })).toMatchObject({
      code: EXIT.ok,
      reason: 'every case holds or deviates as expected (2 expected) and nothing drifted, was left behind or leaked',
    });
    const failing = exitDecision({
      ...clean,
      expectationFailures: [{ case: 'a', status: 'stale', message: 'expectation no longer holds: a: remove it' }],
    });
    expect(failing.runFailures.map((f) => f.id)).toEqual(['run/expectation-stale/a']);
  });

  test('2: no case ran (the run could not start), and no report was written', () => {
    const decision = exitDecision({ ...clean, casesRan: 0, failedCases: 0 });
    expect(decision.code).toBe(EXIT.setup);
    expect(decision.reason).toMatch(/no case ran/);
  });

  test('the last line names the code and its reason', () => {
    expect(exitLine(exitDecision({ ...clean, driftChanges: 1 }))).toBe('probe: exit 1: 1 change from the baseline');
  });

  test("the README's exit-code table lists exactly the codes decided here", () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const start = readme.indexOf('| Code | Meaning |');
    expect(start).toBeGreaterThan(-1);
    const table = readme.slice(start, readme.indexOf('\n\n', start));
    const codes = [...table.matchAll(/^\| (\d) \|/gm)].map((m) => Number(m[1]));
    expect(codes).toEqual(Object.values(EXIT));
  });
});

test('a run stopped because its first requests all failed at the connection exits 2 with that cause', () => {
  const decision = exitDecision({
    casesRan: 12,
    failedCases: 12,
    driftChanges: 0,
    leftOnTarget: 0,
    cleanupUnknown: false,
    contractDisagreements: 0,
    secretFound: false,
    connectionStop: 'the first 3 requests all failed at the connection: ... set TLS_CLIENT_CERT_FILE ...',
  });
  expect(decision.code).toBe(2);
  expect(decision.reason).toBe('the first 3 requests all failed at the connection: ... set TLS_CLIENT_CERT_FILE ...');
  expect(decision.runFailures.map((f) => f.id)).toEqual(['run/connection']);
});

test('a run stopped because it cannot delete what it creates exits 2 with its line, over the one subscription it left', () => {
  const why = 'stopped after the first accepted create: ...; set DELETE_PATH ...';
  const decision = exitDecision({
    casesRan: 40,
    failedCases: 39,
    driftChanges: 0,
    leftOnTarget: 1,
    cleanupUnknown: false,
    contractDisagreements: 0,
    secretFound: false,
    undoStop: why,
  });
  expect(decision.code).toBe(2);
  expect(decision.reason).toBe(why);
  expect(decision.runFailures.map((f) => f.id)).toEqual(['run/cannot-delete']);
});

test('each skip the presence evidence contradicts fails the run with a failure of its own', () => {
  const decision = exitDecision({ ...clean, evidenceDisagreements: ['2 cases (...) skipped as ...'] });
  expect(decision.code).toBe(EXIT.failed);
  expect(decision.runFailures.map((f) => f.id)).toEqual(['run/evidence-disagrees-1']);
  expect(decision.reason).toContain('skipped as');
});
