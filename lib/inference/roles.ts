/**
 * The role of each field, from the known combinations only:
 * - required: something was accepted, and every accepted combination has it;
 * - forbidden: something was accepted, and nothing that has it was;
 * - optional: adding or removing it never turns an accepted combination into a rejected one
 *   or back (between two known combinations that differ only in it);
 * - conditional: anything else; the IDL dependencies say more.
 */
import { formatCombination, presentOf } from './combinations.js';
import type { FieldRole } from './types.js';
import { count } from './words.js';

/** `verdicts`: accepted (true) or rejected (false) for every known combination mask. */
export function rolesOf(fields: readonly string[], verdicts: ReadonlyMap<number, boolean>): Record<string, FieldRole> | undefined {
  const accepted = [...verdicts].filter(([, ok]) => ok).map(([m]) => m);
  if (accepted.length === 0) return undefined;
  const roles: Record<string, FieldRole> = {};
  fields.forEach((name, i) => {
    roles[name] = roleOf(fields, verdicts, accepted, name, 1 << i);
  });
  return roles;
}

function roleOf(
  fields: readonly string[],
  verdicts: ReadonlyMap<number, boolean>,
  accepted: readonly number[],
  name: string,
  bit: number,
): FieldRole {
  const acceptedWith = accepted.filter((m) => (m & bit) !== 0).length;
  const acceptedWithout = accepted.length - acceptedWith;
  const knownWith = [...verdicts.keys()].filter((m) => (m & bit) !== 0).length;
  const knownWithout = verdicts.size - knownWith;

  if (acceptedWithout === 0) {
    const rest = knownWithout === 0 ? 'no combination without it has a known answer' : `all ${count(knownWithout, 'known combination')} without it were rejected`;
    return { presence: 'required', explanation: `${name} was present in every accepted combination (${accepted.length}); ${rest}.` };
  }
  if (acceptedWith === 0) {
    const rest = knownWith === 0 ? 'no combination with it has a known answer' : `all ${count(knownWith, 'known combination')} with it were rejected`;
    return { presence: 'forbidden', explanation: `${name} was absent from every accepted combination (${accepted.length}); ${rest}.` };
  }

  let pairs = 0;
  let example: [number, number] | undefined;
  let changed = 0;
  // In mask order, so that the example pair does not depend on how `verdicts` was filled.
  for (const without of [...verdicts.keys()].sort((a, b) => a - b)) {
    const okWithout = verdicts.get(without);
    if ((without & bit) !== 0) continue;
    const okWith = verdicts.get(without | bit);
    if (okWith === undefined) continue;
    pairs += 1;
    if (okWith !== okWithout) {
      changed += 1;
      example ??= [without, without | bit];
    }
  }
  const both = `accepted both with ${name} (${count(acceptedWith, 'combination')}) and without it (${acceptedWithout})`;
  if (example === undefined) {
    const why = pairs === 0
      ? `no two known combinations differ only in ${name}, so nothing shows that it matters`
      : `adding or removing it never changed the answer over ${count(pairs, 'pair')} of known combinations that differ only in it`;
    return { presence: 'optional', explanation: `${capitalise(both)}; ${why}.` };
  }
  const [without, withIt] = example;
  const okWithout = verdicts.get(without) === true;
  const shown = (m: number): string => formatCombination(presentOf(fields, m));
  const instance = okWithout
    ? `${shown(without)} was accepted but ${shown(withIt)} rejected`
    : `${shown(without)} was rejected but ${shown(withIt)} accepted`;
  return {
    presence: 'conditional',
    explanation: `${capitalise(both)}, but adding or removing it changed the answer in ${changed} of ${count(pairs, 'pair')} of known combinations that differ only in it, e.g. ${instance}.`,
  };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
