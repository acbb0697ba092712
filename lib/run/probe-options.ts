/**
 * What a probe run is given and what it returns (lib/run/run-probe.ts), in a module of their own so that the run's
 * later steps, loaded after the setup check, can name them.
 */
import type { StartEmbedded } from './run-environment.js';
import type { LastRun } from './last-run.js';
import type { RunPlan } from '../plan/plan.js';
import type { JunitRunFailure } from '../report/render-junit.js';
import type { BehaviourReport } from '../report/types.js';
import type { RunCounts } from '../vitest/summary-line-reporter.js';
import type { ExitCode } from './exit-decision.js';
import type { SetupStopKind } from './setup-check.js';

export type Out = { log: (line: string) => void; error: (line: string) => void };

export interface ProbeRunOptions {
  /** Suite files to run: only those whose path matches one (vitest's filters); none: every suite. */
  filters?: readonly string[];
  /** One shard of a split run, `i/n`: writes a blob for a later merge instead of the reports. */
  shard?: string;
  /** Merges the shards' blobs in REPORT_DIR/blob into one set of reports; sends nothing. */
  mergeReports?: boolean;
  /** The vitest UI over the suites: runs nothing until asked, finishes each run as it ends; never returns. */
  ui?: boolean;
  /** An OpenAPI contract (JSON or YAML) to compare the target with; any disagreement fails the run. */
  contract?: string;
  /** Where the run's lines go; default the console (which the run's redaction step guards). */
  out?: Out;
  /** A terminal for the progress status line, rewritten in place; without one, progress is a line of the log. */
  terminal?: NodeJS.WriteStream;
  /** The folder the user works in: paths in the run's lines are shown relative to it. Default: the process's. */
  cwd?: string;
  /** Aborted, it stops the run as the first Ctrl-C does (its reason names what stopped it: "Ctrl-C", "SIGTERM"). */
  stop?: AbortSignal;
  /** Prints the plan (suites, cases, the most requests each sends, the time at the run's pace) and sends nothing. */
  dryRun?: boolean;
  /** How to start the embedded reference service when BASE_URL is unset (the command's: lib does not import it). */
  startEmbedded?: StartEmbedded;
  /**
   * The suites read lib/ from the build, dist/ (lib/vitest/compiled-lib.ts): the command's decision, by its launcher's
   * rule (dist/ is fresh); otherwise the sources.
   */
  suitesReadBuild?: boolean;
  /**
   * The process runs the suites again after this run (a campaign's next operation, the self-tests): their thread is
   * kept for it, with what it loaded (lib/vitest/kept-threads.ts). Off for a single run, whose memory after the suites
   * is then the reports' alone.
   */
  keepSuitesThread?: boolean;
}

export interface ProbeRunOutcome {
  code: ExitCode;
  /** Why the run ends with this code, in one line. */
  reason: string;
  /** A setup problem found before anything was sent (code 2): the line to print instead of the exit line. */
  setupProblem?: string;
  /** A stop by the setup check: what kind, the statuses that told, and the requests it sent. */
  setupStop?: { kind: SetupStopKind; statuses: (number | null)[]; requests: number };
  counts?: RunCounts;
  report?: BehaviourReport;
  /** Each reason the run fails that no case carries, as its junit.xml has them. */
  runFailures?: JunitRunFailure[];
  /** Every report file written. */
  written: string[];
  /** `dryRun`: the plan printed, as data. */
  plan?: RunPlan;
  /** `dryRun`: what the last run of the same target and operation sent, when REPORT_DIR has its report. */
  lastRun?: LastRun;
}
