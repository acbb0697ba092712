import { describe, expect, test } from 'vitest';
import { fakeExchange } from '../http/test-exchange.js';
import type { Exchange, RequestSpec } from '../http/types.js';
import { syntheticOperation } from '../presence/test-support.js';
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
