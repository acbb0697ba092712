/**
 * spec §4 "Observed behaviour" and spec §7: the two observations the spec reports, replayed
 * against the target: every field (reported 400 invalidRequest), and the body reported accepted
 * (the operation's `reportedAccepted`). Verdicts: lib/protocol/spec-observation.ts.
 */
import { describe, test } from 'vitest';
import { judgeReportedAccepted, judgeReportedRejected, observationCases } from '../lib/protocol/spec-observation.js';
import { buildBody } from '../lib/matrix/build-body.js';
import { probeContext } from './support/context.js';
import { CaseRun, example, finishCase, skipCase } from './support/case-run.js';
import { settleWhenStopped } from './support/stop.js';
import { specObservationsSuite } from '../lib/plan/suites/index.js';

const probe = probeContext();
settleWhenStopped(probe);
const allFields = probe.operation.fields.map((f) => f.name);
const reportedAccepted = probe.operation.reportedAccepted;
const { allWords, allId, left, withoutId } = observationCases(allFields, reportedAccepted);
// The plan skips these cases for the same words where the observations are not of this operation.
const applies = specObservationsSuite.appliesTo(probe.operation);

describe('spec §4 observations', () => {
  test(`spec §4/observation-1: ${allWords} -> reported 400 invalidRequest`, { meta: { caseId: allId } }, async (context) => {
    if (applies !== true) return skipCase(context, { id: allId, reason: applies });
    const run = new CaseRun(probe);
    const exchange = await run.client.sendBody(buildBody(probe.operation, allFields, probe.values()));
    await run.client.undoCreate(exchange);
    await finishCase(context, run, {
      id: allId,
      kind: 'observation',
      example: example(exchange),
      ...judgeReportedRejected(allWords, exchange),
    });
  });

  // A description without a reported-accepted body has no second observation: no case, rather than a skip without a reason.
  if (reportedAccepted !== undefined)
    test(`spec §4/observation-2: without ${left.join(' and ')} -> reported accepted`, {
      meta: { caseId: withoutId ?? '' },
    }, async (context) => {
      if (applies !== true) return skipCase(context, { id: withoutId ?? '', reason: applies });
      const fields = reportedAccepted ?? [];
      const run = new CaseRun(probe);
      const exchange = await run.client.sendBody(buildBody(probe.operation, fields, probe.values()));
      await run.client.undoCreate(exchange);
      await finishCase(context, run, {
        id: withoutId ?? '',
        kind: 'observation',
        example: example(exchange),
        ...judgeReportedAccepted(fields, exchange),
      });
    });
});
