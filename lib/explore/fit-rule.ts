/**
 * From what was seen to a rule of the supported class. Fields that rejected every change tried
 * ("lookalikes") are taken as required or forbidden at their value in the start; the rejections
 * that leaves unexplained must each break one of at most `maxStatements` IDL statements over the
 * fields found to interact (the core), and each statement must hold on every accepted combination.
 * The smallest such sets of statements are the candidate rules: one rule (as a function) settles
 * it, several call for the request that splits them best.
 */
import { popcount } from '../rule/field-set.js';
import { compareStatements, type Statement } from '../inference/idl-statement.js';
import { bitsOf, project, spread } from './bits.js';
import { maskOfIndices } from '../rule/field-set.js';
import { candidateHolds, candidatesOver, compile, type Candidate } from './candidates.js';
import { smallestCovers } from './covers.js';
import type { RuleModel } from './rule-model.js';
import type { ProbeSession } from './session.js';

export interface Hypothesis {
  /** Mask of the fields taken as required/forbidden at their value in the start. */
  lookalikes: number;
  /** The fields found to interact, ascending. */
  core: number[];
  statements: Statement[];
  /** Over the core (bit j stands for core[j]): 1 where the statements accept. */
  table: Uint8Array;
  model: RuleModel;
}

export type Settlement =
  | { kind: 'settled'; hypothesis: Hypothesis }
  /**
   * `rules` distinct rules fit; `query` is the combination that splits them best (undefined: none
   * left to send); `alternatives`: every rule that fits, the hypothesis's first.
   */
  | { kind: 'ambiguous'; hypothesis: Hypothesis; rules: number; query: number | undefined; alternatives: RuleModel[] }
  /**
   * No rule of the class fits. `witness`: a rejected combination worth narrowing down against
   * `anchor`, the nearest accepted one that agrees with it on the core (or nearest at all).
   */
  | { kind: 'unexplained'; reason: string; witness: { rejected: number; anchor: number } | undefined; core: number[] };

/** Largest core searched: the class ties at most 3 x 4 = 12 fields. */
const MAX_CORE = 14;
const MAX_COVERS = 256;

/**
 * Rejections the lookalikes do not explain, by their part on the core (the first rejection of each part); or, when
 * a rejection's part on the core was also accepted, the settlement that says the rejection depends on more fields.
 */
function openParts(
  base: number,
  core: number[],
  lookalikes: number,
  accepted: readonly number[],
  rejected: readonly number[],
): Map<number, number> | Settlement {
  const acceptedParts = new Set(accepted.map((m) => project(core, m)));
  const open = new Map<number, number>();
  for (const m of rejected) {
    if (((m ^ base) & lookalikes) !== 0) continue;
    const part = project(core, m);
    if (acceptedParts.has(part)) {
      const anchor = nearest(
        m,
        accepted.filter((a) => project(core, a) === part),
      );
      return {
        kind: 'unexplained',
        reason: 'a rejection depends on fields beyond those found to interact',
        witness: { rejected: m, anchor },
        core,
      };
    }
    if (!open.has(part)) open.set(part, m);
  }
  return open;
}

export class RuleFitter {
  private coreMask = -1;
  private alive: Candidate[] = [];
  private filtered = 0;

  constructor(
    private readonly base: number,
    private readonly sensitive: number,
    private readonly maxStatements: number,
    private readonly maxGroup: number,
  ) {}

  fit(session: ProbeSession, involved: number): Settlement {
    const { base } = this;
    const accepted = session.log.filter((m) => session.verdict(m) === true);
    const rejected = session.log.filter((m) => session.verdict(m) === false);
    const variable = accepted.reduce((mask, m) => mask | (m ^ base), 0);
    const lookalikes = this.sensitive & ~variable;
    const coreMask = (involved | (this.sensitive & variable)) & ~lookalikes;
    const core = bitsOf(coreMask);
    if (core.length > MAX_CORE) {
      return {
        kind: 'unexplained',
        reason: `${core.length} fields interact, more than the ${MAX_CORE} a rule of the class can tie`,
        witness: undefined,
        core,
      };
    }
    this.filter(session, coreMask, core);

    const open = openParts(base, core, lookalikes, accepted, rejected);
    if (!(open instanceof Map)) return open;
    const parts = [...open.keys()];
    const covered = this.alive.map((c) => parts.flatMap((part, i) => (candidateHolds(c, spread(core, part)) ? [] : [i])));
    const covers = smallestCovers(parts.length, covered, this.maxStatements, MAX_COVERS);
    if (covers === undefined) {
      const lonely = parts.findIndex((_, i) => !covered.some((list) => list.includes(i)));
      const rejectedMask = lonely === -1 ? undefined : open.get(parts[lonely] as number);
      return {
        kind: 'unexplained',
        reason: `no ${this.maxStatements} or fewer IDL statements over ${core.length} interacting fields explain every rejection`,
        witness: rejectedMask === undefined ? undefined : { rejected: rejectedMask, anchor: nearest(rejectedMask, accepted) },
        core,
      };
    }

    const rules = this.distinctRules(core, covers);
    const [first] = rules.values();
    if (first === undefined) throw new Error('fit-rule: a cover without a rule');
    const hypothesis: Hypothesis = {
      lookalikes,
      core,
      statements: first.statements,
      table: first.table,
      model: { required: lookalikes & base, forbidden: lookalikes & ~base, statements: first.statements },
    };
    if (rules.size === 1) return { kind: 'settled', hypothesis };
    const alternatives = [...rules.values()].map((r): RuleModel => ({ ...hypothesis.model, statements: r.statements }));
    return {
      kind: 'ambiguous',
      hypothesis,
      rules: rules.size,
      query: this.splitter(
        session,
        core,
        [...rules.values()].map((r) => r.table),
      ),
      alternatives,
    };
  }

  /** The rule of each cover, one per distinct truth table over the core, in the covers' order. */
  private distinctRules(core: number[], covers: readonly number[][]): Map<string, { table: Uint8Array; statements: Statement[] }> {
    const rules = new Map<string, { table: Uint8Array; statements: Statement[] }>();
    for (const cover of covers) {
      const statements = cover.map((c) => (this.alive[c] as Candidate).statement).sort(compareStatements);
      const table = tableOf(
        core,
        cover.map((c) => this.alive[c] as Candidate),
      );
      const key = table.join('');
      if (!rules.has(key)) rules.set(key, { table, statements });
    }
    return rules;
  }

  /** Keeps the candidates that hold on every accepted combination (all of them again when the core changed). */
  private filter(session: ProbeSession, coreMask: number, core: number[]): void {
    if (coreMask !== this.coreMask) {
      this.coreMask = coreMask;
      this.alive = candidatesOver(core, this.maxGroup);
      this.filtered = 0;
    }
    const fresh = session.log.slice(this.filtered).filter((m) => session.verdict(m) === true);
    this.filtered = session.log.length;
    if (fresh.length > 0) this.alive = this.alive.filter((c) => fresh.every((m) => candidateHolds(c, m)));
  }

  /** The unsent combination on which the candidate rules split most evenly, nearest the start. */
  private splitter(session: ProbeSession, core: number[], tables: Uint8Array[]): number | undefined {
    const rest = this.base & ~spread(core, 2 ** core.length - 1);
    const home = project(core, this.base);
    let best: number | undefined;
    let bestScore = -1;
    let bestDistance = Infinity;
    for (let local = 0; local < 2 ** core.length; local += 1) {
      const yes = tables.reduce((count, t) => count + (t[local] ?? 0), 0);
      const score = Math.min(yes, tables.length - yes);
      if (score === 0 || score < bestScore) continue;
      const mask = rest | spread(core, local);
      if (session.asked(mask)) continue;
      const distance = popcount(local ^ home);
      if (score > bestScore || distance < bestDistance) {
        best = mask;
        bestScore = score;
        bestDistance = distance;
      }
    }
    return best;
  }
}

/** The combination among `candidates` that differs from `mask` in fewest fields (the first on ties). */
function nearest(mask: number, candidates: readonly number[]): number {
  let best = candidates[0] ?? 0;
  for (const c of candidates) if (popcount(c ^ mask) < popcount(best ^ mask)) best = c;
  return best;
}

function tableOf(core: readonly number[], statements: readonly Candidate[]): Uint8Array {
  const table = new Uint8Array(2 ** core.length);
  for (let local = 0; local < table.length; local += 1) {
    const mask = spread(core, local);
    table[local] = statements.every((c) => candidateHolds(c, mask)) ? 1 : 0;
  }
  return table;
}

/** Up to this many fields tied by statements, every assignment of them is checked. */
const MAX_CHECKED_GROUP = 6;

/**
 * Combinations that show the rule's own pattern: for every assignment of each group of fields the
 * statements tie together (of each statement, when a group is larger than MAX_CHECKED_GROUP), the
 * combination nearest the start on which the other statements hold, left as in the start elsewhere.
 */
export function localChecks(hypothesis: Hypothesis, base: number): number[] {
  const { core, statements } = hypothesis;
  const compiled = statements.map((s) => ({ s, c: compile(s), mask: maskOfIndices(s.members) }));
  const rest = base & ~spread(core, 2 ** core.length - 1);
  const home = project(core, base);
  // Fields tied together, through shared fields.
  const tied: { mask: number; members: typeof compiled }[] = [];
  for (const x of compiled) {
    let mask = x.mask;
    let members = [x];
    for (let i = tied.findIndex((t) => (t.mask & mask) !== 0); i !== -1; i = tied.findIndex((t) => (t.mask & mask) !== 0)) {
      const [t] = tied.splice(i, 1);
      if (t === undefined) break;
      mask |= t.mask;
      members = [...t.members, ...members];
    }
    tied.push({ mask, members });
  }
  const groups = tied.flatMap((t) =>
    popcount(t.mask) <= MAX_CHECKED_GROUP ? [t] : t.members.map((x) => ({ mask: x.mask, members: [x] })),
  );
  const out = new Set<number>();
  for (const group of groups) {
    const groupLocal = project(core, group.mask);
    const others = compiled.filter((x) => !group.members.includes(x)).map((x) => x.c);
    const nearest = new Map<number, number>();
    for (let local = 0; local < 2 ** core.length; local += 1) {
      const full = spread(core, local);
      if (!others.every((c) => candidateHolds(c, full))) continue;
      const pattern = local & groupLocal;
      const current = nearest.get(pattern);
      if (current === undefined || popcount(local ^ home) < popcount(current ^ home)) nearest.set(pattern, local);
    }
    for (const local of nearest.values()) out.add(rest | spread(core, local));
  }
  return [...out];
}
