/**
 * Values of several fields asked in one body (lib/values/value-groups.ts), held against the reference in process, the
 * way the value suite asks them: every class at once, each in a group first and alone when its group was refused. On
 * the graph-like profile (the drive operation under Graph's value rules: many values refused) and on graph-v1-rules
 * (the twelve-field Graph description, nearly every value accepted), each class's outcome, status and error code are
 * those of the class asked alone, and on graph-v1-rules for far fewer requests (on graph-like a few more: refused groups). A group whose acceptance were read for
 * a value it did not hold, or whose refusal were read as a member's, would change an outcome here.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { OperationClient } from '../lib/create/client.js';
import { buildBody } from '../lib/matrix/build-body.js';
import { shippedOperation, subscriptionCreate } from '../lib/operation/index.js';
import type { OperationSpec, ValueContext } from '../lib/operation/types.js';
import { askValue, ConfirmedKinds } from '../lib/values/ask-value.js';
import { IntermittentRefusals, type Settled } from '../lib/values/settle.js';
import { planValueGroups, ValueGroups, type GroupAnswer, type GroupMember } from '../lib/values/value-groups.js';
import { judgeSettledValue } from '../lib/values/value-verdict.js';
import type { Exchange } from '../lib/http/types.js';
import { startReferenceService, type ReferenceService } from '../reference/index.js';
import { loopbackEngine } from './support/synthetic.js';

const TOKEN = 'value-groups-token-51e2';
const REQUIRED = ['changeType', 'notificationUrl', 'resource', 'expirationDateTime'];
const GRAPH = shippedOperation('operations/graph-subscription-v1.json');

let service: ReferenceService;
beforeAll(async () => {
  service = await startReferenceService({ tokens: [TOKEN], profile: 'graph-like', handshake: false });
});
afterAll(() => service.close());

type Outcomes = Record<string, string>;

/** Every class of the operation, at once, each in the required fields and its own; grouped first when `grouped`. */
async function outcomes(profile: string, operation: OperationSpec, grouped: boolean): Promise<{ outcomes: Outcomes; requests: number }> {
  service.setProfile(profile);
  const engine = loopbackEngine(service.url, TOKEN, { concurrency: 4 });
  const client = new OperationClient((r) => engine.send(r), operation, { askAgain: 3 });
  const fields = operation.fields.map((f) => f.name);
  const contexts = new Map<string, ValueContext>();
  const ctxOf = (field: string): ValueContext => {
    let ctx = contexts.get(field);
    if (ctx === undefined)
      contexts.set(field, (ctx = { now: new Date(), notificationUrl: 'https://receiver.example/hook', unique: field }));
    return ctx;
  };
  const baseOf = (field: string): string[] => fields.filter((f) => REQUIRED.includes(f) || f === field);
  const sendOnce = async (present: string[], ctx: ValueContext, overrides: Record<string, unknown>, names = {}): Promise<Exchange> => {
    const exchange = await client.sendBody(buildBody(operation, present, ctx, overrides, names));
    await client.undoCreate(exchange);
    return exchange;
  };
  const sendGroup = async (group: GroupMember[]): Promise<GroupAnswer | undefined> => {
    const present = fields.filter((f) => group.some((m) => baseOf(m.field).includes(f)));
    const overrides = Object.fromEntries(group.map((m) => [m.field, m.valueClass.value(ctxOf(m.field))]));
    const first = group[0] as GroupMember;
    return { exchange: await sendOnce(present, ctxOf(first.field), overrides), members: group, present };
  };
  const groups = new ValueGroups(grouped ? planValueGroups(operation, ctxOf('plan')) : []);
  const seen = new IntermittentRefusals();
  const confirmed = new ConfirmedKinds();
  const found: Outcomes = {};
  try {
    await Promise.all(
      operation.fields.flatMap((field) =>
        field.classes.map(async (valueClass) => {
          const ctx = ctxOf(field.name);
          const names = valueClass.sendAs === undefined ? {} : { [field.name]: valueClass.sendAs };
          const together = await groups.acceptedWith({ field: field.name, valueClass }, sendGroup);
          const settled: Settled<Exchange> =
            together !== undefined
              ? { verdict: 'accepted', asks: [together.exchange], decisive: together.exchange }
              : await askValue(() => sendOnce(baseOf(field.name), ctx, { [field.name]: valueClass.value(ctx) }, names), {
                  field: field.name,
                  fields,
                  seen,
                  confirmed,
                });
          const { outcome, answer } = judgeSettledValue(field.name, valueClass, settled);
          found[`${field.name}/${valueClass.id}`] = `${outcome} ${answer.status ?? ''} ${answer.errorCode ?? ''}`;
        }),
      ),
    );
    return { outcomes: found, requests: client.requests };
  } finally {
    await engine.close();
  }
}

describe('value classes asked in groups: the outcomes of each asked alone', () => {
  test.each([
    ['graph-like', subscriptionCreate],
    ['graph-v1-rules', GRAPH],
  ] as const)('profile %s', async (profile, operation) => {
    const alone = await outcomes(profile, operation, false);
    const grouped = await outcomes(profile, operation, true);
    expect(Object.keys(alone.outcomes).length).toBe(operation.fields.reduce((n, f) => n + f.classes.length, 0));
    expect(grouped.outcomes).toEqual(alone.outcomes);
    // Both kinds of answer are among them, so a group read wrongly either way would show.
    const all = Object.values(alone.outcomes).join(' ');
    expect(all).toContain('accepted');
    expect(all).toContain('rejected');
    // Where nearly every value is accepted the groups save most of the requests; where most are refused (graph-like)
    // a refused group costs one body more than its members asked alone, which the outcomes above must not show.
    if (profile === 'graph-v1-rules') expect(grouped.requests).toBeLessThan(0.7 * alone.requests);
  });
});
