import { sameTarget, type RunTarget } from '../config/run-target.js';
import { combinationKey } from '../rule/field-set.js';
import type { Baseline, BaselineAnswer, BaselineLimit, BaselineTarget, Drift, DriftChange, NotCompared } from './types.js';

type Reason = NotCompared['reason'];

/** Combinations compared and those that changed; the others counted as not compared, and those only in the run. */
function matrixDrift(baseline: Baseline, current: Baseline, skipped: Tally): { compared: number; changes: DriftChange[] } {
  const changes: DriftChange[] = [];
  let compared = 0;
  const runMatrix = new Map(current.matrix.map((c) => [combinationKey(c.present), c]));
  const baseMatrix = new Map(baseline.matrix.map((c) => [combinationKey(c.present), c]));
  for (const before of baseline.matrix) {
    const after = runMatrix.get(combinationKey(before.present));
    const reason = whyNotCompared(before, after);
    if (reason !== undefined) skipped.add('matrix', reason);
    else if (after !== undefined) {
      compared += 1;
      if (!sameAnswer(before, after)) changes.push({ kind: 'matrix', present: after.present, from: answer(before), to: answer(after) });
    }
  }
  for (const c of current.matrix) if (!baseMatrix.has(combinationKey(c.present))) skipped.add('matrix', 'only-in-run');
  return { compared, changes };
}

/** Why a limit is not compared: on one side only, no verdict, or not pinned. */
function whyLimitNotCompared(was: BaselineLimit | undefined, now: BaselineLimit | undefined): Reason | undefined {
  if (was === undefined) return 'only-in-run';
  if (now === undefined) return 'only-in-baseline';
  if (was.noVerdict === true || now.noVerdict === true) return 'no-verdict';
  if (was.undetermined === true || now.undetermined === true) return 'undetermined';
  return undefined;
}

interface ValueDrift {
  valueClasses: number;
  limits: number;
  valueChanges: DriftChange[];
  limitChanges: DriftChange[];
}

/** Each field's value classes and limits, field by field: what was compared and what changed. */
function valueDrift(baseline: Baseline, current: Baseline, skipped: Tally): ValueDrift {
  const drift: ValueDrift = { valueClasses: 0, limits: 0, valueChanges: [], limitChanges: [] };
  for (const field of union(Object.keys(baseline.values), Object.keys(current.values))) {
    const before = baseline.values[field] ?? { classes: {}, limits: {} };
    const after = current.values[field] ?? { classes: {}, limits: {} };
    for (const classId of union(Object.keys(before.classes), Object.keys(after.classes))) {
      const was = before.classes[classId];
      const now = after.classes[classId];
      const reason = was === undefined ? 'only-in-run' : whyNotCompared(was, now);
      if (reason !== undefined) skipped.add('values', reason);
      else if (was !== undefined && now !== undefined) {
        drift.valueClasses += 1;
        if (!sameAnswer(was, now)) drift.valueChanges.push({ kind: 'value', field, classId, from: was, to: now });
      }
    }
    for (const name of union(Object.keys(before.limits), Object.keys(after.limits))) {
      const was = before.limits[name];
      const now = after.limits[name];
      const reason = whyLimitNotCompared(was, now);
      if (reason !== undefined) skipped.add('limits', reason);
      else if (was !== undefined && now !== undefined) {
        drift.limits += 1;
        if (!sameLimit(was, now)) drift.limitChanges.push({ kind: 'limit', field, name, from: was, to: now });
      }
    }
  }
  return drift;
}

/** A baseline or run without the lifecycle suite compares none of its facts, and says so only when the other has them. */
function lifecycleDrift(baseline: Baseline, current: Baseline, skipped: Tally): { compared: number; changes: DriftChange[] } {
  const changes: DriftChange[] = [];
  let compared = 0;
  const [wasFacts, nowFacts] = [baseline.lifecycle ?? {}, current.lifecycle ?? {}];
  for (const fact of union(Object.keys(wasFacts), Object.keys(nowFacts))) {
    const was = wasFacts[fact];
    const now = nowFacts[fact];
    if (was === undefined) skipped.add('lifecycle', 'only-in-run');
    else if (now === undefined) skipped.add('lifecycle', 'only-in-baseline');
    else {
      compared += 1;
      if (was !== now) changes.push({ kind: 'lifecycle', fact, from: was, to: now });
    }
  }
  return { compared, changes };
}

/**
 * What changed from `baseline` to `current` (both from extract-baseline.ts). A combination or value
 * class is compared only when both sides have it and both got a single answer: one unstable on
 * either side, or without a verdict (error), or missing from one side (a filtered or stopped run),
 * is counted as not compared, never reported as drift. The rule, roles and dependencies are derived
 * from the whole matrix, so they are compared only when both matrices are complete and stable;
 * otherwise the matrix comparison alone says what changed.
 */
export function diffBaseline(baseline: Baseline, current: Baseline): Drift {
  const skipped = new Tally();
  const ruleNotCompared = whyRuleNotCompared(baseline, current);
  const rule = ruleNotCompared === undefined ? ruleChanges(baseline, current, skipped) : [];
  const matrix = matrixDrift(baseline, current, skipped);
  const values = valueDrift(baseline, current, skipped);
  const lifecycle = lifecycleDrift(baseline, current, skipped);
  return {
    changes: [...rule, ...matrix.changes, ...values.valueChanges, ...values.limitChanges, ...lifecycle.changes],
    compared: {
      combinations: matrix.compared,
      valueClasses: values.valueClasses,
      limits: values.limits,
      ruleAndRoles: ruleNotCompared === undefined,
      ...(lifecycle.compared > 0 ? { lifecycleFacts: lifecycle.compared } : {}),
    },
    notCompared: skipped.list(),
    ...(ruleNotCompared !== undefined ? { ruleNotCompared } : {}),
    ...otherTarget(baseline.target, current.target),
  };
}

/** The two targets in words when they are not the same one (lib/config/run-target.ts). */
function otherTarget(baseline: BaselineTarget, run: BaselineTarget): Pick<Drift, 'otherTarget'> {
  const words = (t: BaselineTarget): string =>
    t.kind === 'embedded-reference'
      ? `the embedded reference (profile ${t.referenceProfile ?? 'default'})`
      : (t.baseUrl ?? 'a configured target');
  const target = (t: BaselineTarget): RunTarget =>
    t.kind === 'embedded-reference' ? { kind: t.kind, profile: t.referenceProfile ?? 'default' } : { kind: t.kind, url: t.baseUrl ?? '' };
  return sameTarget(target(baseline), target(run)) ? {} : { otherTarget: { baseline: words(baseline), run: words(run) } };
}

/**
 * Roles (in the operation's field order), then the rule, then the dependencies as a set. A role
 * undetermined on either side is not compared: what the unknown combinations leave open is no
 * evidence that the target changed.
 */
function ruleChanges(baseline: Baseline, current: Baseline, skipped: Tally): DriftChange[] {
  const changes: DriftChange[] = [];
  for (const field of union(current.operation.fields, baseline.operation.fields)) {
    const from = baseline.fields[field];
    const to = current.fields[field];
    if (from === 'undetermined' || to === 'undetermined') skipped.add('roles', 'undetermined');
    else if (from !== to) changes.push({ kind: 'role', field, from, to });
  }
  if (baseline.rule.expression !== current.rule.expression) {
    changes.push({ kind: 'rule', from: baseline.rule.expression, to: current.rule.expression });
  }
  const was = new Set(baseline.rule.dependencies);
  const now = new Set(current.rule.dependencies);
  if (was.size !== now.size || [...was].some((d) => !now.has(d))) {
    changes.push({ kind: 'dependencies', from: [...baseline.rule.dependencies], to: [...current.rule.dependencies] });
  }
  return changes;
}

/**
 * The rule and roles are inferred from the whole matrix: they are compared when both matrices hold
 * the same combinations (all of them, unless the adaptive explorer chose), each with one answer.
 */
function whyRuleNotCompared(baseline: Baseline, current: Baseline): string | undefined {
  const settled = (b: Baseline): number => b.matrix.filter((c) => c.outcome === 'accepted' || c.outcome === 'rejected').length;
  const keys = (b: Baseline): Set<string> => new Set(b.matrix.map((c) => combinationKey(c.present)));
  const [was, now] = [keys(baseline), keys(current)];
  const sameSet = was.size === now.size && [...was].every((k) => now.has(k));
  if (sameSet && was.size > 0 && settled(baseline) === was.size && settled(current) === now.size) return undefined;
  const side = (b: Baseline): string => `${b.matrix.length} combination${b.matrix.length === 1 ? '' : 's'}, ${settled(b)} with one answer`;
  return `compared only when both matrices hold the same combinations, each with one answer; the baseline has ${side(baseline)}, this run ${side(current)}`;
}

function whyNotCompared(before: BaselineAnswer, after: BaselineAnswer | undefined): Reason | undefined {
  if (after === undefined) return 'only-in-baseline';
  if (before.outcome === 'unstable' || after.outcome === 'unstable') return 'unstable';
  if (before.outcome === 'error' || after.outcome === 'error') return 'no-verdict';
  return undefined;
}

function sameAnswer(a: BaselineAnswer, b: BaselineAnswer): boolean {
  return a.outcome === b.outcome && a.status === b.status && a.errorCode === b.errorCode;
}

function sameLimit(a: BaselineLimit, b: BaselineLimit): boolean {
  return a.unit === b.unit && a.value === b.value && a.firstRejected === b.firstRejected;
}

function answer(a: BaselineAnswer): BaselineAnswer {
  return { outcome: a.outcome, status: a.status, ...(a.errorCode !== undefined ? { errorCode: a.errorCode } : {}) };
}

/** `first` in its order, then what only `second` has. */
function union(first: readonly string[], second: readonly string[]): string[] {
  return [...new Set([...first, ...second])];
}

class Tally {
  private readonly counts = new Map<string, NotCompared>();

  add(part: NotCompared['part'], reason: Reason): void {
    const key = `${part}/${reason}`;
    const entry = this.counts.get(key);
    if (entry === undefined) this.counts.set(key, { part, reason, count: 1 });
    else entry.count += 1;
  }

  list(): NotCompared[] {
    const parts: NotCompared['part'][] = ['roles', 'matrix', 'values', 'limits', 'lifecycle'];
    const reasons: Reason[] = ['unstable', 'no-verdict', 'only-in-baseline', 'only-in-run', 'undetermined'];
    return [...this.counts.values()].sort(
      (a, b) => parts.indexOf(a.part) - parts.indexOf(b.part) || reasons.indexOf(a.reason) - reasons.indexOf(b.reason),
    );
  }
}
