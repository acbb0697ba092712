/**
 * The presence matrix (issue 3 §2): every combination of present fields, each body built from
 * good values only so that the outcome speaks of presence alone, each sent REPEATS times.
 * Which fields are required is not shown in the spec (spec §4), so each combination's outcome is
 * INFORMATIONAL; every 4xx it gets is checked against spec §7 (rule 1 for 400).
 */
import { describe, test } from 'vitest';
import { checkErrorRule } from '../lib/checks/error-rule.js';
import { combinations } from '../lib/inference/combinations.js';
import { explore } from '../lib/explore/explore.js';
import type { Observation } from '../lib/inference/types.js';
import { probeCombination } from '../lib/matrix/probe-combination.js';
import type { Exchange } from '../lib/http/types.js';
import { probeContext } from './support/context.js';
import { CaseRun, example, finishCase } from './support/case-run.js';
import { rememberObservation } from './support/matrix-store.js';

const probe = probeContext();
const fields = probe.operation.fields.map((f) => f.name);
// Above EXHAUSTIVE_MAX_FIELDS, 2^n bodies are too many: the adaptive explorer asks at most 10 x n.
const adaptive = fields.length > probe.config.exhaustiveMaxFields;
const rows = adaptive ? [] : combinations(fields).map((present) => [present.length === 0 ? '(none)' : present.join(', '), present] as const);

describe.runIf(adaptive)('presence exploration (open: spec §4 "Which fields are required: not shown")', () => {
  test(`adaptive exploration of ${fields.length} fields (EXHAUSTIVE_MAX_FIELDS=${probe.config.exhaustiveMaxFields})`, async (context) => {
    const run = new CaseRun(probe);
    const observed: Observation[] = [];
    const result = await explore(
      fields,
      async (present) => {
        const ordered = fields.filter((f) => present.has(f));
        const { observation } = await probeCombination(run, probe.operation, ordered, probe.config.repeats, probe.values);
        rememberObservation(observation);
        observed.push(observation);
        return observation.outcome === 'accepted' || observation.outcome === 'rejected' ? observation.outcome : 'unknown';
      },
      {
        exhaustiveMaxFields: probe.config.exhaustiveMaxFields,
        // A first guess only: the explorer checks it and searches on when the target refuses it.
        ...((probe.config.acceptedFields ?? probe.operation.reportedAccepted) !== undefined
          ? { startFrom: probe.config.acceptedFields ?? probe.operation.reportedAccepted }
          : {}),
      },
    );
    const exploration = {
      strategy: result.strategy,
      combinationsAsked: result.requests,
      confirmed: result.confirmed,
      possible: result.possible,
      exact: result.exact,
      unresolved: result.unresolved,
      assumptions: result.assumptions,
      observations: observed,
    };
    // The report's roles rest on the answers alone (every combination not sent is unknown); the
    // explorer's roles also rest on its assumptions (a rule of the supported class), said here.
    const roles = Object.entries(result.roles).map(([name, role]) => `${name} ${role}`).join(', ');
    const given = `a rule of the supported class${result.assumptions.length === 0 ? '' : `; ${result.assumptions.join('; ')}`}`;
    const summary = `${result.strategy} exploration: rule ${result.rule}, ${result.confirmed} of ${result.possible} combinations confirmed with ${result.requests} asked${result.exact ? '' : `; not pinned down: ${result.unresolved.join('; ')}`}${roles === '' ? '' : `; roles if the target's rule is ${given}: ${roles}`}`;
    const stopped = observed.some((o) => o.outcome === 'error') && !result.exact;
    await finishCase(context, run, {
      id: 'matrix/adaptive-exploration',
      kind: 'matrix',
      specRef: 'open: spec §4 which fields are required',
      verdict: stopped ? 'ERROR' : 'INFORMATIONAL',
      exploration,
      observed: summary,
      finding: summary,
    });
  });
});

describe.skipIf(adaptive)('presence matrix (open: spec §4 "Which fields are required: not shown")', { concurrent: true }, () => {
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
