/**
 * `npm test`: the tool's own checks: type check, lint, and the `tool` vitest project (unit tests, the
 * reference service, and self-tests that run the probe end to end), after building dist/ when it is stale, since
 * the self-tests start the compiled command (docs/development.md). Prints the duration of each part
 * and ends with one plain line `N passed, N failed[, N skipped]` from vitest's results, for CI.
 *
 * The type check and lint run beside vitest, not before it: the self-tests mostly wait on child
 * processes and loopback servers (docs/development.md, where the time goes), so the two checks'
 * CPU fits in that waiting. Their output is held and printed after vitest's, each part in one piece.
 * Both are native programs (TypeScript 7's tsc, oxlint with oxlint-tsgolint): about 7 s of CPU together on a
 * clean clone, where tsc 5.9 and typescript-eslint took about 55 s.
 */
// First: vitest, vite and rolldown then load as Node loads them, not through tsx's hook (about 1 s of CPU and
// 190 MB less here); vitest is imported below, after the checks have started.
import './support/lean-dependencies.js';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SummaryLineReporter, formatCounts } from '../lib/vitest/summary-line-reporter.js';
import { formatMachineSpeed, machineSpeed } from './support/machine-speed.js';
import { compiledCli } from './support/compiled-entry.mjs';
import { processCpu } from './support/process-cpu.js';

interface PartResult {
  label: string;
  ok: boolean;
  seconds: number;
  output: string;
}

const since = (started: number): number => (performance.now() - started) / 1000;

function runCheck(label: string, command: string, args: string[]): Promise<PartResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error) => resolve({ label, ok: false, seconds: since(started), output: `${output}${error.message}\n` }));
    child.once('close', (code) => resolve({ label, ok: code === 0, seconds: since(started), output }));
  });
}

const line = (part: PartResult): string => `${part.label}: ${part.ok ? 'ok' : 'FAILED'} (${part.seconds.toFixed(1)} s)`;

// TypeScript 7 (package `typescript-native`; `typescript` stays 5.9 for the tools that load it as a library:
// dependency-cruiser, and lib/report/plain-node.test.ts). It remembers what it checked (in node_modules, so a
// clean clone checks everything): 3.0 s of CPU on a clean clone, 1.0 s for a second run. One thread: the check
// runs beside vitest on 2 cores, where its 4 default checker threads cost 4.1 s of CPU for the same check.
const TSC = 'node_modules/typescript-native/bin/tsc';
const TSC_ARGS = ['--noEmit', '--singleThreaded', '--incremental', '--tsBuildInfoFile', 'node_modules/.cache/tsc/native.tsbuildinfo'];
// The lint's rules and its type-aware mode are in .oxlintrc.json (4 s of CPU; typescript-eslint took 35 s for the
// same rules). No cache: with type-aware rules, a change of types in one file can make a finding in another file a
// cache would not look at again.
const LINT = 'node_modules/.bin/oxlint';

// Before anything else runs, so that the check measures the machine, not our own load.
const machine = formatMachineSpeed(machineSpeed());
const started = performance.now();
// Every folder the self-tests make (report folders, the working folders of probe children, ledgers, certificates)
// goes under one folder of this run: vitest sets TMPDIR in its workers, node's tmpdir() reads it at each call, and
// the children the tests start are handed it (test/run-tool.ts). A run that passed removes it; a failed one keeps it
// for reading and says where. Without it each run left about 230 folders in the system's temporary folder.
const scratch = mkdtempSync(join(tmpdir(), 'subscription-conformance-self-test-'));
const filters = process.argv.slice(2);
// A filtered run (npm test -- lib/http) is for a quick look: skip the whole-tree checks.
const checks: Promise<PartResult>[] =
  filters.length > 0
    ? []
    : [
        runCheck('typecheck', TSC, TSC_ARGS),
        runCheck('lint', LINT, []),
        // A check only: `npm run format` rewrites the files.
        runCheck('format', 'node_modules/.bin/biome', ['format', '.']),
      ];

// The self-tests start the tool compiled, as the published command runs (test/run-tool.ts), when dist/ is fresh:
// build it now if a source is newer. A filtered run skips this too; its self-tests then run the sources under tsx.
const build: PartResult | undefined =
  filters.length > 0 || compiledCli(process.cwd()) !== undefined ? undefined : await runCheck('build', 'npm', ['run', 'build']);
if (build !== undefined && !build.ok) console.log(`build output:\n${build.output.trimEnd()}`);

const { startVitest } = await import('vitest/node');
const summary = new SummaryLineReporter();
const vitestStarted = performance.now();
const vitest = await startVitest('test', filters, {
  project: ['tool'],
  run: true,
  watch: false,
  reporters: ['default', summary],
  env: { TMPDIR: scratch, TMP: scratch, TEMP: scratch },
});
await vitest.close();
const counts = summary.counts ?? { passed: 0, failed: 1, skipped: 0 };
const tests: PartResult = {
  label: 'vitest project tool',
  // An error no test caught may have cut a test short unseen: vitest lists it above, and it fails the check.
  ok: counts.failed === 0 && counts.passed > 0 && summary.unhandledErrors === 0,
  seconds: since(vitestStarted),
  output: '',
};

const parts = await Promise.all(checks);
for (const part of parts) if (part.output.trim() !== '') console.log(`\n${part.label} output:\n${part.output.trimEnd()}`);
console.log('');
for (const part of [...(build === undefined ? [] : [build]), ...parts, tests]) console.log(line(part));
console.log(`npm test: ${since(started).toFixed(1)} s in all${cpuSeconds()}`);
console.log(machine);
const passed = parts.every((p) => p.ok) && tests.ok && build?.ok !== false;
if (passed) rmSync(scratch, { recursive: true, force: true, maxRetries: 3 });
else console.log(`the self-tests' folders are kept for reading: ${scratch}`);
console.log('');
console.log(`${formatCounts(counts)}${summary.unhandledErrors > 0 ? `; ${summary.unhandledErrors} unhandled errors` : ''}`);
process.exit(passed ? 0 : 1);

/**
 * CPU seconds of this process and of the children it waited for (the type check, lint, every tool the
 * self-tests started), beside the wall time: on a 2-core machine, how much of the wall time was waiting.
 * Nothing is said where /proc cannot be read.
 */
function cpuSeconds(): string {
  const cpu = processCpu();
  if (cpu === undefined) return '';
  const { own, children } = cpu;
  return `, ${(own + children).toFixed(0)} s of CPU (${own.toFixed(0)} s here, ${children.toFixed(0)} s in children)`;
}
