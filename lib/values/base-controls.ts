/**
 * Whether a refusal that names nothing in the body is the value's, or chance: the body the value varies (its base,
 * accepted before) is asked again, once per base for the whole run. Every refusal of the base is chance, known to the
 * run from then on; the base accepted CONTROL_ACCEPTS times says a refusal naming nothing that it never met is the
 * value's. Three refusals of a value and six acceptances of its base happen by chance together less than 1 time in
 * 300, whatever the share of bodies a target refuses at random (at most s^3 (1-s)^6, largest at s = 1/3).
 */
import type { AskAnswer, Counting, IntermittentRefusals, Rejected } from './settle.js';

/** Acceptances of the base that make a refusal naming nothing, which the base never met, the value's. */
export const CONTROL_ACCEPTS = 6;
/** Most asks of one base: answers that are not acceptances (a refusal, no verdict) count toward it. */
export const MAX_CONTROL_ASKS = CONTROL_ACCEPTS + 2;
/** Most requests and accepted creates one base's checks send: each ask, and the delete of each acceptance. */
export const CONTROL_BOUND = { requests: MAX_CONTROL_ASKS + CONTROL_ACCEPTS, creates: CONTROL_ACCEPTS };

export class BaseControls {
  /** Each base's acceptances over its checks, by key. */
  readonly #checks = new Map<string, Promise<number>>();
  /** Asks of a base body made as controls. */
  asked = 0;

  constructor(private readonly seen: IntermittentRefusals) {}

  /** Whether `refusal` counts against a value of the base `baseKey`, asking the base through `ask` if not done yet. */
  async check(refusal: Rejected, baseKey: string, ask: () => Promise<AskAnswer>): Promise<Counting> {
    let check = this.#checks.get(baseKey);
    if (check === undefined) this.#checks.set(baseKey, (check = this.#run(ask)));
    const accepted = await check;
    if (this.seen.has(refusal.kind)) return { counts: false };
    if (accepted >= CONTROL_ACCEPTS) return { counts: true };
    const times = accepted === 0 ? 'never accepted' : `accepted ${accepted} ${accepted === 1 ? 'time' : 'times'}`;
    return {
      counts: false,
      why: `its base body, asked again ${MAX_CONTROL_ASKS} times, was ${times}: the refusal is not shown to be the value's`,
    };
  }

  async #run(ask: () => Promise<AskAnswer>): Promise<number> {
    let accepted = 0;
    const refused: Rejected[] = [];
    for (let asks = 0; asks < MAX_CONTROL_ASKS && accepted < CONTROL_ACCEPTS; asks += 1) {
      this.asked += 1;
      const answer = await ask();
      if (answer.outcome === 'accepted') accepted += 1;
      else if (answer.outcome === 'rejected') refused.push(answer);
    }
    // A base accepted here too: each of its refusals is one this run has seen on a body the target also accepted.
    if (accepted > 0) for (const r of refused) this.seen.note(r.kind, r.shown);
    return accepted;
  }
}
