/**
 * The settled point of each finding: after how many of the run's requests it stopped changing. Read from the case
 * records alone, after the run: each record carries the engine's total when its case ended (`engineRequests`).
 * - a value class's verdict and a limit settle when their case ends (their asks are all theirs);
 * - the rule and each role are replayed over the matrix's answers in the order their cases ended (an answer asked
 *   again, a lone refusal settled, counts where its case ended): each settles at the last answer that changed it.
 * The curve of findings settled over requests sent has one figure, `meanRequests`: its area above the curve, the
 * average request at which a finding settled. A change to the planner that finds the same things sooner lowers it.
 * A merged report (several workers, each its own count) has no curve: the counts do not add up to one order.
 */
import type { CaseRecord } from '../case-record.js';
import { collectAnswerSets, verdictsOf } from '../inference/answer-sets.js';
import { minimize } from '../inference/minimize.js';
import { rolesOf } from '../inference/roles.js';
import type { Observation } from '../inference/types.js';
import { combinationKey } from '../rule/field-set.js';

export interface SettledPoint {
  /** `rule`, `role/<field>`, a value case's id or a limit case's id. */
  finding: string;
  /** The run's request count when it last changed. */
  requests: number;
}

export interface SettledCurve {
  /** Every finding's settled point, earliest first. */
  points: SettledPoint[];
  /** The curve's area above it: the average request at which a finding settled. */
  meanRequests: number;
  /** The request at which the last finding settled. */
  lastRequests: number;
  /** The suites' requests (the worker's engine count), the curve's width. */
  requests: number;
}

/** When the record's case ended, in the run's requests; undefined without the engine's count. */
const endOf = (r: CaseRecord): number | undefined => r.engineRequests?.sent;

/**
 * The rule's expression and the roles as inferPresence states them, from the steps of it they come from alone: the
 * replay asks them once per case, and the dependencies, groups and diagnosis it would also compute are not read.
 */
function ruleAndRoles(fields: readonly string[], observations: readonly Observation[]) {
  const evidence = collectAnswerSets('settledCurve', fields, observations);

  return { rule: minimize(fields, evidence.accepted, evidence.rejected).expression, roles: rolesOf(fields, verdictsOf(evidence)) };
}

/** The rule and each role over the answers in the order they came; each settles at the last one that changed it. */
function presencePoints(records: readonly CaseRecord[], fields: readonly string[]): SettledPoint[] {
  const timeline: { at: number; observations: Observation[] }[] = [];
  for (const r of records) {
    const at = endOf(r);
    if (at === undefined) continue;
    if (r.kind === 'matrix') timeline.push({ at, observations: [r.observation] });
    else if (r.kind === 'confirmation') timeline.push({ at, observations: r.observations });
    else if (r.kind === 'exploration') timeline.push({ at, observations: r.exploration.observations });
  }
  if (timeline.length === 0) return [];
  timeline.sort((a, b) => a.at - b.at);
  const known = new Map<string, Observation>();
  const last = new Map<string, { value: string; at: number }>();
  for (const { at, observations } of timeline) {
    for (const o of observations) known.set(combinationKey(o.present), o);
    const { rule, roles } = ruleAndRoles(fields, [...known.values()]);
    const now: [string, string][] = [
      ['rule', rule],
      ...fields.map((f): [string, string] => [`role/${f}`, roles?.[f]?.presence ?? 'undetermined']),
    ];
    for (const [finding, value] of now) if (last.get(finding)?.value !== value) last.set(finding, { value, at });
  }
  return [...last].map(([finding, { at }]) => ({ finding, requests: at }));
}

export function settledCurve(records: readonly CaseRecord[], fields: readonly string[]): SettledCurve | undefined {
  const runs = new Set(records.flatMap((r) => (r.engineRequests === undefined ? [] : [r.engineRequests.run])));
  if (runs.size !== 1) return undefined;
  const points = [
    ...presencePoints(records, fields),
    ...records.flatMap((r) => {
      const at = endOf(r);
      return (r.kind === 'value' || r.kind === 'limit') && at !== undefined ? [{ finding: r.id, requests: at }] : [];
    }),
  ].sort((a, b) => a.requests - b.requests || a.finding.localeCompare(b.finding));
  if (points.length === 0) return undefined;
  const requests = Math.max(...records.map((r) => endOf(r) ?? 0));
  const total = points.reduce((n, p) => n + p.requests, 0);
  return {
    points,
    meanRequests: Math.round((total / points.length) * 10) / 10,
    lastRequests: points.at(-1)?.requests ?? 0,
    requests,
  };
}

/** "68 findings settled after 97.5 requests on average (the curve's area); the last after 231 of the suites' 250". */
export function settledWords(c: SettledCurve): string {
  return (
    `${c.points.length} findings settled after ${c.meanRequests} requests on average (the area of the curve of findings ` +
    `settled over requests); the last after ${c.lastRequests} of the suites' ${c.requests}`
  );
}
