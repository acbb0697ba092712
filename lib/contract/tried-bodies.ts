/**
 * What the probe tried, as bodies that can be built again: every combination of the matrix, every
 * value class and both sides of every limit, each with what the target did. The observed contract is
 * derived from these and checked against them, and `--contract` holds a team's contract up to them.
 * Bodies are rebuilt from the operation (OperationSpec: good values, value classes, limit makers)
 * for a given moment, so a time-relative value (a day ago, 180 days ahead) means the same thing
 * when it is judged as when it was sent.
 */
import { formatCombination } from '../rule/field-set.js';
import { namedFields } from '../inference/message-pattern.js';
import { buildBody } from '../matrix/build-body.js';
import type { OperationSpec, ValueContext } from '../operation/types.js';
import type { BehaviourReport, ValueClassResult } from '../report/types.js';
import type { PresenceAnswer } from '../rule/answer.js';

export interface TargetAnswer {
  outcome: PresenceAnswer;
  status: number | null;
  errorCode?: string;
}

export interface TriedBody {
  kind: 'combination' | 'value' | 'limit';
  /** How a disagreement names it: `{notificationUrl, expirationDateTime}`, `clientState length-256`. */
  subject: string;
  /** The report's key for it: the combination's fields joined by `+`, or the case id. */
  evidence: string;
  present: string[];
  field?: string;
  classId?: string;
  /** The value put in `field` (value and limit bodies); undefined when it cannot be built again. */
  value?: (ctx: ValueContext) => unknown;
  /** False when the value is the same whatever the moment, notification URL or unique tag. */
  varies?: boolean;
  /** The value's class gives it the form spec §2 gives the field. */
  specForm?: boolean;
  /**
   * Refused with a message that names other fields of the operation and not this one: the refusal is
   * about them, so it says nothing of this value.
   */
  aboutOthers?: boolean;
  target: TargetAnswer;
}

/** Two contexts far apart: a value equal in both does not depend on the run. */
export function valueContexts(now: Date): [ValueContext, ValueContext] {
  return [
    { now, notificationUrl: 'https://127.0.0.1:9/notifications', unique: 'contract-a' },
    {
      now: new Date(now.getTime() + 7 * 86_400_000 + 13 * 60_000 + 17_000),
      notificationUrl: 'https://127.0.0.2:10/hook',
      unique: 'contract-b',
    },
  ];
}

export function bodyOf(operation: OperationSpec, tried: TriedBody, ctx: ValueContext): Record<string, unknown> | undefined {
  if (tried.kind === 'combination') return buildBody(operation, tried.present, ctx);
  if (tried.value === undefined || tried.field === undefined) return undefined;
  return buildBody(operation, [...new Set([...tried.present, tried.field])], ctx, { [tried.field]: tried.value(ctx) });
}

const answerOf = (outcome: string, status: number | null, errorCode: string | undefined): TargetAnswer => ({
  outcome: outcome === 'accepted' || outcome === 'rejected' ? outcome : 'unknown',
  status,
  ...(errorCode !== undefined ? { errorCode } : {}),
});

/** The two sides of each limit the run pinned: its largest value accepted and its first refused, in the body it was searched in. */
function limitBodies(
  report: BehaviourReport,
  operation: OperationSpec,
  field: string,
  base: string[] | undefined,
  [a, b]: readonly [ValueContext, ValueContext],
): TriedBody[] {
  const bodies: TriedBody[] = [];
  for (const limit of report.values[field]?.limits ?? []) {
    const search = operation.limits?.find((l) => l.field === field && l.name === limit.name);
    if (search === undefined || base === undefined) continue;
    const sides: [number | undefined, PresenceAnswer][] = [
      // A search that stopped short still saw its largest value accepted: no bound may refuse it.
      [limit.value ?? limit.largestAccepted, 'accepted'],
      [limit.firstRejected, 'rejected'],
    ];
    for (const [x, outcome] of sides) {
      if (x === undefined) continue;
      bodies.push({
        kind: 'limit',
        subject: `${field} ${limit.name} ${x} ${limit.unit}`,
        evidence: limit.id,
        present: base,
        field,
        classId: `${search.id}=${x}`,
        value: (ctx) => search.make(x, ctx),
        varies: varies((ctx) => search.make(x, ctx), a, b),
        target: { outcome, status: null },
      });
    }
  }
  return bodies;
}

/** Every body the report says was tried, in a fixed order: combinations, then each field's values and limits. */
export function triedBodies(report: BehaviourReport, operation: OperationSpec): TriedBody[] {
  const tried: TriedBody[] = report.matrix.map((row) => ({
    kind: 'combination',
    subject: formatCombination(row.present),
    evidence: row.present.join('+'),
    present: row.present,
    target: answerOf(row.outcome, row.status, row.errorCode),
  }));
  const [a, b] = valueContexts(new Date(Date.UTC(2030, 0, 1)));
  const fieldNames = operation.fields.map((f) => f.name);
  for (const spec of operation.fields) {
    const values = report.values[spec.name];
    if (values === undefined) continue;
    const results = [...values.accepted, ...values.rejected, ...values.other];
    const order = new Map(spec.classes.map((c, i) => [c.id, i]));
    results.sort((x, y) => (order.get(x.classId) ?? Infinity) - (order.get(y.classId) ?? Infinity) || x.id.localeCompare(y.id));
    for (const result of results) {
      const valueClass = spec.classes.find((c) => c.id === result.classId);
      // A value sent under another name (Resource) says nothing of the field's values: its body has no such field.
      if (valueClass?.sendAs !== undefined) continue;
      const value = classValue(valueClass?.value, result);
      const named = result.outcome === 'rejected' && result.errorMessage !== undefined ? namedFields(result.errorMessage, fieldNames) : [];
      tried.push({
        kind: 'value',
        subject: `${spec.name} ${result.classId}`,
        evidence: result.id,
        present: result.base,
        field: spec.name,
        classId: result.classId,
        ...(value !== undefined ? { value, varies: varies(value, a, b) } : {}),
        ...(valueClass?.expectation === 'spec-form' ? { specForm: true } : {}),
        ...(named.length > 0 && !named.includes(spec.name) ? { aboutOthers: true } : {}),
        target: answerOf(result.outcome, result.status, result.errorCode),
      });
    }
    const base = results[0]?.base ?? smallestAcceptedWith(report, spec.name);
    tried.push(...limitBodies(report, operation, spec.name, base, [a, b]));
  }
  return tried;
}

/** The class's maker, else the value as the report recorded it (when it was not cut short). */
function classValue(
  make: ((ctx: ValueContext) => unknown) | undefined,
  result: ValueClassResult,
): ((ctx: ValueContext) => unknown) | undefined {
  if (make !== undefined) return make;
  if (result.sent === undefined || result.sent.includes('…')) return undefined;
  try {
    const parsed: unknown = JSON.parse(result.sent);
    return () => parsed;
  } catch {
    return undefined;
  }
}

function varies(make: (ctx: ValueContext) => unknown, a: ValueContext, b: ValueContext): boolean {
  return JSON.stringify(make(a)) !== JSON.stringify(make(b));
}

function smallestAcceptedWith(report: BehaviourReport, field: string): string[] | undefined {
  return report.matrix
    .filter((row) => row.outcome === 'accepted' && row.present.includes(field))
    .sort((x, y) => x.present.length - y.present.length)[0]?.present;
}
