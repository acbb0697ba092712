import { expect, test } from 'vitest';
import { fakeExchange } from '../../test/support/fake-exchange.js';
import type { Exchange } from '../http/types.js';
import type { ReceivedHandshake } from '../receiver/types.js';
import { handshakeAnswer } from './handshake-answer.js';

const exchange = (status: number | null, body = '', failure?: Exchange['failure']): Exchange =>
  fakeExchange({ status, responseBody: body, durationMs: 5012, ...(failure !== undefined ? { failure } : {}) });
const handshake: ReceivedHandshake = {
  seq: 3,
  receivedAt: '',
  method: 'POST',
  parameter: 'validationtoken',
  token: 't',
  answeredStatus: 200,
  answeredBody: 'x',
};

test('a refused create names the validation request, the status, the code and the message', () => {
  const body = JSON.stringify({
    error: { code: 'invalidRequest', message: 'Failed to validate the notification URL: the validation request timed out.' },
  });
  expect(handshakeAnswer({ kind: 'slow', delayMs: 6000 }, exchange(400, body), [handshake])).toEqual({
    verdict: 'INFORMATIONAL',
    specRef: 'open: spec §6 "validation of the notification URL: not shown"',
    observed:
      'the target sent 1 validation request (POST ?validationtoken=...); answered the create 400 invalidRequest "Failed to validate the notification URL: the validation request timed out." after 5012 ms',
    finding:
      'receiver that holds its answer to the validation request 6 s: the target sent 1 validation request (POST ?validationtoken=...) and answered the create 400 invalidRequest "Failed to validate the notification URL: the validation request timed out." after 5012 ms',
  });
});

test('a target that does not validate creates anyway, and that is said', () => {
  expect(handshakeAnswer({ kind: 'wrong-token' }, exchange(201, '{"id":"a"}'), []).finding).toBe(
    'receiver that answers the validation request with something other than the token: the target sent no validation request and created the subscription (201) after 5012 ms',
  );
});

test('no answer from the target is not an answer', () => {
  const result = handshakeAnswer({ kind: 'fail' }, exchange(null, '', { kind: 'timeout', message: 'no answer within 10000 ms' }), [
    handshake,
    { ...handshake, seq: 4 },
  ]);
  expect(result.verdict).toBe('ERROR');
  expect(result.observed).toBe(
    'the target sent 2 validation requests (POST ?validationtoken=...); gave the create no answer (timeout: no answer within 10000 ms)',
  );
});

test('a server error to the create DEVIATES, citing the reading of a server error beside the open part', () => {
  const result = handshakeAnswer(
    { kind: 'fail' },
    fakeExchange({ status: 500, failure: { kind: 'server', message: 'HTTP 500 after 4 attempts' }, attempts: 4 }),
    [handshake],
  );
  expect(result.verdict).toBe('DEVIATES');
  expect(result.specRef).toMatch(/^open: spec §6 "validation of the notification URL: not shown"; /);
});

test('creates refused before any validation request, asked again: the finding reads the last, and says the first were refused so', () => {
  const busy = exchange(400, JSON.stringify({ error: { code: 'invalidRequest', message: 'the backend did not answer in time' } }));
  const refused = exchange(400, JSON.stringify({ error: { code: 'invalidRequest', message: 'the receiver answered 500' } }));
  const answer = handshakeAnswer({ kind: 'fail' }, refused, [handshake], [busy, busy]);
  expect(answer.verdict).toBe('INFORMATIONAL');
  expect(answer.finding).toBe(
    'receiver that answers the validation request 500: asked 3 times, the first 2 refused (400 invalidRequest) before any validation request, which no receiver caused; the last: the target sent 1 validation request (POST ?validationtoken=...) and answered the create 400 invalidRequest "the receiver answered 500" after 5012 ms',
  );
  expect(answer.observed.startsWith('asked 3 times, the first 2 refused (400 invalidRequest) before any validation request')).toBe(true);
  expect(handshakeAnswer({ kind: 'fail' }, refused, [handshake], [busy]).finding).toContain(
    ': asked 2 times, the first refused (400 invalidRequest) before any validation request',
  );
});
