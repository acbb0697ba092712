/**
 * The explorer's only way to the target: every request goes through here, so the budget is a hard
 * cap, no combination is asked twice, and what was seen is kept in the order it was seen.
 * An 'unknown' answer is retried once (when asked to and the budget allows) and is never evidence.
 */
import { presentOf } from '../rule/field-set.js';
import type { Observation } from '../inference/types.js';
import type { Oracle } from './types.js';
import type { PresenceAnswer } from '../rule/answer.js';

/** 'exhausted': the budget was spent before this combination could be sent. */
export type Answer = PresenceAnswer | 'exhausted';

export class ProbeSession {
  /** Oracle calls made. */
  requests = 0;
  /** Answers that were 'unknown' (retries included). */
  unknownAnswers = 0;
  /** Masks with a usable answer, in the order the answers came (readers keep their own position). */
  readonly log: number[] = [];
  private readonly verdicts = new Map<number, boolean>();
  private readonly unusable = new Set<number>();
  private readonly firstAsked: number[] = [];
  /** For a rejected combination whose error named fields of the operation: those fields as a mask. */
  private readonly named = new Map<number, number>();

  constructor(
    readonly fields: readonly string[],
    private readonly oracle: Oracle,
    readonly maxRequests: number,
  ) {}

  left(): number {
    return this.maxRequests - this.requests;
  }

  verdict(mask: number): boolean | undefined {
    return this.verdicts.get(mask);
  }

  /** Sent before, with or without a usable answer. */
  asked(mask: number): boolean {
    return this.verdicts.has(mask) || this.unusable.has(mask);
  }

  /** The fields a rejection's error named, as a mask (0 when it named none or was not rejected). */
  namedBy(mask: number): number {
    return this.named.get(mask) ?? 0;
  }

  usableCount(): number {
    return this.verdicts.size;
  }

  unusableMasks(): number[] {
    return [...this.unusable];
  }

  /** The answer for a combination: from memory when known, else from the oracle (retrying 'unknown' `retries` times). */
  async ask(mask: number, retries = 1): Promise<Answer> {
    const known = this.verdicts.get(mask);
    if (known !== undefined) return known ? 'accepted' : 'rejected';
    if (this.unusable.has(mask)) return 'unknown';
    return this.send(mask, retries);
  }

  /** Asks again a combination whose earlier answer was 'unknown'. */
  async retry(mask: number): Promise<Answer> {
    if (!this.unusable.has(mask)) return this.ask(mask);
    return this.send(mask, 0);
  }

  observations(): Observation[] {
    return this.firstAsked.map((mask): Observation => {
      const present = presentOf(this.fields, mask);
      const verdict = this.verdicts.get(mask);
      if (verdict === undefined) return { present, outcome: 'error', status: null };
      return { present, outcome: verdict ? 'accepted' : 'rejected', status: null };
    });
  }

  private async send(mask: number, retries: number): Promise<Answer> {
    for (let attempt = 0; attempt <= retries; attempt += 1) {
      if (this.requests >= this.maxRequests) return attempt === 0 && !this.unusable.has(mask) ? 'exhausted' : 'unknown';
      this.requests += 1;
      if (!this.unusable.has(mask) && attempt === 0) this.firstAsked.push(mask);
      const got = await this.oracle(new Set(presentOf(this.fields, mask)));
      const answer = typeof got === 'string' ? got : got.answer;
      if (answer === 'rejected' && typeof got !== 'string') {
        const named = this.fields.reduce((m, f, i) => (got.named.includes(f) ? m | (1 << i) : m), 0);
        if (named !== 0) this.named.set(mask, named);
      }
      if (answer === 'accepted' || answer === 'rejected') {
        this.unusable.delete(mask);
        this.verdicts.set(mask, answer === 'accepted');
        this.log.push(mask);
        return answer;
      }
      this.unknownAnswers += 1;
      this.unusable.add(mask);
    }
    return 'unknown';
  }
}
