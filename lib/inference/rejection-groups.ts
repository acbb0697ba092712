/**
 * Rejected combinations grouped by how they were rejected (status, error code, message pattern),
 * each group with the minimal expression that is true exactly on its combinations among the known
 * ones, and a summary in plain words: "400 invalidRequest when resource is present".
 *
 * The expression treats the combinations without a usable answer as don't-cares, so it may also be
 * true on some of them; "400 when resource is present" would then claim an answer nobody saw (an
 * unstable {resource, x} may even have been accepted). Such groups name those combinations, and
 * the summary says the condition is exact on the known combinations only.
 */
import { formatCombination, popcount, presentOf } from '../rule/field-set.js';
import { conditionInWords } from '../rule/in-words.js';
import { withRule } from '../rule/rule-value.js';
import type { AnswerSets } from './answer-sets.js';
import { messagePattern, namedInError } from './message-pattern.js';
import { minimize } from './minimize.js';
import type { Cube } from './primes.js';
import { sumOfProductsExpr, sumOfProductsRule } from './sum-of-products.js';
import type { RejectionGroup } from './types.js';
import { take, Unknowns } from './unknowns.js';
import { count, list } from './words.js';

/** Unknown combinations named per group, at most (`unknownMatchingCount` says how many in all). */
const NAMED = 8;
/** Inclusion-exclusion over this many terms at most (2^12 intersections). */
const MAX_TERMS_COUNTED = 12;

interface Bucket {
  status: number;
  errorCode: string | undefined;
  messagePattern: string | undefined;
  masks: number[];
  named: Set<string>;
}

/** The rejected combinations by their answer: status, error code and message pattern, with every field named. */
function buckets(evidence: AnswerSets): Bucket[] {
  const { fields } = evidence;
  const byAnswer = new Map<string, Bucket>();
  for (const mask of evidence.rejected) {
    const observation = evidence.observationOf.get(mask);
    if (observation === undefined) continue;
    const status = observation.status ?? 0;
    const pattern =
      observation.errorMessage === undefined ? undefined : messagePattern(observation.errorMessage, fields, observation.sentValues);
    const key = JSON.stringify([status, observation.errorCode ?? null, pattern ?? null]);
    let bucket = byAnswer.get(key);
    if (bucket === undefined) {
      bucket = { status, errorCode: observation.errorCode, messagePattern: pattern, masks: [], named: new Set() };
      byAnswer.set(key, bucket);
    }
    bucket.masks.push(mask);
    for (const name of namedInError(observation, fields)) bucket.named.add(name);
  }
  return [...byAnswer.values()].sort(
    (a, b) =>
      b.masks.length - a.masks.length ||
      a.status - b.status ||
      (a.errorCode ?? '').localeCompare(b.errorCode ?? '') ||
      (a.messagePattern ?? '').localeCompare(b.messagePattern ?? ''),
  );
}

/** One group: the condition that tells its combinations from every other known one, in words and as a rule. */
function group(fields: readonly string[], bucket: Bucket, known: readonly number[], unknowns: Unknowns): RejectionGroup {
  const inGroup = new Set(bucket.masks);
  const { cubes, expression } = minimize(
    fields,
    bucket.masks,
    known.filter((m) => !inGroup.has(m)),
  );
  const head = [bucket.status === 0 ? 'rejected without a status' : String(bucket.status), bucket.errorCode]
    .filter((part) => part !== undefined)
    .join(' ');
  const named = fields.filter((name) => bucket.named.has(name)).map((name) => `'${name}'`);
  const naming =
    named.length === 0
      ? ''
      : named.length === 1
        ? `; the message names the property ${named[0] ?? ''}`
        : `; the messages name the properties ${list(named)}`;
  const open = unknownMatching(unknowns, cubes);
  const caveat =
    open === undefined
      ? ''
      : `; exact on the known combinations only: ${open.total === undefined ? 'some' : count(open.total, 'combination')} without a usable answer (${open.items.map((m) => formatCombination(presentOf(fields, m))).join(', ')}${open.more ? ', …' : ''}) also ${open.total === 1 ? 'fits' : 'fit'} it`;
  return withRule(
    {
      status: bucket.status,
      errorCode: bucket.errorCode,
      messagePattern: bucket.messagePattern,
      combinations: bucket.masks.map((m) => presentOf(fields, m)),
      explanation: expression,
      summary: `${head} ${condition(fields, cubes, expression)} (${count(bucket.masks.length, 'combination')})${naming}${caveat}`,
      ...(named.length > 0 ? { namedFields: fields.filter((name) => bucket.named.has(name)) } : {}),
      ...(open === undefined
        ? {}
        : {
            unknownMatching: open.items.map((m) => presentOf(fields, m)),
            ...(open.total === undefined ? {} : { unknownMatchingCount: open.total }),
          }),
    },
    sumOfProductsRule(fields, cubes),
  );
}

export function rejectionGroups(evidence: AnswerSets): RejectionGroup[] {
  const known = [...evidence.accepted, ...evidence.rejected];
  const unknowns = new Unknowns(evidence.fields.length, new Map(known.map((m) => [m, true] as const)));
  return buckets(evidence).map((bucket) => group(evidence.fields, bucket, known, unknowns));
}

/**
 * Unknown combinations on which the group's expression (a sum of cubes) is true: the first few,
 * and how many in all (undefined past MAX_TERMS_COUNTED terms). The count is inclusion-exclusion
 * over the cubes (an intersection of cubes is a cube, or empty when they disagree on a field),
 * less the known combinations that fit, so never-sent combinations of 30 fields cost nothing.
 */
function unknownMatching(
  unknowns: Unknowns,
  cubes: readonly Cube[],
): { items: number[]; more: boolean; total: number | undefined } | undefined {
  const fits = (m: number): boolean => cubes.some((c) => (m & c.care) === c.value);
  const found = new Set<number>();
  for (const cube of cubes) {
    for (const m of take(unknowns.listIn(cube.care, cube.value), NAMED + 1).items) found.add(m);
  }
  if (found.size === 0) return undefined;
  const sorted = [...found].sort((a, b) => a - b);
  let total: number | undefined;
  if (cubes.length <= MAX_TERMS_COUNTED) {
    let all = 0;
    for (let subset = 1; subset < 2 ** cubes.length; subset += 1) {
      let care = 0;
      let value = 0;
      let empty = false;
      cubes.forEach((c, j) => {
        if ((subset & (1 << j)) === 0 || empty) return;
        if ((c.value & care) !== (value & c.care)) empty = true;
        care |= c.care;
        value |= c.value;
      });
      if (!empty) all += (popcount(subset) % 2 === 1 ? 1 : -1) * 2 ** (unknowns.n - popcount(care));
    }
    const knownFitting = [...unknowns.verdicts.keys()].filter(fits).length;
    total = all - knownFitting;
  }
  return { items: sorted.slice(0, NAMED), more: sorted.length > NAMED || (total ?? 0) > NAMED, total };
}

/** "when resource is present", "when at least one of a and b is present": lib/rule/in-words.ts's grammar. */
function condition(fields: readonly string[], cubes: readonly Cube[], expression: string): string {
  if (expression === 'true') return 'for every known combination';
  return `when ${conditionInWords(sumOfProductsExpr(fields, cubes), fields)}`;
}
