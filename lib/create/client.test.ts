import { describe, expect, test } from 'vitest';
import { fakeExchange, serverFailure, timedOut } from '../../test/support/fake-exchange.js';
import type { Exchange, RequestSpec } from '../http/types.js';
import { syntheticOperation } from '../../test/support/rule-sender.js';
import { OperationClient } from './client.js';

const operation = {
  ...syntheticOperation(['a']),
  cleanup: { idFrom: (body: unknown) => (body as { id?: string }).id, deletePath: (id: string) => `/subscriptions/${id}` },
};

/** A transport that answers from a script, in order, and keeps what it was asked. */
function scripted(...answers: Partial<Exchange>[]): { sent: RequestSpec[]; transport: (r: RequestSpec) => Promise<Exchange> } {
  const sent: RequestSpec[] = [];
  return {
    sent,
    transport: (request) => {
      sent.push(request);
      return Promise.resolve(fakeExchange({ method: request.method, ...(answers.shift() ?? {}) }));
    },
  };
}

describe('OperationClient: the one module that sends a body and undoes the create', () => {
  test("sends a body with the operation's headers, deletes what a 2xx created, and counts every request with its retries", async () => {
    const { sent, transport } = scripted({ status: 201, responseBody: '{"id":"s1"}', attempts: 2 }, { status: 204 });
    const client = new OperationClient(transport, operation);

    const created = await client.sendBody({ a: 'x' });
    await client.undoCreate(created);

    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /subscriptions', 'DELETE /subscriptions/s1']);
    expect(sent[0]?.headers).toEqual({ 'content-type': 'application/json' });
    expect(client.exchanges).toHaveLength(2);
    expect(client.requests).toBe(3);
    expect(client.createdId(created)).toBe('s1');
    expect(client.cleanupFailures).toEqual([]);
  });

  test('a create made elsewhere is deleted at the operation path, then under the path it was made at; failing both is recorded', async () => {
    const { sent, transport } = scripted(
      { status: 201, responseBody: '{"id":"s2"}' },
      { status: 404 },
      { status: 500, failure: { kind: 'server', message: 'HTTP 500' } },
    );
    const client = new OperationClient(transport, operation);

    const created = await client.send({ method: 'POST', path: '/v9/subscriptions', body: '{}' });
    await client.undoElsewhere(created, '/v9/subscriptions', true);

    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v9/subscriptions',
      'DELETE /subscriptions/s2',
      'DELETE /v9/subscriptions/s2',
    ]);
    expect(client.cleanupFailures).toEqual([
      'created by POST /v9/subscriptions (id s2) and not deleted: DELETE /subscriptions/s2: answered 404; DELETE /v9/subscriptions/s2: server: HTTP 500',
    ]);
  });

  test('a 2xx without an id is a cleanup failure for a create, not for a PUT that may have made nothing', async () => {
    const { transport } = scripted({ status: 200, responseBody: 'ok' }, { status: 200, responseBody: 'ok' });
    const client = new OperationClient(transport, operation);

    await client.undoCreate(await client.sendBody({}));
    await client.undoElsewhere(await client.send({ method: 'PUT', path: '/subscriptions' }), '/subscriptions', false);

    expect(client.cleanupFailures).toEqual(['created (status 200) but the answer named no id to delete']);
  });
});

describe('OperationClient: a request that got no verdict is asked again (askAgain)', () => {
  const throttled: Partial<Exchange> = {
    status: 429,
    attempts: 4,
    retriedStatuses: [429, 429, 429],
    failure: { kind: 'throttled', message: 'HTTP 429 still after 3 retries' },
  };

  test('asked again after a 429 through the retries: the later answer counts, every attempt is counted', async () => {
    const { sent, transport } = scripted(throttled, { status: 400 });
    const client = new OperationClient(transport, operation, { askAgain: 2 });

    const answer = await client.sendBody({ a: 'x' });

    expect(answer.status).toBe(400);
    expect(sent).toHaveLength(2);
    expect(client.exchanges).toEqual([answer]);
    expect([client.secondAsks, client.requests]).toEqual([1, 5]);
  });

  test('at most askAgain times; a 5xx, a reset and a timeout as well; never a DELETE; none without askAgain', async () => {
    const reset: Partial<Exchange> = { status: null, attempts: 4, failure: { kind: 'network', message: 'ECONNRESET (after 4 attempts)' } };
    const limited = scripted(throttled, { ...throttled }, { ...throttled }, { status: 201 });
    const client = new OperationClient(limited.transport, operation, { askAgain: 2 });
    expect((await client.sendBody({ a: 'x' })).failure?.kind).toBe('throttled');
    expect([limited.sent.length, client.secondAsks]).toEqual([3, 2]);

    for (const failure of [serverFailure(), reset, timedOut]) {
      const again = scripted(failure, { status: 201, responseBody: '{"id":"s2"}' });
      expect((await new OperationClient(again.transport, operation, { askAgain: 1 }).sendBody({})).status).toBe(201);
    }
    const deletes = scripted(serverFailure());
    await new OperationClient(deletes.transport, operation, { askAgain: 3 }).send({ method: 'DELETE', path: '/subscriptions/s1' });
    expect(deletes.sent).toHaveLength(1);
    const plain = scripted(throttled, { status: 201 });
    await new OperationClient(plain.transport, operation).sendBody({});
    expect(plain.sent).toHaveLength(1);
  });

  test('an ask the engine did not send (the budget spent) ends the asking, and is the answer: it says why', async () => {
    const denied: Partial<Exchange> = { status: null, attempts: 0, failure: { kind: 'budget', message: 'the request budget is spent' } };
    const { sent, transport } = scripted(throttled, denied, { status: 201 });
    const client = new OperationClient(transport, operation, { askAgain: 3 });

    const answer = await client.sendBody({});

    expect(sent).toHaveLength(2);
    expect(answer.failure?.kind).toBe('budget');
    expect([client.secondAsks, client.requests]).toEqual([0, 4]);
  });
});
