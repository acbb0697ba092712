/**
 * The presence matrix (issue 3 §2): every combination of present fields, each body built from
 * good values only so that the outcome speaks of presence alone, each sent REPEATS times.
 * Which fields are required is not shown in the spec (spec §4), so each combination's outcome is
 * INFORMATIONAL; every 4xx it gets is checked against spec §7 (rule 1 for 400).
 */
import { describe, test } from 'vitest';
import { checkErrorRule } from '../lib/checks/error-rule.js';
import { combinations } from '../lib/inference/combinations.js';
import { probeCombination } from '../lib/matrix/probe-combination.js';
import type { Exchange } from '../lib/http/types.js';
import { probeContext } from './support/context.js';
import { CaseRun, example, finishCase } from './support/case-run.js';
import { rememberObservation } from './support/matrix-store.js';

const probe = probeContext();
const fields = probe.operation.fields.map((f) => f.name);
const rows = combinations(fields).map((present) => [present.length === 0 ? '(none)' : present.join(', '), present] as const);

describe.concurrent('presence matrix (open: spec §4 "Which fields are required: not shown")', () => {
  test.for(rows)('present: %s', async ([label, present], context) => {
    const run = new CaseRun(probe);
    const { observation, exchanges: answers } = await probeCombination(run, probe.operation, present, probe.config.repeats, probe.values);
    rememberObservation(observation);

    const broken = answers.flatMap((a) => {
      const check = checkErrorRule(a);
      return check !== undefined && !check.holds ? [`${a.status}: ${check.problems.join('; ')}`] : [];
    });
    const first = answers[0] as Exchange;
    const shown = answers.find((a) => a.failure !== undefined) ?? first;
    const statuses = (observation.statuses ?? []).map((s) => s ?? 'no answer').join(', ');
    const record = {
      id: `matrix/${present.length === 0 ? 'none' : present.join('+')}`,
      kind: 'matrix' as const,
      observation,
      example: example(shown),
      observed: `${observation.outcome} (${statuses})${observation.errorCode !== undefined ? ` ${observation.errorCode}` : ''}`,
    };
    if (observation.outcome === 'error') {
      await finishCase(context, run, {
        ...record,
        specRef: 'open: spec §4 which fields are required',
        verdict: 'ERROR',
        finding: `no verdict from the target for {${label}}: ${shown.failure?.message ?? `status ${shown.status}`}`,
      });
    } else if (broken.length > 0) {
      await finishCase(context, run, {
        ...record,
        specRef: 'spec §7 rule 1',
        verdict: 'DEVIATES',
        expected: '400 answers carry error.code "invalidRequest" in the §7 error object',
        finding: `error body of {${label}} breaks spec §7: ${broken[0]}`,
      });
    } else {
      await finishCase(context, run, {
        ...record,
        specRef: 'open: spec §4 which fields are required',
        verdict: 'INFORMATIONAL',
        finding: `{${label}} ${observation.outcome}${observation.status !== null ? ` (${observation.status}${observation.errorCode !== undefined ? ` ${observation.errorCode}` : ''})` : ''}`,
      });
    }
  });
});
