import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import type { Diagnosis } from '../inference/types.js';
import type { BehaviourReport } from '../report/types.js';
import { formatConsoleSummary } from './console-summary.js';

const recorded = JSON.parse(readFileSync(new URL('../../test/fixtures/drive-subscription-v2.before.behaviour-report.json', import.meta.url), 'utf8')) as BehaviourReport;
const diagnosis: Diagnosis = { likelyCause: 'unknown', message: 'no combination was observed, so nothing could be inferred.' };

test('a run without the presence matrix says presence was not probed, not that nothing was accepted', () => {
  const lines = formatConsoleSummary({ ...recorded, matrix: [], diagnosis });
  expect(lines).toContain('  presence: no combination is in this run (the presence matrix did not run), so no rule is inferred');
  expect(lines.join('\n')).not.toMatch(/no combination was accepted/);
});

test('a run whose matrix has answers and no accepted one gives the diagnosis', () => {
  const rejected = recorded.matrix.map((e) => ({ ...e, outcome: 'rejected' as const }));
  const lines = formatConsoleSummary({ ...recorded, matrix: rejected, diagnosis: { likelyCause: 'service', message: 'the values.' } });
  expect(lines).toContain('  no combination was accepted: the values.');
});
