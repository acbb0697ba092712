/**
 * `explain --hint REPORT`: a recorded behaviour report as a hint for an online explain. The report's
 * prediction (offline.ts: the change of fields to the nearest accepted combination) becomes the first
 * toggle set asked (explain.ts, seed.ts); every conclusion still rests on the target's answers, so a
 * wrong prediction costs requests, never the right answer.
 *
 * A report of another operation or another target is not used: its fields or its answers speak of
 * something else, and its prediction would only spend requests. Nor is one that predicts nothing for
 * this body. Each case is one line, saying why.
 */
import { reportTarget, sameTarget, targetWords, type RunTarget } from '../config/run-target.js';
import { changeWords, readMatrix, sameSet, type OfflineReport } from './offline.js';

/** The target explain asks, as a report's run names one (lib/config/run-target.ts). */
export type HintTarget = RunTarget;

export interface ReportHint {
  /**
   * Toggle sets to ask first (fields to take out when present, add when absent), one per accepted
   * combination the matrix has as near: explain asks one of them. Empty when the report is not used.
   */
  predicted: string[][];
  /**
   * Only when the report is used (its matrix records this body's combination refused): the fields whose toggle alone
   * (taken out when present, added when absent) it records refused too. explain does not ask those again, and says so.
   */
  refusedSingles?: string[];
  /** One line for the user: what the report predicts, or why it was not used. */
  line: string;
}

export function reportHint(
  report: OfflineReport,
  label: string,
  body: Readonly<Record<string, unknown>>,
  asked: { operation: { method: string; path: string }; target: HintTarget },
): ReportHint {
  const notUsed = (why: string): ReportHint => ({ predicted: [], line: `hint: ${label} not used: ${why}` });
  const { method, path } = report.operation;
  if (method === undefined || path === undefined)
    return notUsed('it names no operation method and path, so it cannot be told to be of this operation');
  const operation = `${asked.operation.method} ${asked.operation.path}`;
  if (`${method.toUpperCase()} ${path}` !== `${asked.operation.method.toUpperCase()} ${asked.operation.path}`) {
    return notUsed(`it is of ${method} ${path}, not ${operation}, the operation explained`);
  }
  const of = reportTarget(report.run);
  if (of === undefined || !sameTarget(of, asked.target)) {
    return notUsed(
      `it was made against ${of === undefined ? report.run.target : targetWords(of)}, not ${targetWords(asked.target)}, which explain asks`,
    );
  }
  const reading = readMatrix(report, body);
  if (reading.entry === undefined) return notUsed('its matrix has no entry for this combination of fields');
  if (reading.entry.outcome !== 'rejected')
    return notUsed(`its matrix recorded this combination of fields ${reading.entry.outcome}, so it predicts no change of fields`);
  const [first, ...asNear] = reading.changes;
  if (first === undefined) return notUsed('its matrix has no accepted combination to move to');
  const also = asNear.length === 0 ? '' : ` (or, as near, ${asNear.map(changeWords).join(' or ')})`;
  const toggled = (f: string): string[] => (reading.present.includes(f) ? reading.present.filter((x) => x !== f) : [...reading.present, f]);
  const refusedSingles = report.operation.fields.filter((f) =>
    report.matrix.some((m) => m.outcome === 'rejected' && sameSet(m.present, toggled(f))),
  );
  return {
    predicted: reading.changes.map((c) => [...c.removed, ...c.added]),
    refusedSingles,
    line: `hint: ${label} (made ${report.run.startedAt}) predicts: ${changeWords(first)}${also}; asked first, and concluded from this target's answers only`,
  };
}
