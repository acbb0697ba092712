import { expect, test } from 'vitest';
import { fakeExchange } from '../../test/support/fake-exchange.js';
import type { ReceivedNotification } from '../receiver/types.js';
import { fakeNotification } from '../../test/support/fake-notification.js';
import { changeFailed, judgeDelay, judgeRedelivery, notCreated } from './judge-events.js';

const at = (receivedAt: string, answeredStatus: number): ReceivedNotification => fakeNotification({ receivedAt, answeredStatus });
const change = {
  how: 'POST /_reference/trigger on the embedded reference',
  startedAtMs: Date.parse('2026-01-01T00:00:00.000Z'),
  durationMs: 12,
};

test('no subscription or no change: ERROR, the harness could not put §6 to the target; the caveat of a body read from the rule is said', () => {
  expect(notCreated(fakeExchange({ status: 400 }), undefined)).toEqual({
    verdict: 'ERROR',
    specRef: 'spec §6',
    finding: 'no subscription to notify',
    observed: 'the create in an accepted body was not accepted this time (status 400)',
  });
  expect(notCreated(fakeExchange({ status: 400 }), 'it assumes clientState optional').observed).toMatch(
    /; that body was read from the presence rule, and it assumes clientState optional$/,
  );
  expect(changeFailed('CHANGE_COMMAND', 'exit code 3')).toMatchObject({
    verdict: 'ERROR',
    finding: 'no change could be made (CHANGE_COMMAND)',
  });
});

test('the delay is the time from the change to the notification; without one there is nothing to measure', () => {
  expect(judgeDelay(at('2026-01-01T00:00:00.250Z', 202), change, 5_000)).toEqual({
    verdict: 'INFORMATIONAL',
    specRef: 'open: spec §6 does not say how soon a notification is sent',
    finding:
      'the notification arrived 250 ms after the change was started (POST /_reference/trigger on the embedded reference, which took 12 ms)',
    observed:
      'the notification arrived 250 ms after the change was started (POST /_reference/trigger on the embedded reference, which took 12 ms)',
  });
  expect(judgeDelay(undefined, change, 5_000)).toEqual({ nothing: expect.stringMatching(/^no notification arrived within 5 s/) });
});

test('a redelivery is judged only when the notification itself got the 500', () => {
  expect(judgeRedelivery(undefined, undefined, 5_000, 'open: spec §6')).toEqual({
    nothing: expect.stringMatching(/^no notification arrived within 5 s/),
  });
  expect(judgeRedelivery(at('2026-01-01T00:00:00.000Z', 202), undefined, 5_000, 'open: spec §6')).toEqual({
    nothing: expect.stringMatching(/went to another request first, so this notification was answered 202/),
  });
  expect(judgeRedelivery(at('2026-01-01T00:00:00.000Z', 500), at('2026-01-01T00:00:01.000Z', 202), 5_000, 'open: spec §6')).toMatchObject({
    verdict: 'INFORMATIONAL',
    finding: expect.stringMatching(/sent it again 1000 ms later/),
  });
});
