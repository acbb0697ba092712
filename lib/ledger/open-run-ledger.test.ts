import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { commandAsTyped } from '../config/invocation.js';
import { loadSettings } from '../config/load-config.js';
import { startServer, type TestServer } from '../../test/support/http-server.js';
import { Secret } from '../secret.js';
import { appendLines } from './append.js';
import type { LivenessProbe } from './liveness.js';
import { openRunLedger } from './open-run-ledger.js';
import { runFile, targetFolder } from './paths.js';
import { readLedgerFile } from './read.js';
import { created, runLine } from '../../test/support/ledger-lines.js';

let dir: string;
let server: TestServer;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ledger-run-'));
  // The target: DELETE of "bad" fails, everything else is deleted.
  server = await startServer((req, res) => {
    res.statusCode = req.method === 'DELETE' && req.url?.endsWith('/bad') === true ? 500 : 204;
    res.end();
  });
});
afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const LIVE_PID = 4242;
const liveness = (): LivenessProbe => ({ now: Date.now(), host: hostname(), alive: (pid) => pid === LIVE_PID });
const future = new Date(Date.now() + 3_600_000).toISOString();
const config = () => loadSettings({ env: { LEDGER_DIR: dir, MAX_RETRIES: '0', REQUESTS_PER_SECOND: '500' }, cwd: dir, dotenvPath: false });

test('before the run: leftovers of finished runs on the target are deleted, a running one is left alone, dead embedded ledgers dropped', async () => {
  const target = server.url;
  const at = (id: string, runId: string) => created(id, { target, runId });
  appendLines(runFile(dir, target, 'old'), [
    runLine({ runId: 'old', target, host: hostname(), pid: 1, activeUntil: future }),
    at('a', 'old'),
    at('bad', 'old'),
  ]);
  appendLines(runFile(dir, target, 'busy'), [
    runLine({ runId: 'busy', target, host: hostname(), pid: LIVE_PID, activeUntil: future }),
    at('c', 'busy'),
  ]);
  const embedded = 'http://127.0.0.1:1';
  appendLines(runFile(dir, embedded, 'gone'), [
    runLine({ runId: 'gone', target: embedded, targetKind: 'embedded-reference', pid: 1 }),
    created('e', { target: embedded }),
  ]);
  const log: string[] = [];

  const ledger = await openRunLedger({
    settings: config(),
    target: { baseUrl: target, kind: 'configured' },
    token: new Secret('tok-123456789'),
    liveness,
    log: (l) => log.push(l),
  });

  expect(server.hits.map((h) => `${h.method} ${h.url}`).sort()).toEqual([
    'DELETE /_api/v2.0/drive/root/subscriptions/a',
    'DELETE /_api/v2.0/drive/root/subscriptions/bad',
  ]);
  expect(server.hits[0]?.headers.authorization).toBe('Bearer tok-123456789');
  expect(ledger.before?.gone.map((g) => g.entry.id)).toEqual(['a']);
  expect(ledger.before?.failed.map((f) => f.entry.id)).toEqual(['bad']);
  expect(log.join('\n')).toContain('dropped 1 file(s) of finished runs against the embedded reference service (1 subscription(s) listed)');
  expect(log.join('\n')).toContain(`leftovers of earlier runs on ${target}: 2 subscriptions to delete: 1 deleted or gone, 1 failed`);
  expect(log.join('\n')).toContain('left alone 1 subscription(s) of run busy (pid 4242), which is still going');
  expect(log.join('\n')).not.toContain('tok-123456789');
  expect(readdirSync(targetFolder(dir, target)).sort()).toEqual(['busy.jsonl', `${ledger.runId}.jsonl`, 'old.jsonl'].sort());
  expect(readLedgerFile(ledger.file).lines).toEqual([
    expect.objectContaining({ op: 'run', runId: ledger.runId, target, pid: process.pid }),
  ]);
});

test('at the end of the run: what the cases did not delete is deleted, and an emptied run file removed', async () => {
  const target = server.url;
  const log: string[] = [];
  const ledger = await openRunLedger({
    settings: config(),
    target: { baseUrl: target, kind: 'embedded-reference' },
    token: undefined,
    liveness,
    log: (l) => log.push(l),
  });
  appendLines(ledger.file, [created('x', { target, runId: ledger.runId }), created('y', { target, runId: ledger.runId })]);

  const result = await ledger.reconcile();

  expect(result.created).toBe(2);
  expect(result.gone.map((g) => g.entry.id).sort()).toEqual(['x', 'y']);
  expect(existsSync(ledger.file)).toBe(false);
  expect(log).toEqual([
    'ledger: this run created 2 subscription(s): 0 deleted by their cases, 2 at the end of the run, 0 could not be deleted',
  ]);
});

test('at the end of the run: a delete that still fails is kept and reported with what to do', async () => {
  const target = server.url;
  const log: string[] = [];
  const ledger = await openRunLedger({
    settings: config(),
    target: { baseUrl: target, kind: 'configured' },
    token: undefined,
    liveness,
    log: (l) => log.push(l),
  });
  appendLines(ledger.file, [created('bad', { target, runId: ledger.runId })]);

  const result = await ledger.reconcile();

  expect(result.failed.map((f) => [f.entry.id, f.problem])).toEqual([['bad', 'server: HTTP 500 after 1 attempts']]);
  expect(existsSync(ledger.file)).toBe(true);
  expect(log.at(-1)).toBe(`ledger: kept in ${ledger.file}; the next run against ${target} or ${commandAsTyped('cleanup')} retries them`);
});
