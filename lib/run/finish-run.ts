/**
 * The end of a probe run, as data: the report is built from the cases' records, the drift and the observed contract
 * are computed from it, the parts are assembled once, and the run's exchanges are read for the HAR. Nothing is written
 * here: the outputs (lib/run/run-outputs.ts) are rendered from what this returns, and written together.
 */
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { diffBaseline } from '../baseline/diff-baseline.js';
import { extractBaseline } from '../baseline/extract-baseline.js';
import { reportDrift } from '../baseline/format-drift.js';
import type { Baseline } from '../baseline/types.js';
import type { Expectation } from '../expectations/types.js';
import { observeContract, type GivenContract, type ObservedContract, type OpenApiSource } from '../contract/contract-step.js';
import type { TaggedExchange } from '../har/build-har.js';
import { loggedRequests, readExchangeLogs } from '../har/exchange-log.js';
import type { LedgerOutcome } from '../ledger/left-on-target.js';
import type { OperationSpec } from '../operation/types.js';
import type { ValidationSpelling } from '../receiver/validation-spelling.js';
import { assembleReport } from '../report/assemble-report.js';
import { buildBehaviourReport } from '../report/build-report.js';
import type { BehaviourReport, RunStop, TokenInfo } from '../report/types.js';
import { formatConsoleSummary } from '../vitest/console-summary.js';
import { caseLines } from '../vitest/probe-console.js';
import type { CollectedCases } from '../vitest/probe-reporter.js';

export interface FinishInput {
  /** What the reporter collected from the suites: plain data, nothing written yet. */
  collected: Omit<CollectedCases, 'costLines'>;
  operation: OperationSpec;
  /** Where the reports go: the observed contract's console line names its file there. */
  reportDir: string;
  suiteVersion: string;
  repeats: number;
  auth?: TokenInfo;
  baseline?: { baseline: Baseline; shownAs: string };
  contract?: GivenContract;
  /** The OpenAPI document the operation was built from (OPENAPI): the contract step renders an overlay for it. */
  openapi?: OpenApiSource;
  ledger?: Pick<LedgerOutcome, 'leftOnTarget' | 'duplicateIds' | 'requests'>;
  /** The worker's exchange logs (lib/har/exchange-log.ts), one per shard when merged: the HAR's entries. */
  exchangeLogs?: readonly string[];
  /** What stopped the run before every case ran, when its caller did (Ctrl-C, SIGTERM). */
  stopped?: RunStop;
  /** How the target spelled the validation parameter, when the run's receiver got a validation request. */
  validation?: ValidationSpelling;
  /** The records come from several shards' blobs. */
  merged?: boolean;
  /** The run's expectations (EXPECTATIONS), and today (YYYY-MM-DD, UTC) for their `until`. */
  expectations?: { file: string; list: readonly Expectation[]; today: string };
}

export interface FinishedRun {
  report: BehaviourReport;
  /** The observed contract, its document and whether it is valid OpenAPI 3.1. */
  contract: ObservedContract;
  /** Every exchange of the run, for the HAR; undefined when the run kept no log. */
  exchanges?: { entries: TaggedExchange[]; comment?: string };
  /** The end-of-run summary and the contract's lines, for the console. */
  lines: string[];
}

export async function finishRun(input: FinishInput): Promise<FinishedRun> {
  const { operation, collected } = input;
  const exchanges = input.exchangeLogs === undefined ? undefined : readExchanges(input.exchangeLogs);
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
    ...(input.merged === true ? { merged: true } : {}),
    ...(input.validation !== undefined ? { validation: input.validation } : {}),
    suites: collected.suites,
    requests: {
      ...(exchanges !== undefined ? { logged: loggedRequests(exchanges.entries) } : {}),
      ...(input.ledger?.requests !== undefined ? { ledger: input.ledger.requests } : {}),
    },
  });
  const given = input.baseline;
  const drift =
    given === undefined
      ? undefined
      : reportDrift(diffBaseline(given.baseline, extractBaseline(built, given.baseline.name)), given.shownAs, given.baseline.name);
  const contract = await observeContract(built, operation, input.reportDir, input.contract, undefined, input.openapi);
  const report = assembleReport({
    built,
    contract: contract.contract,
    ...(input.auth !== undefined ? { auth: input.auth } : {}),
    ...(drift !== undefined ? { drift } : {}),
    ...(input.ledger !== undefined ? { ledger: input.ledger } : {}),
    ...(input.expectations !== undefined ? { expectations: input.expectations } : {}),
  });
  return {
    report,
    contract,
    ...(exchanges !== undefined ? { exchanges } : {}),
    // A merge printed no case line while it replayed the shards: the merged verdicts are said here, once.
    lines: [...(input.merged === true ? caseLines(report.cases) : []), ...formatConsoleSummary(report), ...contract.lines],
  };
}

/** The logs' exchanges; a merged shard whose log did not reach the merge job (an artifact not uploaded) is said. */
function readExchanges(logs: readonly string[]): NonNullable<FinishedRun['exchanges']> {
  const missing = logs.length > 1 ? logs.filter((log) => !existsSync(log)).map((log) => basename(log)) : [];
  const entries = readExchangeLogs(logs);
  return missing.length === 0
    ? { entries }
    : { entries, comment: `no exchange log from ${missing.join(', ')}: that shard's exchanges are not here` };
}
