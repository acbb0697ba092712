/**
 * The probe's exit code, decided in one place from the facts of a finished run (README, "Exit codes").
 * A setup error found before anything is sent exits EXIT.setup where it is found; this decides the end.
 */
import { count } from '../inference/words.js';

export const EXIT = { ok: 0, failed: 1, setup: 2 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export interface RunFacts {
  /** Cases vitest ran (passed, failed or skipped); none means the run never started. */
  casesRan: number;
  /** Cases that failed: DEVIATES or ERROR. */
  failedCases: number;
  /** Changes from the given baseline. */
  driftChanges: number;
  /** Subscriptions this run could not delete. */
  leftOnTarget: number;
  /** The end-of-run cleanup did not finish: what is left on the target is unknown. */
  cleanupUnknown: boolean;
  /** Nothing was accepted for a reason outside the values sent (token, transport, redirects), in words. */
  failingDiagnosis?: string;
  /** Places where the target disagrees with the --contract given. */
  contractDisagreements: number;
  /** A secret was found in a file this run wrote. */
  secretFound: boolean;
  /** Outputs not written because their schema refused them (a bug of the tool): the run's files are not whole. */
  invalidOutputs?: readonly string[];
  /** What stopped the run before every case ran ("Ctrl-C", "SIGTERM"), if anything did. */
  stoppedBy?: string;
  /** Why the engine stopped the run when its first requests all failed at the connection: the setup's, exit 2. */
  connectionStop?: string;
  /** Why the run stopped creating: the target had no room for any of its creates (a full quota), exit 2. */
  stateStop?: string;
  /** Why the run stopped at its first accepted create: it cannot delete what it creates (exit 2, the settings to give). */
  undoStop?: string;
  /** Why no case ran, when none did and the run knows (a filter matching no suite, blobs holding none). */
  noCaseBecause?: string;
  /** Expectations that fail the run (lib/expectations): the case passes now, or their `until` has passed. */
  expectationFailures?: readonly { case: string; status: 'stale' | 'expired'; message: string }[];
  /** Skips that rest on a fact the run's presence evidence contradicts (a shard that learnt its own). */
  evidenceDisagreements?: readonly string[];
  /** Cases that ended as an expectation said: they do not fail the run. */
  expectedCases?: number;
}

/** A reason the run fails that no test case carries: CI's test report gets a failing case for each. */
export interface RunFailure {
  /** A stable id, the JUnit case name: `run/drift`, `run/left-on-target`, ... */
  id: string;
  message: string;
}

export interface ExitDecision {
  code: ExitCode;
  /** One line: why the run ends with this code. */
  reason: string;
  /** The reasons no failing case stands for (drift, left-overs, a secret found, ...). */
  runFailures: RunFailure[];
}

export function exitDecision(facts: RunFacts): ExitDecision {
  if (facts.casesRan === 0 && facts.stoppedBy !== undefined) {
    const message = `stopped by ${facts.stoppedBy} before any case finished`;
    return { code: EXIT.failed, reason: `${message}; no report was written`, runFailures: [{ id: 'run/interrupted', message }] };
  }
  if (facts.casesRan === 0) {
    const why = facts.noCaseBecause ?? 'the run could not start (see the error above)';
    return { code: EXIT.setup, reason: `no case ran: ${why}; no report was written`, runFailures: [] };
  }
  if (facts.connectionStop !== undefined) {
    // Nothing the target did was seen: whatever the cases say rests on no answer, so the setup's cause is the reason.
    return { code: EXIT.setup, reason: facts.connectionStop, runFailures: [{ id: 'run/connection', message: facts.connectionStop }] };
  }
  if (facts.stateStop !== undefined) {
    // What exists on the target left no room for the run's creates: nothing later could be probed, the setup's to fix.
    return { code: EXIT.setup, reason: facts.stateStop, runFailures: [{ id: 'run/target-state', message: facts.stateStop }] };
  }
  if (facts.undoStop !== undefined) {
    // A setting is missing, not a fault of the target: the one line says which, and what the run left.
    return { code: EXIT.setup, reason: facts.undoStop, runFailures: [{ id: 'run/cannot-delete', message: facts.undoStop }] };
  }
  const runFailures: RunFailure[] = [
    facts.driftChanges > 0 ? { id: 'run/drift', message: `${count(facts.driftChanges, 'change')} from the baseline` } : undefined,
    facts.leftOnTarget > 0
      ? { id: 'run/left-on-target', message: `${count(facts.leftOnTarget, 'subscription')} left on the target` }
      : undefined,
    facts.cleanupUnknown ? { id: 'run/cleanup', message: 'the cleanup did not finish: what is left on the target is unknown' } : undefined,
    facts.failingDiagnosis !== undefined ? { id: 'run/nothing-accepted', message: facts.failingDiagnosis } : undefined,
    ...(facts.evidenceDisagreements ?? []).map((message, i) => ({ id: `run/evidence-disagrees-${i + 1}`, message })),
    facts.contractDisagreements > 0
      ? { id: 'run/contract', message: `the target disagrees with the contract in ${count(facts.contractDisagreements, 'place')}` }
      : undefined,
    facts.secretFound ? { id: 'run/secret-in-output', message: 'a secret was found in a file this run wrote' } : undefined,
    facts.invalidOutputs !== undefined && facts.invalidOutputs.length > 0
      ? { id: 'run/invalid-output', message: `not written, as its schema refuses it: ${facts.invalidOutputs.join(', ')}` }
      : undefined,
    facts.stoppedBy !== undefined ? { id: 'run/interrupted', message: `stopped by ${facts.stoppedBy} before every case ran` } : undefined,
    ...(facts.expectationFailures ?? []).map((e) => ({ id: `run/expectation-${e.status}/${e.case}`, message: e.message })),
  ].filter((r): r is RunFailure => r !== undefined);
  const reasons = [
    facts.failedCases > 0
      ? `${count(facts.failedCases, 'case')} failed (DEVIATES or ERROR${facts.expectationFailures === undefined ? '' : ', not as expected'})`
      : undefined,
    ...runFailures.map((f) => f.message),
  ].filter((r): r is string => r !== undefined);
  if (reasons.length > 0) return { code: EXIT.failed, reason: reasons.join('; '), runFailures };
  const expected = facts.expectedCases ?? 0;
  const holds = expected === 0 ? 'every case holds' : `every case holds or deviates as expected (${expected} expected)`;
  return { code: EXIT.ok, reason: `${holds} and nothing drifted, was left behind or leaked`, runFailures };
}

/** The last line of the run: the code and its reason, so that it agrees with the exit status. */
export const exitLine = (decision: Pick<ExitDecision, 'code' | 'reason'>): string => `probe: exit ${decision.code}: ${decision.reason}`;
