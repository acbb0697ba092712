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

/**
 * A fake target holding a tree: `parents` maps each id to its parent's. A DELETE of one still holding a child is
 * refused 409 (as a drive refuses a folder that is not empty); of one not held, 404; `always` names answers to keep.
 */
function treeSend(parents: Record<string, string | undefined>, sent: string[], always: Record<string, number> = {}) {
  const held = new Set(Object.keys(parents));
  return (r: RequestSpec): Promise<Exchange> => {
    const id = r.path.split('/').at(-1) ?? '';
    sent.push(id);
    const hasChild = [...held].some((h) => parents[h] === id);
    const status = always[id] ?? (!held.has(id) ? 404 : hasChild ? 409 : 204);
    if (status === 204) held.delete(id);
    return Promise.resolve(fakeExchange({ method: r.method, url: r.path, requestBody: undefined, status }));
  };
}

const at = (s: number): string => `2025-01-01T00:00:0${s}.000Z`;

test('children first across files: newest create first, whichever run wrote it; nothing refused, nothing sent twice', async () => {
  // A campaign's file (its instances: a box, later an item in it) and its consumer runs' files (what they made inside).
  appendLines(runFile(dir, TARGET, 'run-a'), [
    runLine({ runId: 'run-a', pid: 1 }),
    created('box', { runId: 'run-a', createdAt: at(1) }),
    created('item', { runId: 'run-a', createdAt: at(4) }),
  ]);
  appendLines(runFile(dir, TARGET, 'run-b'), [
    runLine({ runId: 'run-b', pid: 1 }),
    created('in-box-1', { runId: 'run-b', createdAt: at(2) }),
    created('in-box-2', { runId: 'run-b', createdAt: at(3) }),
  ]);
  appendLines(runFile(dir, TARGET, 'run-c'), [runLine({ runId: 'run-c', pid: 1 }), created('tag', { runId: 'run-c', createdAt: at(5) })]);
  const parents = { box: undefined, 'in-box-1': 'box', 'in-box-2': 'box', item: 'box', tag: 'item' };
  const sent: string[] = [];

  const result = await sweep(targetRunFiles(dir, TARGET, liveness()), { send: treeSend(parents, sent), by: 'cleanup-1', now: () => NOW });

  expect(sent).toEqual(['tag', 'item', 'in-box-2', 'in-box-1', 'box']);
  expect(result.failed).toEqual([]);
  // Reported in creation order, file by file, as before.
  expect(result.gone.map((g) => [g.entry.id, g.status])).toEqual([
    ['box', 204],
    ['item', 204],
    ['in-box-1', 204],
    ['in-box-2', 204],
    ['tag', 204],
  ]);
  expect(result.removedFiles).toBe(3);
});

test('creates of the same instant: the later line goes first', async () => {
  appendLines(runFile(dir, TARGET, 'run-1'), [runLine({ pid: 1 }), created('parent'), created('child')]);
  const sent: string[] = [];
  const result = await sweep(targetRunFiles(dir, TARGET, liveness()), {
    send: treeSend({ parent: undefined, child: 'parent' }, sent),
    by: 'cleanup-1',
    now: () => NOW,
  });
  expect(sent).toEqual(['child', 'parent']);
  expect(result.failed).toEqual([]);
});

test('a parent refused 409 is asked again after the others, at most 3 rounds; a 500 is not asked again; what is left keeps its last answer', async () => {
  // The parent's clock ran ahead (another host): its create reads newer than its child's, so it is asked first.
  appendLines(runFile(dir, TARGET, 'run-1'), [
    runLine({ pid: 1 }),
    created('child', { createdAt: at(1) }),
    created('parent', { createdAt: at(2) }),
    created('stuck', { createdAt: at(3) }),
    created('broken', { createdAt: at(4) }),
  ]);
  const parents = { parent: undefined, child: 'parent', stuck: undefined, broken: undefined, foreign: 'stuck' };
  const sent: string[] = [];
  const result = await sweep(targetRunFiles(dir, TARGET, liveness()), {
    send: treeSend(parents, sent, { broken: 500 }),
    by: 'cleanup-1',
    now: () => NOW,
  });

  // Round 1: broken (500, final), stuck 409, parent 409, child 204; round 2: stuck 409, parent 204; round 3: stuck 409.
  expect(sent).toEqual(['broken', 'stuck', 'parent', 'child', 'stuck', 'parent', 'stuck']);
  expect(sent).not.toContain('foreign'); // never in the ledger: never asked
  expect(result.gone.map((g) => g.entry.id)).toEqual(['child', 'parent']);
  expect(result.failed.map((f) => [f.entry.id, f.problem])).toEqual([
    ['stuck', 'DELETE answered 409'],
    ['broken', 'DELETE answered 500'],
  ]);
  const left = outstanding(readLedgerFile(runFile(dir, TARGET, 'run-1')).lines).map((e) => e.id);
  expect(left).toEqual(['stuck', 'broken']);
});
