import { combinations } from '../../lib/rule/field-set.js';
import type { Observation } from '../../lib/inference/types.js';
import type { OperationSpec, ValueContext } from '../../lib/operation/types.js';
import type { BodySender } from '../../lib/create/client.js';
import { probeCombination } from '../../lib/matrix/probe-combination.js';

/**
 * Every combination of the operation's fields, each probed `repeats` times, `parallel` at a
 * time (the engine's own cap still holds). The suites run the same per-combination step as
 * vitest cases; this is for callers outside vitest (explain, the tool's own tests, the bench).
 */
export async function runMatrix(
  sender: BodySender,
  operation: OperationSpec,
  options: { repeats: number; values: () => ValueContext; parallel?: number },
): Promise<Observation[]> {
  const all = combinations(operation.fields.map((f) => f.name));
  const results: Observation[] = new Array<Observation>(all.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < all.length) {
      const index = next;
      next += 1;
      const present = all[index] as string[];
      results[index] = (await probeCombination(sender, operation, present, options.repeats, options.values)).observation;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.parallel ?? 4) }, worker));
  return results;
}
