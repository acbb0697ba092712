import { describe, expect, test } from 'vitest';
import { subscriptionCreate } from '../operation/index.js';
import { explain, type ExplainOptions } from './explain.js';
import { causeSentences, renderResult, targetWords } from './render.js';
import { fakeTarget, RECEIVER, testValues, v2Service, type Answer, type FakeTarget } from './test-target.js';

const DAY = 24 * 3600_000;
const inDays = (days: number): string => new Date(Date.now() + days * DAY).toISOString();

/** The spec's five-field body (spec §4), with values the v2 service takes. */
const FIVE = (): Record<string, unknown> => ({
  changeType: 'updated',
  notificationUrl: RECEIVER,
  resource: '/me/drive/root',
  expirationDateTime: inDays(30),
  clientState: 'my-state',
});

function run(target: FakeTarget, body: Record<string, unknown>, options: Partial<ExplainOptions> = {}) {
  return explain({ operation: subscriptionCreate, body, send: target.send, values: testValues, budget: 64, repeats: 2, ...options });
}

/** The v2 rules behind NestJS's ValidationPipe: every problem listed, in class-validator's words. */
function nestService(body: Record<string, unknown>): Answer {
  const message = [
    ...(['changeType', 'resource'] as const).filter((f) => f in body).map((f) => `property ${f} should not exist`),
    ...(['notificationUrl', 'expirationDateTime'] as const).filter((f) => !(f in body)).map((f) => `${f} should not be empty`),
  ];
  return message.length === 0 ? { status: 201 } : { status: 400, body: { message, error: 'Bad Request', statusCode: 400 } };
}

describe('explain quotes what the target said of the fields it blames', () => {
  test("the v2.0 service's own sentences, from the request's refusal or the one that showed the field needed", async () => {
    const result = await run(fakeTarget(v2Service), FIVE());
    expect(targetWords(result)).toEqual([
      'What the target said of them:',
      expect.stringMatching(/^ {2}changeType: "The property 'changeType' /),
      expect.stringMatching(/^ {2}resource: "The property 'resource' /),
    ]);
  });

  test("a framework's list of messages: each field's own sentence, never another's", async () => {
    const result = await run(fakeTarget(nestService), FIVE());
    expect(result.removed).toEqual(['changeType', 'resource']);
    expect(targetWords(result)).toEqual([
      'What the target said of them:',
      '  changeType: "property changeType should not exist"',
      '  resource: "property resource should not exist"',
    ]);
    expect(renderResult(result).join('\n')).toContain(
      'The request got 400 Bad Request "property changeType should not exist; property resource should not exist"',
    );
  });

  test('a field the messages never name is said so', async () => {
    const silent = (body: Record<string, unknown>): Answer =>
      'resource' in body
        ? { status: 422, body: { title: 'Invalid request', detail: 'must NOT have additional properties' } }
        : { status: 201 };
    const result = await run(fakeTarget(silent), FIVE());
    expect(result.removed).toEqual(['resource']);
    expect(targetWords(result)).toEqual(['What the target said of them:', '  resource: its messages never name it']);
  });
});

describe('explain against a v2.0-like target', () => {
  test("the spec's five-field body: changeType and resource, each needed, in a handful of requests", async () => {
    // Arrange
    const target = fakeTarget(v2Service);
    const body = FIVE();
    // Act
    const result = await run(target, body);
    // Assert
    expect(result.outcome).toBe('explained');
    expect(result.removed).toEqual(['changeType', 'resource']);
    expect(result.added).toEqual([]);
    expect(result.replaced).toEqual([]);
    expect(result.presenceEvidence.map((e) => [e.field, e.undone.answer.status])).toEqual([
      ['changeType', 400],
      ['resource', 400],
    ]);
    expect(result.after?.body).toEqual({
      notificationUrl: RECEIVER,
      expirationDateTime: body['expirationDateTime'],
      clientState: 'my-state',
    });
    expect(causeSentences(result)[0]).toBe(
      'Either changeType or resource makes it 400; remove both: the target rejects this body as long as it has either; without them it answers 201.',
    );
    expect(result.requests.total).toBe(target.sent);
    expect(target.sent).toBeLessThanOrEqual(16);
    expect(target.live.size).toBe(0);
  });

  test('without repeats: five creates, the named fields asked first, the body with good values never', async () => {
    // Arrange
    const target = fakeTarget(v2Service);
    const body = FIVE();
    // Act
    const result = await run(target, body, { repeats: 1 });
    // Assert
    expect(result.removed).toEqual(['changeType', 'resource']);
    expect(result.replaced).toEqual([]);
    expect(result.requests.repeats).toBe(0);
    // The body as sent, without the field its 400 names, without the one the next 400 names as well,
    // without the second alone (its need shown), and the user's values with that presence.
    const shape = (b: Record<string, unknown>): string => Object.keys(b).join(',');
    expect(target.creates.map(shape)).toEqual([
      'changeType,notificationUrl,resource,expirationDateTime,clientState',
      'notificationUrl,resource,expirationDateTime,clientState',
      'notificationUrl,expirationDateTime,clientState',
      'changeType,notificationUrl,expirationDateTime,clientState',
      'notificationUrl,expirationDateTime,clientState',
    ]);
    expect(target.creates[4]).toEqual({
      notificationUrl: RECEIVER,
      expirationDateTime: body['expirationDateTime'],
      clientState: 'my-state',
    });
    expect(target.creates.length).toBeLessThanOrEqual(6);
  });

  test('a field named for its value, not its presence: taking it out fails, its known-good value is the fix', async () => {
    const body = { notificationUrl: RECEIVER, expirationDateTime: 'next week', clientState: 's' };
    const target = fakeTarget(v2Service);
    // The same service with messages that name no field: explain asks the known-good values first.
    const unnamed = fakeTarget((b) => {
      const answer = v2Service(b);
      return 'message' in answer ? { ...answer, message: 'The request is invalid.' } : answer;
    });
    const result = await run(target, body, { repeats: 1 });
    const baseline = await run(unnamed, body, { repeats: 1 });
    expect(result).toMatchObject({ outcome: 'explained', removed: [], added: [], replaced: ['expirationDateTime'] });
    expect(baseline).toMatchObject({ outcome: 'explained', removed: [], added: [], replaced: ['expirationDateTime'] });
    // Following the name costs one body (without expirationDateTime, rejected as it is required).
    expect(target.creates.length).toBe(unnamed.creates.length + 1);
    expect(Object.keys(target.creates[1] ?? {})).toEqual(['notificationUrl', 'clientState']);
  });

  test('an expirationDateTime 200 days ahead: the value is the cause, not the field', async () => {
    const target = fakeTarget(v2Service);
    const result = await run(target, { notificationUrl: RECEIVER, expirationDateTime: inDays(200), clientState: 's' });
    expect(result).toMatchObject({ outcome: 'explained', removed: [], added: [], replaced: ['expirationDateTime'] });
    expect(causeSentences(result)[0]).toMatch(
      /^The value of expirationDateTime causes the 400: with it replaced by a known-good value the target answers 201/,
    );
    expect(result.valueEvidence[0]?.undone.answer.status).toBe(400);
  });

  test('a missing required field is added, and a field present as well is taken out', async () => {
    const target = fakeTarget(v2Service);
    const result = await run(target, { changeType: 'updated', notificationUrl: RECEIVER });
    expect(result).toMatchObject({ outcome: 'explained', removed: ['changeType'], added: ['expirationDateTime'], replaced: [] });
    expect(result.after?.body).toHaveProperty('expirationDateTime');
    expect(causeSentences(result)[0]).toMatch(/^changeType causes the 400, and the body lacks expirationDateTime/);
  });

  test('presence and values together: resource out, notificationUrl replaced', async () => {
    const target = fakeTarget(v2Service);
    const result = await run(target, {
      notificationUrl: 'https://elsewhere.example/hook',
      resource: '/me/drive/root',
      expirationDateTime: inDays(3),
    });
    expect(result).toMatchObject({ outcome: 'explained', removed: ['resource'], replaced: ['notificationUrl'] });
    expect(result.after?.body).toEqual({ notificationUrl: RECEIVER, expirationDateTime: expect.any(String) });
  });

  test('fields the operation does not know can be the cause', async () => {
    const target = fakeTarget(v2Service);
    const result = await run(target, { notificationUrl: RECEIVER, expirationDateTime: inDays(3), '@odata.type': '#x' });
    expect(result).toMatchObject({ outcome: 'explained', removed: ['@odata.type'] });
  });

  test('an accepted request: said, deleted, two requests', async () => {
    const target = fakeTarget(v2Service);
    const result = await run(target, { notificationUrl: RECEIVER, expirationDateTime: inDays(3) });
    expect(result.outcome).toBe('accepted');
    expect(target.sent).toBe(2);
    expect(target.live.size).toBe(0);
    expect(renderResult(result).join('\n')).toMatch(/nothing to explain/);
  });
});

describe('explain when it cannot', () => {
  test('never sends more than the budget, and says what it had found', async () => {
    for (let budget = 2; budget <= 16; budget += 1) {
      const target = fakeTarget(v2Service);
      const result = await run(target, FIVE(), { budget });
      expect(target.sent).toBeLessThanOrEqual(budget);
      expect(target.live.size).toBe(0);
      if (result.outcome !== 'explained') expect(result.outcome).toBe('budget');
    }
  });

  test('a target that changes its answer is unstable, not explained', async () => {
    // Accepts a body only the first time it would: every later 201 becomes a 400.
    let accepted = 0;
    const flaky = (body: Record<string, unknown>): Answer => {
      const answer = v2Service(body);
      if ('status' in answer && answer.status === 201 && (accepted += 1) > 1) {
        return { status: 400, code: 'invalidRequest', message: 'Try again later.' };
      }
      return answer;
    };
    const result = await run(fakeTarget(flaky), FIVE());
    expect(result.outcome).toBe('unstable');
    expect(result.disagreements.length).toBeGreaterThan(0);
    expect(renderResult(result).join('\n')).toMatch(/answered the same request differently/);
  });

  test('the original answered differently the second time is unstable', async () => {
    const flipping = (body: Record<string, unknown>, index: number): Answer =>
      index > 0 && body['clientState'] === 'my-state' && Object.keys(body).length === 5
        ? { status: 400, code: 'otherError', message: 'x' }
        : v2Service(body);
    const result = await run(fakeTarget(flipping), FIVE());
    expect(result.outcome).toBe('unstable');
  });

  test('401 with known-good values too: not the body', async () => {
    const target = fakeTarget(() => ({ status: 401, code: 'unauthenticated', message: 'no' }));
    const result = await run(target, FIVE());
    expect(result.outcome).toBe('not-the-body');
    expect(target.sent).toBe(2);
  });

  test('5xx on the request: no verdict', async () => {
    const result = await run(
      fakeTarget(() => ({ failure: 'server' })),
      FIVE(),
    );
    expect(result.outcome).toBe('no-verdict');
  });

  test('nothing accepted, whatever the fields: says so within budget', async () => {
    const target = fakeTarget(() => ({ status: 400, code: 'invalidRequest', message: 'no' }));
    const result = await run(target, FIVE());
    expect(result.outcome).toBe('no-accepted-body');
    expect(target.sent).toBeLessThanOrEqual(64);
    // The body's 5 fields: 2^5 combinations, the first asked twice (as given, then with good values).
    expect(target.creates.length).toBe(33);
  });
});

describe('explain with a prediction (a recorded report as a hint)', () => {
  const shape = (b: Record<string, unknown>): string => Object.keys(b).join(',');

  test('the five-field body, predicted right: the same cause as without it, in the 4 creates that show it', async () => {
    // Arrange
    const body = FIVE();
    const plain = fakeTarget(v2Service);
    const hinted = fakeTarget(v2Service);
    // Act
    const without = await run(plain, body, { repeats: 1 });
    const withHint = await run(hinted, body, { repeats: 1, predicted: [['changeType', 'resource']] });
    // Assert
    expect(withHint).toMatchObject({ outcome: 'explained', removed: without.removed, added: without.added, replaced: without.replaced });
    expect(causeSentences(withHint)).toEqual(causeSentences(without));
    expect(withHint.presenceEvidence.map((e) => [e.field, e.undone.answer.status])).toEqual([
      ['changeType', 400],
      ['resource', 400],
    ]);
    expect(plain.creates.length).toBe(5);
    // The body as sent, without both (the user's values: the fix as it will be sent), and each put back.
    expect(hinted.creates.map(shape)).toEqual([
      'changeType,notificationUrl,resource,expirationDateTime,clientState',
      'notificationUrl,expirationDateTime,clientState',
      'notificationUrl,resource,expirationDateTime,clientState',
      'changeType,notificationUrl,expirationDateTime,clientState',
    ]);
    expect(hinted.creates[1]).toEqual({
      notificationUrl: RECEIVER,
      expirationDateTime: body['expirationDateTime'],
      clientState: 'my-state',
    });
    expect(withHint.requests).toMatchObject({ creates: 4, deletes: 1 });
    expect(withHint.after?.body).toEqual(hinted.creates[1]);
    expect(hinted.live.size).toBe(0);
  });

  test('REPEATS=2: the same cause, and the accepted body is not asked a third time', async () => {
    const plain = fakeTarget(v2Service);
    const hinted = fakeTarget(v2Service);
    const without = await run(plain, FIVE());
    const withHint = await run(hinted, FIVE(), { predicted: [['changeType', 'resource']] });
    expect(withHint).toMatchObject({ outcome: 'explained', removed: without.removed, replaced: without.replaced });
    // Each of the 4 questions asked twice.
    expect(withHint.requests).toMatchObject({ creates: 8, repeats: 4 });
    expect(withHint.requests.creates).toBeLessThan(without.requests.creates);
  });

  test('a wrong prediction (other fields): the right cause still, at more requests', async () => {
    const plain = fakeTarget(v2Service);
    const hinted = fakeTarget(v2Service);
    const without = await run(plain, FIVE(), { repeats: 1 });
    const withHint = await run(hinted, FIVE(), { repeats: 1, predicted: [['clientState', 'expirationDateTime']] });
    expect(withHint).toMatchObject({ outcome: 'explained', removed: ['changeType', 'resource'], added: [], replaced: [] });
    expect(causeSentences(withHint)).toEqual(causeSentences(without));
    // Asked first, with the user's values and then with known-good ones: both rejected.
    expect(hinted.creates.slice(1, 3).map(shape)).toEqual(['changeType,notificationUrl,resource', 'changeType,notificationUrl,resource']);
    expect(hinted.creates.length).toBeGreaterThan(plain.creates.length);
  });

  test('a prediction of too many fields: ddmin drops the one not needed', async () => {
    const target = fakeTarget(v2Service);
    const result = await run(target, FIVE(), { repeats: 1, predicted: [['changeType', 'resource', 'clientState']] });
    expect(result).toMatchObject({ outcome: 'explained', removed: ['changeType', 'resource'], replaced: [] });
    // The fix keeps the user's clientState.
    expect(result.after?.body).toMatchObject({ clientState: 'my-state' });
  });

  test('a prediction right about presence, with a bad value elsewhere: the value is still found', async () => {
    const body = { notificationUrl: 'https://elsewhere.example/hook', resource: '/me/drive/root', expirationDateTime: inDays(3) };
    const plain = fakeTarget(v2Service);
    const hinted = fakeTarget(v2Service);
    const without = await run(plain, body, { repeats: 1 });
    const withHint = await run(hinted, body, { repeats: 1, predicted: [['resource']] });
    expect(without).toMatchObject({ outcome: 'explained', removed: ['resource'], replaced: ['notificationUrl'] });
    expect(withHint).toMatchObject({ outcome: 'explained', removed: ['resource'], replaced: ['notificationUrl'] });
    expect(causeSentences(withHint)).toEqual(causeSentences(without));
  });

  test('never more than the budget, with a prediction too', async () => {
    for (let budget = 2; budget <= 10; budget += 1) {
      const target = fakeTarget(v2Service);
      const result = await run(target, FIVE(), { budget, repeats: 1, predicted: [['changeType', 'resource']] });
      expect(target.sent).toBeLessThanOrEqual(budget);
      expect(target.live.size).toBe(0);
      // 4 creates and the delete of the accepted one; room for a delete is kept before each create.
      expect(result.outcome).toBe(budget >= 6 ? 'explained' : 'budget');
    }
  });

  test('a field the operation does not have, in a prediction, is not asked about', async () => {
    const target = fakeTarget(v2Service);
    const result = await run(target, FIVE(), { repeats: 1, predicted: [['changeType', 'resource', 'noSuchField']] });
    expect(result).toMatchObject({ outcome: 'explained', removed: ['changeType', 'resource'] });
    expect(target.creates.some((b) => 'noSuchField' in b)).toBe(false);
    expect(target.creates.length).toBe(4);
  });

  test('predictions as near: the one that toggles the field the rejection names is asked, as the search without one would find', async () => {
    // Only the two together are refused (REFERENCE_PROFILE v2-together): taking out either is a smallest change.
    const together = (b: Record<string, unknown>): Answer => {
      if ('changeType' in b && 'resource' in b)
        return {
          status: 400,
          code: 'invalidRequest',
          message: "The property 'changeType' does not exist on type 'oneDrive.subscription'.",
        };
      return v2Service(Object.fromEntries(Object.entries(b).filter(([k]) => k !== 'changeType' && k !== 'resource')));
    };
    const plain = fakeTarget(together);
    const hinted = fakeTarget(together);
    const without = await run(plain, FIVE(), { repeats: 1 });
    const withHint = await run(hinted, FIVE(), { repeats: 1, predicted: [['resource'], ['changeType']] });
    expect(without).toMatchObject({ outcome: 'explained', removed: ['changeType'] });
    expect(withHint).toMatchObject({ outcome: 'explained', removed: ['changeType'] });
    // As sent, without changeType (the user's values), changeType back at a known-good value, and the other
    // prediction as near: resource taken out instead, also a 2xx, so the cause is the two together.
    expect(hinted.creates.map(shape)).toEqual([
      'changeType,notificationUrl,resource,expirationDateTime,clientState',
      'notificationUrl,resource,expirationDateTime,clientState',
      'changeType,notificationUrl,resource,expirationDateTime,clientState',
      'changeType,notificationUrl,expirationDateTime,clientState',
    ]);
    expect(withHint.swaps.map((w) => [w.field, w.instead])).toEqual([['resource', 'changeType']]);
    expect(plain.creates.length).toBe(4);
  });
});

describe('the bodies known or reported accepted come first', () => {
  const shape = (b: Record<string, unknown>): string => Object.keys(b).join(',');
  const reported = [subscriptionCreate.reportedAccepted ?? []];
  /** The v2 service whose messages name no field. */
  const silent = (service: (b: Record<string, unknown>) => Answer) => (b: Record<string, unknown>) => {
    const answer = service(b);
    return 'message' in answer ? { ...answer, message: 'The request is invalid.' } : answer;
  };
  /** Only the two together are refused (REFERENCE_PROFILE v2-together), and no message names a field. */
  const together = (b: Record<string, unknown>): Answer =>
    'changeType' in b && 'resource' in b
      ? { status: 400, code: 'invalidRequest', message: 'The request is invalid.' }
      : v2Service(Object.fromEntries(Object.entries(b).filter(([k]) => k !== 'changeType' && k !== 'resource')));

  test("the spec's five-field body on a target whose messages name nothing: 4 creates with REPEATS=1, 10 without the reported body", async () => {
    const target = fakeTarget(silent(v2Service));
    const blind = fakeTarget(silent(v2Service));
    const result = await run(target, FIVE(), { repeats: 1, accepted: reported });
    const without = await run(blind, FIVE(), { repeats: 1 });

    expect(result).toMatchObject({ outcome: 'explained', removed: ['changeType', 'resource'], added: [], replaced: [] });
    expect(causeSentences(result)[0]).toBe(
      'Either changeType or resource makes it 400; remove both: the target rejects this body as long as it has either; without them it answers 201.',
    );
    // As sent, the reported body (with the user's values), and each of the difference put back.
    expect(target.creates.map(shape)).toEqual([
      'changeType,notificationUrl,resource,expirationDateTime,clientState',
      'notificationUrl,expirationDateTime,clientState',
      'notificationUrl,resource,expirationDateTime,clientState',
      'changeType,notificationUrl,expirationDateTime,clientState',
    ]);
    expect(without).toMatchObject({ outcome: 'explained', removed: ['changeType', 'resource'] });
    expect(blind.creates.length).toBe(10);
  });

  test('a cause of two fields together is stated as one, with a hint or without, whichever the search meets first', async () => {
    const sentences: string[] = [];
    for (const predicted of [undefined, [['resource']], [['changeType']], [['resource'], ['changeType']]]) {
      const target = fakeTarget(together);
      const result = await run(target, FIVE(), { repeats: 1, accepted: reported, ...(predicted === undefined ? {} : { predicted }) });
      expect(result.outcome).toBe('explained');
      expect(result.swaps).toHaveLength(1);
      sentences.push(causeSentences(result)[0] ?? '');
      expect(target.creates.length, `${JSON.stringify(predicted)}: ${target.creates.map(shape).join(' | ')}`).toBeLessThanOrEqual(6);
    }
    expect(new Set(sentences)).toEqual(
      new Set([
        'changeType and resource together make it 400; remove either: the target rejects this body only while it has both; without any one of them it answers 201.',
      ]),
    );
  });

  test('with REPEATS=2 the other change is asked again, and a target that changes its mind there is unstable', async () => {
    let resourceOut = 0;
    const fickle = fakeTarget((b) => {
      if ('changeType' in b && !('resource' in b)) resourceOut += 1;
      return 'changeType' in b && !('resource' in b) && resourceOut > 1
        ? { status: 400, code: 'invalidRequest', message: 'x' }
        : together(b);
    });
    const result = await run(fickle, FIVE(), { repeats: 2, accepted: reported });
    expect(result.outcome).toBe('unstable');
    expect(result.disagreements.join(' ')).toContain('without resource');
  });
});
