/**
 * Property-based suites: random bodies that mix presence and value classes (for each
 * field: absent, its good value, or one of its value classes; lib/properties/arbitraries.ts), sent
 * to the target, and four properties over what comes back. Each property is one case, bounded in
 * requests and time (lib/properties/bounds.ts); a failing one is shrunk and its smallest
 * counterexample shown as a cURL command. The seed is SEED or a random one, printed here and
 * recorded in every case, so that `SEED=<n>` replays the same bodies.
 */
import type { TestContext } from 'vitest';
import { describe, test } from 'vitest';
import { isClientErrorStatus } from '../lib/http/status.js';
import type { Exchange } from '../lib/http/types.js';
import { checkAnswerRange } from '../lib/properties/answer-range.js';
import { bodyPlanArbitrary } from '../lib/properties/arbitraries.js';
import { answerOf } from '../lib/properties/check-result.js';
import { materializeBody, planKey, presentFields, type BodyPlan } from '../lib/properties/body-plan.js';
import { runBoundedProperty, type Trial } from '../lib/properties/bounded-run.js';
import { WORST_TRIAL_REQUESTS, PropertyBudget, resolveSeed, type PropertyName } from '../lib/properties/bounds.js';
import { checkErrorAnswer, errorBodySummary } from '../lib/properties/error-answer.js';
import { checkPrediction, evidencePredictor, type RulePredictor } from '../lib/properties/rule-prediction.js';
import { checkSameStatus } from '../lib/properties/same-status.js';
import { answeredByTheMatrix, judgeProperty, noRuleToCheck, type PropertyPolicy } from '../lib/properties/judge-property.js';
import { CaseRun, example, finishCase, skipCase } from './support/case-run.js';
import { probeContext } from './support/context.js';
import { presenceEvidence } from './support/shared-presence.js';

import { caseIds } from '../lib/plan/case-ids.js';
import { settleWhenStopped } from './support/stop.js';

const probe = probeContext();
settleWhenStopped(probe);
const seed = resolveSeed(probe.settings.exploration.seed);
console.log(`property seed: ${seed} (replay with SEED=${seed})`);
/** The properties run one after another and share one allowance for shrinking: the plan's bound of the suite. */
const budget = new PropertyBudget({ ...probe.settings.pacing, ...probe.settings.exploration });

/** A property: its case, what it sends, and what its results mean (PropertyPolicy, judged in lib/properties). */
interface PropertyCase extends PropertyPolicy {
  name: PropertyName;
  specRef: string;
  expected: string;
  /** Its violations are refusals that break spec §7 rule 1: their kind is judged once for the run. */
  judgesRefusals?: boolean;
  goodValuesOnly?: boolean;
}

/**
 * Each body's first answer, by its plan (what the body means: which fields, which value classes). The properties draw
 * the same plans from the same seed, so a later property reads an earlier one's answer instead of sending the body
 * again; a body with no verdict is sent again.
 */
const answers = new Map<string, Exchange>();

/** One body as a plan describes it, sent (or its answer taken from an earlier property), and what it created deleted. */
async function sendPlan(run: CaseRun, plan: BodyPlan): Promise<Exchange> {
  const known = answers.get(planKey(plan));
  if (known !== undefined) {
    run.reused += 1;
    return known;
  }
  const exchange = await run.client.sendBody(materializeBody(probe.operation, plan, probe.values()));
  await run.client.undoCreate(exchange);
  if (answerOf(exchange).kind !== 'none') answers.set(planKey(plan), exchange);
  return exchange;
}

async function checkProperty(
  context: TestContext,
  run: CaseRun,
  property: PropertyCase,
  trial: (plan: BodyPlan) => Promise<Trial<Exchange[]>>,
): Promise<void> {
  const before = run.client.requests;
  const exchangesBefore = run.client.exchanges.length;
  const statuses: (number | null)[] = [];
  // The case's answers taken from earlier asks, said in its finding as the suite's line says their sum.
  const reusedBefore = run.reused;
  const result = await runBoundedProperty<BodyPlan, Exchange[]>({
    arbitrary: bodyPlanArbitrary(probe.operation, { goodValuesOnly: property.goodValuesOnly === true }),
    key: planKey,
    seed,
    numRuns: probe.settings.exploration.propertyRuns,
    bounds: budget.bounds(property.name),
    // Each exchange once, as the plan counts: the engine's retries are bounded by MAX_RETRIES and MAX_REQUESTS.
    spent: () => run.client.exchanges.length - exchangesBefore,
    requestsPerTrial: WORST_TRIAL_REQUESTS[property.name],
    trial: async (plan) => {
      const done = await trial(plan);
      statuses.push(...done.evidence.map((e) => e.status));
      return done;
    },
  });

  budget.spent(property.name, run.client.exchanges.length - exchangesBefore);
  const judged = judgeProperty(result, property, {
    statuses,
    requests: run.client.requests - before,
    seed,
    fromEarlier: run.reused - reusedBefore,
  });
  await finishCase(context, run, {
    id: caseIds.property(property.name),
    kind: 'property',
    specRef: property.specRef,
    verdict: judged.verdict,
    expected: property.expected,
    seed,
    finding: judged.finding,
    observed: judged.observed,
    ...(judged.shown !== undefined ? { example: example(judged.shown) } : {}),
    ...(property.judgesRefusals === true && judged.verdict === 'DEVIATES' && judged.shown !== undefined
      ? { ruleOneBroken: [judged.shown] }
      : {}),
  });
}

/**
 * spec §7 rule 1: "When a subscription creation request is rejected as malformed, the service
 * answers with status 400 and error.code invalidRequest." A random body is either accepted (§4
 * reports acceptance) or rejected, and a rejected one gets a 4xx: so a 5xx, or no answer within
 * REQUEST_TIMEOUT_MS, is not an answer the spec allows for a request the service rejects. This
 * property asks for the class, 2xx or 4xx; which 4xx (400 with the §7 object for a refused body,
 * the one reading of rule 1) is property 2's. A counterexample breaks a rule the spec states: DEVIATES.
 */
async function everyAnswer2xxOr4xx(context: TestContext): Promise<void> {
  const run = new CaseRun(probe);
  await checkProperty(
    context,
    run,
    {
      name: 'answers-2xx-or-4xx',
      specRef: 'spec §7 rule 1',
      onViolation: 'DEVIATES',
      expected:
        `every answer 2xx or 4xx within REQUEST_TIMEOUT_MS (${probe.settings.pacing.requestTimeoutMs} ms): a request the service rejects ` +
        'gets a 4xx (spec §7 rule 1 gives 400 to a refused body; property 2 judges which 4xx), so a 5xx or a hang is not an answer the spec allows',
      violation: 'an answer that is neither 2xx nor 4xx',
      held: (result) => `every one of ${result.counts.holds} random bodies was answered 2xx or 4xx`,
    },
    async (plan) => {
      const exchange = await sendPlan(run, plan);
      return { check: checkAnswerRange(exchange), evidence: [exchange] };
    },
  );
}

/**
 * spec §7: the error object (error.code, error.message) and rule 1, "status 400 and error.code
 * invalidRequest", read as every judge reads it: a body refused for its fields or values is a request
 * rejected as malformed or incorrect, so a refusal other than 400 with the §7 object (a 422, a 400
 * with another body) DEVIATES. A 4xx about something else (413, 415, ...) is §7 rule 3: its body is
 * checked against the §7 shape and a mismatch is recorded only.
 */
async function everyRefusalSpec7(context: TestContext): Promise<void> {
  const run = new CaseRun(probe);
  await checkProperty(
    context,
    run,
    {
      name: 'error-body-spec-7',
      specRef: 'spec §7 rule 1; a 4xx about something else than the body: §7 rule 3 (recorded only)',
      onViolation: 'DEVIATES',
      expected:
        'every refusal is 400 {"error": {"code": "invalidRequest", "message": <string>}} (spec §7 rule 1); a 413, 415, ... body of that shape',
      judgesRefusals: true,
      violation: 'a refusal that breaks spec §7 rule 1',
      // Counted from the same checks the summary speaks of: a noted 4xx never counts as having the object.
      held: (result, statuses) =>
        errorBodySummary(result.counts.holds, result.noteCount, statuses.filter(isClientErrorStatus).length, result.keys.length),
    },
    async (plan) => {
      const exchange = await sendPlan(run, plan);
      return { check: checkErrorAnswer(exchange), evidence: [exchange] };
    },
  );
}

/**
 * Open, expected behaviour: §4 and §7 describe the answer as a function of the request (a
 * malformed request gets 400), and the presence matrix relies on that. But the spec never says
 * that two identical creates get the same answer: subscription states (§3) and limits such as
 * quotas or rate limits (§8) are not shown, and a service may refuse a duplicate it still
 * remembers. So an unstable answer is INFORMATIONAL, not DEVIATES: worth reporting (it makes
 * every single-shot observation, the matrix's included, less trustworthy), never a failure.
 */
async function sameRequestSameStatus(context: TestContext): Promise<void> {
  const run = new CaseRun(probe);
  await checkProperty(
    context,
    run,
    {
      name: 'same-request-same-status',
      specRef: 'open: spec §4/§7 (states §3 and limits §8 not shown)',
      onViolation: 'INFORMATIONAL',
      expected: 'the same request (same bytes; what the first created deleted before the second) gets the same status twice',
      violation: 'the same request got two different statuses',
      held: (result) => `each of ${result.counts.holds} random bodies got the same status both times it was sent`,
    },
    async (plan) => {
      // One body, its bytes sent twice: the per-request clientState tag and expiry are built once. An earlier
      // property's ask of the same plan is the first send; its bytes are sent again.
      const known = answers.get(planKey(plan));
      if (known !== undefined) run.reused += 1;
      const body = known?.requestBody ?? JSON.stringify(materializeBody(probe.operation, plan, probe.values()));
      const first = known ?? (await run.client.sendBody(body));
      if (known === undefined) await run.client.undoCreate(first);
      // No answer the first time: nothing to compare, and no point in sending it again.
      const firstAnswer = answerOf(first);
      if (firstAnswer.kind === 'none') return { check: { kind: 'no-answer', problem: firstAnswer.problem }, evidence: [first] };
      const second = await run.client.sendBody(body);
      await run.client.undoCreate(second);
      return { check: checkSameStatus(first, second), evidence: [first, second] };
    },
  );
}

/**
 * A consistency check of the target with itself: the rule is the one inferred from this
 * target's own presence evidence (suites/support/shared-presence.ts: what the matrix saw, and the
 * explorer's rule where it is exact, its assumptions said in the finding), and the spec does not state
 * any rule (§4 "Which fields are required: not shown"). A mismatch is therefore INFORMATIONAL:
 * it says the matrix's rule does not hold (the target changed its mind, or acceptance depends on
 * more than presence), which the report must say, but it breaks nothing the spec states.
 */
async function ruleInferredPredicts(context: TestContext): Promise<void> {
  const answered = answeredByTheMatrix(probe.settings.exploration, probe.operation.fields.length);
  if (answered !== undefined) return skipCase(context, { id: caseIds.property('matrix-rule-predicts-outcome'), reason: answered });
  const run = new CaseRun(probe);
  let predictor: RulePredictor;
  let caveat: string | undefined;
  let ruleName = 'matrix rule';
  try {
    const evidence = await presenceEvidence(probe, run);
    predictor = evidencePredictor(evidence);
    caveat = evidence.caveat();
    if (evidence.rule.strategy === 'adaptive') ruleName = 'explored rule';
  } catch (error) {
    const judged = noRuleToCheck((error as Error).message);
    await finishCase(context, run, { id: caseIds.property('matrix-rule-predicts-outcome'), kind: 'property', seed, ...judged });
    return;
  }
  await checkProperty(
    context,
    run,
    {
      name: 'matrix-rule-predicts-outcome',
      specRef: 'open: spec §4 which fields are required (the target against its own matrix)',
      onViolation: 'INFORMATIONAL',
      expected: `bodies of good values accepted (2xx) exactly when the ${ruleName} holds: ${predictor.expression}`,
      goodValuesOnly: true,
      violation: 'the rule inferred from the presence matrix does not hold',
      held: (result) =>
        (result.counts.holds === 0
          ? `the matrix gave no usable evidence for any of the ${result.keys.length} bodies tried: nothing to check`
          : `the ${ruleName} ${predictor.expression} predicted the outcome of each of ${result.counts.holds} random bodies`) +
        (caveat === undefined ? '' : `; ${caveat}`),
    },
    async (plan) => {
      const predicted = predictor.predict(presentFields(plan));
      if (predicted === undefined) {
        return { check: { kind: 'not-judged', reason: 'the matrix has no usable evidence for these fields' }, evidence: [] };
      }
      const exchange = await sendPlan(run, plan);
      return { check: checkPrediction(exchange, predicted), evidence: [exchange] };
    },
  );
}

describe('property-based: random bodies mixing presence and value classes', () => {
  test(
    'spec §7 rule 1/property-1: every answer is 2xx or 4xx, never 5xx, never a hang',
    {
      meta: { caseId: caseIds.property('answers-2xx-or-4xx') },
    },
    everyAnswer2xxOr4xx,
  );

  test(
    'spec §7 rule 1/property-2: every refused body gets 400 with the §7 error object and error.code invalidRequest',
    {
      meta: { caseId: caseIds.property('error-body-spec-7') },
    },
    everyRefusalSpec7,
  );

  test(
    'open §4/§7/property-3: the same request sent twice gets the same status',
    {
      meta: { caseId: caseIds.property('same-request-same-status') },
    },
    sameRequestSameStatus,
  );

  test(
    'open §4/property-4: the rule inferred from the presence matrix predicts accepted vs rejected',
    {
      meta: { caseId: caseIds.property('matrix-rule-predicts-outcome') },
    },
    ruleInferredPredicts,
  );
});
