import { expect, test } from 'vitest';
import { defaultProfileReport } from '../../test/support/report-fixtures.js';
import { exitDecision } from './exit-decision.js';
import { githubAnnotations, githubSummary } from './github-output.js';

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
