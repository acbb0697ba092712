/**
 * IDL statements over field indices: whether one holds on a combination, and its IDL text.
 * Requires(A, B) is written `IF A THEN B;`, the group kinds `OnlyOne(a, b);` and so on, a clause
 * `IF a AND b THEN c OR d;` (types.ts, IdlKind).
 */
import { popcount } from '../rule/field-set.js';
import type { IdlKind, IdlStatement } from './types.js';

export interface Statement {
  kind: IdlKind;
  /** Field indices. Requires: [antecedent, consequent]; IfThen: the IF side, then the THEN side; the others: the group in field order. */
  members: number[];
  /** IfThen only: the members of the THEN side. */
  then?: number[];
}

export function holds(statement: Statement, mask: number): boolean {
  const { kind, members } = statement;
  if (kind === 'Requires') {
    const [antecedent, consequent] = members as [number, number];
    return (mask & (1 << antecedent)) === 0 || (mask & (1 << consequent)) !== 0;
  }
  if (kind === 'IfThen') {
    const { given, then } = sides(statement);
    return (mask & given) !== given || (mask & then) !== 0;
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

/** A clause's two sides as masks: `given`, the fields all present on the IF side; `then`, one of which must be. */
export function sides(statement: Statement): { given: number; then: number } {
  const then = groupMask(statement.then ?? []);
  return { given: groupMask(statement.members) & ~then, then };
}

export function groupMask(members: readonly number[]): number {
  return members.reduce((mask, i) => mask | (1 << i), 0);
}

export function toIdl(fields: readonly string[], statement: Statement): IdlStatement {
  const names = statement.members.map((i) => fields[i] as string);
  if (statement.kind === 'IfThen') {
    const then = (statement.then ?? []).map((i) => fields[i] as string);
    return {
      kind: 'IfThen',
      fields: names,
      then,
      text: clauseText(
        names.filter((n) => !then.includes(n)),
        then,
      ),
    };
  }
  const text = statement.kind === 'Requires' ? `IF ${names[0] ?? ''} THEN ${names[1] ?? ''};` : `${statement.kind}(${names.join(', ')});`;
  return { kind: statement.kind, fields: names, text };
}

/**
 * `IF a AND b THEN c OR d;`; with no THEN side, the last field of the IF side is negated on the THEN side (`IF a
 * THEN NOT b;`); with no IF side, the THEN side's one field is its own condition (`IF NOT a THEN a;`: a is needed).
 */
function clauseText(given: readonly string[], then: readonly string[]): string {
  if (then.length === 0) {
    const last = given.at(-1) ?? '';
    const rest = given.length > 1 ? given.slice(0, -1) : [last];
    return `IF ${rest.join(' AND ')} THEN NOT ${last};`;
  }
  if (given.length === 0) return `IF NOT ${then.join(' AND NOT ')} THEN ${then.join(' OR ')};`;
  return `IF ${given.join(' AND ')} THEN ${then.join(' OR ')};`;
}

/** Back from the report form; undefined when it names a field that is not in `fields`. */
export function fromIdl(index: ReadonlyMap<string, number>, statement: IdlStatement): Statement | undefined {
  const members = statement.fields.map((name) => index.get(name));
  if (members.some((i) => i === undefined)) return undefined;
  if (statement.kind !== 'IfThen') return { kind: statement.kind, members: members as number[] };
  const then = (statement.then ?? []).map((name) => index.get(name));
  if (then.some((i) => i === undefined)) return undefined;
  return { kind: 'IfThen', members: members as number[], then: then as number[] };
}

/** A stable reporting order: by kind as listed in IdlKind, then by members in field order. */
const KIND_ORDER: readonly IdlKind[] = ['Requires', 'OnlyOne', 'AllOrNone', 'ZeroOrOne', 'Or', 'IfThen'];

export function compareStatements(a: Statement, b: Statement): number {
  const byKind = KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind);
  if (byKind !== 0) return byKind;
  if (a.members.length !== b.members.length && a.kind === 'IfThen') return a.members.length - b.members.length;
  for (let k = 0; k < Math.min(a.members.length, b.members.length); k += 1) {
    const d = (a.members[k] ?? 0) - (b.members[k] ?? 0);
    if (d !== 0) return d;
  }
  return a.members.length - b.members.length;
}
