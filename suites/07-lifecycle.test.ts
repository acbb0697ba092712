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
import { isSuccessStatus } from '../lib/http/status.js';
import type { Exchange, RequestSpec } from '../lib/http/types.js';
import { isObject } from '../lib/json.js';
import {
  deleteFinding,
  listFinding,
  longestRenewal,
  patchFieldsFinding,
  readBackWords,
  readFinding,
  renewalRange,
  renewalWords,
  renewFinding,
  statesFinding,
} from '../lib/lifecycle/findings.js';
import { bodyOf, judgeLifecycle, operationFact, patchOutcome } from '../lib/lifecycle/judge.js';
import { MAX_PATCHED_FIELDS, RENEW_FIELD, RENEW_MINUTES } from '../lib/lifecycle/bounds.js';
import { walkList } from '../lib/lifecycle/list-walk.js';
import { recordFields, sameJson, shortJson } from '../lib/lifecycle/record-fields.js';
import { StateWalk } from '../lib/lifecycle/states.js';
import type { LifecyclePart, PatchOutcome } from '../lib/lifecycle/types.js';
import { buildBody } from '../lib/matrix/build-body.js';
import { safeDeletePath } from '../lib/operation/safe-id.js';
import { findLimit } from '../lib/values/find-limit.js';
import { limitAnswerOf } from '../lib/values/limit-answer.js';
import { acceptedBase } from './support/accepted-base.js';
import { CaseRun, example, finishCase, skipCase } from './support/case-run.js';
import { foundLimit } from './support/found-limits.js';
import { probeContext } from './support/context.js';

import { caseIds } from '../lib/plan/case-ids.js';

const probe = probeContext();
const { operation } = probe;
// The description may name other methods (lifecycle); these are the defaults the OneDrive and Graph docs show.
const READ = operation.lifecycle?.read ?? 'GET';
const LIST = operation.lifecycle?.list ?? 'GET';
const RENEW = operation.lifecycle?.renew ?? 'PATCH';
/** The list's first page with the described method; next links are always followed with GET. */
const listSend =
  (run: CaseRun) =>
  (r: RequestSpec): Promise<Exchange> =>
    run.client.send(r.path === operation.path ? { ...r, method: LIST } : r);

const SPEC_READ = "open: spec §2 (the record's fields: not shown), spec §4 (read: not shown)";
const SPEC_LIST = 'open: spec §4 (list: not shown)';
const SPEC_RENEW = 'open: spec §4 (renew: not shown), spec §8 (maximum subscription lifetime: not shown)';
const SPEC_PATCH = 'open: spec §4 (renew: not shown), spec §2 (which record fields can change: not shown)';
const SPEC_DELETE = 'open: spec §3 (states: not shown), spec §4 (delete: not shown)';
const SPEC_STATES = 'open: spec §3 ("States of a subscription and the moves between them: not shown")';

/** Skips the case `id`, saying why it cannot run on what this run has. */
function skip(context: TestContext, id: string, reason: string): never {
  return skipCase(context, { id, reason });
}

/** A subscription this run created, and where it lives. */
interface Subject {
  id: string;
  itemPath: string;
  sent: Record<string, unknown>;
  created: Exchange;
  deleted: boolean;
}

/** The item path as the report shows it, the id written `{id}`. */
const itemTemplate = (): string => operation.cleanup?.deletePath('lifecycle-id').replace('lifecycle-id', '{id}') ?? '';

/** A subscription in an accepted body; a string says why there is none. */
async function createSubject(run: CaseRun): Promise<Subject | string> {
  const cleanup = operation.cleanup;
  if (cleanup === undefined)
    return 'the operation description says neither where a created subscription lives nor its id, so it cannot be read, renewed or deleted';
  const base = (await acceptedBase(probe, run, 'clientState')) ?? (await acceptedBase(probe, run));
  if (base === undefined) return 'no accepted body: the presence suite saw none accepted, so no subscription can be created to follow';
  const sent = buildBody(operation, base.present, probe.values());
  const created = await run.client.sendBody(sent);
  if (!isSuccessStatus(created.status))
    return `the create in an accepted body {${base.present.join(', ')}} answered ${created.status ?? 'nothing'}`;
  const id = run.client.createdId(created);
  if (id === undefined) return 'the create answer names no id, so the subscription cannot be addressed';
  const safe = safeDeletePath(cleanup.deletePath, id);
  if (!safe.ok) return `the created id cannot be put in a path: ${safe.reason}`;
  return { id, itemPath: safe.path, sent, created, deleted: false };
}

const walk = new StateWalk();
const subjects: Subject[] = [];
let main: Promise<Subject | string> | undefined;

/** The subscription the cases follow, created by the first case that asks (its requests count there). */
function subject(run: CaseRun): Promise<Subject | string> {
  main ??= createSubject(run).then((s) => {
    if (typeof s !== 'string') {
      subjects.push(s);
      walk.move('create', s.created.status);
    }
    return s;
  });
  return main;
}

/** Whether GET of an item answered 2xx, so a read back can tell applied from ignored. */
let readWorks = false;

afterAll(async () => {
  // Whatever the cases did not delete (a case that failed half-way) is deleted here; the run's ledger is the backstop.
  const run = new CaseRun(probe);
  for (const s of subjects) if (!s.deleted) await run.client.undoCreate(s.created);
});

async function finish(
  context: TestContext,
  run: CaseRun,
  id: string,
  specRef: string,
  finding: string,
  part: LifecyclePart,
  shown?: Exchange,
): Promise<void> {
  const judged = judgeLifecycle(specRef, finding, run.client.exchanges);
  await finishCase(context, run, {
    id,
    kind: 'lifecycle',
    specRef: judged.specRef,
    verdict: judged.verdict,
    finding: judged.finding,
    ...(judged.expected !== undefined ? { expected: judged.expected } : {}),
    ...(judged.observed !== undefined ? { observed: judged.observed } : {}),
    ...(shown !== undefined ? { example: example(shown) } : {}),
    lifecycle: part,
  });
}

/** Runs a case on the subject, or skips it with the reason there is none (or, but for the delete case, that it is gone). */
async function withSubject(
  context: TestContext,
  id: string,
  body: (run: CaseRun, s: Subject) => Promise<void>,
  deletes = false,
): Promise<void> {
  const run = new CaseRun(probe, { askAgain: true });
  const s = await subject(run);
  if (typeof s === 'string') return skip(context, id, s);
  if (s.deleted && !deletes) return skip(context, id, 'the subscription is deleted already');
  return body(run, s);
}

describe('lifecycle of a subscription this run created (open: spec §2, §3, §4, §8)', () => {
  test("read: GET {collection}/{id}, and the record's fields", { meta: { caseId: caseIds.lifecycle('read') } }, async (context) => {
    await withSubject(context, caseIds.lifecycle('read'), async (run, s) => {
      const read = await run.client.send({ method: READ, path: s.itemPath });
      walk.move('read', read.status);
      readWorks = isSuccessStatus(read.status);
      const createdBody = bodyOf(s.created);
      const readBody = readWorks ? bodyOf(read) : undefined;
      const fields = recordFields(s.sent, isObject(createdBody) ? createdBody : readBody) ?? {};
      const readEqualsCreate = isObject(createdBody) && isObject(readBody) ? sameJson(createdBody, readBody) : null;
      const finding = readFinding(itemTemplate(), read.status, fields, readEqualsCreate);
      await finish(
        context,
        run,
        caseIds.lifecycle('read'),
        SPEC_READ,
        finding,
        {
          operations: { read: { ...operationFact(READ, itemTemplate(), read) } },
          record: { fields, readEqualsCreate },
        },
        read,
      );
    });
  });

  test('list: GET {collection}, next links followed under BASE_URL only', {
    meta: { caseId: caseIds.lifecycle('list') },
  }, async (context) => {
    await withSubject(context, caseIds.lifecycle('list'), async (run, s) => {
      const list = await walkList(listSend(run), operation.path, probe.target.baseUrl, (e) => e['id'] === s.id);
      walk.move('list', list.first?.status ?? null, list.containsCreated ?? undefined);
      const createdBody = bodyOf(s.created);
      const listEntryEqualsCreate = list.entry === undefined || !isObject(createdBody) ? null : sameJson(list.entry, createdBody);
      const finding = listFinding(operation.path, { ...list, firstStatus: list.first?.status ?? null }, listEntryEqualsCreate);
      await finish(
        context,
        run,
        caseIds.lifecycle('list'),
        SPEC_LIST,
        finding,
        {
          operations: {
            list: { ...operationFact(LIST, operation.path, list.first), containsCreated: list.containsCreated, pages: list.pages },
          },
          record: { listEntryEqualsCreate },
          offOriginLinks: list.offOriginLinks,
        },
        list.first,
      );
    });
  });

  test('renew: PATCH {collection}/{id} with a later expirationDateTime, and the longest renewal accepted', {
    meta: { caseId: caseIds.lifecycle('renew') },
  }, async (context) => {
    await withSubject(context, caseIds.lifecycle('renew'), async (run, s) => {
      if (!operation.fields.some((f) => f.name === RENEW_FIELD))
        return skip(context, caseIds.lifecycle('renew'), `the operation has no ${RENEW_FIELD} field to renew with`);
      const lifetime = operation.limits?.find((l) => l.field === RENEW_FIELD && l.unit === 'minutes');
      const at = (minutes: number): unknown =>
        lifetime !== undefined ? lifetime.make(minutes, probe.values()) : new Date(Date.now() + minutes * 60_000).toISOString();
      const patch = (value: unknown): Promise<Exchange> =>
        run.client.send({ method: RENEW, path: s.itemPath, headers: operation.headers, body: JSON.stringify({ [RENEW_FIELD]: value }) });
      const wanted = at(RENEW_MINUTES);
      const renewed = await patch(wanted);
      walk.move('renew', renewed.status);
      let readBack = '';
      if (isSuccessStatus(renewed.status) && readWorks) {
        const read = bodyOf(await run.client.send({ method: READ, path: s.itemPath }));
        const got = isObject(read) ? read[RENEW_FIELD] : undefined;
        readBack = readBackWords(shortJson(got), shortJson(wanted), sameJson(got, wanted));
      }
      const part: LifecyclePart = { operations: { renew: operationFact(RENEW, itemTemplate(), renewed) } };
      let limitWords = '';
      // The longest renewal by bisection, up from the first try when it was accepted, down when it was refused for its length.
      const range =
        lifetime === undefined
          ? undefined
          : renewalRange(operationFact(RENEW, '', renewed), RENEW_MINUTES, foundLimit(lifetime.id), lifetime.high);
      if (lifetime !== undefined && range !== undefined) {
        const sent = new Map<number, Exchange>([[RENEW_MINUTES, renewed]]);
        let patches = 0;
        const result = await findLimit(
          async (x) => {
            // The first try's answer is known: asked again only if the search needs it twice (an unknown answer).
            const known = sent.get(x);
            if (known !== undefined && limitAnswerOf(known) !== 'unknown') return limitAnswerOf(known);
            const exchange = await patch(at(x));
            patches += 1;
            sent.set(x, exchange);
            return limitAnswerOf(exchange);
          },
          range.low,
          range.high,
        );
        const edge = result.smallestRejected === undefined ? undefined : sent.get(result.smallestRejected);
        const code = edge === undefined ? null : (operationFact(RENEW, '', edge).code ?? null);
        if (edge !== undefined && edge !== renewed) walk.move('renew past the limit', edge.status);
        const longest = result.largestAccepted === undefined ? undefined : sent.get(result.largestAccepted);
        if (!isSuccessStatus(renewed.status) && longest !== undefined) {
          // Renewal is there: a shorter one was accepted.
          walk.move('renew', longest.status);
          part.operations = { renew: operationFact(RENEW, itemTemplate(), longest) };
        }
        const pastLimit = edge === undefined ? undefined : { status: edge.status, code };
        part.renewal = { longestAcceptedMinutes: longestRenewal(result), pastLimit: pastLimit ?? null };
        limitWords = renewalWords(result, pastLimit, range, patches);
      }
      const finding = renewFinding(itemTemplate(), RENEW_FIELD, RENEW_MINUTES, renewed.status, readBack, limitWords);
      await finish(context, run, caseIds.lifecycle('renew'), SPEC_RENEW, finding, part, renewed);
    });
  });

  test('patch each other field: applied, ignored or refused', { meta: { caseId: caseIds.lifecycle('patch-fields') } }, async (context) => {
    await withSubject(context, caseIds.lifecycle('patch-fields'), async (run) => {
      const second = await createSubject(run);
      if (typeof second === 'string')
        return skip(context, caseIds.lifecycle('patch-fields'), `no second subscription to change fields of: ${second}`);
      subjects.push(second);
      const outcomes: Record<string, PatchOutcome> = {};
      const notTold: string[] = [];
      /** Statuses of the PATCHes that say the operation is not there (404, 405, 501), by field. */
      const notThere = new Map<string, number>();
      try {
        for (const field of operation.fields.filter((f) => f.name !== RENEW_FIELD).slice(0, MAX_PATCHED_FIELDS)) {
          const value = otherValue(field.good(probe.values()), second.sent[field.name]);
          if (value === undefined) {
            notTold.push(`${field.name} (no good value other than the one sent)`);
            continue;
          }
          const patched = await run.client.send({
            method: RENEW,
            path: second.itemPath,
            headers: operation.headers,
            body: JSON.stringify({ [field.name]: value }),
          });
          if (operationFact(RENEW, '', patched).supported === false) {
            notThere.set(field.name, patched.status ?? 0);
            continue;
          }
          const after =
            isSuccessStatus(patched.status) && readWorks
              ? bodyOf(await run.client.send({ method: READ, path: second.itemPath }))
              : undefined;
          const outcome = patchOutcome(patched, after, field.name, value);
          if (outcome === undefined) notTold.push(`${field.name} (${patched.status ?? 'no answer'})`);
          else outcomes[field.name] = outcome;
        }
      } finally {
        await run.client.undoCreate(second.created);
        second.deleted = true;
      }
      const finding = patchFieldsFinding(itemTemplate(), outcomes, notThere, notTold);
      await finish(context, run, caseIds.lifecycle('patch-fields'), SPEC_PATCH, finding, { renewal: { otherFields: outcomes } });
    });
  });

  test('delete: DELETE {collection}/{id}, then read, delete and list again', {
    meta: { caseId: caseIds.lifecycle('delete') },
  }, async (context) => {
    await withSubject(
      context,
      caseIds.lifecycle('delete'),
      async (run, s) => {
        const deleted = await run.client.send({ method: 'DELETE', path: s.itemPath });
        walk.move('delete', deleted.status);
        s.deleted = isSuccessStatus(deleted.status);
        const read = await run.client.send({ method: READ, path: s.itemPath });
        walk.move('read', read.status);
        const again = await run.client.send({ method: 'DELETE', path: s.itemPath });
        walk.move('delete', again.status);
        const list = await walkList(listSend(run), operation.path, probe.target.baseUrl, (e) => e['id'] === s.id);
        walk.move('list', list.first?.status ?? null, list.containsCreated ?? undefined);
        const listed = list.containsCreated;
        const finding = deleteFinding(itemTemplate(), {
          deleteStatus: deleted.status,
          readStatus: read.status,
          againStatus: again.status,
          listed,
        });
        await finish(
          context,
          run,
          caseIds.lifecycle('delete'),
          SPEC_DELETE,
          finding,
          {
            operations: { delete: operationFact('DELETE', itemTemplate(), deleted) },
            afterDelete: { read: read.status, delete: again.status, listed },
            offOriginLinks: list.offOriginLinks,
          },
          deleted,
        );
      },
      true,
    );
  });

  test('states: the states seen and the moves between them', { meta: { caseId: caseIds.lifecycle('states') } }, async (context) => {
    if (walk.moves.length === 0) return skip(context, caseIds.lifecycle('states'), 'no subscription was followed (see lifecycle/read)');
    const run = new CaseRun(probe);
    await finish(context, run, caseIds.lifecycle('states'), SPEC_STATES, statesFinding(walk.moves), {
      states: walk.moves,
    });
  });
});

/**
 * A good value other than the one sent: a field not sent takes its good value; a URL gets a query parameter of its
 * own (a receiver URL is the same for every request); otherwise the good value when it differs, else undefined.
 */
function otherValue(good: unknown, sent: unknown): unknown {
  if (sent === undefined) return good;
  if (!sameJson(good, sent)) return good;
  if (typeof sent === 'string' && /^https?:\/\//i.test(sent)) {
    try {
      const url = new URL(sent);
      url.searchParams.set('probe-patched', String(Date.now()));
      return url.toString();
    } catch {
      return undefined;
    }
  }
  return undefined;
}
