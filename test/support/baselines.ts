/** Baselines for lib/baseline's tests, from the report fixtures. Not used by a probe run. */
import { combinationKey, formatCombination } from '../../lib/rule/field-set.js';
import { defaultProfileReport } from './report-fixtures.js';
import { extractBaseline } from '../../lib/baseline/extract-baseline.js';
import type { Baseline, BaselineCombination } from '../../lib/baseline/types.js';

/** The reference's default profile as a baseline: 32 combinations, value classes and two limits. */
export function defaultBaseline(): Baseline {
  return extractBaseline(defaultProfileReport(), 'embedded-default');
}

/** The combination with exactly these fields (in any order); throws when the baseline lacks it. */
export function combo(baseline: Baseline, ...present: string[]): BaselineCombination {
  const key = combinationKey(present);
  const found = baseline.matrix.find((c) => combinationKey(c.present) === key);
  if (found === undefined) throw new Error(`defaultBaseline: no combination ${formatCombination(present)}`);
  return found;
}
