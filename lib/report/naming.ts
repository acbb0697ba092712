/**
 * How much of the target's refusals the one error reader (lib/error-body) could read: of the refused
 * combinations, how many gave a message and how many named an operation field. A body the reader cannot place
 * shows as a gap here, rather than as a rejection group that silently names nothing.
 */
import { namedInError } from '../inference/message-pattern.js';
import type { Observation } from '../inference/types.js';

export interface NamingCounts {
  /** Combinations the matrix saw refused (every repeat alike). */
  refusals: number;
  /** Of them, those whose error body gave a message. */
  withMessage: number;
  /** Of them, those whose error body named an operation field, by its structure or in its text. */
  withFields: number;
}

/** The counts over the matrix's refused combinations; undefined when none was refused. */
export function namingOf(fields: readonly string[], observations: readonly Observation[]): NamingCounts | undefined {
  const refused = observations.filter((o) => o.outcome === 'rejected');
  if (refused.length === 0) return undefined;
  return {
    refusals: refused.length,
    withMessage: refused.filter((o) => (o.errorMessage ?? '').trim() !== '').length,
    withFields: refused.filter((o) => namedInError(o, fields).length > 0).length,
  };
}

/** The counts in one sentence, saying what the gaps mean. */
export function namingSentence(n: NamingCounts): string {
  const counted = `${n.refusals} refused combination${n.refusals === 1 ? '' : 's'}: a message read from ${n.withMessage}, a field named by ${n.withFields}`;
  const gaps: string[] = [];
  if (n.withMessage < n.refusals)
    gaps.push(`${n.refusals - n.withMessage} gave no message the error reader could read (no body, or one it could not place)`);
  if (n.withFields < n.refusals) gaps.push(`${n.refusals - n.withFields} named no field it could find`);
  return gaps.length === 0 ? counted : `${counted}; ${gaps.join('; ')}: their bodies are in the matrix`;
}
