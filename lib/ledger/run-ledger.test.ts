import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fakeExchange } from '../../test/support/fake-exchange.js';
import type { Exchange } from '../http/types.js';
import { outstanding } from './outstanding.js';
import { readLedgerFile } from './read.js';
import { RunLedger } from './run-ledger.js';

const BASE = 'https://tenant.example.com/sites/probe/';
const PATH = '/_api/v2.0/drive/root/subscriptions';
const ROOT = 'https://tenant.example.com/sites/probe';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'run-ledger-'));
  file = join(dir, 'run-1.jsonl');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function exchange(method: string, path: string, status: number | null, body = ''): Exchange {
  return fakeExchange({ method, url: `${ROOT}${path}`, requestBody: undefined, status, responseBody: body });
}

const ledger = (onWriteError?: (m: string) => void): RunLedger =>
  new RunLedger({
    file,
    runId: 'run-1',
    target: BASE,
    undo: {
      idFrom: (b) => (b as { id?: string } | undefined)?.id,
      deletePath: (id) => `${PATH}/${encodeURIComponent(id)}`,
      expiresFrom: (b) => (b as { expirationDateTime?: string } | undefined)?.expirationDateTime,
    },
    now: () => Date.parse('2025-01-01T00:00:05.000Z'),
    ...(onWriteError !== undefined ? { onWriteError } : {}),
  });

test('a 2xx create is written down at once with its id, delete path and expiry', () => {
  const l = ledger();
  l.observe(exchange('POST', PATH, 201, JSON.stringify({ id: 'a b', expirationDateTime: '2025-02-01T00:00:00.000Z' })));
  expect(readLedgerFile(file).lines).toEqual([
    {
      v: 1,
      op: 'created',
      runId: 'run-1',
      target: BASE,
      id: 'a b',
      deletePath: `${PATH}/a%20b`,
      createdAt: '2025-01-01T00:00:05.000Z',
      expiresAt: '2025-02-01T00:00:00.000Z',
      status: 201,
    },
  ]);
});

test('a DELETE answered 2xx removes it from the outstanding list; 500, no answer or a first-attempt 404 does not', () => {
  const l = ledger();
  for (const id of ['a', 'b', 'c', 'd', 'e']) l.observe(exchange('POST', PATH, 201, JSON.stringify({ id })));
  l.observe(exchange('DELETE', `${PATH}/a`, 204));
  // Answered to the first attempt, a 404 says the delete path misses what this run just made.
  l.observe(exchange('DELETE', `${PATH}/b`, 404));
  l.observe(exchange('DELETE', `${PATH}/c`, 500));
  l.observe(exchange('DELETE', `${PATH}/d`, null));
  // After a retried attempt (a timeout, a 5xx) the earlier attempt may have deleted it.
  l.observe({ ...exchange('DELETE', `${PATH}/e`, 410), attempts: 2 });
  const { lines } = readLedgerFile(file);
  expect(outstanding(lines).map((e) => e.id)).toEqual(['b', 'c', 'd']);
  expect(lines.filter((x) => x.op === 'deleted').map((x) => x.op === 'deleted' && [x.id, x.how, x.status])).toEqual([
    ['a', 'deleted', 204],
    ['e', 'gone', 410],
  ]);
  expect([l.created, l.deleted]).toEqual([5, 2]);
});

test('a create deleted under another path that ends in its id is written off too', () => {
  const l = ledger();
  l.observe(exchange('POST', '/_api/v1.0/drive/root/subscriptions', 201, JSON.stringify({ id: 'x 1' })));
  l.observe(exchange('DELETE', `${PATH}/x%201`, 404));
  l.observe(exchange('DELETE', '/_api/v1.0/drive/root/subscriptions/x%201', 204));
  expect(outstanding(readLedgerFile(file).lines)).toEqual([]);
});

// An id that would steer the DELETE out of the collection is never turned into a path.
test.each([['..'], ['.'], ['a/b'], ['a\\b'], ['%2e%2e'], ['%2E'], ['%252e%252e'], ['a%2fb'], ['a\u0000b'], ['line\nbreak'], ['%0a']])(
  'an unsafe id %j is recorded as unsafe, never as something to delete',
  (id) => {
    const l = ledger();
    l.observe(exchange('POST', PATH, 201, JSON.stringify({ id })));
    const { lines } = readLedgerFile(file);
    expect(outstanding(lines)).toEqual([]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ op: 'unsafe-id', status: 201, reason: expect.stringMatching(/^unsafe id: /) as unknown });
  },
);

test('one id answered for two creates is listed, and deleted, once', () => {
  const l = ledger();
  l.observe(exchange('POST', PATH, 201, '{"id":"string"}'));
  l.observe(exchange('POST', PATH, 201, '{"id":"string"}'));
  expect(outstanding(readLedgerFile(file).lines).map((e) => e.id)).toEqual(['string']);
  l.observe(exchange('DELETE', `${PATH}/string`, 204));
  l.observe(exchange('DELETE', `${PATH}/string`, 204));
  const { lines } = readLedgerFile(file);
  expect(outstanding(lines)).toEqual([]);
  expect(lines.filter((x) => x.op === 'deleted')).toHaveLength(1);
});

test('rejected creates leave no line; a 2xx create without an id is recorded as unidentified', () => {
  const l = ledger();
  l.observe(exchange('POST', PATH, 400, '{"error":{"code":"invalidRequest"}}'));
  l.observe(exchange('POST', PATH, null));
  l.observe(exchange('DELETE', `${PATH}/never-created`, 204));
  l.observe(exchange('POST', PATH, 201, 'not json'));
  expect(readLedgerFile(file).lines).toEqual([
    { v: 1, op: 'unidentified', runId: 'run-1', target: BASE, at: '2025-01-01T00:00:05.000Z', status: 201, reason: 'answer names no id' },
  ]);
});

test('a create whose answer was cut at MAX_RECORDED_BODY_BYTES: its id is read when it comes before the cut, else "created, id unknown"', () => {
  const l = ledger();
  const cut = (body: string): Exchange => ({ ...exchange('POST', PATH, 201, body.slice(0, 100)), responseBodyTruncated: true });
  l.observe(cut(JSON.stringify({ id: 'kept', clientState: 'c'.repeat(500) })));
  l.observe(cut(JSON.stringify({ clientState: 'c'.repeat(500), id: 'lost' })));
  const { lines } = readLedgerFile(file);
  expect(
    lines.map((x) => (x.op === 'created' ? ['created', x.id] : x.op === 'unidentified' ? ['unidentified', x.reason] : [x.op])),
  ).toEqual([
    ['created', 'kept'],
    ['unidentified', 'created, id unknown: answer cut at MAX_RECORDED_BODY_BYTES before an id'],
  ]);
});

test('a ledger that cannot be written says so once and never throws into the engine', () => {
  const told = vi.fn();
  file = join(dir, 'no-such', '\0bad', 'run.jsonl');
  const l = ledger(told);
  expect(() => {
    l.observe(exchange('POST', PATH, 201, '{"id":"a"}'));
    l.observe(exchange('POST', PATH, 201, '{"id":"b"}'));
  }).not.toThrow();
  expect(told).toHaveBeenCalledTimes(1);
  expect(told.mock.calls[0]?.[0]).toMatch(/subscriptions created from now on are not protected/);
});

test('with no delete path known the id is still written down, and a delete path given later makes it outstanding', () => {
  const l = new RunLedger({
    file,
    runId: 'run-1',
    target: BASE,
    undo: { idFrom: (b) => (b as { id?: string }).id, deletePath: undefined },
  });
  l.observe(exchange('POST', PATH, 201, JSON.stringify({ id: 'kept-1' })));
  l.observe(exchange('POST', PATH, 201, JSON.stringify({ id: '..' })));
  const { lines } = readLedgerFile(file);
  expect(lines.map((x) => x.op)).toEqual(['no-delete-path', 'unsafe-id']);
  expect(outstanding(lines)).toEqual([]);
  const later = outstanding(lines, (id) => `/hooks/${encodeURIComponent(id)}`);
  expect(later.map((e) => [e.id, e.deletePath])).toEqual([['kept-1', '/hooks/kept-1']]);
});
