import { expect, test } from 'vitest';
import { fakeExchange } from '../../test/support/fake-exchange.js';
import type { ReceivedHandshake } from '../receiver/types.js';
import { askUntilHandshake, HANDSHAKE_ASKS, type HandshakeAsk } from './handshake-asks.js';

const handshake: ReceivedHandshake = {
  seq: 1,
  receivedAt: '',
  method: 'POST',
  parameter: 'validationtoken',
  token: 't',
  answeredStatus: 500,
  answeredBody: '',
};
const refusedUnasked: HandshakeAsk = {
  exchange: fakeExchange({ status: 400, responseBody: '{"error":{"code":"invalidRequest","message":"backend busy"}}' }),
  seen: [],
};
const refusedAfterValidation: HandshakeAsk = { exchange: fakeExchange({ status: 400, responseBody: '{}' }), seen: [handshake] };
const accepted: HandshakeAsk = { exchange: fakeExchange({ status: 201, responseBody: '{"id":"a"}' }), seen: [] };
const serverError: HandshakeAsk = { exchange: fakeExchange({ status: 503, responseBody: '' }), seen: [] };

/** The creates the target answers, in turn; how many were asked. */
async function asked(answers: HandshakeAsk[]) {
  let n = 0;
  const result = await askUntilHandshake(async (attempt) => {
    expect(attempt).toBe(n);
    n += 1;
    return answers[Math.min(attempt, answers.length - 1)] as HandshakeAsk;
  });
  return { n, result };
}

test('a refusal after a validation request, an accepted create or a server error is read at once', async () => {
  for (const answer of [refusedAfterValidation, accepted, serverError]) {
    const { n, result } = await asked([answer]);
    expect([n, result.exchange, result.unasked]).toEqual([1, answer.exchange, []]);
  }
});

test('a refusal before any validation request is asked again until one is sent, at most HANDSHAKE_ASKS creates', async () => {
  const once = await asked([refusedUnasked, refusedAfterValidation]);
  expect([once.n, once.result.exchange, once.result.unasked]).toEqual([2, refusedAfterValidation.exchange, [refusedUnasked.exchange]]);
  const always = await asked([refusedUnasked]);
  expect(always.n).toBe(HANDSHAKE_ASKS);
  expect(always.result.unasked).toHaveLength(HANDSHAKE_ASKS - 1);
  expect(always.result.seen).toEqual([]);
});
