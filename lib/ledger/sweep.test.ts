import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { fakeExchange } from '../../test/support/fake-exchange.js';
import type { Exchange, RequestSpec } from '../http/types.js';
import { appendLines } from './append.js';
import { dropFinishedEmbedded } from './drop-embedded.js';
import type { LivenessProbe } from './liveness.js';
import { outstanding } from './outstanding.js';
import { runFile } from './paths.js';
import { readLedgerFile } from './read.js';
import { inspectRunFile, targetRunFiles } from './select.js';
import { sweep } from './sweep.js';
import { created, deleted, runLine, TARGET } from '../../test/support/ledger-lines.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ledger-sweep-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const NOW = Date.parse('2025-01-01T00:30:00.000Z');
const liveness = (alive: number[] = []): LivenessProbe => ({ now: NOW, host: 'test-host', alive: (pid) => alive.includes(pid) });

/** A fake target: answers each DELETE with the status its table names for the id (default 204). */
function fakeSend(statuses: Record<string, number | null>, sent: string[]): (r: RequestSpec) => Promise<Exchange> {
  return (r) => {
    sent.push(`${r.method} ${r.path}`);
    const id = r.path.split('/').at(-1) ?? '';
    const status = id in statuses ? (statuses[id] ?? null) : 204;
    return Promise.resolve(
      fakeExchange({
        method: r.method,
        url: r.path,
        requestBody: undefined,
        status,
        ...(status === null ? { failure: { kind: 'network', message: 'connection refused' } } : {}),
      }),
    );
  };
}

test('deletes what finished runs left, records each, removes a file once nothing in it is left', async () => {
  const finished = runFile(dir, TARGET, 'run-1');
  appendLines(finished, [
    runLine({ pid: 1 }),
    created('a'),
    created('b'),
    deleted('b'),
    created('c', { expiresAt: '2025-01-01T00:10:00.000Z' }),
  ]);
  const sent: string[] = [];

  const files = targetRunFiles(dir, TARGET, liveness());
  const result = await sweep(files, { send: fakeSend({}, sent), by: 'run-2', now: () => NOW });

  expect(sent).toEqual(['DELETE /_api/v2.0/drive/root/subscriptions/a']); // c has expired: nothing sent
  expect(result.gone.map((g) => [g.entry.id, g.how])).toEqual([
    ['a', 'deleted'],
    ['c', 'expired'],
  ]);
  expect(result.failed).toEqual([]);
  expect(result.removedFiles).toBe(1);
  expect(existsSync(finished)).toBe(false);
});

test('a DELETE that fails keeps the entry (and the file) for the next sweep; 404 counts as gone', async () => {
  const file = runFile(dir, TARGET, 'run-1');
  appendLines(file, [runLine({ pid: 1 }), created('a'), created('b'), created('c')]);

  const result = await sweep(targetRunFiles(dir, TARGET, liveness()), {
    send: fakeSend({ a: 500, b: 404, c: null }, []),
    by: 'run-2',
    now: () => NOW,
  });

  expect(result.gone.map((g) => [g.entry.id, g.how, g.status])).toEqual([['b', 'gone', 404]]);
  expect(result.failed.map((f) => [f.entry.id, f.problem])).toEqual([
    ['a', 'DELETE answered 500'],
    ['c', 'network: connection refused'],
  ]);
  expect(outstanding(readLedgerFile(file).lines).map((e) => e.id)).toEqual(['a', 'c']);
  expect(result.removedFiles).toBe(0);
});

test('runs still going are told apart, and their subscriptions are not the sweeper’s to delete', () => {
  appendLines(runFile(dir, TARGET, 'run-1'), [runLine({ pid: 1 }), created('a')]);
  appendLines(runFile(dir, TARGET, 'run-2'), [runLine({ runId: 'run-2', pid: 2 }), created('b', { runId: 'run-2' })]);
  const files = targetRunFiles(dir, TARGET, liveness([2]));
  expect(files.map((f) => [f.run?.runId, f.active, f.entries.map((e) => e.id)])).toEqual([
    ['run-1', false, ['a']],
    ['run-2', true, ['b']],
  ]);
});

test('files of finished embedded-reference runs are dropped: their server ended with them', () => {
  const embedded = 'http://127.0.0.1:40001';
  const dead = runFile(dir, embedded, 'run-1');
  const alive = runFile(dir, embedded, 'run-2');
  appendLines(dead, [runLine({ pid: 1, target: embedded, targetKind: 'embedded-reference' }), created('a', { target: embedded })]);
  appendLines(alive, [
    runLine({ runId: 'run-2', pid: 2, target: embedded, targetKind: 'embedded-reference' }),
    created('b', { target: embedded }),
  ]);
  const configured = runFile(dir, TARGET, 'run-3');
  appendLines(configured, [runLine({ runId: 'run-3', pid: 3 }), created('c')]);

  expect(dropFinishedEmbedded(dir, liveness([2]))).toEqual({ files: 1, entries: 1 });
  expect([existsSync(dead), existsSync(alive), existsSync(configured)]).toEqual([false, true, true]);
});

test('creates recorded without a delete path: a sweep without one keeps the file; one given DELETE_PATH deletes them and removes it', async () => {
  const file = join(dir, 'run-9.jsonl');
  appendLines(file, [
    { v: 1, op: 'no-delete-path', runId: 'run-9', target: TARGET, id: 'k1', at: '2026-01-01T00:00:00.000Z', status: 201 },
    { v: 1, op: 'no-delete-path', runId: 'run-9', target: TARGET, id: 'k2', at: '2026-01-01T00:00:01.000Z', status: 201 },
  ]);
  const sent: string[] = [];
  const send = (request: RequestSpec): Promise<Exchange> => {
    sent.push(request.path);
    return Promise.resolve(fakeExchange({ method: 'DELETE', status: 204 }));
  };
  const without = await sweep([inspectRunFile(file, liveness(), TARGET)], { send, by: 'cleanup-1' });
  expect(sent).toEqual([]);
  expect(without.noDeletePath).toBe(2);
  expect(existsSync(file)).toBe(true);
  const deletePathOf = (id: string): string => `/hooks/${id}`;
  const withPath = await sweep([inspectRunFile(file, liveness(), TARGET, deletePathOf)], { send, by: 'cleanup-2', deletePathOf });
  expect(sent.sort()).toEqual(['/hooks/k1', '/hooks/k2']);
  expect(withPath.gone).toHaveLength(2);
  expect(existsSync(file)).toBe(false);
});
