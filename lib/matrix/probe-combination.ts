import type { Exchange } from '../http/types.js';
import type { Observation } from '../inference/types.js';
import type { OperationSpec, ValueContext } from '../operation/types.js';
import type { BodySender } from '../create/client.js';
import { buildBody } from './build-body.js';
import { classifyAnswer, foldRepeats } from '../answer/classify.js';
import { isLoopbackHost } from '../net/loopback.js';

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
  const loopback = new Set<string>();
  for (let i = 0; i < repeats; i += 1) {
    const body = buildBody(operation, present, values());
    for (const [field, value] of Object.entries(body)) if (onLoopback(value)) loopback.add(field);
    const exchange = await sender.sendBody(body);
    exchanges.push(exchange);
    await sender.undoCreate(exchange);
  }
  const observation = foldRepeats(present, exchanges.map(classifyAnswer));
  return { observation: loopback.size === 0 ? observation : { ...observation, loopbackFields: [...loopback] }, exchanges };
}

/** An http(s) URL whose host is on loopback: only this machine can reach it. */
function onLoopback(value: unknown): boolean {
  if (typeof value !== 'string' || !/^https?:\/\//i.test(value)) return false;
  try {
    return isLoopbackHost(new URL(value).hostname);
  } catch {
    return false;
  }
}
