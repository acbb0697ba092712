/**
 * The operation's IDL4OAS `x-dependencies` (the inter-parameter dependency language RESTest reads: `IF a THEN b;`,
 * `OnlyOne(a, b);`, ...) and, beside them in the operation's `x-observed`, where each statement came from: the
 * combinations answered, how many of them break the statement (every one was refused, or it would not be stated),
 * the repeats per combination and the run. `x-dependencies` is written only when the statements and the roles
 * together are the rule exactly; otherwise the statements are listed as observed facts only, and say so.
 */
import { fromIdl, holds } from '../inference/idl-statement.js';
import type { BehaviourReport } from '../report/types.js';
import { maskOf } from '../rule/field-set.js';

export interface DependencyEvidence {
  idl: string;
  /** Combinations answered accepted or rejected in the run, of `possible`. */
  combinationsAnswered: number;
  possible: number;
  /** Answered combinations that break the statement: each was refused. */
  breaking: number;
  /** Answered combinations accepted: the statement holds on each. */
  accepted: number;
  repeats: number;
  /** The run's id: its start, as behaviour-report.json's run.startedAt says it. */
  runId: string;
  /** Whether the statement is in `x-dependencies` (the statements and roles are the rule exactly). */
  inXDependencies: boolean;
}

export interface IdlExtension {
  /** Present only when the statements describe the rule exactly. */
  xDependencies?: string[];
  evidence: DependencyEvidence[];
}

export function idlExtension(report: BehaviourReport, fields: readonly string[]): IdlExtension {
  const exact = report.rule.dependenciesExact && report.rule.dependencyDetails.length > 0;
  const index = new Map(fields.map((f, i) => [f, i]));
  const answered = report.matrix.filter((m) => m.outcome === 'accepted' || m.outcome === 'rejected');
  const evidence = report.rule.dependencyDetails.map((statement): DependencyEvidence => {
    const internal = fromIdl(index, statement);
    const broken =
      internal === undefined
        ? []
        : answered.filter((m) => {
            const mask = maskOf(index, m.present);
            return mask !== undefined && !holds(internal, mask);
          });
    return {
      idl: statement.text,
      combinationsAnswered: answered.length,
      possible: 2 ** fields.length,
      breaking: broken.length,
      accepted: answered.filter((m) => m.outcome === 'accepted').length,
      repeats: report.run.repeats,
      runId: report.run.startedAt,
      inXDependencies: exact,
    };
  });
  return { ...(exact ? { xDependencies: report.rule.dependencyDetails.map((d) => d.text) } : {}), evidence };
}
