/**
 * Every IDL statement of the supported class over a few fields, compiled for fast checks: the
 * dependencies a rule may have among the fields the explorer found to interact.
 */
import { popcount } from '../rule/field-set.js';
import type { Statement } from '../inference/idl-statement.js';
import type { IdlKind } from '../inference/types.js';
import { subsetsOfSize } from './bits.js';
import { maskOfIndices } from '../rule/field-set.js';

export interface Candidate {
  statement: Statement;
  kind: IdlKind;
  /** Mask of the group (for Requires: both fields). */
  group: number;
  size: number;
  /** Requires only: antecedent and consequent bits. */
  antecedent: number;
  consequent: number;
}

const GROUP_KINDS: readonly IdlKind[] = ['OnlyOne', 'AllOrNone', 'ZeroOrOne', 'Or'];

export function compile(statement: Statement): Candidate {
  const [a = 0, b = 0] = statement.members;
  return {
    statement,
    kind: statement.kind,
    group: maskOfIndices(statement.members),
    size: statement.members.length,
    antecedent: 1 << a,
    consequent: 1 << b,
  };
}

export function candidateHolds(c: Candidate, mask: number): boolean {
  if (c.kind === 'Requires') return (mask & c.antecedent) === 0 || (mask & c.consequent) !== 0;
  const present = popcount(mask & c.group);
  switch (c.kind) {
    case 'OnlyOne':
      return present === 1;
    case 'AllOrNone':
      return present === 0 || present === c.size;
    case 'ZeroOrOne':
      return present <= 1;
    default:
      return present >= 1;
  }
}

/** Requires over every ordered pair, and each group kind over every group of 2..maxGroup of `fields`. */
export function candidatesOver(fields: readonly number[], maxGroup: number): Candidate[] {
  const out: Candidate[] = [];
  for (const a of fields) for (const b of fields) if (a !== b) out.push(compile({ kind: 'Requires', members: [a, b] }));
  for (let size = 2; size <= Math.min(maxGroup, fields.length); size += 1) {
    for (const group of subsetsOfSize(fields, size)) {
      for (const kind of GROUP_KINDS) out.push(compile({ kind, members: group }));
    }
  }
  return out;
}
