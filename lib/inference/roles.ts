/**
 * The role of each field. Over a complete table of answers (every combination accepted or rejected):
 * - required: something was accepted, and every accepted combination has it;
 * - forbidden: something was accepted, and nothing that has it was;
 * - optional: adding or removing it never turns an accepted combination into a rejected one or back;
 * - conditional: anything else; the IDL dependencies say more.
 *
 * The matrix is rarely complete: a combination may be unstable, end in an error or never be sent.
 * Each such unknown combination could be accepted or rejected, so there are 2^k completions of the
 * table, and a role is stated only when every completion gives it; otherwise the field is
 * `undetermined`, with the roles the completions allow and the unknown combinations it hangs on.
 *
 * Deciding that without enumerating the completions (k can be 2^30). Write A and R for the known
 * accepted and rejected combinations, U for the unknown ones, and pair each combination x without
 * the field f with x+f (the pairs partition all combinations; a completion sets each pair freely).
 * A is not empty (else there are no roles), so every completion accepts something.
 * - required in some completion  iff no combination without f is in A (reject all of U without f);
 *   in every completion           iff additionally no combination without f is in U.
 * - forbidden: the same with "with f".
 * - optional in some completion   iff no pair is known on both sides with different answers: then
 *   give each unknown the answer of its partner (accepted when both are unknown); every pair agrees
 *   and the pair of an accepted combination is accepted on both sides, so something is accepted
 *   with f and without it. In every completion iff also U is empty, because any unknown u can be
 *   given the answer opposite to its partner's, which makes its pair differ.
 * - conditional in some completion iff some pair (x, x+f) can differ while something is accepted
 *   with f and something without it. Either x is rejected and x+f accepted, and some z != x without
 *   f is accepted (x not in A, x+f not in R, and a possibly accepted combination without f other
 *   than x exists), or the mirror image. possibleConditional searches the pairs for one, and stops
 *   after a number of candidates bounded by the known combinations (see there).
 * The role is stated iff exactly one of the four is possible. What it hangs on: when `optional` is
 * among the possible roles, every unknown combination (from a completion giving `optional`,
 * flipping any single unknown makes its pair differ); otherwise the role is `required` (or
 * `forbidden`) exactly when every unknown combination without (with) f is rejected, so those.
 */
import { formatCombination, presentOf } from '../rule/field-set.js';
import type { DeterminedRole, FieldRole } from './types.js';
import { take, Unknowns } from './unknowns.js';
import { capitalise, count } from './words.js';

/** Unknown combinations named in an undetermined role, at most (hangsOnCount says how many in all). */
const NAMED = 8;

const ORDER: readonly DeterminedRole[] = ['required', 'forbidden', 'optional', 'conditional'];

/** `verdicts`: accepted (true) or rejected (false) for every known combination mask; the rest are unknown. */
export function rolesOf(fields: readonly string[], verdicts: ReadonlyMap<number, boolean>): Record<string, FieldRole> | undefined {
  const accepted = [...verdicts].filter(([, ok]) => ok).map(([m]) => m);
  if (accepted.length === 0) return undefined;
  const unknowns = new Unknowns(fields.length, verdicts);
  const roles: Record<string, FieldRole> = {};
  fields.forEach((name, i) => {
    roles[name] = roleOf(fields, unknowns, accepted, name, 1 << i);
  });
  return roles;
}

interface FieldFacts {
  acceptedWith: number;
  acceptedWithout: number;
  knownWith: number;
  knownWithout: number;
  unknownWith: number;
  unknownWithout: number;
  /** Pairs (x, x+f) known on both sides, and the first (in mask order) whose answers differ. */
  knownPairs: number;
  changedPairs: number;
  example: [number, number] | undefined;
  /** Whether the example's combination without the field was the accepted one. */
  exampleAcceptedWithout: boolean;
}

function factsOf(unknowns: Unknowns, accepted: readonly number[], bit: number): FieldFacts {
  const { verdicts, n } = unknowns;
  const acceptedWith = accepted.filter((m) => (m & bit) !== 0).length;
  const knownWith = [...verdicts.keys()].filter((m) => (m & bit) !== 0).length;
  const knownWithout = verdicts.size - knownWith;
  let knownPairs = 0;
  let changedPairs = 0;
  let example: [number, number] | undefined;
  let exampleAcceptedWithout = false;
  // In mask order, so that the example pair does not depend on how `verdicts` was filled.
  for (const without of [...verdicts.keys()].sort((a, b) => a - b)) {
    if ((without & bit) !== 0) continue;
    const okWith = verdicts.get(without | bit);
    if (okWith === undefined) continue;
    knownPairs += 1;
    if (okWith !== verdicts.get(without)) {
      changedPairs += 1;
      if (example === undefined) {
        example = [without, without | bit];
        exampleAcceptedWithout = !okWith;
      }
    }
  }
  const half = 2 ** (n - 1);
  return {
    acceptedWith,
    acceptedWithout: accepted.length - acceptedWith,
    knownWith,
    knownWithout,
    unknownWith: half - knownWith,
    unknownWithout: half - knownWithout,
    knownPairs,
    changedPairs,
    example,
    exampleAcceptedWithout,
  };
}

/** The roles some completion of the unknowns gives the field (see the comment at the top), in ORDER. */
function possibleFrom(unknowns: Unknowns, accepted: readonly number[], bit: number, facts: FieldFacts): DeterminedRole[] {
  const can: Record<DeterminedRole, boolean> = {
    required: facts.acceptedWithout === 0,
    forbidden: facts.acceptedWith === 0,
    optional: facts.changedPairs === 0,
    conditional:
      possibleConditional(unknowns, accepted, bit, true, facts.acceptedWithout + facts.unknownWithout) ||
      possibleConditional(unknowns, accepted, bit, false, facts.acceptedWith + facts.unknownWith),
  };
  return ORDER.filter((role) => can[role]);
}

/**
 * Whether some pair can differ with the combination on the `accepting` side accepted and the other
 * rejected, while another combination on the other side is accepted. accepting = true: x+f accepted,
 * x rejected, some z != x without f accepted; `otherSide` counts the combinations without f that
 * could be accepted (in A or U). false: the mirror image.
 *
 * Candidates y (possibly accepted, on the accepting side) are tried in turn, x being y's partner.
 * A candidate fails only if x is in A (x cannot be rejected), or if x itself is the only possibly
 * accepted combination on the other side. With otherSide >= 2 only the first cause applies, so at
 * most |A on the other side| candidates fail; with otherSide = 1 at most one does; with 0 none can
 * succeed. So the loop stops after at most |A| + 2 candidates, however many unknowns there are.
 */
function possibleConditional(unknowns: Unknowns, accepted: readonly number[], bit: number, accepting: boolean, otherSide: number): boolean {
  if (otherSide === 0) return false;
  const side = accepting ? bit : 0;
  const candidates = function* (): Generator<number> {
    for (const m of accepted) if ((m & bit) === side) yield m;
    yield* unknowns.listIn(bit, side);
  };
  for (const y of candidates()) {
    const x = y ^ bit;
    const verdict = unknowns.verdicts.get(x);
    if (verdict === true) continue;
    const othersLeft = otherSide - (verdict === undefined ? 1 : 0);
    if (othersLeft >= 1) return true;
  }
  return false;
}

function roleOf(fields: readonly string[], unknowns: Unknowns, accepted: readonly number[], name: string, bit: number): FieldRole {
  const facts = factsOf(unknowns, accepted, bit);
  const possible = possibleFrom(unknowns, accepted, bit, facts);
  const shown = (m: number): string => formatCombination(presentOf(fields, m));
  const [only] = possible;
  if (possible.length === 1 && only !== undefined) return { presence: only, explanation: determined(only, name, facts, shown) };

  // Which unknowns the role hangs on (see the comment at the top).
  const [care, value, total] = possible.includes('optional')
    ? [0, 0, unknowns.size]
    : possible.includes('required')
      ? [bit, 0, facts.unknownWithout]
      : [bit, bit, facts.unknownWith];
  const { items } = take(unknowns.listIn(care, value), NAMED);
  const hangsOn = items.map((m) => presentOf(fields, m));
  const named = `${items.map(shown).join(', ')}${total > items.length ? ', …' : ''}`;
  const seen =
    facts.acceptedWithout === 0
      ? `${name} was present in every accepted combination (${accepted.length})`
      : facts.acceptedWith === 0
        ? `${name} was absent from every accepted combination (${accepted.length})`
        : `accepted both with ${name} (${count(facts.acceptedWith, 'combination')}) and without it (${facts.acceptedWithout}), and no two known combinations that differ only in it got different answers`;
  return {
    presence: 'undetermined',
    // The first two start with the field's name, which keeps its spelling.
    explanation: `${facts.acceptedWith > 0 && facts.acceptedWithout > 0 ? capitalise(seen) : seen}, but ${count(total, 'combination')} without a usable answer (${named}) could go either way: ${alternatives(possible)}, depending on how ${total === 1 ? 'it is' : 'they are'} answered.`,
    possible,
    hangsOn,
    hangsOnCount: total,
  };
}

function determined(role: DeterminedRole, name: string, facts: FieldFacts, shown: (m: number) => string): string {
  const { acceptedWith, acceptedWithout, knownWith, knownWithout, knownPairs, changedPairs, example } = facts;
  const accepted = acceptedWith + acceptedWithout;
  const both = `accepted both with ${name} (${count(acceptedWith, 'combination')}) and without it (${acceptedWithout})`;
  switch (role) {
    case 'required':
      return `${name} was present in every accepted combination (${accepted}); all ${count(knownWithout, 'known combination')} without it were rejected.`;
    case 'forbidden':
      return `${name} was absent from every accepted combination (${accepted}); all ${count(knownWith, 'known combination')} with it were rejected.`;
    case 'optional':
      return `${capitalise(both)}; adding or removing it never changed the answer over ${count(knownPairs, 'pair')} of known combinations that differ only in it.`;
    case 'conditional': {
      const [without, withIt] = example ?? [0, 0];
      const instance = facts.exampleAcceptedWithout
        ? `${shown(without)} was accepted but ${shown(withIt)} rejected`
        : `${shown(without)} was rejected but ${shown(withIt)} accepted`;
      return `${capitalise(both)}, but adding or removing it changed the answer in ${changedPairs} of ${count(knownPairs, 'pair')} of known combinations that differ only in it, e.g. ${instance}.`;
    }
  }
}

/** `required or conditional`, `required, optional or conditional`. */
function alternatives(roles: readonly DeterminedRole[]): string {
  return roles.length <= 1 ? roles.join('') : `${roles.slice(0, -1).join(', ')} or ${roles[roles.length - 1] ?? ''}`;
}
