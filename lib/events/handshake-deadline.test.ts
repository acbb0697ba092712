import { describe, expect, test } from 'vitest';
import { errorBody, fakeExchange } from '../../test/support/fake-exchange.js';
import type { Exchange } from '../http/types.js';
import type { LimitResult } from '../values/find-limit.js';
import { deadlineCreates, deadlineTopSeconds, judgeHandshakeDeadline } from './handshake-deadline.js';

const created = fakeExchange({ status: 201, body: { id: 'a' } });
const timedOut = fakeExchange({
  status: 400,
  body: errorBody('invalidRequest', 'Failed to validate the notification URL: the validation request timed out.'),
});
const result = (r: Partial<LimitResult>): LimitResult => ({
  end: 'exact',
  largestAccepted: undefined,
  smallestRejected: undefined,
  probes: 0,
  steps: [],
  ...r,
});
const search = (r: Partial<LimitResult>, sent: [number, Exchange][], top = 9) => ({
  result: result(r),
  topSeconds: top,
  sent: new Map(sent),
  creates: sent.map(([, e]) => e),
});

describe('the handshake deadline in words', () => {
  const refused = '400 invalidRequest "Failed to validate the notification URL: the validation request timed out."';
  const created4 = 'the subscription was created with the receiver holding its answer 4 s';
  test.each([
    [
      'exact',
      4,
      5,
      `handshake deadline: a hold of 4 s is accepted and one of 5 s is not (whole seconds searched): ${created4}; held 5 s, the create was answered ${refused} (3 creates)`,
    ],
    [
      'max-steps',
      4,
      5,
      `handshake deadline: a hold of 4 s is accepted and one of 5 s is not (whole seconds searched): ${created4}; held 5 s, the create was answered ${refused}; ` +
        `the search stopped at the most creates it may send (${deadlineCreates(9)}) (3 creates)`,
    ],
    [
      'max-steps',
      4,
      8,
      `handshake deadline: between 4 and 8 s, holds of 5 to 7 s not tried: ${created4}; held 8 s, the create was answered ${refused}; ` +
        `the search stopped at the most creates it may send (${deadlineCreates(9)}) (3 creates)`,
    ],
  ] as const)('a search that ended %s, %i s accepted and %i s refused, in words', (end, accepted, rejected, words) => {
    const judged = judgeHandshakeDeadline(
      search({ end, largestAccepted: accepted, smallestRejected: rejected, note: 'the limit lies between 4 and 4' }, [
        [0, created],
        [accepted, created],
        [rejected, timedOut],
      ]),
    );
    expect(judged).toMatchObject({ verdict: 'INFORMATIONAL', specRef: 'open: spec §6 "validation of the notification URL: not shown"' });
    expect(judged.finding).toBe(words);
  });

  test.each([
    [
      { candidate: { value: 4, from: 'documented' as const } },
      [5],
      "(3 creates; the 5 s the operation's description documents, checked at its edges first)",
    ],
    [{}, [5, 10], "(3 creates; the 5 s the operation's description documents)"],
    [{}, [10], "(3 creates; the operation's description documents 10 s, which this target does not keep)"],
    [{}, [], '(3 creates)'],
  ])('a deadline the description documents: %j of %j', (pinned, documented, tail) => {
    const judged = judgeHandshakeDeadline({
      ...search({ end: 'exact', largestAccepted: 4, smallestRejected: 5, ...pinned }, [
        [0, created],
        [4, created],
        [5, timedOut],
      ]),
      documented,
    });
    expect(judged.finding.endsWith(tail)).toBe(true);
  });

  test.each([
    [[5], "(2 creates; the operation's description documents 5 s, which this target does not keep)"],
    [
      [10],
      "(2 creates; the operation's description documents 10 s, over the longest hold searched: REQUEST_TIMEOUT_MS of at least 11000 and HANDSHAKE_DEADLINE_MAX_SECONDS of at least 10 check it)",
    ],
  ])('accepted up to the longest hold, a documented %j: %s', (documented, tail) => {
    const judged = judgeHandshakeDeadline({
      ...search({ end: 'high-accepted', largestAccepted: 9 }, [
        [0, created],
        [9, created],
      ]),
      documented,
    });
    expect(judged.finding.endsWith(tail), judged.finding).toBe(true);
  });

  test('over the longest hold searched, naming the settings that bound it', () => {
    const judged = judgeHandshakeDeadline(
      search({ end: 'high-accepted', largestAccepted: 9 }, [
        [0, created],
        [9, created],
      ]),
    );
    expect(judged.finding).toBe(
      'handshake deadline: over 9 s: the subscription was created with the receiver holding its answer 9 s, the longest searched ' +
        '(HANDSHAKE_DEADLINE_MAX_SECONDS, one second under REQUEST_TIMEOUT_MS) (2 creates)',
    );
  });

  test('a create refused with a receiver answering at once measures nothing, and says what it got', () => {
    const judged = judgeHandshakeDeadline(search({ end: 'low-rejected', smallestRejected: 0 }, [[0, timedOut]]));
    expect(judged.finding).toMatch(
      /^handshake deadline not measured: a create with a receiver answering at once was answered 400 invalidRequest "/,
    );
  });

  test('a target that sends no validation request has no deadline to measure, and the search stops at its first create', () => {
    const judged = judgeHandshakeDeadline({ result: undefined, topSeconds: 9, sent: new Map([[0, created]]), creates: [created] });
    expect(judged).toMatchObject({
      verdict: 'INFORMATIONAL',
      finding: 'handshake deadline not measured: the target sent no validation request, and answered the create 201 (1 create)',
    });
  });

  test('a server error on the way DEVIATES', () => {
    const failed = fakeExchange({ status: 500, failure: { kind: 'server', message: 'HTTP 500 after 4 attempts' }, attempts: 4 });
    const judged = judgeHandshakeDeadline(
      search({ end: 'no-answer', largestAccepted: 0, note: 'no answer for 9 after a retry' }, [
        [0, created],
        [9, failed],
      ]),
    );
    expect(judged.verdict).toBe('DEVIATES');
  });

  test('the longest hold stays a second under the request timeout; 0 turns the search off', () => {
    const settings = (max: number, timeout: number) =>
      ({ receiver: { handshakeDeadlineMaxSeconds: max }, pacing: { requestTimeoutMs: timeout } }) as never;
    expect(deadlineTopSeconds(settings(15, 10_000))).toBe(9);
    expect(deadlineTopSeconds(settings(5, 10_000))).toBe(5);
    expect(deadlineTopSeconds(settings(0, 10_000))).toBe(0);
    expect(deadlineCreates(0)).toBe(0);
    expect(deadlineCreates(9)).toBeGreaterThan(Math.ceil(Math.log2(9)) + 2);
  });
});
