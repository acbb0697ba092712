/**
 * What a run comes to, read from its result alone (pure, as fast-check's check() returns details and a formatter
 * says them): the facts the exit code is decided from, the decision, the counts the `N passed, N failed` line shows,
 * and the lines to print. The outputs' checks (a secret in a rendered file, a schema refusing one) are facts too:
 * the run concludes once before its outputs are written and once after, with what the checks found.
 */
import { commandAsTyped } from '../config/invocation.js';
import { heldExpectations } from '../expectations/apply-expectations.js';
import { failingDiagnosis } from '../inference/failing-diagnosis.js';
import { count } from '../inference/words.js';
import { keptCount, leftOnTargetLine } from '../ledger/left-on-target.js';
import { reportCounts } from '../report/report-counts.js';
import { countCollected } from '../vitest/collect-run.js';
import { formatCounts, type RunCounts } from '../vitest/summary-line-reporter.js';
import type { RunResult } from './execute-run.js';
import { exitDecision, type ExitDecision, type RunFacts } from './exit-decision.js';
import { githubAnnotations } from './github-output.js';

/** What the outputs' writer found (lib/report/outputs.ts): each a reason the run fails. */
export interface OutputChecks {
  /** A fragment of a secret in a rendered output, or in another file the run wrote. */
  secretFound?: boolean;
  /** Outputs held back because their schema refused what they render. */
  invalidOutputs?: readonly string[];
}

export interface Conclusion {
  facts: RunFacts;
  decision: ExitDecision;
  /** The count line's numbers: each reason the run fails that no case stands for counts once as a failure. */
  counts?: RunCounts;
  lines: {
    /** What the run found: the report's summary, the contract's lines, the requests and seconds by suite. */
    findings: string[];
    /** The run's own remarks after the reports: memory, drift, disagreements, what the cleanup left. */
    remarks: string[];
    /** GitHub's annotations, in a GitHub Actions job. */
    annotations: string[];
    /** `N passed, N failed, ...`: the last line before the exit line. */
    counts?: string;
  };
}

export function concludeRun(result: RunResult, checks: OutputChecks = {}): Conclusion {
  const facts = factsOf(result, checks);
  const decision = exitDecision(facts);
  const tally = tallyOf(result);
  const counts = tally === undefined ? undefined : { ...tally, failed: tally.failed + decision.runFailures.length };
  const report = result.finished?.report;
  const restIn = result.ci.stepSummary !== undefined ? 'job summary' : 'behaviour-report.html';
  return {
    facts,
    decision,
    ...(counts !== undefined ? { counts } : {}),
    lines: {
      findings: result.finished === undefined ? [] : [...result.finished.lines, ...(result.collected?.costLines ?? [])],
      remarks: remarksOf(result, facts),
      annotations: result.ci.githubActions ? githubAnnotations(report, decision, { restIn }) : [],
      ...(counts !== undefined ? { counts: formatCounts(counts) } : {}),
    },
  };
}

/** The passed and failed cases: the report's, or for a run without one (a shard) the collected cases'. */
function tallyOf(result: RunResult): (Omit<RunCounts, 'failed'> & { failed: number; expected: number }) | undefined {
  const report = result.finished?.report;
  if (report !== undefined) return reportCounts(report);
  const { collected, expectations } = result;
  if (collected === undefined) return undefined;
  const held = expectations === undefined ? undefined : heldExpectations(expectations.list, expectations.today);
  return countCollected(collected, (c) => held?.(c.record.id, c.record.verdict) !== undefined);
}

function factsOf(result: RunResult, checks: OutputChecks): RunFacts {
  const report = result.finished?.report;
  const diagnosis = failingDiagnosis(report?.diagnosis, report?.matrix.length ?? 0);
  const tally = tallyOf(result);
  const expectationFailures = (report?.expectations?.entries ?? []).flatMap((e) =>
    e.status === 'stale' || e.status === 'expired' ? [{ case: e.case, status: e.status, message: e.message }] : [],
  );
  return {
    casesRan: result.casesRan,
    failedCases: tally?.failed ?? 0,
    driftChanges: report?.drift?.changes.length ?? 0,
    leftOnTarget: result.ledger?.leftOnTarget.length ?? 0,
    cleanupUnknown: result.cleanupUnknown,
    ...(diagnosis !== undefined ? { failingDiagnosis: diagnosis } : {}),
    ...(report?.evidenceDisagreements !== undefined ? { evidenceDisagreements: report.evidenceDisagreements } : {}),
    contractDisagreements: report?.contract?.comparison?.disagreements.length ?? 0,
    secretFound: checks.secretFound === true,
    ...(checks.invalidOutputs !== undefined && checks.invalidOutputs.length > 0 ? { invalidOutputs: checks.invalidOutputs } : {}),
    ...(result.stoppedBy !== undefined ? { stoppedBy: result.stoppedBy } : {}),
    // The engine stopped the run because every first exchange failed at the connection: a setup error, said once.
    ...(report?.run.stopped?.by === 'connection' ? { connectionStop: report.run.stopped.why } : {}),
    ...(report?.run.stopped?.by === 'state' ? { stateStop: report.run.stopped.why } : {}),
    // It stopped because it cannot delete what it creates: the settings' to give, said once (lib/create/undo-guard.ts).
    ...(report?.run.stopped?.by === 'undo' ? { undoStop: report.run.stopped.why } : {}),
    ...(result.casesRan === 0 ? noCaseBecause(result) : {}),
    ...(result.expectations !== undefined ? { expectationFailures, expectedCases: tally?.expected ?? 0 } : {}),
  };
}

function remarksOf(result: RunResult, facts: RunFacts): string[] {
  const report = result.finished?.report;
  const drift = report?.drift;
  const lines = [`peak memory: ${result.peakMemoryMb} MB`];
  if (drift !== undefined && drift.changes.length > 0) {
    lines.push(
      `drift: ${drift.changes.length} change(s) from the baseline ${drift.baseline} (listed above); ` +
        `if intended, accept them with ${commandAsTyped('baseline', '--accept')}`,
    );
  }
  if (facts.contractDisagreements > 0) {
    lines.push(
      `contract: the target and ${result.contractShownAs ?? 'the contract'} disagree in ${facts.contractDisagreements} place(s) (listed above)`,
    );
  }
  if (facts.failingDiagnosis !== undefined) lines.push(`probe: ${facts.failingDiagnosis}`);
  for (const d of facts.evidenceDisagreements ?? []) lines.push(`probe: evidence disagrees: ${d}`);
  const kept = result.keepCreated === true ? keptCount(result.ledger) : 0;
  if (kept > 0)
    lines.push(
      `probe: kept ${count(kept, 'created subscription')} on the target (KEEP_CREATED): ${commandAsTyped('cleanup')} with DELETE_PATH deletes them`,
    );
  if (facts.leftOnTarget > 0 && result.ledger !== undefined)
    lines.push(`probe: ${leftOnTargetLine(result.ledger, report?.run.target ?? result.target)}`);
  if (facts.cleanupUnknown) {
    lines.push(
      `probe: the end-of-run cleanup did not finish (see above): what is left on the target is unknown; the ledger in ${result.ledgerDir} keeps it listed`,
    );
  }
  return lines;
}

/** Why no case ran, when the run can tell without an error of vitest's to point to. */
function noCaseBecause(result: RunResult): { noCaseBecause?: string } {
  if (result.mode === 'merge') return { noCaseBecause: "the shards' blobs hold no case" };
  if (result.filters.length > 0 && result.collected !== undefined)
    return { noCaseBecause: `no suite file matches ${result.filters.map((f) => JSON.stringify(f)).join(', ')}` };
  return {};
}
