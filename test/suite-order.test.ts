/**
 * The suites run in their numbered order, 01 to 07, in every run, sharded too: the
 * value suites build on the presence matrix, and on a slow target the matrix must not wait behind
 * the property suite. Seen from outside, as a user sees it: the order in which the run output names
 * the suite files, and the order of the cases in the behaviour report. (Before the fix the files ran
 * 05, 04, 03, 02, 06, 01: vitest 4.1 ignores a sequencer set inside a project.)
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { BehaviourReport } from '../lib/report/types.js';
import { runProbe, type ProbeRun } from './run-probe.js';

const FAST = { SEED: '31337' };

/** Suite numbers in the order the run output reports each file done (the console prints a suite's line when it ends). */
function fileOrder(run: ProbeRun): number[] {
  return [...run.stdout.matchAll(/^(\d\d)-[\w-]+: .*; \d+ requests, [\d.]+ s$/gm)].map((m) => Number(m[1]));
}

/** The suite each case of the report came from, by its id's first part. */
const SUITE_OF: Record<string, number> = { 'spec-4': 1, matrix: 2, value: 3, limit: 3, property: 4, protocol: 5, events: 6, lifecycle: 7 };

const ascending = (numbers: readonly number[]): boolean => numbers.every((n, i) => i === 0 || (numbers[i - 1] ?? 0) <= n);

test('a full run: the output and the report go 01, 02, 03, 04, 05, 06, 07', async () => {
  const run = await runProbe(FAST, [], 300_000);
  expect(run.code, run.stdout + run.stderr).toBe(0);
  expect(fileOrder(run)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  const report = JSON.parse(readFileSync(join(run.reportDir, 'behaviour-report.json'), 'utf8')) as BehaviourReport;
  const suites = report.cases.map((c) => SUITE_OF[c.id.split('/')[0] ?? ''] ?? 0);
  expect(suites).not.toContain(0);
  expect(new Set(suites)).toEqual(new Set([1, 2, 3, 4, 5, 6, 7]));
  expect(ascending(suites), suites.join(' ')).toBe(true);
}, 300_000);

test('each shard runs its share of the suites in numbered order', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'probe-order-shards-'));
  const shards = await Promise.all(['1/2', '2/2'].map((s) => runProbe({ ...FAST, REPORT_DIR: dir }, [`--shard=${s}`], 300_000)));
  const all: number[] = [];
  for (const run of shards) {
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const order = fileOrder(run);
    expect(order.length).toBeGreaterThan(0);
    expect(ascending(order), order.join(' ')).toBe(true);
    all.push(...order);
  }
  expect(all.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
}, 300_000);
