/**
 * A run whose operation description names no delete path (as one built from an OpenAPI document without a DELETE
 * beside the create) against a loopback target that really keeps what it is sent: it stops after its first accepted
 * create and says which setting to give; with KEEP_CREATED it goes on and says how many it kept, and `npm run
 * cleanup` given DELETE_PATH removes them all; with a Location header on the create it deletes through it.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { runProbe, runProbeChild } from './run-probe.js';
import { runTool } from './run-tool.js';
import { FAST_PROBE_SETTINGS } from './support/fast-settings.js';
import { startUndoTarget, UNDO_TARGET_PATH, type UndoTarget } from './support/undo-target.js';

const ROOT = new URL('..', import.meta.url).pathname;
const TOKEN = 'no-delete-path-token-5c2e9a71';

let target: UndoTarget | undefined;
afterEach(async () => {
  await target?.close();
  target = undefined;
});

/** The shipped drive description without its `undo`, in a fresh folder that is also the run's working folder. */
function folderWithoutUndo(): { dir: string; operation: string } {
  const dir = mkdtempSync(join(tmpdir(), 'no-delete-path-'));
  const description = JSON.parse(readFileSync(join(ROOT, 'operations/drive-subscription-v2.json'), 'utf8')) as Record<string, unknown>;
  delete description['undo'];
  delete description['$schema'];
  const operation = join(dir, 'no-undo.json');
  writeFileSync(operation, JSON.stringify(description));
  return { dir, operation };
}

const envOf = (dir: string, operation: string, url: string, more: Record<string, string> = {}): Record<string, string> => ({
  BASE_URL: url,
  ACCESS_TOKEN: TOKEN,
  OPERATION: operation,
  REPORT_DIR: dir,
  ...more,
});

/** `npm run cleanup` given DELETE_PATH deletes every create the ledger kept: exit 0, nothing live on the target. */
async function expectCleanupWithDeletePath(dir: string, operation: string, undoTarget: UndoTarget): Promise<void> {
  const cleanup = await runTool('cleanup', {
    cwd: dir,
    env: { ...FAST_PROBE_SETTINGS, ...envOf(dir, operation, undoTarget.url, { DELETE_PATH: `${UNDO_TARGET_PATH}/{id}` }) },
  });
  expect(cleanup.code, cleanup.stdout + cleanup.stderr).toBe(0);
  expect(undoTarget.live.size).toBe(0);
}

test('no delete path known: the run stops after its first accepted create, exit 2, one line naming DELETE_PATH and the id left', async () => {
  target = await startUndoTarget({ location: false });
  const { dir, operation } = folderWithoutUndo();
  // A child: a cleanup leaves the ledger of a run whose process is alive alone, and an in-process run's is this one.
  const run = await runProbeChild(envOf(dir, operation, target.url), ['02-presence']);
  const out = run.stdout + run.stderr;
  expect(run.code, out).toBe(2);
  expect(target.creates()).toBe(1);
  expect([...target.live]).toEqual(['sub-1']);
  // The run's last line says it, whole (the cases it denied say it too, cut).
  const stop = out.split('\n').filter((l) => l.startsWith('probe: ') && l.includes('stopped after the first accepted create'));
  expect(stop, out).toHaveLength(1);
  expect(stop[0]).toContain('subscription sub-1 is left on the target');
  expect(out).toContain(
    'ledger: this run created 1 subscription(s): 0 deleted by their cases, 0 at the end of the run, 1 could not be deleted',
  );
  // The cases it denied say why, and blame neither the run's time nor its budget.
  expect(out).toMatch(/no verdict from the target for .*: stopped: stopped after the first accepted create/);
  expect(out).not.toContain('MAX_RUN_SECONDS');
  expect(stop[0]).toContain(`set DELETE_PATH to the path that deletes one (e.g. ${UNDO_TARGET_PATH}/{id})`);

  // The ledger kept its id: a cleanup given the delete path removes it.
  await expectCleanupWithDeletePath(dir, operation, target);
}, 300_000);

test('KEEP_CREATED: the run goes on, says how many it kept, and cleanup with DELETE_PATH deletes every one', async () => {
  target = await startUndoTarget({ location: false });
  const { dir, operation } = folderWithoutUndo();
  const run = await runProbeChild(envOf(dir, operation, target.url, { KEEP_CREATED: 'true' }), ['02-presence']);
  const out = run.stdout + run.stderr;
  expect(run.code, out).not.toBe(2);
  const kept = target.live.size;
  expect(kept).toBeGreaterThan(1);
  expect(out).toContain(`probe: kept ${kept} created subscriptions on the target (KEEP_CREATED)`);
  expect(out).toContain(
    `ledger: this run created ${kept} subscription(s): 0 deleted by their cases, 0 at the end of the run, ${kept} could not be deleted`,
  );
  expect(out).toContain(`${kept} creates answered 2xx with an id and no delete path known`);
  // The report files name the setting and how to delete what it kept, beside the list.
  const markdown = readFileSync(join(run.reportDir, 'behaviour-report.md'), 'utf8');
  expect(markdown).toContain(
    `${kept} of them kept as KEEP_CREATED said (no delete path known): \`npm run cleanup\` deletes them once DELETE_PATH is given.`,
  );
  expect(readFileSync(join(run.reportDir, 'behaviour-report.html'), 'utf8')).toContain('kept as KEEP_CREATED said');

  const dry = await runTool('cleanup', {
    cwd: dir,
    env: { ...FAST_PROBE_SETTINGS, ...envOf(dir, operation, target.url) },
    args: ['--dry-run'],
  });
  expect(dry.stdout).toContain(`cleanup: ${kept} more created with no delete path known: give DELETE_PATH to delete them`);
  const without = await runTool('cleanup', { cwd: dir, env: { ...FAST_PROBE_SETTINGS, ...envOf(dir, operation, target.url) } });
  expect(without.code, without.stdout).toBe(1);
  expect(target.live.size).toBe(kept);
  await expectCleanupWithDeletePath(dir, operation, target);
}, 300_000);

test('a Location on the first accepted create gives the delete path: every create is deleted through it', async () => {
  target = await startUndoTarget({ location: true });
  const { dir, operation } = folderWithoutUndo();
  const run = await runProbe(envOf(dir, operation, target.url), ['02-presence']);
  const out = run.stdout + run.stderr;
  expect(run.code, out).not.toBe(2);
  expect(target.creates()).toBeGreaterThan(1);
  expect(target.live.size).toBe(0);
  const deletes = target.server.hits.filter((h) => h.method === 'DELETE').length;
  expect(deletes).toBeGreaterThanOrEqual(target.creates());
  expect(out).toContain('0 could not be deleted');
}, 300_000);

test('the dry run says the same: the stop after one create without a delete path, DELETE_PATH when given, and the lifecycle skipped', async () => {
  const { dir, operation } = folderWithoutUndo();
  const env = envOf(dir, operation, 'http://127.0.0.1:9');
  const none = await runProbe(env, ['--dry-run']);
  expect(none.code, none.stderr).toBe(0);
  const line = none.stdout.split('\n').find((l) => l.startsWith('subscriptions: ')) ?? '';
  expect(line).not.toContain('each deleted after its case');
  expect(line).toContain('else one subscription is created and left, and the run stops there (exit 2)');
  expect(none.stdout).toMatch(/07-lifecycle .*skipped \(no delete path known before the run/);
  const given = await runProbe({ ...env, DELETE_PATH: `${UNDO_TARGET_PATH}/{id}` }, ['--dry-run']);
  expect(given.stdout).toMatch(/^subscriptions: up to \d+ created, each deleted after its case by DELETE \S+\/\{id\} \(DELETE_PATH\)/m);
  expect(given.stdout).not.toMatch(/07-lifecycle .*skipped/);
}, 120_000);

test('explain, too, stops at its first accepted create when no delete path is known: exit 2, one left', async () => {
  target = await startUndoTarget({ location: false });
  const { dir, operation } = folderWithoutUndo();
  writeFileSync(join(dir, 'body.json'), JSON.stringify({ changeType: 'updated', resource: 'me/drive/root' }));
  const run = await runTool('explain', {
    cwd: dir,
    env: { ...FAST_PROBE_SETTINGS, ...envOf(dir, operation, target.url) },
    args: ['body.json'],
  });
  expect(run.code, run.stdout + run.stderr).toBe(2);
  expect(target.creates()).toBe(1);
  expect(target.live.size).toBe(1);
  expect(run.stderr).toMatch(
    /^explain: stopped after the first accepted create: .*subscription sub-1 is left on the target \(no ledger records it: delete it by hand\).*set DELETE_PATH/m,
  );
}, 120_000);
