/** The plan as `probe --dry-run` prints it: a line per suite with its bound and its cases, then the totals. */
import { count } from '../inference/words.js';
import { firstAsks, type Settings } from '../config/types.js';
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

/** What the last run of the same target and operation sent (lib/run/last-run.ts), put beside the bounds. */
export interface LastRunFigures {
  /** The report it was read from, as the user would type it. */
  shownPath: string;
  startedAt: string;
  /** Its elapsed time, when its report's times can be read. */
  seconds?: number;
  requestsSent: number;
  bySuite: ReadonlyMap<string, number>;
  repeats: number;
  stoppedBy?: string;
}

const seconds = (s: number): string => (s < 120 ? `${Math.ceil(s)} s` : `${Math.ceil(s / 60)} min`);

export function formatPlan(plan: RunPlan, settings: Settings, target: string, last?: LastRunFigures): string[] {
  const { pacing } = settings;
  const lines = [`dry run: nothing is sent; what a run against ${target} would do, operation ${settings.target.operation.id}:`];
  const width = Math.max(...plan.suites.map((s) => s.suite.length), 10);
  for (const s of plan.suites) {
    const skipped = s.cases.filter((c) => c.skipped !== undefined);
    lines.push(
      `  ${s.suite.padEnd(width)}  ${count(s.cases.length, 'case').padStart(9)}, up to ${String(s.requests).padStart(4)} requests` +
        lastFigure(last, s.suite) +
        `, ${count(s.creates, 'create')}` +
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
  if (last !== undefined) {
    const notRun = plan.suites.map((s) => s.suite).filter((suite) => !last.bySuite.has(suite));
    lines.push(lastRunLine(last, settings, notRun));
  }
  return lines;
}

function lastFigure(last: LastRunFigures | undefined, suite: string): string {
  const sent = last?.bySuite.get(suite);
  return sent === undefined ? '' : ` (${sent} in the last run)`;
}

/**
 * The last run's total, and what its figures are: the answers of this target, not a bound. Said apart when they were
 * asked another number of times, or cut short by a stop.
 */
function lastRunLine(last: LastRunFigures, settings: Settings, notRun: readonly string[]): string {
  const repeatsNow = firstAsks(settings.exploration.repeats);
  const rate = settings.pacing.requestsPerSecond;
  const when = last.startedAt.replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, ' UTC');
  const asked = last.repeats === repeatsNow ? '' : ` with each combination asked ${count(last.repeats, 'time')} first (now ${repeatsNow})`;
  const stopped = last.stoppedBy === undefined ? '' : `; it was stopped (${last.stoppedBy}), so its figures fall short of a whole run`;
  const partial = notRun.length === 0 ? '' : `; it did not run ${notRun.join(', ')}`;
  return (
    `last run of this target and operation: ${last.requestsSent} requests in all${asked}${last.seconds === undefined ? '' : `, in ${seconds(last.seconds)}`}, started ${when} ` +
    `(${last.shownPath})${stopped}${partial}. ` +
    `At REQUESTS_PER_SECOND ${rate}, ${last.requestsSent} requests take ${seconds(last.requestsSent / rate)} of sending. ` +
    "A bound is the most a suite may send whatever the target answers; a last run's figure is what this target's answers made it send."
  );
}
