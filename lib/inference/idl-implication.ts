/**
 * Whether some IDL statements together imply another, so that reporting it would say nothing new.
 * Searches for a combination where the others hold and the statement does not: backtracking over
 * the fields they share, abandoning a branch as soon as a statement can no longer hold. The caller
 * passes a node budget shared by all its checks.
 */
import { groupMask, holds, sides, type Statement } from './idl-statement.js';

export interface SearchBudget {
  /** Nodes left; every check spends from it. */
  nodes: number;
}

/** True: implied. False: a counterexample exists. Undefined: the budget ran out first. */
export function implies(
  others: readonly Statement[],
  statement: Statement,
  budget: SearchBudget = { nodes: 200_000 },
): boolean | undefined {
  // Statements that share no field with the target (even through others) cannot matter: they all
  // hold together on the accepted combinations, so they are satisfiable on their own.
  let vars = groupMask(statement.members);
  let relevant: Statement[] = [];
  for (let grew = true; grew; ) {
    relevant = others.filter((s) => (groupMask(s.members) & vars) !== 0);
    const next = relevant.reduce((mask, s) => mask | groupMask(s.members), vars);
    grew = next !== vars;
    vars = next;
  }

  // A clause is broken by one setting of its own fields (every IF field present, every THEN field absent): that
  // setting is fixed before the search, which then only looks for the other fields.
  const fixed = statement.kind === 'IfThen' ? { mask: sides(statement).given, assigned: groupMask(statement.members) } : undefined;
  const order: number[] = [];
  for (let i = 0; i < 31; i += 1) if ((vars & (1 << i)) !== 0 && (fixed === undefined || (fixed.assigned & (1 << i)) === 0)) order.push(i);
  // Each statement's masks made once: the search asks them at every node, of a budget of up to 200,000 nodes.
  const checks = new Map(relevant.map((s) => [s, checkOf(s)] as const));
  // At each step, the statements mentioning the field just set; the negated target once it is all set.
  const touching = order.map((field) => relevant.filter((s) => s.members.includes(field)).map((s) => checks.get(s) as Check));
  const targetStep = fixed === undefined ? Math.max(...statement.members.map((i) => order.indexOf(i))) : -1;

  const search = (step: number, mask: number, assigned: number): boolean | undefined => {
    budget.nodes -= 1;
    if (budget.nodes < 0) return undefined;
    if (step === order.length) return true;
    const bit = 1 << (order[step] as number);
    for (const candidate of [mask, mask | bit]) {
      const nowAssigned = assigned | bit;
      if (!(touching[step] ?? []).every((s) => canHold(s, candidate, nowAssigned))) continue;
      if (step === targetStep && holds(statement, candidate)) continue;
      const found = search(step + 1, candidate, nowAssigned);
      if (found !== false) return found;
    }
    return false;
  };
  if (fixed !== undefined && ![...checks.values()].every((s) => canHold(s, fixed.mask, fixed.assigned))) return true;
  const counterexample = fixed === undefined ? search(0, 0, 0) : search(0, fixed.mask, fixed.assigned);
  return counterexample === undefined ? undefined : !counterexample;
}

/** A statement as the search asks it: its kind, size and masks. */
interface Check {
  kind: Statement['kind'];
  size: number;
  group: number;
  /** IfThen: the IF side's fields and the THEN side's. */
  given: number;
  then: number;
  /** Requires: the field that requires, and the one required. */
  antecedent: number;
  consequent: number;
}

function checkOf(statement: Statement): Check {
  const { given, then } = statement.kind === 'IfThen' ? sides(statement) : { given: 0, then: 0 };
  const [antecedent, consequent] = statement.kind === 'Requires' ? (statement.members as [number, number]) : [0, 0];
  return {
    kind: statement.kind,
    size: statement.members.length,
    group: groupMask(statement.members),
    given,
    then,
    antecedent: 1 << antecedent,
    consequent: 1 << consequent,
  };
}

/** Whether some setting of the fields not yet assigned makes the statement hold. */
function canHold(check: Check, mask: number, assigned: number): boolean {
  switch (check.kind) {
    case 'Requires':
      // Broken only once the requiring field is set present and the required one absent.
      return !((assigned & mask & check.antecedent) !== 0 && (assigned & ~mask & check.consequent) !== 0);
    case 'IfThen':
      // Broken only once every field of the IF side is set present and every field of the THEN side absent.
      return !((mask & assigned & check.given) === check.given && (~mask & assigned & check.then) === check.then);
  }
  const present = popcountOf(mask & check.group & assigned);
  const absent = popcountOf(~mask & check.group & assigned);
  const open = check.size - present - absent;
  switch (check.kind) {
    case 'OnlyOne':
      return present <= 1 && present + open >= 1;
    case 'ZeroOrOne':
      return present <= 1;
    case 'Or':
      return present + open >= 1;
    case 'AllOrNone':
      return present === 0 || absent === 0;
  }
}

function popcountOf(mask: number): number {
  let count = 0;
  for (let m = mask >>> 0; m !== 0; m = (m & (m - 1)) >>> 0) count += 1;
  return count;
}
