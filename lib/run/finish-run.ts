/**
 * The end of a probe run: the report is built from the cases' records, the drift and the observed contract
 * are computed from it, the parts are assembled once, and every file is written once.
 */
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { diffBaseline } from '../baseline/diff-baseline.js';
import { extractBaseline } from '../baseline/extract-baseline.js';
import { reportDrift } from '../baseline/format-drift.js';
import type { Baseline } from '../baseline/types.js';
import type { Expectation } from '../expectations/types.js';
import { observeContract, writeContractStep, type GivenContract, type OpenApiSource } from '../contract/contract-step.js';
import { buildHar, harText } from '../har/build-har.js';
import { readExchangeLogs } from '../har/exchange-log.js';
import type { LedgerOutcome } from '../ledger/left-on-target.js';
import { runRedactor } from '../redaction/run-redactor.js';
import type { OperationSpec } from '../operation/types.js';
import { assembleReport } from '../report/assemble-report.js';
import { writeFileAtomic } from '../report/atomic-write.js';
import { buildBehaviourReport } from '../report/build-report.js';
import type { BehaviourReport, RunStop, TokenInfo } from '../report/types.js';
import { writeBehaviourReports } from '../report/write-reports.js';
import { formatConsoleSummary } from '../vitest/console-summary.js';
import { writeSarif, type OperationFile } from './sarif-step.js';
import type { CollectedCases } from '../vitest/probe-reporter.js';

export interface FinishInput {
  /** What the reporter collected from the suites: plain data, nothing written yet. */
  collected: Omit<CollectedCases, 'costLines'>;
  operation: OperationSpec;
  reportDir: string;
  suiteVersion: string;
  repeats: number;
  auth?: TokenInfo;
  baseline?: { baseline: Baseline; shownAs: string };
  contract?: GivenContract;
  /** The OpenAPI document the operation was built from (OPENAPI): the run writes an overlay for it. */
  openapi?: OpenApiSource;
  ledger?: Pick<LedgerOutcome, 'leftOnTarget' | 'duplicateIds'>;
  /** The worker's exchange logs (lib/har/exchange-log.ts), one per shard when merged: written as exchanges.har. */
  exchangeLogs?: readonly string[];
  /** What stopped the run before every case ran, when its caller did (Ctrl-C, SIGTERM). */
  stopped?: RunStop;
  /** The run's expectations (EXPECTATIONS), and today (YYYY-MM-DD, UTC) for their `until`. */
  expectations?: { file: string; list: readonly Expectation[]; today: string };
  /** The operation's file, where results.sarif points; without it, no SARIF is written. */
  operationFile?: OperationFile;
}

/** The name the HAR gives its creator. */
const CREATOR = 'subscription-conformance';

export interface FinishedRun {
  report: BehaviourReport;
  /** Every file written, each once. */
  written: string[];
  /** The end-of-run summary and the contract's lines, for the console. */
  lines: string[];
}

export async function finishRun(input: FinishInput): Promise<FinishedRun> {
  const { operation, collected, reportDir } = input;
  const built = buildBehaviourReport({
    operation: { id: operation.id, method: operation.method, path: operation.path, fields: operation.fields.map((f) => f.name) },
    cases: collected.cases,
    skipped: collected.skipped,
    notRun: collected.notRun,
    harnessErrors: collected.harnessErrors,
    startedAt: collected.startedAt,
    endedAt: collected.endedAt,
    suiteVersion: input.suiteVersion,
    repeats: input.repeats,
    ...(input.stopped !== undefined ? { stopped: input.stopped } : {}),
  });
  const given = input.baseline;
  const drift =
    given === undefined
      ? undefined
      : reportDrift(diffBaseline(given.baseline, extractBaseline(built, given.baseline.name)), given.shownAs, given.baseline.name);
  // The observed contract is written beside the report, which links it and shows its schema.
  const contract = await writeContractStep(await observeContract(built, operation, reportDir, input.contract, input.openapi), reportDir);
  const report = assembleReport({
    built,
    contract: contract.contract,
    ...(input.auth !== undefined ? { auth: input.auth } : {}),
    ...(drift !== undefined ? { drift } : {}),
    ...(input.ledger !== undefined ? { ledger: input.ledger } : {}),
    ...(input.expectations !== undefined ? { expectations: input.expectations } : {}),
  });
  const paths = await writeBehaviourReports(report, reportDir);
  const summaryPath = join(reportDir, 'summary.json');
  await writeFileAtomic(summaryPath, `${JSON.stringify({ run: report.run, counts: report.counts, cases: report.cases }, null, 2)}\n`);
  const harPath = input.exchangeLogs === undefined ? undefined : join(reportDir, 'exchanges.har');
  if (harPath !== undefined) {
    const logs = input.exchangeLogs ?? [];
    // A merged shard whose log did not reach the merge job (an artifact not uploaded) is said in the file.
    const missing = logs.length > 1 ? logs.filter((log) => !existsSync(log)).map((log) => basename(log)) : [];
    const comment = missing.length === 0 ? undefined : `no exchange log from ${missing.join(', ')}: that shard's exchanges are not here`;
    // Every string passes the run's redaction step once more: the main process knows every token of the run.
    const har = buildHar(readExchangeLogs(logs), { name: CREATOR, version: input.suiteVersion }, runRedactor(), comment);
    await writeFileAtomic(harPath, harText(har));
  }
  const sarifPath =
    input.operationFile === undefined ? undefined : await writeSarif(report, reportDir, input.operationFile, input.suiteVersion);
  return {
    report,
    written: [
      paths.json,
      paths.md,
      paths.html,
      summaryPath,
      ...(sarifPath !== undefined ? [sarifPath] : []),
      ...(harPath !== undefined ? [harPath] : []),
      ...contract.written,
    ],
    lines: [...formatConsoleSummary(report), ...contract.lines],
  };
}
