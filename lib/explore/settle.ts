/**
 * Settling on one rule: while several rules of the class fit, ask the combination that splits them;
 * once one fits, ask what shows its own pattern (localChecks); when none fits, narrow a rejection
 * down to the fields that matter and bring them into the core.
 */
import { bitsOf } from './bits.js';
import { maskOfIndices } from '../rule/field-set.js';
import { localChecks, type RuleFitter, type Settlement } from './fit-rule.js';
import { minimalSubset } from './minimal-subset.js';
import type { ProbeSession } from './session.js';

/** Rounds of settling (each sends at least one request or ends). */
const MAX_ROUNDS = 200;
/** Times a rejection left unexplained is narrowed down. */
const MAX_LOCALISATIONS = 3;

export class Settler {
  private localisations = 0;

  constructor(
    private readonly session: ProbeSession,
    private readonly base: number,
    private readonly fitter: RuleFitter,
    /** Fields found to interact so far (grows). */
    private involved: number,
  ) {}

  involve(fields: number): void {
    this.involved |= fields;
  }

  /** Splitting requests may use the whole budget; pattern checks stop above `floor`. */
  async settle(floor: number): Promise<Settlement> {
    const { session, base, fitter } = this;
    let settlement = fitter.fit(session, this.involved);
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      if (settlement.kind === 'unexplained') {
        if (!(await this.localise(settlement))) return settlement;
      } else if (settlement.kind === 'ambiguous') {
        if (settlement.query === undefined || session.left() === 0) return settlement;
        await session.ask(settlement.query);
      } else {
        const checks = localChecks(settlement.hypothesis, base).filter((m) => !session.asked(m));
        const room = session.left() - floor;
        if (checks.length === 0 || room <= 0) return settlement;
        for (const m of checks.slice(0, room)) await session.ask(m);
      }
      settlement = fitter.fit(session, this.involved);
    }
    return settlement;
  }

  /**
   * The smallest part of the difference between the witness and its accepted anchor that gets the
   * anchor rejected; its fields join the core. False when there is nothing (more) to narrow.
   */
  private async localise(settlement: Extract<Settlement, { kind: 'unexplained' }>): Promise<boolean> {
    const { session } = this;
    if (settlement.witness === undefined || this.localisations >= MAX_LOCALISATIONS || session.left() === 0) return false;
    this.localisations += 1;
    const { rejected, anchor } = settlement.witness;
    const delta = rejected ^ anchor;
    const core = maskOfIndices(settlement.core);
    const part = await minimalSubset(
      [...bitsOf(delta & ~core), ...bitsOf(delta & core)],
      async (flips) => {
        const answer = await session.ask(anchor ^ flips);
        return answer === 'rejected' ? true : answer === 'accepted' ? false : undefined;
      },
      (m) => m === 0,
    );
    if (part === undefined) return false;
    this.involved |= part;
    return true;
  }
}
