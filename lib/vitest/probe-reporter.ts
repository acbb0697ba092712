import type { Reporter, TestModule } from 'vitest/node';
import type { CaseRecord } from '../case-record.js';
import type { CaseInput } from '../report/build-report.js';
import { runRedactor } from '../redaction/run-redactor.js';
import { formatRequestsBySuite, formatSecondsBySuite, requestsBySuite } from './requests-by-suite.js';

/** What one run of the suites left: the cases' records and the run's times. */
export interface CollectedCases {
  cases: CaseInput[];
  startedAt: string;
  endedAt: string;
  /** Requests and seconds per suite, for the console. */
  costLines: string[];
}

/** Collects the CaseRecords the suites left in task meta (they survive sharding and merging). */
function collectCases(testModules: ReadonlyArray<TestModule>): CaseInput[] {
  const cases: CaseInput[] = [];
  for (const module of testModules) {
    for (const testCase of module.children.allTests()) {
      const record = testCase.meta().probe as CaseRecord | undefined;
      if (record !== undefined) cases.push({ name: testCase.fullName, record });
    }
  }
  return cases;
}

/**
 * Collects what the suites recorded, and writes nothing: the report is assembled and written once after
 * the run's teardown (lib/run/finish-run.ts), when what the cleanup left on the target is known too.
 * In the UI, where a run never reaches teardown, `onCollected` finishes each run as it ends.
 */
export class ProbeReporter implements Reporter {
  collected: CollectedCases | undefined;
  private startedAt = new Date();

  constructor(
    private readonly onCollected?: (collected: CollectedCases) => Promise<void>,
    /** Called as each run starts (the UI starts several in one process). */
    private readonly onRunStart?: () => void,
  ) {}

  onInit(): void {
    this.startedAt = new Date();
  }

  onTestRunStart(): void {
    this.startedAt = new Date();
    this.onRunStart?.();
  }

  async onTestRunEnd(testModules: ReadonlyArray<TestModule>): Promise<void> {
    const bySuite = requestsBySuite(testModules);
    this.collected = {
      // Records were redacted in the worker; the main thread's secrets (and merged shards' records) once more here.
      cases: runRedactor().redactDeep(collectCases(testModules)),
      startedAt: this.startedAt.toISOString(),
      endedAt: new Date().toISOString(),
      costLines: [formatRequestsBySuite(bySuite), formatSecondsBySuite(bySuite)],
    };
    await this.onCollected?.(this.collected);
  }
}
