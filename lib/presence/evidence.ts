/**
 * What the presence suite learnt, in the one form every later suite asks it in: does the
 * target accept this set of present fields (yes, no, or unknown); the smallest accepted body that has a
 * given field; the rule, whether it is exact and what it assumes. Later suites never read the matrix's
 * observations as if they were complete, so nothing needs 2^n combinations once the explorer has a rule.
 *
 * Answers come from what was observed first. A combination never sent is answered from the rule only
 * when the rule is exact (the adaptive explorer pinned it down; its assumptions, when it has any, are
 * stated in `caveat` for findings to repeat); otherwise it is `unknown`.
 */
import { fieldIndex, maskOf } from '../rule/field-set.js';
import type { IdlStatement, Observation, PresenceRole } from '../inference/types.js';
import type { Expr } from '../rule/expression.js';
import { Rule, type RuleTerm } from '../rule/rule.js';

/**
 * The fact a skip rests on: no accepted body (with `with`, when given) was known where the case ran. A merged report
 * holds it against the merged evidence (lib/report/evidence-disagreements.ts): a shard that learnt it alone is named.
 */
export interface NoAccepted {
  with?: string;
}

export type Acceptance = 'yes' | 'no' | 'unknown';

/** The rule the presence suite reports, and how far it can be trusted. */
export interface PresenceRule {
  strategy: 'exhaustive' | 'adaptive';
  /** Report syntax: true exactly on the accepted combinations, as far as known. */
  expression: string;
  /** The same rule as its maker's expression (Rule.made takes both: nothing is parsed). */
  expr: Expr;
  /** Role of every field; empty when nothing was accepted. */
  roles: Record<string, PresenceRole>;
  dependencies: IdlStatement[];
  /** Pinned down: every combination answered (exhaustive), or the explorer's checks all answered (adaptive). */
  exact: boolean;
  /** What exactness rests on, in plain words (adaptive only); empty when nothing is assumed. */
  assumptions: string[];
  /** What could not be pinned down, in plain words; empty exactly when `exact`. */
  unresolved: string[];
}

/** A body the evidence says is accepted, and whether that was seen or read from the rule. */
export interface AcceptedBody {
  present: string[];
  basis: 'observed' | 'rule';
}

export class PresenceEvidence {
  readonly #index: Map<string, number>;
  readonly #byMask = new Map<number, Observation>();
  readonly #rule: Rule | undefined;
  readonly #terms: RuleTerm[] | undefined;

  constructor(
    readonly fields: readonly string[],
    readonly observations: readonly Observation[],
    readonly rule: PresenceRule,
  ) {
    this.#index = fieldIndex(fields);
    for (const o of observations) {
      const mask = maskOf(this.#index, o.present);
      if (mask === undefined)
        throw new Error(`PresenceEvidence: observation names a field not in ${fields.join(', ')}: ${o.present.join(', ')}`);
      this.#byMask.set(mask, o);
    }
    // The rule answers for combinations never sent only when it is exact and the matrix was not complete.
    const trusted = rule.exact && rule.strategy === 'adaptive';
    this.#rule = trusted ? Rule.made(rule.expression, rule.expr) : undefined;
    this.#terms = this.#rule?.products();
  }

  /** Every combination of the fields has an observation. */
  get complete(): boolean {
    return this.#byMask.size === 2 ** this.fields.length;
  }

  /** Whether a body with exactly these fields present (good values) is accepted. */
  accepts(present: readonly string[]): Acceptance {
    const mask = maskOf(this.#index, present);
    if (mask === undefined) return 'unknown';
    const seen = this.#byMask.get(mask);
    if (seen !== undefined) return seen.outcome === 'accepted' ? 'yes' : seen.outcome === 'rejected' ? 'no' : 'unknown';
    if (this.#rule === undefined) return 'unknown';
    return this.#rule.accepts(present) ? 'yes' : 'no';
  }

  /**
   * The accepted body with the fewest fields (ties: the one first in the matrix's bitmask order) that has
   * `including` (any, when undefined): among the observed ones and, when the rule is trusted, the smallest
   * body each of its terms accepts. Undefined when none is known.
   */
  smallestAccepted(including?: string): AcceptedBody | undefined {
    const candidates: AcceptedBody[] = this.observations
      .filter((o) => o.outcome === 'accepted' && (including === undefined || o.present.includes(including)))
      .map((o) => ({ present: o.present, basis: 'observed' }));
    for (const term of this.#terms ?? []) {
      if (including !== undefined && term.absent.has(including)) continue;
      const present = this.fields.filter((f) => term.present.has(f) || f === including);
      if (this.accepts(present) === 'yes') candidates.push({ present, basis: this.#byMask.has(this.#mask(present)) ? 'observed' : 'rule' });
    }
    return candidates.sort((a, b) => a.present.length - b.present.length || this.#mask(a.present) - this.#mask(b.present))[0];
  }

  /**
   * The smallest combination with `including` that the matrix saw unstable and the target accepted on some of its asks
   * (and that an exact rule, when there is one, accepts): the body to vary on a target that refuses now and then, where
   * no combination with the field was accepted every time. Its refusals are the target's chance, which whoever varies
   * it must tell from a value's (the value suite asks the base again before a refusal naming nothing counts). The rule
   * is not changed by it: the combination stays unknown there. Undefined when none.
   */
  unstableAccepted(including: string): { present: string[]; statuses: (number | null)[] } | undefined {
    const rule = this.rule.exact ? Rule.made(this.rule.expression, this.rule.expr) : undefined;
    const candidates = this.observations.filter(
      (o) =>
        o.outcome === 'unstable' &&
        o.present.includes(including) &&
        (o.statuses ?? []).some((s) => s !== null && s >= 200 && s < 300) &&
        (rule === undefined || rule.accepts(o.present)),
    );
    const smallest = candidates.sort((a, b) => a.present.length - b.present.length || this.#mask(a.present) - this.#mask(b.present))[0];
    return smallest === undefined ? undefined : { present: smallest.present, statuses: smallest.statuses ?? [] };
  }

  /**
   * Why no accepted body (with `including`, when given) is known, naming the true reason: combinations whose
   * repeats disagreed are unstable, not "never accepted". `so` says what cannot be done without one.
   */
  noAcceptedBody(including: string | undefined, so: string): { reason: string; toTest: string; noAccepted: NoAccepted } {
    const noAccepted: NoAccepted = including === undefined ? {} : { with: including };
    const what = including === undefined ? 'a body' : `a body with ${including}`;
    const unstable = this.observations.filter(
      (o) => o.outcome === 'unstable' && (including === undefined || o.present.includes(including)),
    );
    if (unstable.length > 0) {
      const shown = unstable
        .slice(0, 3)
        .map((o) => `{${o.present.join(', ')}}: ${(o.statuses ?? []).map((st) => st ?? 'no answer').join(', ')}`);
      const subject = including === undefined ? 'no body was accepted every time' : `no stable accepted body carries ${including}`;
      const some = unstable.length === 1 ? 'a combination' : `${unstable.length} combinations`;
      return {
        reason:
          `${subject}: the presence matrix saw ${some}${including === undefined ? '' : ' with it'} unstable (its repeats disagreed: ` +
          `${shown.join('; ')}${unstable.length > 3 ? '; ...' : ''}) and none accepted every time, so ${so}`,
        toTest: `if the target accepts ${what} every time, give it as ACCEPTED_BODY`,
        noAccepted,
      };
    }
    const subject = including === undefined ? 'no body was accepted' : `no accepted body carries ${including}`;
    return {
      reason: `${subject}: the presence matrix saw no combination${including === undefined ? '' : ' with it'} accepted, so ${so}`,
      toTest: `if the target accepts some ${what.slice(2)}, give it as ACCEPTED_BODY`,
      noAccepted,
    };
  }

  /**
   * What a finding resting on this evidence must say, or undefined when it rests on observations alone or
   * on an exact rule that assumes nothing.
   */
  caveat(): string | undefined {
    const { rule } = this;
    if (rule.strategy === 'exhaustive' && rule.exact) return undefined;
    if (!rule.exact)
      return `the presence rule is not exact (${rule.unresolved.join('; ')}): combinations it was not asked about are unknown`;
    if (rule.assumptions.length > 0) return `the presence rule assumes: ${rule.assumptions.join('; ')}`;
    return undefined;
  }

  /** The combination's bitmask, which is also the matrix's order (field i is bit i). */
  #mask(present: readonly string[]): number {
    return maskOf(this.#index, present) ?? Number.MAX_SAFE_INTEGER;
  }
}
