/** `probe --dry-run`: the plan printed, from the settings and the ledger on disk; nothing is sent. */
import type { Settings } from '../config/types.js';
import { undoPlan } from '../create/undo-plan.js';
import { expiredLine, isExpired, utcDay } from '../expectations/apply-expectations.js';
import { systemLiveness } from '../ledger/liveness.js';
import { targetRunFiles } from '../ledger/select.js';
import { formatPlan } from '../plan/format-plan.js';
import { shortPath } from '../short-path.js';
import { lastRunOf } from './last-run.js';
import { planRun } from '../plan/plan.js';
import { EXIT } from './exit-decision.js';
import type { Out, ProbeRunOptions, ProbeRunOutcome } from './probe-options.js';
import type { RunInputs } from './run-inputs.js';

/** `--dry-run`: the plan, read from the settings and the ledger on disk; nothing is sent, no token is asked for. */
export async function dryRun(
  settings: Settings,
  options: ProbeRunOptions & { out: Out },
  inputs: RunInputs,
  startedAt: number,
): Promise<ProbeRunOutcome> {
  const { out } = options;
  // A dry run has no end to say it at: an expectation past its `until` will fail the run.
  for (const e of inputs.expectations?.list ?? []) if (isExpired(e, utcDay(new Date(startedAt)))) out.error(`probe: ${expiredLine(e)}`);
  if (options.mergeReports === true) {
    out.log('dry run: a merge of shard reports sends nothing; it reads REPORT_DIR/blob and writes the reports');
    return { code: EXIT.ok, reason: 'dry run: nothing was sent', written: [] };
  }
  const { baseUrl } = settings.target;
  const leftovers =
    baseUrl === undefined
      ? 0
      : targetRunFiles(settings.reports.ledgerDir, baseUrl, systemLiveness(), undoPlan(settings.target).cleanup?.deletePath)
          .filter((f) => !f.active)
          .reduce((n, f) => n + f.entries.length, 0);
  const plan = planRun(settings, {
    ...(options.filters !== undefined ? { filters: options.filters } : {}),
    ...(options.shard !== undefined ? { shard: options.shard } : {}),
    leftovers,
  });
  const target = baseUrl === undefined ? `the embedded reference service (profile ${settings.target.referenceProfile})` : baseUrl;
  const last = await lastRunOf(settings);
  const figures = last === undefined ? undefined : { ...last, shownPath: shortPath(last.path, options.cwd) };
  for (const line of formatPlan(plan, settings, target, figures)) out.log(line);
  if (options.shard !== undefined) out.log(`shard ${options.shard}: vitest gives this shard part of these suites; the bound is theirs all`);
  return { code: EXIT.ok, reason: 'dry run: nothing was sent', written: [], plan, ...(last !== undefined ? { lastRun: last } : {}) };
}
