import { expect, test } from 'vitest';
import type { ReceivedNotification } from '../receiver/types.js';
import { fakeNotification } from '../../test/support/fake-notification.js';
import { redeliveryFinding } from './redelivery.js';

const at = (receivedAt: string, answeredStatus: number): ReceivedNotification => fakeNotification({ receivedAt, answeredStatus });

test('a second delivery says how long after the refused one it came', () => {
  expect(redeliveryFinding(at('2026-01-01T00:00:00.000Z', 500), at('2026-01-01T00:00:00.204Z', 202), 30_000)).toBe(
    'after the receiver answered a notification 500, the target sent it again 204 ms later (the receiver answered 202)',
  );
});

test('none within the wait does not claim there is never one', () => {
  expect(redeliveryFinding(at('2026-01-01T00:00:00.000Z', 500), undefined, 30_000)).toBe(
    'after the receiver answered a notification 500, the target did not send it again within 30 s (a later retry is not excluded)',
  );
});
