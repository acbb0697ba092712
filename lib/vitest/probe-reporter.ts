import { join } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { diffBaseline } from '../baseline/diff-baseline.js';
import { extractBaseline } from '../baseline/extract-baseline.js';
import { reportDrift } from '../baseline/format-drift.js';
import type { Baseline } from '../baseline/types.js';
import type { CaseRecord } from '../case-record.js';
import { contractStep, type GivenContract } from '../contract/contract-step.js';
import type { OperationSpec } from '../operation/types.js';
import { writeFileAtomic } from '../report/atomic-write.js';
import { buildBehaviourReport, type CaseInput } from '../report/build-report.js';
import type { BehaviourReport, TokenInfo } from '../report/types.js';
import { writeBehaviourReports } from '../report/write-reports.js';
import { runRedactor } from '../redaction/run-redactor.js';
import { formatConsoleSummary } from './console-summary.js';
import { formatRequestsBySuite, formatSecondsBySuite, requestsBySuite } from './requests-by-suite.js';

export interface ProbeReporterOptions {
  reportDir: string;
  operation: OperationSpec;
  repeats: number;
  suiteVersion: string;
  /** The baseline to compare the run with (BASELINE): the drift goes into the report and the console. */
  baseline?: { baseline: Baseline; shownAs: string };
  /** Where the token came from (client credentials), read when the run ends so that renewals count. */
  auth?: () => TokenInfo;
  /** The contract to compare the target with (--contract): disagreements go into the report and the console. */
  contract?: GivenContract;
  log?: (line: string) => void;
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
 * Writes the run's reports at the end of every probe run, also when cases failed:
 * the behaviour report (json, md, html) and summary.json (cases and outcomes); given a
 * baseline, the report carries the drift from it.
 */
export class ProbeReporter implements Reporter {
  report: BehaviourReport | undefined;
  written: string[] = [];
  private startedAt = new Date();
  /** observed-openapi.json and .yaml, written once at the end of the run. */
  private contractWritten: string[] = [];

  constructor(private readonly options: ProbeReporterOptions) {}

  onInit(): void {
    this.startedAt = new Date();
  }

  async onTestRunEnd(testModules: ReadonlyArray<TestModule>): Promise<void> {
    const { operation } = this.options;
    const log = this.options.log ?? ((line: string) => console.log(line));
    // Records were redacted in the worker; the main thread's secrets (and merged shards' records) once more here.
    const cases = runRedactor().redactDeep(collectCases(testModules));
    const report = buildBehaviourReport({
      operation: { id: operation.id, method: operation.method, path: operation.path, fields: operation.fields.map((f) => f.name) },
      cases,
      startedAt: this.startedAt.toISOString(),
      endedAt: new Date().toISOString(),
      suiteVersion: this.options.suiteVersion,
      repeats: this.options.repeats,
    });
    if (this.options.auth !== undefined) report.run.auth = this.options.auth();
    const given = this.options.baseline;
    if (given !== undefined) {
      const drift = diffBaseline(given.baseline, extractBaseline(report, given.baseline.name));
      report.drift = reportDrift(drift, given.shownAs, given.baseline.name);
    }
    // The observed contract (issue 12) is written beside the report, which links it and shows its schema.
    const contract = await contractStep(report, operation, this.options.reportDir, this.options.contract);
    report.contract = contract.contract;
    this.contractWritten = contract.written;
    await this.rewrite(report);
    for (const line of [...formatConsoleSummary(report), ...contract.lines]) log(line);
    const bySuite = requestsBySuite(testModules);
    log(formatRequestsBySuite(bySuite));
    log(formatSecondsBySuite(bySuite));
  }

  /**
   * Writes (again) the reports of `report`: bin/probe.ts adds what the end-of-run cleanup left on
   * the target, known only after vitest's teardown, which comes after this reporter.
   */
  async rewrite(report: BehaviourReport): Promise<void> {
    const { reportDir } = this.options;
    this.report = report;
    const paths = await writeBehaviourReports(report, reportDir);
    const summaryPath = join(reportDir, 'summary.json');
    await writeFileAtomic(
      summaryPath,
      `${JSON.stringify({ run: report.run, counts: report.counts, cases: report.cases }, null, 2)}\n`,
    );
    this.written = [paths.json, paths.md, paths.html, summaryPath, ...this.contractWritten];
  }
}
