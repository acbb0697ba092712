/**
 * Rejected combinations grouped by how they were rejected (status, error code, message pattern),
 * each group with the minimal expression that is true exactly on its combinations among the known
 * ones, and a summary in plain words: "400 invalidRequest when resource is present".
 */
import { presentOf } from './combinations.js';
import type { Evidence } from './evidence.js';
import { messagePattern, namedFields } from './message-pattern.js';
import { minimize } from './minimize.js';
import type { Cube } from './primes.js';
import { toImplicant } from './sum-of-products.js';
import type { RejectionGroup } from './types.js';
import { count, list } from './words.js';

interface Bucket {
  status: number;
  errorCode: string | undefined;
  messagePattern: string | undefined;
  masks: number[];
  named: Set<string>;
}

export function rejectionGroups(evidence: Evidence): RejectionGroup[] {
  const { fields } = evidence;
  const buckets = new Map<string, Bucket>();
  for (const mask of evidence.rejected) {
    const observation = evidence.observationOf.get(mask);
    if (observation === undefined) continue;
    const status = observation.status ?? 0;
    const pattern = observation.errorMessage === undefined ? undefined : messagePattern(observation.errorMessage, fields);
    const key = JSON.stringify([status, observation.errorCode ?? null, pattern ?? null]);
    let bucket = buckets.get(key);
    if (bucket === undefined) {
      bucket = { status, errorCode: observation.errorCode, messagePattern: pattern, masks: [], named: new Set() };
      buckets.set(key, bucket);
    }
    bucket.masks.push(mask);
    for (const name of namedFields(observation.errorMessage ?? '', fields)) bucket.named.add(name);
  }

  const known = [...evidence.accepted, ...evidence.rejected];
  return [...buckets.values()]
    .sort(
      (a, b) =>
        b.masks.length - a.masks.length ||
        a.status - b.status ||
        (a.errorCode ?? '').localeCompare(b.errorCode ?? '') ||
        (a.messagePattern ?? '').localeCompare(b.messagePattern ?? ''),
    )
    .map((bucket) => {
      const inGroup = new Set(bucket.masks);
      const { cubes, expression } = minimize(fields, bucket.masks, known.filter((m) => !inGroup.has(m)));
      const head = [bucket.status === 0 ? 'rejected without a status' : String(bucket.status), bucket.errorCode]
        .filter((part) => part !== undefined)
        .join(' ');
      const named = fields.filter((name) => bucket.named.has(name)).map((name) => `'${name}'`);
      const naming =
        named.length === 0 ? '' : named.length === 1 ? `; the message names the property ${named[0] ?? ''}` : `; the messages name the properties ${list(named)}`;
      return {
        status: bucket.status,
        errorCode: bucket.errorCode,
        messagePattern: bucket.messagePattern,
        combinations: bucket.masks.map((m) => presentOf(fields, m)),
        explanation: expression,
        summary: `${head} ${condition(fields, cubes, expression)} (${count(bucket.masks.length, 'combination')})${naming}`,
      };
    });
}

/** "when resource is present", "when a and b are present and c is absent", or "when <expression>". */
function condition(fields: readonly string[], cubes: readonly Cube[], expression: string): string {
  if (expression === 'true') return 'for every known combination';
  const [only] = cubes;
  if (cubes.length !== 1 || only === undefined) return `when ${expression}`;
  const { present, absent } = toImplicant(fields, only);
  const phrase = (names: string[], state: string): string[] =>
    names.length === 0 ? [] : [`${list(names)} ${names.length === 1 ? 'is' : 'are'} ${state}`];
  return `when ${[...phrase(present, 'present'), ...phrase(absent, 'absent')].join(' and ')}`;
}
