import type { BehaviourReport, MatrixEntry, ReportedLimit, RunInfo, ValueClassResult } from '../report/types.js';
import { stableLifecycleFacts } from '../lifecycle/stable-facts.js';
import type { Baseline, BaselineAnswer, BaselineFieldValues, BaselineLimit } from './types.js';

/**
 * The stable part of a behaviour report: roles, rule and dependencies, each combination's outcome
 * with status and error code, each value class's answer and each limit. Run facts (times, request
 * counts, the embedded reference's port, the seed) and the target's messages are left out, so two
 * runs against an unchanged target give the same baseline, byte for byte.
 */
export function extractBaseline(report: BehaviourReport, name: string): Baseline {
  const { run, operation } = report;
  const fields: Baseline['fields'] = {};
  for (const field of operation.fields) {
    const role = report.fields[field];
    if (role !== undefined) fields[field] = role.presence;
  }
  return {
    baselineVersion: 1,
    name,
    target: {
      kind: run.targetKind,
      ...(run.targetKind === 'configured' ? { baseUrl: run.target } : {}),
      ...(run.referenceProfile !== undefined ? { referenceProfile: run.referenceProfile } : {}),
    },
    operation: { id: operation.id, method: operation.method, path: operation.path, fields: [...operation.fields] },
    fields,
    rule: { expression: report.rule.expression, dependencies: [...report.rule.dependencies] },
    matrix: report.matrix.map((entry) => ({ present: [...entry.present], ...answerOf(entry) })),
    values: valuesOf(report),
    ...(report.lifecycle !== undefined ? { lifecycle: stableLifecycleFacts(report.lifecycle) } : {}),
  };
}

/** Outcome, status and error code; an unstable or error answer keeps only its outcome. */
function answerOf(entry: Pick<MatrixEntry | ValueClassResult, 'outcome' | 'status' | 'errorCode'>): BaselineAnswer {
  if (entry.outcome === 'unstable' || entry.outcome === 'error') return { outcome: entry.outcome, status: null };
  return {
    outcome: entry.outcome,
    status: entry.status,
    ...(entry.errorCode !== undefined ? { errorCode: entry.errorCode } : {}),
  };
}

function valuesOf(report: BehaviourReport): Record<string, BaselineFieldValues> {
  // The report sorts classes into accepted/rejected/other; the baseline keeps run order, so that a
  // class whose answer changed stays on its line in a diff of the file.
  const runOrder = new Map(report.cases.map((c, i) => [c.id, i]));
  const position = (id: string): number => runOrder.get(id) ?? Number.MAX_SAFE_INTEGER;
  const values: Record<string, BaselineFieldValues> = {};
  for (const field of report.operation.fields) {
    const found = report.values[field];
    if (found === undefined) continue;
    const results = [...found.accepted, ...found.rejected, ...found.other].sort((a, b) => position(a.id) - position(b.id));
    const classes: BaselineFieldValues['classes'] = {};
    for (const result of results) classes[result.classId] = answerOf(result);
    const limits: BaselineFieldValues['limits'] = {};
    for (const limit of found.limits) limits[limit.name] = limitOf(limit);
    if (results.length > 0 || found.limits.length > 0) values[field] = { classes, limits };
  }
  return values;
}

function limitOf(limit: ReportedLimit): BaselineLimit {
  if (limit.verdict === 'ERROR') return { unit: limit.unit, noVerdict: true };
  // Where a search stopped short is the run's, not the target's: never stored as behaviour.
  if (limit.unfinished === true) return { unit: limit.unit, undetermined: true };
  return {
    unit: limit.unit,
    ...(limit.value !== undefined ? { value: limit.value } : {}),
    ...(limit.firstRejected !== undefined ? { firstRejected: limit.firstRejected } : {}),
  };
}

/**
 * The baseline's name when TARGET_NAME is unset: `embedded-<profile>` for the embedded reference,
 * the host of BASE_URL otherwise (port kept, as `host-port`), spelt for a file name.
 */
export function defaultTargetName(run: Pick<RunInfo, 'target' | 'targetKind' | 'referenceProfile'>): string {
  if (run.targetKind === 'embedded-reference') return fileSafe(`embedded-${run.referenceProfile ?? 'default'}`);
  if (!URL.canParse(run.target)) return 'unknown-target';
  return fileSafe(new URL(run.target).host.replace(/^\[|\](?=:|$)/g, ''));
}

function fileSafe(text: string): string {
  const safe = text
    .replace(/[^A-Za-z0-9_.-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, 64);
  return safe === '' ? 'unknown-target' : safe;
}

/**
 * Why a report is not fit to be a baseline, or undefined when it is: a run that stopped early or
 * had ERROR cases holds gaps that would read as behaviour, and one where nothing was accepted is
 * far more often a bad token or URL than a target's intended behaviour.
 */
export function unfitForBaseline(report: BehaviourReport): string | undefined {
  if (report.run.stopped !== undefined) return `the run stopped early (${report.run.stopped.why})`;
  if (report.diagnosis !== undefined) return `nothing was accepted (${report.diagnosis.message})`;
  const errors = report.cases.filter((c) => c.verdict === 'ERROR');
  const first = errors[0];
  if (first !== undefined) {
    return `${errors.length} case(s) ended in ERROR (no verdict from the target), first ${first.id}`;
  }
  const classes = Object.values(report.values).reduce(
    (n, v) => n + v.accepted.length + v.rejected.length + v.other.length + v.limits.length,
    0,
  );
  if (report.matrix.length === 0 && classes === 0 && report.lifecycle === undefined) {
    return 'it holds no presence matrix, no value classes and no lifecycle facts (were the suites filtered?)';
  }
  return undefined;
}
