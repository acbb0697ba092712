/**
 * The one place that maps a property run to a case verdict. What a violation means is the
 * property's own policy (DEVIATES where the spec states the rule, INFORMATIONAL where it does not);
 * the rest is shared: no answer is ERROR, a property that held with notes or judged nothing is
 * INFORMATIONAL, so that what was seen reaches the report's findings.
 */
import type { Verdict } from '../outcome.js';
import type { BoundedPropertyResult } from './bounded-run.js';

export type ViolationVerdict = 'DEVIATES' | 'INFORMATIONAL';

export function propertyVerdict(
  result: Pick<BoundedPropertyResult<unknown, unknown>, 'outcome' | 'counts' | 'noteCount'>,
  onViolation: ViolationVerdict,
): Verdict {
  if (result.outcome === 'no-answer') return 'ERROR';
  if (result.outcome === 'violated') return onViolation;
  if (onViolation === 'INFORMATIONAL' || result.noteCount > 0 || result.counts.holds === 0) return 'INFORMATIONAL';
  return 'CONFORMS';
}
