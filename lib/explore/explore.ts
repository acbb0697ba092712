/**
 * Learns which sets of present fields a target accepts (the acceptance rule). Up to
 * `exhaustiveMaxFields` fields (8) it sends every combination and lets lib/inference read the rule
 * from them; above that, or when the budget cannot cover 2^n, it explores adaptively (adaptive.ts)
 * within `maxRequests` (10 x n) requests, and says how far it got.
 *
 * What `exact` can mean above 8 fields. A field that rejects every change of its own (required or
 * forbidden) looks exactly like one in a dependency that is tight in the start, such as
 * AllOrNone(a, b, c) with all three present: only changing all three together is accepted, and any
 * other such field in the same change gets it rejected as well, so no request tests more than one
 * candidate group. With k such "lookalikes", ruling every group out takes C(k, 2) + C(k, 3) + ...
 * requests, which 10 x n cannot pay once k is large (k = 20: 190 pairs, 1140 triples). The explorer
 * tries the likeliest groups the budget allows, and `exact` means that one rule of the supported
 * class fits every answer and every check it needed, given the `assumptions` it lists: those name
 * the lookalikes and the first check left out, and the rule is right wherever they keep their
 * start value.
 */
import { fieldIndex, maskOf, MAX_FIELDS } from '../rule/field-set.js';
import { exploreAdaptive } from './adaptive.js';
import { exploreExhaustive } from './exhaustive.js';
import type { ExploreOptions, ExploreResult, Oracle } from './types.js';

export type { ExploreOptions, ExploreResult, FirstAccepted, KnownStart, Oracle } from './types.js';

/** Above this many fields `combinations` refuses to enumerate (lib/rule/field-set.ts). */
const MAX_EXHAUSTIVE_FIELDS = 20;

export async function explore(fields: readonly string[], oracle: Oracle, options: ExploreOptions = {}): Promise<ExploreResult> {
  const n = fields.length;
  if (n > MAX_FIELDS) throw new RangeError(`explore supports at most ${MAX_FIELDS} fields, got ${n}`);
  const index = fieldIndex(fields);
  if (index.size !== n) throw new Error(`explore fields should be distinct, got ${fields.join(', ')}`);
  const { maxRequests, startFrom, exhaustiveMaxFields = 8, seed = 1 } = options;
  if (maxRequests !== undefined && !(Number.isInteger(maxRequests) && maxRequests >= 1)) {
    throw new RangeError(`explore maxRequests should be a positive integer, got ${maxRequests}`);
  }
  if (!Number.isInteger(exhaustiveMaxFields) || exhaustiveMaxFields < 0 || exhaustiveMaxFields > MAX_EXHAUSTIVE_FIELDS) {
    throw new RangeError(`explore exhaustiveMaxFields should be an integer from 0 to ${MAX_EXHAUSTIVE_FIELDS}, got ${exhaustiveMaxFields}`);
  }
  const confirmSamples = options.confirmSamples ?? Math.max(5, Math.ceil(n / 2));
  if (!Number.isInteger(confirmSamples) || confirmSamples < 0) {
    throw new RangeError(`explore confirmSamples should be a non-negative integer, got ${confirmSamples}`);
  }
  const known = [...(startFrom === undefined ? [] : [{ fields: startFrom, source: 'the given start' }]), ...(options.starts ?? [])];
  const starts = known.map(({ fields: present, source }, k) => {
    const mask = maskOf(index, present);
    if (mask === undefined) {
      const stranger = present.find((name) => !index.has(name)) ?? '';
      throw new Error(
        `explore ${startFrom !== undefined && k === 0 ? 'startFrom' : `starts[${k - (startFrom === undefined ? 0 : 1)}]`} names '${stranger}', which is not one of the fields`,
      );
    }
    return { mask, source };
  });

  if (n <= exhaustiveMaxFields && (maxRequests === undefined || 2 ** n <= maxRequests)) {
    return exploreExhaustive(fields, oracle, maxRequests ?? Math.max(2 ** n, 10 * n));
  }
  return exploreAdaptive(fields, oracle, {
    maxRequests: maxRequests ?? Math.max(1, 10 * n),
    seed,
    starts,
    confirmSamples,
    maxStatements: 3,
    maxGroup: 4,
  });
}
