import { expect, test } from 'vitest';
import { defaultProfileReport } from '../../test/support/report-fixtures.js';
import { exitDecision } from './exit-decision.js';
import { MAX_ANNOTATIONS_PER_JOB, MAX_ANNOTATIONS_PER_TYPE, githubAnnotations, githubSummary } from './github-output.js';

const facts = {
  casesRan: 40,
  failedCases: 0,
  driftChanges: 2,
  leftOnTarget: 0,
  cleanupUnknown: false,
  contractDisagreements: 0,
  secretFound: false,
};

test('each reason the run fails is an error annotation, its text escaped as GitHub reads it', () => {
  const lines = githubAnnotations(defaultProfileReport(), exitDecision(facts));
  expect(lines).toContain('::error title=run/drift::2 changes from the baseline');
  expect(githubAnnotations(undefined, exitDecision({ ...facts, driftChanges: 0, failingDiagnosis: 'a: b\nc 100%' }))).toEqual([
    '::error title=run/nothing-accepted::a: b%0Ac 100%25',
  ]);
});

test('a failing case is annotated with its verdict, id and spec part; a clean run has none', () => {
  const report = defaultProfileReport();
  const failing = {
    ...report,
    cases: [{ id: 'protocol/x', name: 'x', specRef: 'spec §7 rule 1', verdict: 'DEVIATES' as const, finding: 'answered 500' }],
  };
  expect(githubAnnotations(failing, exitDecision({ ...facts, driftChanges: 0, failedCases: 1 }))).toEqual([
    '::error title=DEVIATES protocol/x::spec §7 rule 1: answered 500',
  ]);
  expect(githubAnnotations(report, exitDecision({ ...facts, driftChanges: 0 }))).toEqual([]);
});

test('the job summary is the Markdown report, the exit line last', () => {
  expect(githubSummary('# Behaviour\n', 'probe: exit 0: every case holds')).toBe('# Behaviour\n\n**probe: exit 0: every case holds**\n');
  expect(githubSummary(undefined, 'probe: exit 2: no case ran')).toMatch(/^No behaviour report was written\.\n\n\*\*probe: exit 2/);
});

test("annotations stay within GitHub's caps, 10 of a type per step: the last of each type sums up the rest and points to the job summary", () => {
  const report = defaultProfileReport();
  const many = {
    ...report,
    cases: [
      ...Array.from({ length: 30 }, (_, i) => ({ id: `value/x/${i}`, name: 'x', specRef: 'spec §7 rule 1', verdict: 'DEVIATES' as const })),
      ...Array.from({ length: 12 }, (_, i) => ({
        id: `matrix/${i}`,
        name: 'm',
        specRef: 'spec §7 rule 1',
        verdict: 'DEVIATES' as const,
        expectation: { reason: 'a known 422' },
      })),
    ],
  };
  const lines = githubAnnotations(many, exitDecision({ ...facts, failedCases: 30 }), { restIn: 'job summary' });
  const errors = lines.filter((l) => l.startsWith('::error '));
  const notices = lines.filter((l) => l.startsWith('::notice '));
  expect([errors.length, notices.length]).toEqual([MAX_ANNOTATIONS_PER_TYPE, MAX_ANNOTATIONS_PER_TYPE]);
  expect(lines.length).toBeLessThanOrEqual(MAX_ANNOTATIONS_PER_JOB);
  // 31 errors (the drift and 30 cases): 9 shown, the tenth sums up the other 22.
  expect(errors[0]).toBe('::error title=run/drift::2 changes from the baseline');
  expect(errors.at(-1)).toBe('::error title=22 more failures::22 more failures not annotated here: see the job summary');
  expect(notices[0]).toBe('::notice title=DEVIATES (expected) matrix/0::DEVIATES (expected: a known 422) (spec §7 rule 1)');
  expect(notices.at(-1)).toBe(
    '::notice title=3 more expected deviations::3 more expected deviations not annotated here: see the job summary',
  );
  // Exactly at the cap, nothing is summed up.
  const ten = { ...many, cases: many.cases.slice(0, 9) };
  expect(githubAnnotations(ten, exitDecision({ ...facts, failedCases: 9 })).filter((l) => /more failures/.test(l))).toEqual([]);
});

test("a shard's job summary says where its results are, instead of that no report was written", () => {
  expect(githubSummary(undefined, 'probe: exit 1: 1 case failed', { shard: '2/3' })).toMatch(
    /^shard 2 of 3: results in the merge job \(.*\)\n\n\*\*probe: exit 1: 1 case failed\*\*\n$/,
  );
});
