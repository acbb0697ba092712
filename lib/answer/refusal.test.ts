import { expect, test } from 'vitest';
import { innerErrorOf } from '../error-body/inner-error.js';
import { classifyRefusal } from './refusal.js';

const relayed = (status: string, reason: string): string => `Operation: Create; Exception: [Status Code: ${status}; Reason: ${reason}]`;

test.each([
  // The relayed workload errors of public reports: the inner status names the state.
  [400, relayed('Conflict', 'A subscription already exists. It must be deleted before a another can be made.'), 'state', 'conflict', 409],
  [403, relayed('Forbidden', 'Maximum number of subscriptions has been reached'), 'state', 'quota', 403],
  [429, relayed('429', "Resource 'SubscriptionCountReached' has reached limit of '1000'."), 'state', 'count-limit', 429],
  [409, 'Conflict', 'state', 'conflict', undefined],
  // A body's own refusal, whatever words it shares with a state's.
  [400, "The property 'resource' already exists on the body.", 'body', undefined, undefined],
  [400, 'clientState has reached its limit of 128 characters.', 'body', undefined, undefined],
  [400, relayed('BadRequest', 'the backend did not answer in time'), 'body', undefined, 400],
  [403, 'The token has no permission on the drive.', 'auth', undefined, undefined],
  [401, 'Unauthenticated.', 'auth', undefined, undefined],
  [429, 'Too many requests.', 'throttling', undefined, undefined],
  [400, 'The workload is not supported for this tenant.', 'environment', undefined, undefined],
] as const)('%s "%s": %s', (status, message, kind, mechanism, innerStatus) => {
  const refusal = classifyRefusal({ status, message, inner: innerErrorOf(message) });
  expect(refusal.kind).toBe(kind);
  expect(refusal.mechanism).toBe(mechanism);
  expect(refusal.innerStatus).toBe(innerStatus);
});

test('a 429 whose Retry-After lies beyond the wait the probe takes is a limit on that request, named as such', () => {
  const refusal = classifyRefusal({ status: 429, message: 'Too many.', failure: { kind: 'throttled', message: 'far', beyondWait: true } });
  expect(refusal).toMatchObject({ kind: 'state', mechanism: 'count-limit' });
});
