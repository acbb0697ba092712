/**
 * Notifications as the receiver records them, for unit tests only (nothing outside tests imports it): a JSON POST to
 * /notifications answered 202 unless told otherwise, so that a test names only what it is about.
 */
import type { ReceivedNotification } from '../../lib/receiver/types.js';

export function fakeNotification(overrides: Partial<ReceivedNotification> = {}): ReceivedNotification {
  const body = overrides.body ?? {};
  return {
    seq: 1,
    receivedAt: '2026-01-01T00:00:00.000Z',
    method: 'POST',
    url: '/notifications',
    headers: {},
    body,
    rawBody: JSON.stringify(body),
    bodyTruncated: false,
    answeredStatus: 202,
    ...overrides,
  };
}
