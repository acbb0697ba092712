import { describe, expect, test } from 'vitest';
import { testValues } from '../../test/support/explain-target.js';
import { fakeExchange } from '../../test/support/fake-exchange.js';
import { OperationClient } from '../create/client.js';
import type { Exchange, RequestSpec } from '../http/types.js';
import { DEFAULT_OPERATION_FILE, shippedOperation } from '../operation/shipped.js';
import { LifecycleSession, otherValue, type Subject } from './session.js';

const operation = shippedOperation(DEFAULT_OPERATION_FILE);
const COLLECTION = operation.path;

/**
 * A target in memory: creates, reads, lists, PATCHes (the renewal up to 10000 minutes ahead; clientState kept, the
 * others ignored) and deletes subscriptions; `live` is what it holds.
 */
function memoryTarget(options: { patch?: 'works' | 'absent' } = {}) {
  const live = new Map<string, Record<string, unknown>>();
  let next = 0;
  const answer = (request: RequestSpec, status: number, body?: unknown): Exchange =>
    fakeExchange({ method: request.method, url: `http://127.0.0.1:1${request.path}`, status, ...(body !== undefined ? { body } : {}) });
  const transport = (request: RequestSpec): Promise<Exchange> => {
    const id = request.path.startsWith(`${COLLECTION}/`) ? decodeURIComponent(request.path.slice(COLLECTION.length + 1)) : undefined;
    const item = id === undefined ? undefined : live.get(id);
    const sent = request.body === undefined ? {} : (JSON.parse(request.body) as Record<string, unknown>);
    if (request.path === COLLECTION && request.method === 'POST') {
      next += 1;
      const record = { ...sent, id: `s${next}` };
      live.set(record.id, record);
      return Promise.resolve(answer(request, 201, record));
    }
    if (request.path === COLLECTION) return Promise.resolve(answer(request, 200, { value: [...live.values()] }));
    if (item === undefined || id === undefined) return Promise.resolve(answer(request, 404));
    if (request.method === 'GET') return Promise.resolve(answer(request, 200, item));
    if (request.method === 'DELETE') return Promise.resolve(answer(request, live.delete(id) ? 204 : 404));
    if (options.patch === 'absent') return Promise.resolve(answer(request, 405));
    if ('expirationDateTime' in sent) {
      const minutes = (Date.parse(String(sent.expirationDateTime)) - Date.now()) / 60_000;
      if (minutes > 10_000) return Promise.resolve(answer(request, 400, { error: { code: 'invalidRequest', message: 'too long' } }));
      item.expirationDateTime = sent.expirationDateTime;
    }
    if ('clientState' in sent) item.clientState = sent.clientState;
    return Promise.resolve(answer(request, 200, item));
  };
  return { live, client: () => ({ client: new OperationClient(transport, operation) }) };
}

const body = () => ({
  notificationUrl: 'https://receiver.test/n',
  expirationDateTime: new Date(Date.now() + 86_400_000).toISOString(),
  clientState: 'a',
});

function session(given: () => Record<string, unknown> | string = body) {
  return new LifecycleSession<{ client: OperationClient }>({
    operation,
    baseUrl: 'http://127.0.0.1:1',
    values: testValues,
    foundLimit: () => undefined,
    body: () => Promise.resolve(given()),
  });
}

describe('LifecycleSession', () => {
  test('one subscription for every case, created by the first that asks; its states walked as the steps answer', async () => {
    const target = memoryTarget();
    const s = session();
    const first = await s.subject(target.client());
    const again = await s.subject(target.client());
    expect(again).toBe(first);
    expect(target.live.size).toBe(1);
    const subject = first as Subject;
    const read = await s.read(target.client(), subject);
    expect(read.status).toBe(200);
    const list = await s.list(target.client(), subject);
    expect(list.containsCreated).toBe(true);
    const renewed = await s.renew(target.client(), subject, 4320);
    expect(renewed.renewed.status).toBe(200);
    expect(renewed.readBack?.got).toBe(renewed.value);
    const seen = await s.delete(target.client(), subject);
    expect([seen.deleted.status, seen.read.status, seen.again.status, seen.list.containsCreated]).toEqual([204, 404, 404, false]);
    expect(s.walk.moves.map((m) => `${m.action} ${m.status} -> ${m.to}`)).toEqual([
      'create 201 -> active',
      'read 200 -> active',
      'list 200 -> active',
      'renew 200 -> renewed',
      'delete 204 -> deleted',
      'read 404 -> deleted',
      'delete 404 -> deleted',
      'list 200 -> deleted',
    ]);
  });

  test('the longest renewal is searched through the same client; the cases share nothing else', async () => {
    const target = memoryTarget();
    const s = session();
    const run = target.client();
    const subject = (await s.subject(run)) as Subject;
    const first = await s.renew(run, subject, 4320);
    const found = await s.searchRenewal(run, subject, first.renewed, 4320);
    // The description's lifetime reaches far past 10000 minutes: the search pins the target's cap near it.
    expect(found?.renewal.longestAcceptedMinutes).toBeGreaterThanOrEqual(9_999);
    expect(found?.renewal.longestAcceptedMinutes).toBeLessThanOrEqual(10_000);
    expect(run.client.exchanges.length).toBeGreaterThan(5);
    expect(s.walk.moves.at(-1)?.action).toBe('renew past the limit');
  });

  test('each other field PATCHed on a second subscription, deleted after; not there when every PATCH says so', async () => {
    const works = memoryTarget();
    const s = session();
    await s.read(works.client(), (await s.subject(works.client())) as Subject);
    const patched = await s.patchEachField(works.client());
    expect(typeof patched === 'string' ? patched : patched.outcomes).toMatchObject({ clientState: 'applied', notificationUrl: 'ignored' });
    expect(works.live.size, 'the second subscription is deleted, the first kept for the later cases').toBe(1);

    const absent = memoryTarget({ patch: 'absent' });
    const without = await session().patchEachField(absent.client());
    expect(typeof without === 'string' ? without : [...without.notThere.values()]).toEqual([405, 405, 405, 405]);
  });

  test('no subscription to follow says why; what a case left is deleted at the end', async () => {
    const none = memoryTarget();
    expect(await session(() => 'no accepted body').subject(none.client())).toBe('no accepted body');

    const target = memoryTarget();
    const s = session();
    await s.subject(target.client());
    await s.deleteLeft(target.client());
    expect(target.live.size).toBe(0);
  });
});

describe('otherValue', () => {
  test('a field not sent takes its good value; a URL sent gets a query parameter of its own; else nothing', () => {
    expect(otherValue('good', undefined, 'u1')).toBe('good');
    expect(otherValue('good', 'sent', 'u1')).toBe('good');
    expect(otherValue('https://r.test/n', 'https://r.test/n', 'u1')).toBe('https://r.test/n?probe-patched=u1');
    expect(otherValue('same', 'same', 'u1')).toBeUndefined();
  });
});
