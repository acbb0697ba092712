/**
 * Value classes, field by field: one value of one field in an otherwise accepted body,
 * so that the outcome speaks of that value alone. Which values are accepted is not shown in the spec;
 * spec §2 gives each field's form and spec §7 rule 1 what a rejection as malformed looks like, so
 * each case records what it saw and checks the rejection (lib/values/value-verdict.ts says how).
 * Then each limit of the operation (spec §8: not shown) is found by bisection, to the unit. Last, the
 * refusals of every case are judged against spec §7 rule 1 once per kind (lib/protocol/distinct-refusals.ts).
 */
import { isDeepStrictEqual } from 'node:util';
import { afterAll, describe, test, type TestContext } from 'vitest';
import type { Exchange } from '../lib/http/types.js';
import { buildBody } from '../lib/matrix/build-body.js';
import type { LimitSearch, ValueClass, ValueContext } from '../lib/operation/types.js';
import { defaultSettledSteps, findLimitSettled } from '../lib/values/find-limit.js';
import { askAnswerOf, askValue, ConfirmedKinds } from '../lib/values/ask-value.js';
import { AskingPhase } from '../lib/values/asking-phase.js';
import { BaseControls } from '../lib/values/base-controls.js';
import { answeredInTime, askLimitStep } from '../lib/values/limit-step.js';
import { judgeLimit } from '../lib/values/limit-verdict.js';
import { IntermittentRefusals, type AskAnswer } from '../lib/values/settle.js';
import { showValue } from '../lib/json.js';
import { judgeSettledValue } from '../lib/values/value-verdict.js';
import { DistinctRefusals } from '../lib/protocol/distinct-refusals.js';
import { acceptedBase, noBaseReason, type AcceptedBase } from './support/accepted-base.js';
import { presenceEvidence } from './support/shared-presence.js';
import { planValueGroups, ValueGroups, type GroupAnswer, type GroupMember } from '../lib/values/value-groups.js';
import type { Settled } from '../lib/values/settle.js';
import { recordedLimit, rememberLimit } from './support/found-limits.js';
import { CaseRun, example, finishCase, skipCase } from './support/case-run.js';
import { probeContext } from './support/context.js';

import { caseIds } from '../lib/plan/case-ids.js';
import { settleWhenStopped } from './support/stop.js';

const probe = probeContext();
settleWhenStopped(probe);
const { operation } = probe;
const fieldNames = operation.fields.map((f) => f.name);
const refusals = new DistinctRefusals(fieldNames);
/** Kinds of refusal this suite saw on a body the target also accepted: none of them counts alone (lib/values/settle.ts). */
const intermittent = new IntermittentRefusals();
/** Kinds of refusal confirmed on the values: another value refused with one of them, naming its field, counts on one ask. */
const confirmed = new ConfirmedKinds();
/** The value cases running at once: a refusal naming nothing counts only once the others have told what they saw. */
const phase = new AskingPhase();
/** A refusal naming nothing checked against the body the value varies: each base asked again once for the run. */
const controls = new BaseControls(intermittent);
/**
 * A field whose every combination the matrix saw flip between accepted and refused still has its values asked, on the
 * smallest such body the target accepted on some asks: a refusal naming nothing counts only once that base, asked
 * again, was accepted (BaseControls).
 */
const ANY_BASE = { unstable: true };
/** Values of several fields asked in one body first; a member of a body refused is asked alone (lib/values/value-groups.ts). */
const groups = new ValueGroups(planValueGroups(operation, probe.values()));
afterAll(() => {
  if (groups.accepted > 0) console.log(`value classes: ${groups.accepted} accepted in a body with other fields' values, not asked alone`);
  if (confirmed.reused > 0)
    console.log(`value classes: ${confirmed.reused} refusals counted on one ask, their kind confirmed on another value`);
  if (controls.asked > 0) console.log(`value classes: ${controls.asked} asks of a base body, to tell a refusal naming nothing from chance`);
});
let valueBodiesSent = 0;

/** One body of the suite sent and what it created undone; each counts for the refusals' case at the end. */
async function sendValueBody(run: CaseRun, body: unknown): Promise<Exchange> {
  const exchange = await run.client.sendBody(body);
  await run.client.undoCreate(exchange);
  valueBodiesSent += 1;
  return exchange;
}
const classRows = operation.fields.flatMap((field) =>
  field.classes.map((valueClass) => [`${field.name}: ${valueClass.description}`, field.name, valueClass] as const),
);
const limitRows = (operation.limits ?? []).map((search) => [`${search.field}: ${search.name}`, search] as const);

/**
 * One moment, notification URL and unique tag for every value class of a field: the bodies of a field's
 * classes then differ in that field's value alone (a control, and what lets `npm run infer` tie each refusal
 * in this run's HAR to its value). Limits take a fresh moment per step, as a lifetime is measured from it.
 */
const fieldContexts = new Map<string, ValueContext>();
const fieldContext = (field: string): ValueContext => {
  let ctx = fieldContexts.get(field);
  if (ctx === undefined) fieldContexts.set(field, (ctx = probe.values()));
  return ctx;
};

/**
 * A group's body: each member's value in the union of its members' accepted bodies, each value built from its field's
 * moment, as that value alone would be. A member whose field has no accepted body, or whose body would make the union
 * one the presence evidence does not accept, is left out (asked alone); fewer than two left, nothing is sent.
 */
async function sendGroup(run: CaseRun, group: GroupMember[]): Promise<GroupAnswer | undefined> {
  const evidence = await presenceEvidence(probe, run);
  const members: GroupMember[] = [];
  const present = new Set<string>();
  for (const member of group) {
    const base = await acceptedBase(probe, run, member.field, ANY_BASE);
    if (base === undefined) continue;
    const union = new Set([...present, ...base.present]);
    if (evidence.accepts(fieldNames.filter((f) => union.has(f))) !== 'yes') continue;
    members.push(member);
    for (const f of base.present) present.add(f);
  }
  const first = members[0];
  if (first === undefined || members.length < 2) return undefined;
  const fields = fieldNames.filter((f) => present.has(f));
  const overrides = Object.fromEntries(members.map((m) => [m.field, m.valueClass.value(fieldContext(m.field))]));
  const exchange = await sendValueBody(run, buildBody(operation, fields, fieldContext(first.field), overrides));
  refusals.add(`values of ${members.map((m) => m.field).join(', ')} in one body`, [exchange]);
  return { exchange, members, present: fields };
}

/** "notificationUrl http absolute URL, clientState length 1": the other values a group's body held. */
const togetherWords = (answer: GroupAnswer, field: string): string =>
  `; asked in one body with ${answer.members
    .filter((m) => m.field !== field)
    .map((m) => `${m.field} ${m.valueClass.description}`)
    .join(', ')}, which was accepted (a refusal would have had each value asked alone)`;

/** A base read from the explorer's rule, not seen accepted, says what the rule assumes; an unstable one, that it is. */
const withCaveat = (finding: string, base: AcceptedBase): string =>
  base.caveat === undefined
    ? finding
    : `${finding} (base {${base.present.join(', ')}}${base.source === 'presence rule' ? ' read from the presence rule' : ''}; ${base.caveat})`;

/**
 * Accepted answers of value classes that are also a limit's step (the same value at the field's moment), by search
 * and step: the limit search takes each once instead of sending it again. A class registers when its case starts and
 * settles when it ends (undefined unless accepted), so a search never waits for a case that is not running.
 */
const stepAnswers = new Map<string, Promise<Exchange | undefined>>();
const stepKey = (search: LimitSearch, x: number): string => `${search.id}\u0000${x}`;

/** The steps of the field's limits whose value is this class's (the ends and the documented edges, the ones asked first). */
function stepsOf(field: string, valueClass: ValueClass): string[] {
  if (valueClass.sendAs !== undefined) return [];
  const ctx = fieldContext(field);
  const value = valueClass.value(ctx);
  return (operation.limits ?? [])
    .filter((search) => search.field === field)
    .flatMap((search) =>
      [search.low, search.high, ...(search.documented ?? []).flatMap((d) => [d, d + 1])]
        .filter((x) => isDeepStrictEqual(search.make(x, ctx), value))
        .map((x) => stepKey(search, x)),
    );
}

/** Registers the class's steps; the function returned settles them with the accepted exchange, or undefined. */
function holdSteps(field: string, valueClass: ValueClass): (accepted: Exchange | undefined) => void {
  const keys = stepsOf(field, valueClass);
  if (keys.length === 0) return () => {};
  let settle: (accepted: Exchange | undefined) => void = () => {};
  const answer = new Promise<Exchange | undefined>((resolve) => (settle = resolve));
  for (const key of keys) stepAnswers.set(key, answer);
  return settle;
}

/** A class's accepted answer to step `x`, once, when its value was sent in time (a lifetime counts from its moment). */
async function reusedStep(search: LimitSearch, x: number): Promise<{ exchange: Exchange; answer: AskAnswer } | undefined> {
  const key = stepKey(search, x);
  const pending = stepAnswers.get(key);
  if (pending === undefined) return undefined;
  stepAnswers.delete(key);
  const exchange = await pending;
  if (exchange === undefined || !answeredInTime(exchange, fieldContext(search.field).now, search.unit)) return undefined;
  const answer = askAnswerOf(exchange, search.field, fieldNames);
  return answer.outcome === 'accepted' ? { exchange, answer } : undefined;
}

/** One value class's case; the exchange its acceptance rests on, when accepted (a limit's step may be that value). */
async function valueCase(context: TestContext, field: string, valueClass: ValueClass): Promise<Exchange | undefined> {
  const id = caseIds.value(field, valueClass.id);
  const run = new CaseRun(probe, { askAgain: true });
  const base = await acceptedBase(probe, run, field, ANY_BASE);
  if (base === undefined) return skipCase(context, { id, ...(await noBaseReason(probe, run, field, 'its values cannot be told apart')) });
  const ctx = fieldContext(field);
  const value = valueClass.value(ctx);
  // A class may send the value under the field's name in another letter case (lib/operation/families/name-cases.ts).
  const names = valueClass.sendAs === undefined ? {} : { [field]: valueClass.sendAs };
  const body = buildBody(operation, base.present, ctx, { [field]: value }, names);
  const send = (sent: unknown): Promise<Exchange> => sendValueBody(run, sent);
  // In an accepted body with other fields' values, the value is accepted; else it is asked alone.
  const together = await groups.acceptedWith({ field, valueClass }, (group) => sendGroup(run, group));
  // Another member's case sent the group's body: this value's answer was taken from it.
  if (together !== undefined && !run.client.exchanges.includes(together.exchange)) run.reused += 1;
  // The base was accepted: a refusal of the value disagrees with it and is asked again before it counts.
  const settled: Settled<Exchange> =
    together !== undefined
      ? { verdict: 'accepted', asks: [together.exchange], decisive: together.exchange }
      : await askValue(() => send(body), {
          field,
          fields: fieldNames,
          seen: intermittent,
          confirmed,
          phase,
          // The body the value varies, asked before a refusal naming nothing counts against the value.
          control: { controls, key: base.present.join(','), send: () => send(buildBody(operation, base.present, ctx)) },
        });
  refusals.add(`${field} ${valueClass.description}`, settled.asks);
  const judged = judgeSettledValue(field, valueClass, settled);
  const { answer } = judged;
  await finishCase(context, run, {
    id,
    kind: 'value',
    specRef: judged.specRef,
    verdict: judged.verdict,
    finding: withCaveat(together === undefined ? judged.finding : `${judged.finding}${togetherWords(together, field)}`, base),
    ...(judged.expected !== undefined ? { expected: judged.expected } : {}),
    observed: judged.observed,
    example: example(judged.exchange),
    value: {
      field,
      classId: valueClass.id,
      description: valueClass.description,
      expectation: valueClass.expectation,
      sent: showValue(valueClass.sendAs === undefined ? value : { [valueClass.sendAs]: value }),
      base: together?.present ?? base.present,
      outcome: judged.outcome,
      status: answer.status,
      ...(answer.errorCode !== undefined ? { errorCode: answer.errorCode } : {}),
      ...(answer.errorMessage !== undefined ? { errorMessage: answer.errorMessage } : {}),
      ...(settled.asks.length > 1 ? { asks: settled.asks.length } : {}),
      ...(settled.intermittent !== undefined ? { intermittent: settled.intermittent } : {}),
      ...(valueClass.listed === true ? { listed: true as const } : {}),
    },
  });
  return judged.outcome === 'accepted' ? judged.exchange : undefined;
}

// An operation without value classes or limits has no such cases (vitest refuses an empty describe).
describe.runIf(classRows.length > 0).concurrent('value classes (spec §2 field forms, spec §7 rule 1)', () => {
  for (const [label, field, valueClass] of classRows)
    test(label, { meta: { caseId: caseIds.value(field, valueClass.id) } }, async (context) => {
      // Held from the start, so that a limit's step of the same value waits for this answer instead of asking again.
      const release = holdSteps(field, valueClass);
      let accepted: Exchange | undefined;
      phase.enter();
      try {
        accepted = await valueCase(context, field, valueClass);
      } finally {
        phase.leave();
        release(accepted);
      }
    });
});

type SentSteps = Map<number, { exchange: Exchange; answer: AskAnswer }>;

/**
 * One step of a limit's search: a value class of the same value, accepted in time, is its answer (not asked again);
 * else the value is asked in the base body, built right before it is sent (lib/values/limit-step.ts).
 */
async function limitStep(run: CaseRun, search: LimitSearch, base: AcceptedBase, sent: SentSteps, x: number): Promise<AskAnswer> {
  const reused = await reusedStep(search, x);
  if (reused !== undefined) {
    run.reused += 1;
    sent.set(x, reused);
    return reused.answer;
  }
  const { answer, exchange } = await askLimitStep(
    async (ctx) => {
      const exchange = await sendValueBody(run, buildBody(operation, base.present, ctx, { [search.field]: search.make(x, ctx) }));
      refusals.add(`${search.field} at ${x} (${search.name})`, [exchange]);
      return exchange;
    },
    () => probe.values(),
    { unit: search.unit, field: search.field, fields: fieldNames },
  );
  sent.set(x, { exchange, answer });
  return answer;
}

/** Open (spec §8 "Limits ... not shown"): the edge of one limit, each step settled and both edges settled at the end. */
async function limitCase(context: TestContext, search: LimitSearch): Promise<void> {
  const run = new CaseRun(probe, { askAgain: true });
  const base = await acceptedBase(probe, run, search.field, ANY_BASE);
  if (base === undefined)
    return skipCase(context, {
      id: caseIds.limit(search.field, search.id),
      ...(await noBaseReason(probe, run, search.field, 'its values cannot be told apart')),
    });
  const first = run.client.exchanges.length; // requests before this point found the base, not the limit
  const sent: SentSteps = new Map();
  const result = await findLimitSettled((x) => limitStep(run, search, base, sent, x), search.low, search.high, {
    seen: intermittent,
    // The base the values of the field were checked against, checked once for both (lib/values/base-controls.ts).
    beforeCounting: (r) =>
      controls.check(r, base.present.join(','), async () => {
        const exchange = await sendValueBody(run, buildBody(operation, base.present, probe.values()));
        return askAnswerOf(exchange, search.field, fieldNames);
      }),
    maxSteps: search.maxSteps ?? defaultSettledSteps(search.low, search.high),
    unit: search.unit,
    documented: search.documented ?? [],
    recorded: await recordedLimit(probe.settings.reports.baseline, search.field, search.name),
  });
  if (result.end === 'exact' && result.largestAccepted !== undefined) rememberLimit(search.id, result.largestAccepted);
  // The answer at the edge: the first value rejected, else the last accepted.
  const past = sent.get(result.smallestRejected ?? Number.NaN);
  const edge = past?.exchange ?? sent.get(result.largestAccepted ?? Number.NaN)?.exchange;
  const pastWords = past?.answer.outcome === 'rejected' ? past.answer.shown : undefined;
  const judged = judgeLimit(search, result, run.client.exchanges.slice(first), pastWords);
  await finishCase(context, run, {
    id: caseIds.limit(search.field, search.id),
    kind: 'limit',
    specRef: judged.specRef,
    verdict: judged.verdict,
    finding: withCaveat(judged.finding, base),
    ...(judged.expected !== undefined ? { expected: judged.expected } : {}),
    observed: judged.observed,
    ...(edge !== undefined ? { example: example(edge) } : {}),
    limit: judged.limit,
  });
}

// After the value classes (a describe not concurrent), so that a step whose value a class asked is taken from its
// answer; the limits themselves run at once.
describe.runIf(limitRows.length > 0)('limits (open: spec §8 "Limits ... not shown")', () => {
  for (const [label, search] of limitRows)
    test.concurrent(label, { meta: { caseId: caseIds.limit(search.field, search.id) } }, (context) => limitCase(context, search));
});

// After every value and limit case above: one verdict per kind of refusal, not one per value.
describe('refusals of the value classes', () => {
  test('refusals of the value classes (spec §7 rule 1, once per kind of refusal)', {
    meta: { caseId: caseIds.valueRefusals },
  }, async (context) => {
    if (valueBodiesSent === 0) {
      return skipCase(context, {
        id: caseIds.valueRefusals,
        reason: 'no value was sent: no accepted body to vary (see the presence matrix)',
        toTest: 'give a body the target accepts as ACCEPTED_BODY',
      });
    }
    const run = new CaseRun(probe);
    await finishCase(context, run, { id: caseIds.valueRefusals, kind: 'protocol', ...refusals.judge('body with one value varied') });
  });
});
