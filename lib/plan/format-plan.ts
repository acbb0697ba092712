/** The plan as `probe --dry-run` prints it: a line per suite with its bound and its cases, then the totals. */
import { count } from '../inference/words.js';
import type { Settings } from '../config/types.js';
import { createsSentence, undoPlan } from '../create/undo-plan.js';
import type { RunPlan } from './plan.js';

const WIDTH = 110;

function wrapIds(ids: readonly string[], indent: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const id of ids) {
    if (line !== '' && indent.length + line.length + 2 + id.length > WIDTH) {
      lines.push(`${indent}${line},`);
      line = id;
    } else line = line === '' ? id : `${line}, ${id}`;
  }
  return line === '' ? lines : [...lines, `${indent}${line}`];
}

const seconds = (s: number): string => (s < 120 ? `${Math.ceil(s)} s` : `${Math.ceil(s / 60)} min`);

export function formatPlan(plan: RunPlan, settings: Settings, target: string): string[] {
  const { pacing } = settings;
  const lines = [`dry run: nothing is sent; what a run against ${target} would do, operation ${settings.target.operation.id}:`];
  const width = Math.max(...plan.suites.map((s) => s.suite.length), 10);
  for (const s of plan.suites) {
    const skipped = s.cases.filter((c) => c.skipped !== undefined);
    lines.push(
      `  ${s.suite.padEnd(width)}  ${count(s.cases.length, 'case').padStart(9)}, up to ${String(s.requests).padStart(4)} requests, ${count(s.creates, 'create')}` +
        (skipped.length === 0 ? '' : `; ${skipped.length} skipped (${[...new Set(skipped.map((c) => c.skipped))].join('; ')})`),
    );
    if (s.presenceStep !== undefined) {
      lines.push(`    first the presence step (02-presence-matrix is not in this run): up to ${s.presenceStep.requests} requests`);
    }
    if (s.shrinking !== undefined) {
      lines.push(`    and up to ${s.shrinking.requests} requests shared by its cases to shrink a counterexample`);
    }
    lines.push(
      ...wrapIds(
        s.cases.map((c) => c.id),
        '    ',
      ),
    );
  }
  const before = [
    plan.before.setupCheck > 0 ? `the setup check: ${plan.before.setupCheck} requests` : undefined,
    plan.before.leftovers > 0 ? `${count(plan.before.leftovers, 'leftover')} of earlier runs in LEDGER_DIR to delete` : undefined,
    plan.plainGet > 0 ? 'at most one GET of the operation path, shared by the cases' : undefined,
  ].filter((t): t is string => t !== undefined);
  if (before.length > 0) lines.push(`  also: ${before.join('; ')}`);
  const cases = plan.suites.reduce((n, s) => n + s.cases.length, 0);
  lines.push(
    `total: ${count(cases, 'case')} in ${count(plan.suites.length, 'suite')}, up to ${plan.requests} requests when each is answered the first time; ` +
      `at worst ${plan.worstCase} (every request retried MAX_RETRIES ${pacing.maxRetries} times, and asked again as often when it still got no verdict; the suites stop at MAX_REQUESTS ${pacing.maxRequests})`,
    createsSentence(undoPlan(settings.target), plan.creates, settings.target.operation),
    `time: ${seconds(plan.sendingSeconds)} of sending at REQUESTS_PER_SECOND ${pacing.requestsPerSecond}` +
      (plan.waitSeconds > 0 ? `, plus up to ${seconds(plan.waitSeconds)} of waiting for notifications` : '') +
      `; MAX_RUN_SECONDS ${pacing.maxRunTimeMs / 1000} stops the run`,
  );
  return lines;
}
