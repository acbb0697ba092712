/**
 * explain is true when followed, on a body with two problems: a rule profile that takes changeType only with resource
 * and needs notificationUrl, validating the notification URL by its handshake, and the body
 * `{changeType, NotificationUrl (wrong letter case), expirationDateTime, clientState}`. explain must list a fix that
 * keeps changeType first (rename NotificationUrl, add resource), name the letter case, and show a body after that,
 * sent as is, is accepted: or say exactly what to change (its own receiver stood in for the user's URL).
 *
 * Every explanation here is also held to its own observations: the cause sentence is read back with the parser of
 * the rule in words (test/support/read-words.ts, written apart from the renderer), and every create explain sent must
 * agree with it: each refused body inside the condition (or carrying a value the output blames), each accepted body
 * outside it. Over HTTP on loopback, against the reference service.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { explain } from '../lib/explain/explain.js';
import { renderResult } from '../lib/explain/render.js';
import type { ExplainResult } from '../lib/explain/types.js';
import { isSuccessStatus } from '../lib/http/status.js';
import { subscriptionCreate } from '../lib/operation/index.js';
import type { ValueContext } from '../lib/operation/types.js';
import { knownStarts } from '../lib/presence/known-starts.js';
import { evaluate, type Expr } from '../lib/rule/expression.js';
import { resolveProfile, ruleProfile, startReferenceService, type ReferenceService, type ValueRules } from '../reference/index.js';
import type { ReferenceProfile } from '../reference/profile-types.js';
import { readCondition } from './support/read-words.js';
import { loopbackEngine } from './support/synthetic.js';

const TOKEN = 'explain-two-problems-token';
const BUDGET = 64;
const FIELDS = ['changeType', 'notificationUrl', 'resource', 'expirationDateTime', 'clientState'];
const LIMIT_MESSAGE = 'Subscription expiration can only be 4230 minutes in the future.';
const DAY = 24 * 3600_000;

/** The rule of the user's report: notificationUrl needed, changeType only with resource; default values, lifetime 4230 minutes. */
function twoProblemsProfile(handshake: boolean): ReferenceProfile {
  const base = resolveProfile('default');
  const values = base.values as ValueRules;
  return {
    ...ruleProfile(FIELDS, 'notificationUrl && (!changeType || resource)'),
    name: 'two-problems',
    values: {
      ...values,
      expirationDateTime: { ...values.expirationDateTime, maxLifetimeMinutes: 4230, pastMaximumMessage: LIMIT_MESSAGE },
    },
    validationHandshake: { ...base.validationHandshake, enabled: handshake },
  };
}

let service: ReferenceService;
let receiver: Server;
/** The receiver explain uses as its own notification URL; the user's working URL is the same server on another path. */
let receiverUrl: string;
let unique = 0;
const values = (): ValueContext => ({ now: new Date(), notificationUrl: receiverUrl, unique: `two-${(unique += 1)}` });

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const token = new URL(req.url ?? '/', 'http://receiver').searchParams.get('validationtoken');
    if (token === null) return void res.writeHead(202).end();
    res.writeHead(200, { 'content-type': 'text/plain' }).end(token);
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/explain-receiver`;
  service = await startReferenceService({ profile: twoProblemsProfile(true), tokens: [TOKEN] });
});
afterAll(async () => {
  await service.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

interface Observed {
  body: Record<string, unknown>;
  status: number;
}

interface Explained {
  result: ExplainResult;
  text: string;
  observed: Observed[];
}

async function explainHere(body: Record<string, unknown>, options: { repeats?: number; known?: boolean } = {}): Promise<Explained> {
  const engine = loopbackEngine(service.url, TOKEN, { maxRequests: BUDGET });
  const observed: Observed[] = [];
  try {
    const result = await explain({
      operation: subscriptionCreate,
      body,
      send: async (request) => {
        const exchange = await engine.send(request);
        if (request.method === 'POST' && exchange.status !== null)
          observed.push({ body: JSON.parse(request.body ?? '{}') as Record<string, unknown>, status: exchange.status });
        return exchange;
      },
      values,
      budget: BUDGET,
      repeats: options.repeats ?? 1,
      ...(options.known === true ? { accepted: knownStarts(subscriptionCreate, {}).map((s) => s.fields) } : {}),
    });
    return { result, text: renderResult(result).join('\n'), observed };
  } finally {
    await engine.close();
  }
}

/** The user's value of a field: under its name, or under a property of the same letters in another case. */
function userValue(original: Record<string, unknown>, field: string): unknown {
  const name = Object.keys(original).find((k) => k.toLowerCase() === field.toLowerCase());
  return name === undefined ? undefined : original[name];
}

/**
 * The cause as the output states it, read back: the presence condition under which the body is refused, and the
 * fields whose values as given the output blames, either together with that condition (a cause of one field:
 * "while P, with the value of x as given") or beside it ("The value of x causes the 400 as well").
 */
function readCause(text: string): { condition: Expr | undefined; blamed: string[]; together: boolean; also: Expr | undefined } {
  const alsoLine = /^The target also refused every body explain sent while (.+)\.$/m.exec(text);
  return { ...readMainCause(text), also: alsoLine === null ? undefined : readCondition(alsoLine[1] as string) };
}

function readMainCause(text: string): { condition: Expr | undefined; blamed: string[]; together: boolean } {
  const cause =
    /^Cause: (?:.*?: )?this body is refused \(\d+\) (.*?)(?:, and (?:with the values? of .*? replaced by .*?, )?(?:the change|any one of the changes) below gets \d+\.)$/m.exec(
      text,
    );
  const either = /^(?:Either|Any of) (.+) makes it \d+; remove (?:both|all \w+|it): /m.exec(text);
  const blamedApart = /^The values? of (.+?) causes? the \d+ as well/m.exec(text);
  const names = (list: string): string[] => list.split(/, | and /);
  if (cause !== null) {
    const rest = cause[1] as string;
    const withValues = /^(?:while (.*?)(?:, )?)?(?:with the values? of (.+) as given)?$/.exec(rest);
    const presence = withValues?.[1] ?? (rest.startsWith('while ') ? rest.slice('while '.length) : undefined);
    const together = withValues?.[2] !== undefined;
    return {
      condition: presence === undefined || presence === '' ? undefined : readCondition(presence),
      blamed: together ? names(withValues?.[2] as string) : blamedApart === null ? [] : names(blamedApart[1] as string),
      together,
    };
  }
  if (either !== null) {
    const removed = names(either[1] as string).flatMap((n) => n.split(' or '));
    const condition: Expr = { kind: 'or', operands: removed.map((name): Expr => ({ kind: 'field', name })) };
    return { condition, blamed: blamedApart === null ? [] : names(blamedApart[1] as string), together: false };
  }
  throw new Error(`no cause sentence in:\n${text}`);
}

/** Every create explain sent that disagrees with the cause it printed, in words (empty: the cause is true of them all). */
function disagreements(original: Record<string, unknown>, e: Explained): string[] {
  const { condition, blamed, together, also } = readCause(e.text);
  return e.observed.flatMap(({ body, status }) => {
    if (!isSuccessStatus(status) && (status < 400 || status > 499)) return [];
    const present = new Set(Object.keys(body));
    const given = (f: string): boolean => Object.hasOwn(body, f) && JSON.stringify(body[f]) === JSON.stringify(userValue(original, f));
    // "while P, with the values of a and b as given": P and every value as given; "... as well": any one of them.
    const inCondition = condition === undefined ? together : evaluate(condition, present);
    const byCause = together ? inCondition && blamed.every(given) : inCondition || blamed.some(given);
    const refusedBy = byCause || (also !== undefined && evaluate(also, present));
    return refusedBy === !isSuccessStatus(status) ? [] : [`${status} for ${JSON.stringify(body)}`];
  });
}

/** The bodies printed after each "After ..." line: the JSON the output shows as accepted. */
function afterBodies(text: string): Record<string, unknown>[] {
  const blocks = text.split('\n\n').filter((b) => b.startsWith('After '));
  return blocks.map((b) => JSON.parse(b.slice(b.indexOf('\n{') + 1)) as Record<string, unknown>);
}

async function sendAsIs(body: Record<string, unknown>): Promise<number | null> {
  const engine = loopbackEngine(service.url, TOKEN, { maxRequests: 4 });
  try {
    const exchange = await engine.send({
      method: 'POST',
      path: subscriptionCreate.path,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return exchange.status;
  } finally {
    await engine.close();
  }
}

const twoProblems = (url: string, days = 2): Record<string, unknown> => ({
  changeType: 'updated',
  NotificationUrl: url,
  expirationDateTime: new Date(Date.now() + days * DAY).toISOString(),
  clientState: 'abc',
});

describe('explain on a body with two problems', () => {
  test("the user's URL works: the fix that keeps changeType first, the letter case named, and its body after accepted as is", async () => {
    service.setProfile(twoProblemsProfile(true));
    const body = twoProblems(`${receiverUrl.replace('explain-receiver', 'users-own')}?from=user`);
    const e = await explainHere(body);
    expect(e.result.outcome, e.text).toBe('explained');
    expect(e.text).toContain('the target reads property names case-sensitively: notificationUrl, not NotificationUrl');
    expect(e.text).toContain(
      'Smallest changes that get a 2xx, each asked (the first one keeps every field the request has): rename NotificationUrl to notificationUrl (its value as given) and add resource (at a known-good value); or rename NotificationUrl to notificationUrl (its value as given) and take out changeType.',
    );
    const [first] = afterBodies(e.text);
    // The user's values wherever the target took them, and no second spelling.
    expect(first).toMatchObject({ changeType: 'updated', notificationUrl: body['NotificationUrl'], clientState: 'abc' });
    expect(first).not.toHaveProperty('NotificationUrl');
    // explain deleted what it made; the body after, sent as is, is accepted.
    expect(service.liveSubscriptions()).toEqual([]);
    expect(await sendAsIs(first as Record<string, unknown>)).toBe(201);
    expect(e.text).not.toContain("explain's own notification URL");
    expect(disagreements(body, e)).toEqual([]);
  });

  test("the user's URL cannot be validated: explain's receiver stands in, and the output says so and what the URL must do", async () => {
    service.setProfile(twoProblemsProfile(true));
    const body = twoProblems('https://hooks.example.test/notify');
    const e = await explainHere(body);
    expect(e.result.outcome, e.text).toBe('explained');
    expect(e.text).toMatch(
      /^Smallest changes that get a 2xx, each asked \(the first one keeps every field the request has\): rename NotificationUrl to notificationUrl and add resource \(at a known-good value\) and replace the value of notificationUrl with a known-good one; or /m,
    );
    expect(e.text).toContain(
      `Note: notificationUrl in the body after is explain's own notification URL (${receiverUrl}), which answers only while explain runs: put your own there.`,
    );
    expect(e.text).toContain(
      'Yours, "https://hooks.example.test/notify", was refused where explain\'s was accepted: 400 invalidRequest "Failed to validate the notification URL',
    );
    expect(e.text).toContain('Your URL must answer the validation request');
    // Not "must be https": the only https in the target's words is the user's own URL, quoted.
    expect(e.text).not.toContain('must be an https URL');
    expect(disagreements(body, e)).toEqual([]);
  });

  test('a lifetime past the limit too: the limit the refusal states is quoted as the limit', async () => {
    service.setProfile(twoProblemsProfile(false));
    const body = { ...twoProblems(receiverUrl, 10), NotificationUrl: receiverUrl };
    const e = await explainHere(body);
    expect(e.result.replaced, e.text).toContain('expirationDateTime');
    expect(e.text).toContain(
      `  expirationDateTime: the limit the target states for it is 4230 minutes, in its refusal of your value: ${JSON.stringify(LIMIT_MESSAGE)}`,
    );
    expect(e.text).not.toContain('expirationDateTime: its messages never name it');
    expect(disagreements(body, e)).toEqual([]);
  });

  test("a clientState past its limit too: the limit is the refusal's maximum, not the value's own length it quotes first", async () => {
    service.setProfile(twoProblemsProfile(false));
    const body = { ...twoProblems(receiverUrl), clientState: 'x'.repeat(298) };
    const e = await explainHere(body);
    expect(e.result.replaced, e.text).toContain('clientState');
    expect(e.text).toContain('  clientState: the limit the target states for it is 255 characters, in its refusal of your value:');
    expect(e.text).not.toContain('the limit the target states for it is 298');
    expect(disagreements(body, e)).toEqual([]);
  });
});

describe('the cause explain prints is true of every create it sent', () => {
  const five = (): Record<string, unknown> => ({
    changeType: 'updated',
    notificationUrl: receiverUrl,
    resource: '/me/drive/root',
    expirationDateTime: new Date(Date.now() + 2 * DAY).toISOString(),
    clientState: 'mine',
  });
  test.each<[string, ReferenceProfile | string, () => Record<string, unknown>]>([
    ['default, the five-field body', 'default', five],
    ['v2-together, the five-field body', 'v2-together', five],
    [
      'v2-change-needs-resource, without resource',
      'v2-change-needs-resource',
      () => Object.fromEntries(Object.entries(five()).filter(([k]) => k !== 'resource')),
    ],
    [
      'default, a misspelt Resource',
      'default',
      () => ({ notificationUrl: receiverUrl, expirationDateTime: five()['expirationDateTime'], Resource: '/me/drive/root' }),
    ],
    [
      'default, a lifetime past 180 days',
      'default',
      () => ({ notificationUrl: receiverUrl, expirationDateTime: new Date(Date.now() + 200 * DAY).toISOString() }),
    ],
  ])('%s', async (_, profile, body) => {
    service.setProfile(profile);
    const given = body();
    for (const repeats of [1, 2]) {
      const e = await explainHere(given, { repeats });
      expect(e.result.outcome, e.text).toBe('explained');
      expect(disagreements(given, e), e.text).toEqual([]);
    }
  });

  test("the spec's five-field body with the known bodies: still 4 creates, and nothing else asked", async () => {
    service.setProfile('default');
    const e = await explainHere(five(), { known: true });
    expect(e.text).toContain('Either changeType or resource makes it 400; remove both');
    expect(e.result.requests.creates).toBe(4);
    expect(e.result.fixSets).toEqual([]);
    expect(disagreements(five(), e)).toEqual([]);
  });
});
