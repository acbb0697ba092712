import type { Reporter, TestModule } from 'vitest/node';
import { runRedactor } from '../redaction/run-redactor.js';
import { collectRun, type CollectedRun } from './collect-run.js';
import { formatRequestsBySuite, formatSecondsBySuite, requestsBySuite } from './requests-by-suite.js';

/** What one run of the suites left: every case sorted by what it says (lib/vitest/collect-run.ts), and the run's times. */
export interface CollectedCases extends CollectedRun {
  startedAt: string;
  endedAt: string;
  /** Requests and seconds per suite, for the console. */
  costLines: string[];
}

export interface ProbeReporterOptions {
  /** The run merges shards: its times are the shards' (their cases' own), not the merge's. */
  merged?: boolean;
  /** What stopped the run ("stopped by Ctrl-C"), when something did: its unfinished cases are not run, not failed. */
  stopped?: () => string | undefined;
  /** Called with each run's cases as it ends (the UI, whose runs never reach teardown, finishes each one then). */
  onCollected?: (collected: CollectedCases) => Promise<void>;
  /** Called as each run starts (the UI starts several in one process). */
  onRunStart?: () => void;
}

/**
 * Collects what the suites recorded, and writes nothing: the report is assembled and written once after
 * the run's teardown (lib/run/finish-run.ts), when what the cleanup left on the target is known too.
 */
export class ProbeReporter implements Reporter {
  collected: CollectedCases | undefined;
  private startedAt = new Date();

  constructor(private readonly options: ProbeReporterOptions = {}) {}

  onInit(): void {
    this.startedAt = new Date();
  }

  onTestRunStart(): void {
    this.startedAt = new Date();
    this.options.onRunStart?.();
  }

  async onTestRunEnd(testModules: ReadonlyArray<TestModule>, _errors: unknown, reason?: string): Promise<void> {
    const bySuite = requestsBySuite(testModules);
    const stop = this.options.stopped?.() ?? (reason === 'interrupted' ? 'the run was interrupted' : undefined);
    // Records were redacted in the worker; the main thread's secrets (and merged shards' records) once more here.
    const run = runRedactor().redactDeep(collectRun(testModules, stop));
    const { casesStartedAt, casesEndedAt } = run;
    const shards = this.options.merged === true && casesStartedAt !== undefined && casesEndedAt !== undefined;
    this.collected = {
      ...run,
      startedAt: (shards ? new Date(casesStartedAt) : this.startedAt).toISOString(),
      endedAt: (shards ? new Date(casesEndedAt) : new Date()).toISOString(),
      costLines: [formatRequestsBySuite(bySuite), formatSecondsBySuite(bySuite)],
    };
    await this.options.onCollected?.(this.collected);
  }
}
