/**
 * `npm test`: the tool's own checks: type check, lint, then the `tool` vitest project
 * (unit tests, the reference service, and self-tests that run the probe end to end).
 * Ends with one plain line `N passed, N failed[, N skipped]` from vitest's results, for CI.
 */
import { spawnSync } from 'node:child_process';
import { startVitest } from 'vitest/node';
import { SummaryLineReporter, formatCounts } from '../lib/vitest/summary-line-reporter.js';

function runCheck(label: string, command: string, args: string[]): boolean {
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit' });
  const ok = result.status === 0;
  console.log(`${label}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return ok;
}

const filters = process.argv.slice(2);
const checksOk = filters.length > 0
  ? true // a filtered run (npm test -- lib/http) is for a quick look: skip the whole-tree checks
  : [runCheck('typecheck', 'node_modules/.bin/tsc', ['--noEmit']), runCheck('lint', 'node_modules/.bin/eslint', ['.'])].every(Boolean);

const summary = new SummaryLineReporter();
const vitest = await startVitest('test', filters, {
  project: ['tool'],
  run: true,
  watch: false,
  reporters: ['default', summary],
});
await vitest.close();

const counts = summary.counts ?? { passed: 0, failed: 1, skipped: 0 };
console.log('');
console.log(formatCounts(counts));
process.exit(checksOk && counts.failed === 0 && counts.passed > 0 ? 0 : 1);
