/**
 * The subscription's life after create. spec §2: "Fields of the created subscription record: not shown."
 * spec §3: "States of a subscription and the moves between them: not shown." spec §4: "Other subscription
 * operations (list, read, renew, delete): not shown." spec §8: "Limits (maximum subscription lifetime, ...): not shown."
 *
 * On a subscription this run creates (in the smallest accepted body the presence suite found), and on nothing else:
 * read it, find it in the list, renew it (the longest renewal found by bisection), PATCH each other field on a second
 * one, delete it, then read, delete and list again. What the target does is INFORMATIONAL; a 5xx after retries
 * DEVIATES and a hang is an ERROR, as elsewhere (lib/lifecycle/judge.ts). The item path is the operation's delete
 * path; the cases run one after another, in this order, on the same subscription.
 */
import { afterAll, describe, test, type TestContext } from 'vitest';
import { RENEW_FIELD, RENEW_MINUTES } from '../lib/lifecycle/bounds.js';
import { statesFinding } from '../lib/lifecycle/findings.js';
import { judgeLifecycle } from '../lib/lifecycle/judge.js';
import { LifecycleSession, type Subject } from '../lib/lifecycle/session.js';
import { deleteFacts, listFacts, patchFacts, readFacts, renewFacts, type StepFacts, type StepPaths } from '../lib/lifecycle/step-facts.js';
import { buildBody } from '../lib/matrix/build-body.js';
import { caseIds } from '../lib/plan/case-ids.js';
import { acceptedBase } from './support/accepted-base.js';
import { CaseRun, example, finishCase, skipCase } from './support/case-run.js';
import { probeContext } from './support/context.js';
import { foundLimit } from './support/found-limits.js';
import { settleWhenStopped } from './support/stop.js';

const probe = probeContext();
settleWhenStopped(probe);
const { operation } = probe;

const SPEC_READ = "open: spec §2 (the record's fields: not shown), spec §4 (read: not shown)";
const SPEC_LIST = 'open: spec §4 (list: not shown)';
const SPEC_RENEW = 'open: spec §4 (renew: not shown), spec §8 (maximum subscription lifetime: not shown)';
const SPEC_PATCH = 'open: spec §4 (renew: not shown), spec §2 (which record fields can change: not shown)';
const SPEC_DELETE = 'open: spec §3 (states: not shown), spec §4 (delete: not shown)';
const SPEC_STATES = 'open: spec §3 ("States of a subscription and the moves between them: not shown")';

/** The subscriptions the cases follow, in the smallest accepted body (with a clientState, when one is accepted). */
const session = new LifecycleSession({
  operation,
  baseUrl: probe.target.baseUrl,
  values: () => probe.values(),
  foundLimit,
  body: async (run: CaseRun) => {
    const base = (await acceptedBase(probe, run, 'clientState')) ?? (await acceptedBase(probe, run));
    if (base === undefined) return 'no accepted body: the presence suite saw none accepted, so no subscription can be created to follow';
    return buildBody(operation, base.present, probe.values());
  },
});
const paths: StepPaths = { collection: operation.path, item: session.itemTemplate, methods: session.methods };

afterAll(async () => {
  await session.deleteLeft(new CaseRun(probe));
});

/** Judges the case from its exchanges (a 5xx DEVIATES, a hang is an ERROR, else INFORMATIONAL) and records it. */
async function finish(context: TestContext, run: CaseRun, id: string, specRef: string, facts: StepFacts): Promise<void> {
  const judged = judgeLifecycle(specRef, facts.finding, run.client.exchanges);
  await finishCase(context, run, {
    id,
    kind: 'lifecycle',
    specRef: judged.specRef,
    verdict: judged.verdict,
    finding: judged.finding,
    ...(judged.expected !== undefined ? { expected: judged.expected } : {}),
    ...(judged.observed !== undefined ? { observed: judged.observed } : {}),
    ...(facts.shown !== undefined ? { example: example(facts.shown) } : {}),
    lifecycle: facts.part,
  });
}

/** Runs a case on the subscription, or skips it with the reason there is none (or, but for the delete, that it is gone). */
async function withSubject(
  context: TestContext,
  id: string,
  body: (run: CaseRun, s: Subject) => Promise<void>,
  deletes = false,
): Promise<void> {
  const run = new CaseRun(probe, { askAgain: true });
  const s = await session.subject(run);
  if (typeof s === 'string') return skipCase(context, { id, reason: s });
  if (s.deleted && !deletes) return skipCase(context, { id, reason: 'the subscription is deleted already' });
  return body(run, s);
}

/** Open (spec §3, §8): a renewal to a later expirationDateTime, and the longest renewal the target accepts. */
async function renewCase(context: TestContext): Promise<void> {
  await withSubject(context, caseIds.lifecycle('renew'), async (run, s) => {
    if (!operation.fields.some((f) => f.name === RENEW_FIELD))
      return skipCase(context, { id: caseIds.lifecycle('renew'), reason: `the operation has no ${RENEW_FIELD} field to renew with` });
    const first = await session.renew(run, s, RENEW_MINUTES);
    const found = await session.searchRenewal(run, s, first.renewed, RENEW_MINUTES);
    await finish(context, run, caseIds.lifecycle('renew'), SPEC_RENEW, renewFacts(paths, RENEW_MINUTES, first, found));
  });
}

/** Open (spec §2): each other field of a second subscription changed by PATCH: applied, ignored or refused. */
async function patchFieldsCase(context: TestContext): Promise<void> {
  await withSubject(context, caseIds.lifecycle('patch-fields'), async (run) => {
    const patched = await session.patchEachField(run);
    if (typeof patched === 'string')
      return skipCase(context, {
        id: caseIds.lifecycle('patch-fields'),
        reason: `no second subscription to change fields of: ${patched}`,
      });
    await finish(context, run, caseIds.lifecycle('patch-fields'), SPEC_PATCH, patchFacts(paths, patched));
  });
}

describe('lifecycle of a subscription this run created (open: spec §2, §3, §4, §8)', () => {
  test("read: GET {collection}/{id}, and the record's fields", { meta: { caseId: caseIds.lifecycle('read') } }, async (context) => {
    await withSubject(context, caseIds.lifecycle('read'), async (run, s) => {
      const read = await session.read(run, s);
      await finish(context, run, caseIds.lifecycle('read'), SPEC_READ, readFacts(paths, s, read));
    });
  });

  test('list: GET {collection}, next links followed under BASE_URL only', {
    meta: { caseId: caseIds.lifecycle('list') },
  }, async (context) => {
    await withSubject(context, caseIds.lifecycle('list'), async (run, s) => {
      const list = await session.list(run, s);
      await finish(context, run, caseIds.lifecycle('list'), SPEC_LIST, listFacts(paths, s, list));
    });
  });

  test(
    'renew: PATCH {collection}/{id} with a later expirationDateTime, and the longest renewal accepted',
    {
      meta: { caseId: caseIds.lifecycle('renew') },
    },
    renewCase,
  );

  test('patch each other field: applied, ignored or refused', { meta: { caseId: caseIds.lifecycle('patch-fields') } }, patchFieldsCase);

  test('delete: DELETE {collection}/{id}, then read, delete and list again', {
    meta: { caseId: caseIds.lifecycle('delete') },
  }, async (context) => {
    const deleteAndLook = async (run: CaseRun, s: Subject): Promise<void> => {
      const seen = await session.delete(run, s);
      await finish(context, run, caseIds.lifecycle('delete'), SPEC_DELETE, deleteFacts(paths, seen));
    };
    await withSubject(context, caseIds.lifecycle('delete'), deleteAndLook, true);
  });

  test('states: the states seen and the moves between them', { meta: { caseId: caseIds.lifecycle('states') } }, async (context) => {
    const moves = session.walk.moves;
    if (moves.length === 0)
      return skipCase(context, { id: caseIds.lifecycle('states'), reason: 'no subscription was followed (see lifecycle/read)' });
    await finish(context, new CaseRun(probe), caseIds.lifecycle('states'), SPEC_STATES, {
      finding: statesFinding(moves),
      part: { states: moves },
    });
  });
});
