/**
 * What explain says of the changes of one field that get a 2xx: the cause they show, and each change in words.
 * The condition is lib/rule/in-words.ts's grammar (read back by its self-test), the rest a closed set of phrases
 * that a table test holds, so that no sentence has a hole a field name falls through.
 */
import type { Expr } from '../rule/expression.js';
import { conditionInWords, joinNames } from '../rule/in-words.js';
import { refusalCondition } from './cause-condition.js';
import type { SingleChange } from './singles.js';
import { caseSentence } from './what-is-wrong.js';

/** "add resource (at a known-good value)", "take out changeType", "replace the value of notificationUrl with a known-good one". */
export function singleChangeWords(change: SingleChange): string {
  switch (change.kind) {
    case 'add':
      return `add ${change.field} (at a known-good value)`;
    case 'remove':
      return `take out ${change.field}`;
    case 'replace-value':
      return `replace the value of ${change.field} with a known-good one`;
    case 'rename':
      return `rename ${change.from} to ${change.field} (its value as given)`;
    case 'add-zone':
      return `add the zone Z to ${change.field} (${JSON.stringify(change.value)})`;
  }
}

/** The literals of the body that the changes undo: a taken-out field is present in it, an added one absent. */
export function undoneLiterals(changes: readonly SingleChange[]): { present: string[]; absent: string[]; values: string[] } {
  const of = (kind: SingleChange['kind']): string[] => [...new Set(changes.filter((c) => c.kind === kind).map((c) => c.field))];
  // A rename undoes the user's name being present and the field's being absent.
  const renames = changes.flatMap((c) => (c.kind === 'rename' ? [c] : []));
  const unique = (names: string[]): string[] => [...new Set(names)];
  return {
    present: unique([...of('remove'), ...renames.map((r) => r.from)]),
    absent: unique([...of('add'), ...renames.map((r) => r.field)]),
    values: [...new Set([...of('replace-value'), ...of('add-zone')])],
  };
}

/**
 * The clause of the rule the body breaks, as the changes of one field that fix it show it: "changeType needs
 * resource" (take out changeType, or add resource), "changeType and resource are not taken together" (take out
 * either), "the body needs resource" (add it). Undefined when no short phrase says it exactly.
 */
export function clauseWords(changes: readonly SingleChange[]): string | undefined {
  // A rename that gets a 2xx shows the target reads the name only in its own letter case.
  const renames = changes.flatMap((c) => (c.kind === 'rename' ? [caseSentence(c.field, c.from)] : []));
  if (renames.length > 0) return renames.join('; ');
  const { present, absent, values } = undoneLiterals(changes);
  // A value's cause is said by the sentence itself ("with the value of x as given").
  if (values.length > 0) return undefined;
  const some = (names: string[]): string => (names.length === 1 ? (names[0] ?? '') : `at least one of ${joinNames(names)}`);
  if (present.length === 1 && absent.length > 0) return `${present[0] ?? ''} needs ${some(absent)}`;
  if (present.length === 0 && absent.length > 0) return `the body needs ${some(absent)}`;
  if (present.length === 1) return `${present[0] ?? ''} is refused in this body`;
  if (present.length === 2 && absent.length === 0) return `${joinNames(present)} are not taken together`;
  if (present.length > 2 && absent.length === 0) return `${joinNames(present)} are not taken all together`;
  return undefined;
}

/**
 * The cause, in one sentence: "changeType needs resource: this body is refused (400) while changeType is present and
 * resource is absent, and any one of the changes below gets 201." `words` says who refused and what the changes get
 * (the target's answers online; the matrix's records offline).
 */
export function singleCauseSentence(
  changes: readonly SingleChange[],
  words: { refused: string; fixed: string },
  /** Values replaced by known-good ones in every one of the changes (a cause of their own, said apart). */
  alongWith: readonly string[] = [],
): string {
  const { present, absent, values } = undoneLiterals(changes);
  const literals: Expr[] = [
    ...present.map((name): Expr => ({ kind: 'field', name })),
    ...absent.map((name): Expr => ({ kind: 'not', operand: { kind: 'field', name } })),
  ];
  // A rename undoes two literals, and either one left keeps the body refused (taking out the misspelt property alone
  // is refused too): the condition is then the one every fix's clause states (cause-condition.ts).
  const either = changes.some((c) => c.kind === 'rename') ? refusalCondition(changes.map((c) => [c])) : undefined;
  const presence =
    either !== undefined
      ? conditionInWords(either, [])
      : literals.length === 0
        ? undefined
        : conditionInWords(literals.length === 1 ? (literals[0] as Expr) : { kind: 'and', operands: literals }, []);
  const valuePart =
    values.length === 0 ? undefined : `${values.length === 1 ? 'the value' : 'the values'} of ${joinNames(values)} as given`;
  const condition =
    presence !== undefined && valuePart !== undefined ? `${presence}, with ${valuePart}` : (presence ?? `with ${valuePart ?? ''}`);
  const clause = clauseWords(changes);
  const replaced =
    alongWith.length === 0
      ? ''
      : `with the value${alongWith.length === 1 ? '' : 's'} of ${joinNames(alongWith)} replaced by ${alongWith.length === 1 ? 'a known-good one' : 'known-good ones'}, `;
  const one = changes.length === 1;
  return (
    `${clause === undefined ? '' : `${clause}: `}${words.refused} ${presence === undefined ? '' : 'while '}${condition}, ` +
    `and ${replaced}${one ? 'the change' : 'any one of the changes'} below ${words.fixed}.`
  );
}
