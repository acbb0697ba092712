/**
 * What the last run of the same target and operation sent, read from its report in REPORT_DIR, for the dry run to put
 * beside its bounds. A bound is the most a suite may send whatever the target answers (every refusal asked until it
 * is confirmed, every search to its end); what a suite sends depends on those answers, so the one figure that says
 * what a run will cost on this target is what the target's answers made the last run send. Only a report of the same
 * target (lib/config/run-target.ts: a configured target by its BASE_URL, the embedded reference by its profile) and of
 * the same operation counts. Anything else, or a report that cannot be read, gives no figure: the plan stands without it.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { reportTarget, sameTarget, settingsTarget } from '../config/run-target.js';
import type { Settings } from '../config/types.js';
import type { LastRunFigures } from '../plan/format-plan.js';
import { BEHAVIOUR_REPORT_FILES } from '../report/report-outputs.js';
import type { BehaviourReport } from '../report/types.js';
import { readBehaviourReport } from '../report/write-reports.js';

/** The figures of lastRunOf, with the report's path as read. */
export interface LastRun extends Omit<LastRunFigures, 'shownPath'> {
  path: string;
}

/**
 * Largest report read for it. The dry run reads it unasked, so a file of another size in REPORT_DIR (not a report of
 * this tool: a whole run's is well under a megabyte) gives no figure rather than a dry run that stalls on reading it.
 */
const MAX_REPORT_BYTES = 64 * 1024 * 1024;

export async function lastRunOf(settings: Settings): Promise<LastRun | undefined> {
  const path = join(settings.reports.reportDir, BEHAVIOUR_REPORT_FILES.json);
  let report: BehaviourReport;
  try {
    if ((await stat(path)).size > MAX_REPORT_BYTES) return undefined;
    report = await readBehaviourReport(path);
  } catch {
    return undefined;
  }
  const of = reportTarget(report.run);
  if (of === undefined || !sameTarget(of, settingsTarget(settings.target)) || report.operation.id !== settings.target.operation.id)
    return undefined;
  const { run } = report;
  return {
    path,
    startedAt: run.startedAt,
    ...elapsed(run.startedAt, run.endedAt),
    requestsSent: run.requestsSent,
    bySuite: new Map((report.suites ?? []).map((s) => [s.suite, s.requests] as const)),
    repeats: run.repeats,
    ...(run.stopped !== undefined ? { stoppedBy: run.stopped.by } : {}),
  };
}

function elapsed(startedAt: string, endedAt: string): { seconds?: number } {
  const ms = Date.parse(endedAt) - Date.parse(startedAt);
  return Number.isFinite(ms) && ms >= 0 ? { seconds: ms / 1000 } : {};
}
