import type { Exchange } from '../http/types.js';
import type { Observation } from '../inference/types.js';
import type { OperationSpec, ValueContext } from '../operation/types.js';
import type { BodySender } from '../create/client.js';
import { buildBody } from './build-body.js';
import { classifyAnswer, foldRepeats } from '../answer/classify.js';

export interface CombinationResult {
  observation: Observation;
  exchanges: Exchange[];
}

/**
 * Sends one combination of present fields `repeats` times, each a body of good values with a
 * fresh value context (a unique clientState each time), undoes every create right away, and
 * folds the answers into one observation.
 */
export async function probeCombination(
  sender: BodySender,
  operation: OperationSpec,
  present: string[],
  repeats: number,
  values: () => ValueContext,
): Promise<CombinationResult> {
  const exchanges: Exchange[] = [];
  for (let i = 0; i < repeats; i += 1) {
    const exchange = await sender.sendBody(buildBody(operation, present, values()));
    exchanges.push(exchange);
    await sender.undoCreate(exchange);
  }
  return { observation: foldRepeats(present, exchanges.map(classifyAnswer)), exchanges };
}
