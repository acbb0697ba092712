import type { IntermittentNote } from './limit-finding.js';

/**
 * A refusal the target gave a body it also accepted, said beside a finding with its rate and its message unmasked:
 * "; an intermittent refusal, 400 invalidRequest "Operation: ...", on 2 of 5 asks, of bodies the target also accepted".
 */
export function intermittentWords(note: IntermittentNote | undefined): string {
  if (note === undefined) return '';
  return `; an intermittent refusal, ${note.shown}, on ${note.refused} of ${note.asks} asks, of bodies the target also accepted`;
}
