import { statusOrNoAnswer } from '../http/answer-text.js';
import { formatCombination } from '../rule/field-set.js';
import { comparedText, notComparedText } from '../report/drift-words.js';
import type { DriftLine, ReportDrift } from '../report/types.js';
import type { BaselineAnswer, BaselineLimit, Drift, DriftChange } from './types.js';

/**
 * Drift in words, one line per change, `subject: before -> after`:
 *   resource: forbidden -> required
 *   rule: notificationUrl && expirationDateTime -> notificationUrl
 *   {notificationUrl, resource}: 400 invalidRequest -> 201
 *   notificationUrl http-absolute: accepted 201 -> rejected 400 invalidRequest
 *   clientState longest accepted clientState: 255 -> 128 characters
 */
export function driftLine(change: DriftChange): DriftLine {
  switch (change.kind) {
    case 'role':
      return line(change, { field: change.field }, change.field, roleText(change.from), roleText(change.to));
    case 'rule':
      return line(change, {}, 'rule', change.from, change.to);
    case 'dependencies':
      return line(change, {}, 'dependencies', listText(change.from), listText(change.to));
    case 'matrix':
      return line(change, { present: change.present }, formatCombination(change.present), statusText(change.from), statusText(change.to));
    case 'value':
      return line(
        change,
        { field: change.field, classId: change.classId },
        `${change.field} ${change.classId}`,
        valueText(change.from),
        valueText(change.to),
      );
    case 'limit': {
      const subject = `${change.field} ${change.name}`;
      const { from, to } = change;
      const before = limitText(from);
      const after = limitText(to);
      // Both pinned, same unit: `255 -> 128 characters` reads better than the unit twice.
      const message =
        from.unit === to.unit && isExact(from) && isExact(to)
          ? `${subject}: ${from.value} -> ${to.value} ${to.unit}`
          : `${subject}: ${before} -> ${after}`;
      return { kind: 'limit', field: change.field, limit: change.name, subject, before, after, message };
    }
    case 'lifecycle':
      return line(change, {}, `lifecycle ${change.fact}`, change.from, change.to);
  }
}

/** The report's `drift` section. */
export function reportDrift(drift: Drift, baseline: string, name: string): ReportDrift {
  return {
    baseline,
    name,
    changes: drift.changes.map(driftLine),
    compared: drift.compared,
    notCompared: drift.notCompared,
    ...(drift.ruleNotCompared !== undefined ? { ruleNotCompared: drift.ruleNotCompared } : {}),
    ...(drift.otherTarget !== undefined
      ? {
          otherTarget: `the baseline ${baseline} was made against ${drift.otherTarget.baseline}, not ${drift.otherTarget.run}, which this run probed: the drift compares two targets`,
        }
      : {}),
  };
}

/** The console lines: a heading with the count, each change, what was compared and what was not. */
export function formatDrift(drift: ReportDrift): string[] {
  const from = `drift from baseline ${drift.baseline} (${drift.name})`;
  const n = drift.changes.length;
  const lines = [
    ...(drift.otherTarget === undefined ? [] : [`NOTE: ${drift.otherTarget}`]),
    n === 0 ? `${from}: none` : `${from}: ${n} change${n === 1 ? '' : 's'}`,
  ];
  for (const change of drift.changes) lines.push(`  ${change.message}`);
  lines.push(`  compared: ${comparedText(drift)}`);
  const skipped = notComparedText(drift);
  if (skipped !== undefined) lines.push(`  not compared: ${skipped}`);
  return lines;
}

function line(change: DriftChange, keys: Partial<DriftLine>, subject: string, before: string, after: string): DriftLine {
  return { kind: change.kind, ...keys, subject, before, after, message: `${subject}: ${before} -> ${after}` };
}

function roleText(role: string | undefined): string {
  return role ?? 'no role (nothing accepted)';
}

function listText(items: readonly string[]): string {
  return items.length === 0 ? '(none)' : items.join(' ');
}

/** `400 invalidRequest`, `201`. */
function statusText(a: BaselineAnswer): string {
  if (a.outcome === 'unstable') return 'unstable';
  if (a.status === null) return statusOrNoAnswer(null);
  return a.errorCode === undefined ? String(a.status) : `${a.status} ${a.errorCode}`;
}

/** `accepted 201`, `rejected 400 invalidRequest`. */
function valueText(a: BaselineAnswer): string {
  return a.outcome === 'unstable' || a.status === null ? statusText(a) : `${a.outcome} ${statusText(a)}`;
}

/** `255 characters`, `at least 4096 characters`, `not pinned (1 rejected)`, `no verdict`. */
function limitText(l: BaselineLimit): string {
  if (l.noVerdict === true) return 'no verdict';
  if (l.undetermined === true) return 'undetermined (the search stopped short)';
  if (l.value !== undefined) return `${l.firstRejected === undefined ? 'at least ' : ''}${l.value} ${l.unit}`;
  return l.firstRejected === undefined ? 'not pinned' : `not pinned (${l.firstRejected} rejected)`;
}

function isExact(l: BaselineLimit): l is BaselineLimit & { value: number } {
  return l.noVerdict !== true && l.undetermined !== true && l.value !== undefined && l.firstRejected !== undefined;
}
