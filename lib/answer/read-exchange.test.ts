import { describe, expect, test } from 'vitest';
import { answerOf as propertyAnswer } from '../properties/check-result.js';
import { answerOf as protocolAnswer } from '../protocol/answer.js';
import type { FailureKind } from '../http/types.js';
import { fakeExchange } from '../../test/support/fake-exchange.js';
import { classifyAnswer } from './classify.js';
import { readExchange } from './read-exchange.js';

const failed = (kind: FailureKind, status: number | null = null) =>
  fakeExchange({ status, failure: { kind, message: `${kind} happened` } });

describe('readExchange: one reading of every exchange', () => {
  test('a status the target sent', () => {
    expect(readExchange(fakeExchange({ status: 400 }))).toEqual({ kind: 'status', status: 400, afterRetries: false });
  });

  test("a 5xx that outlasted the retries is still the target's status", () => {
    expect(readExchange(failed('server', 503))).toEqual({ kind: 'status', status: 503, afterRetries: true });
  });

  test('no answer in time is a hang', () => {
    expect(readExchange(failed('timeout')).kind).toBe('hang');
  });

  test.each<FailureKind>(['network', 'throttled', 'budget', 'deadline', 'malformed', 'token'])(
    '%s is no verdict, with the reason',
    (kind) => {
      expect(readExchange(failed(kind, kind === 'throttled' ? 429 : null))).toMatchObject({ kind: 'no-verdict', failure: kind });
    },
  );
});

describe("the judges' policies over it", () => {
  test.each<[string, ReturnType<typeof fakeExchange>, string, string, string]>([
    ['201', fakeExchange({ status: 201 }), 'accepted', 'answered', 'status'],
    ['400', fakeExchange({ status: 400 }), 'rejected', 'answered', 'status'],
    ['503 after retries', failed('server', 503), 'error', 'answered', 'status'],
    ['a hang', failed('timeout'), 'error', 'no-answer', 'hang'],
    ['a reset', failed('network'), 'error', 'no-answer', 'none'],
    ['429 after retries', failed('throttled', 429), 'error', 'no-answer', 'none'],
  ])('%s: presence %s, protocol %s, property %s', (_, exchange, presence, protocol, property) => {
    expect(classifyAnswer(exchange).outcome).toBe(presence);
    expect(protocolAnswer(exchange).kind).toBe(protocol);
    expect(propertyAnswer(exchange).kind).toBe(property);
  });
});
