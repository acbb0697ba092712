/**
 * IDL statements over field indices: whether one holds on a combination, and its IDL text.
 * Requires(A, B) is written `IF A THEN B;`, the group kinds `OnlyOne(a, b);` and so on.
 */
import { popcount } from '../rule/field-set.js';
import type { IdlKind, IdlStatement } from './types.js';

export interface Statement {
  kind: IdlKind;
  /** Field indices. Requires: [antecedent, consequent]; the others: the group in field order. */
  members: number[];
}

export function holds(statement: Statement, mask: number): boolean {
  const { kind, members } = statement;
  if (kind === 'Requires') {
    const [antecedent, consequent] = members as [number, number];
    return (mask & (1 << antecedent)) === 0 || (mask & (1 << consequent)) !== 0;
  }
  const present = popcount(mask & groupMask(members));
  switch (kind) {
    case 'OnlyOne':
      return present === 1;
    case 'AllOrNone':
      return present === 0 || present === members.length;
    case 'ZeroOrOne':
      return present <= 1;
    case 'Or':
      return present >= 1;
  }
}

export function groupMask(members: readonly number[]): number {
  return members.reduce((mask, i) => mask | (1 << i), 0);
}

export function toIdl(fields: readonly string[], statement: Statement): IdlStatement {
  const names = statement.members.map((i) => fields[i] as string);
  const text = statement.kind === 'Requires' ? `IF ${names[0] ?? ''} THEN ${names[1] ?? ''};` : `${statement.kind}(${names.join(', ')});`;
  return { kind: statement.kind, fields: names, text };
}

/** Back from the report form; undefined when it names a field that is not in `fields`. */
export function fromIdl(index: ReadonlyMap<string, number>, statement: IdlStatement): Statement | undefined {
  const members = statement.fields.map((name) => index.get(name));
  if (members.some((i) => i === undefined)) return undefined;
  return { kind: statement.kind, members: members as number[] };
}

/** A stable reporting order: by kind as listed in IdlKind, then by members in field order. */
const KIND_ORDER: readonly IdlKind[] = ['Requires', 'OnlyOne', 'AllOrNone', 'ZeroOrOne', 'Or'];

export function compareStatements(a: Statement, b: Statement): number {
  const byKind = KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind);
  if (byKind !== 0) return byKind;
  for (let k = 0; k < Math.min(a.members.length, b.members.length); k += 1) {
    const d = (a.members[k] ?? 0) - (b.members[k] ?? 0);
    if (d !== 0) return d;
  }
  return a.members.length - b.members.length;
}
