/**
 * What a matrix's answers say, as the seed tests compare it: the rule's expression, each field's role and the
 * rejection groups in words, from the inference the report reads.
 */
import { inferPresence } from '../../lib/inference/infer-presence.js';
import type { Observation } from '../../lib/inference/types.js';

export interface PresenceRead {
  rule: string;
  roles: Record<string, string>;
  groups: string[];
}

export function readPresence(fields: string[], observations: Observation[]): PresenceRead {
  const inference = inferPresence(fields, observations);
  return {
    rule: inference.rule.expression,
    roles: Object.fromEntries(Object.entries(inference.roles ?? {}).map(([f, r]) => [f, r.presence])),
    groups: inference.rejectionGroups.map((g) => g.summary).sort(),
  };
}
