/**
 * spec §4 "Observed behaviour" and spec §7: the two observations the spec reports, replayed
 * against the target. What the target answers is recorded; where it answers 400, spec §7 rule 1
 * (error.code invalidRequest, error object of the §7 shape) is checked.
 */
import { describe, test } from 'vitest';
import { checkErrorRule } from '../lib/checks/error-rule.js';
import { buildBody } from '../lib/matrix/build-body.js';
import { probeContext } from './support/context.js';
import { CaseRun, example, finishCase } from './support/case-run.js';

const probe = probeContext();
const allFields = probe.operation.fields.map((f) => f.name);
const withoutChangeTypeAndResource = allFields.filter((f) => f !== 'changeType' && f !== 'resource');

describe('spec §4 observations', () => {
  test('spec §4/observation-1: all five fields -> reported 400 invalidRequest', async (context) => {
    const run = new CaseRun(probe);
    const exchange = await run.sendBody(buildBody(probe.operation, allFields, probe.values()));
    await run.undoCreate(exchange);
    const rule = checkErrorRule(exchange);
    const observed = exchange.failure !== undefined ? `${exchange.failure.kind}: ${exchange.failure.message}` : `status ${exchange.status}`;
    const base = { id: 'spec-4/observation-all-five', kind: 'observation' as const, example: example(exchange) };
    if (exchange.failure !== undefined || exchange.status === null) {
      await finishCase(context, run, { ...base, specRef: 'spec §4 observed behaviour', verdict: 'ERROR', observed });
    } else if (exchange.status === 400 && rule !== undefined) {
      await finishCase(context, run, {
        ...base,
        specRef: 'spec §4 observed behaviour; spec §7 rule 1',
        verdict: rule.holds ? 'CONFORMS' : 'DEVIATES',
        expected: '400 with error.code "invalidRequest" and the §7 error object',
        observed: rule.holds ? observed : `${observed}; ${rule.problems.join('; ')}`,
        ...(rule.holds ? {} : { finding: `the 400 for all five fields breaks spec §7 rule 1` }),
      });
    } else {
      await finishCase(context, run, {
        ...base,
        specRef: 'spec §4 observed behaviour (a report, not a rule)',
        verdict: 'INFORMATIONAL',
        observed,
        finding: `all five fields answered ${exchange.status}, not the 400 the spec reports`,
      });
    }
  });

  test('spec §4/observation-2: without changeType and resource -> reported accepted', async (context) => {
    const run = new CaseRun(probe);
    const exchange = await run.sendBody(buildBody(probe.operation, withoutChangeTypeAndResource, probe.values()));
    await run.undoCreate(exchange);
    const status = exchange.status;
    const base = { id: 'spec-4/observation-without-changeType-resource', kind: 'observation' as const, example: example(exchange) };
    const observed = exchange.failure !== undefined ? `${exchange.failure.kind}: ${exchange.failure.message}` : `status ${status}`;
    if (exchange.failure !== undefined || status === null) {
      await finishCase(context, run, { ...base, specRef: 'spec §4 observed behaviour', verdict: 'ERROR', observed });
      return;
    }
    const accepted = status >= 200 && status < 300;
    const rule = checkErrorRule(exchange);
    await finishCase(context, run, {
      ...base,
      specRef: accepted ? 'spec §4 observed behaviour (a report, not a rule)' : 'spec §4 observed behaviour; spec §7',
      verdict: rule !== undefined && !rule.holds ? 'DEVIATES' : 'INFORMATIONAL',
      observed: rule !== undefined && !rule.holds ? `${observed}; ${rule.problems.join('; ')}` : observed,
      finding: accepted
        ? `${withoutChangeTypeAndResource.join(', ')} accepted (${status}), as the spec reports`
        : `${withoutChangeTypeAndResource.join(', ')} answered ${status}, not accepted as the spec reports`,
    });
  });
});
