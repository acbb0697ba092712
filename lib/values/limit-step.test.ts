import { describe, expect, test } from 'vitest';
import type { ValueContext } from '../operation/types.js';
import { errorBody, fakeExchange } from '../../test/support/fake-exchange.js';
import { answerLagMs, askLimitStep } from './limit-step.js';

const FIELDS = ['notificationUrl', 'expirationDateTime', 'clientState'];
const BUILT = new Date('2026-01-01T00:00:00.000Z');
const contexts = (): (() => ValueContext) => {
  let n = 0;
  return () => ({ now: BUILT, notificationUrl: 'https://receiver.invalid/n', unique: `u${(n += 1)}` });
};
/** Answers in turn: each `[status, ms after the value was built that the answer came]`. */
function target(answers: [number, number][]): ((ctx: ValueContext) => Promise<ReturnType<typeof fakeExchange>>) & { asked: string[] } {
  const asked: string[] = [];
  const send = (ctx: ValueContext): Promise<ReturnType<typeof fakeExchange>> => {
    asked.push(ctx.unique);
    const [status, lag] = answers[asked.length - 1] ?? [500, 0];
    const body = status === 400 ? errorBody('invalidRequest') : '{}';
    return Promise.resolve(fakeExchange({ status, startedAt: BUILT.toISOString(), durationMs: lag, body }));
  };
  return Object.assign(send, { asked });
}

describe('askLimitStep', () => {
  test('a lifetime step answered in time counts as it came, from one ask', async () => {
    const send = target([[201, 2_000]]);
    const step = await askLimitStep(send, contexts(), { unit: 'minutes', field: 'expirationDateTime', fields: FIELDS });
    expect(step.answer).toEqual({ outcome: 'accepted' });
    expect(send.asked).toEqual(['u1']);
  });

  test('a 2xx that came more than half a minute after the value was built is asked again with a fresh moment', async () => {
    const send = target([
      [201, 45_000],
      [201, 1_000],
    ]);
    const step = await askLimitStep(send, contexts(), { unit: 'minutes', field: 'expirationDateTime', fields: FIELDS });
    expect(step.answer).toEqual({ outcome: 'accepted' });
    expect(send.asked).toEqual(['u1', 'u2']);
  });

  test('every 2xx that late: no answer, after three asks; a late refusal counts (a shorter lifetime was refused)', async () => {
    const late = target([
      [201, 45_000],
      [201, 45_000],
      [201, 45_000],
    ]);
    const o = { unit: 'minutes', field: 'expirationDateTime', fields: FIELDS };
    expect((await askLimitStep(late, contexts(), o)).answer).toEqual({ outcome: 'unknown' });
    expect(late.asked).toHaveLength(3);
    const refused = target([[400, 45_000]]);
    expect((await askLimitStep(refused, contexts(), o)).answer.outcome).toBe('rejected');
    expect(refused.asked).toHaveLength(1);
  });

  test('a length is not a time: a late 2xx counts', async () => {
    const send = target([[201, 90_000]]);
    const step = await askLimitStep(send, contexts(), { unit: 'characters', field: 'clientState', fields: FIELDS });
    expect(step.answer).toEqual({ outcome: 'accepted' });
  });

  test('the lag: from the value built to the answer, an unreadable start read as the build', () => {
    expect(answerLagMs({ startedAt: '2026-01-01T00:00:01.000Z', durationMs: 500 }, BUILT)).toBe(1_500);
    expect(answerLagMs({ startedAt: 'garbage', durationMs: 500 }, BUILT)).toBe(500);
  });
});
