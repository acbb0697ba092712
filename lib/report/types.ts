import type { Verdict, MatrixOutcome } from '../outcome.js';
import type { Diagnosis, IdlStatement, PresenceRole, RejectionGroup } from '../inference/types.js';
import type { ExampleExchange } from '../case-record.js';

/**
 * The behaviour report (reports/behaviour-report.json). Other tools read these keys:
 * keep `run`, `fields.<name>.presence`, `rule.expression`, `rule.dependencies`, `matrix`.
 * Its JSON Schema is lib/report/behaviour-report.schema.json; the writer validates against it.
 */
export interface BehaviourReport {
  reportVersion: 1;
  run: RunInfo;
  operation: { id: string; method: string; path: string; fields: string[] };
  /** One entry per field; empty when nothing was accepted (see `diagnosis`). */
  fields: Record<string, { presence: PresenceRole; explanation: string }>;
  rule: {
    expression: string;
    /** IDL statements, e.g. `OnlyOne(changeType, resource);`. */
    dependencies: string[];
    dependencyDetails: IdlStatement[];
    dependenciesExact: boolean;
    /** Combinations with no usable evidence (unstable, error, not sent). */
    unknown: string[][];
  };
  matrix: MatrixEntry[];
  rejectionGroups: RejectionGroup[];
  diagnosis?: Diagnosis;
  cases: CaseSummary[];
  counts: Record<Verdict, number>;
  /** Every INFORMATIONAL finding in plain words. */
  findings: string[];
}

export interface RunInfo {
  target: string;
  /** `embedded-reference` when the probe started its own reference service. */
  targetKind: 'embedded-reference' | 'configured';
  referenceProfile?: string;
  startedAt: string;
  endedAt: string;
  requestsSent: number;
  suiteVersion: string;
  /** Seed of the property-based suites in this run (replay with SEED). */
  seed?: number;
  /** Set when the request budget or the run's time limit stopped it early. */
  stoppedEarly?: string;
  repeats: number;
}

export interface MatrixEntry {
  present: string[];
  status: number | null;
  outcome: MatrixOutcome;
  errorCode?: string;
  errorMessage?: string;
  statuses?: (number | null)[];
  example?: ExampleExchange;
}

export interface CaseSummary {
  id: string;
  name: string;
  specRef: string;
  verdict: Verdict;
  finding?: string;
  expected?: string;
  observed?: string;
}
