/**
 * How much the property suite may spend. Shrinking against a live target sends a request per candidate, so every
 * property gets a request cap and a time limit on top of the engine's run-wide budget and deadline.
 *
 * The cap counts exchanges, each once, as the dry-run plan does (lib/plan/plan.ts): the engine's retries of an
 * exchange and a second ask of one that got no verdict are bounded by MAX_RETRIES and MAX_REQUESTS, and the plan's
 * worst case counts them. A property may send its runs' trials, each at its most, and what is left of the shrinking
 * allowance the suite's properties share: the suite then never sends more than its plan says, and the plan is no
 * looser than the shrinking of one counterexample needs.
 */

/**
 * The most one trial of each property sends, each exchange once: a create and the DELETE of what it made. The
 * properties draw the same bodies from one seed and a later one reads an earlier one's answer to the same body
 * (suites/04-properties.test.ts): the error-body property sends nothing of its own, the determinism property only its
 * second send. Where the first property got no answer, the later ones send from the shrinking allowance. The
 * properties' names are the cases' (lib/plan/case-ids.ts).
 */
export const PROPERTY_TRIAL_REQUESTS = {
  'answers-2xx-or-4xx': 2,
  'error-body-spec-7': 0,
  'same-request-same-status': 2,
  'matrix-rule-predicts-outcome': 2,
} as const;
export type PropertyName = keyof typeof PROPERTY_TRIAL_REQUESTS;

/** The most one trial sends when no earlier answer serves it: a trial starts only when its cap leaves this much. */
export const WORST_TRIAL_REQUESTS: Record<PropertyName, number> = {
  'answers-2xx-or-4xx': 2,
  'error-body-spec-7': 2,
  'same-request-same-status': 4,
  'matrix-rule-predicts-outcome': 2,
};
export const PROPERTIES = Object.keys(PROPERTY_TRIAL_REQUESTS) as PropertyName[];

/**
 * Exchanges the suite's shrinking may send, its properties together: a counterexample of the drive operation's five
 * fields reaches its smallest within 10 candidates (5 to 7 mostly, over 200 seeds), each a trial of one to four
 * requests, so the first failing property shrinks fully and a second one mostly.
 */
export const SHRINK_REQUESTS = 40;

export interface PropertyBounds {
  /** Exchanges (each once, whatever its retries) one property may put on the wire. */
  maxRequests: number;
  /** Wall time after which fast-check interrupts the property (interruptAfterTimeLimit). */
  timeLimitMs: number;
}

export interface BoundsInput {
  propertyRuns: number;
  requestsPerSecond: number;
  requestTimeoutMs: number;
}

/** Time allowed per request: the rate limit's pace, or half a second for a slow target, doubled. */
const SLOWEST_EXPECTED_MS = 500;

/** The most a property's runs send, each trial at its most, before any shrinking. */
export function trialRequests(input: Pick<BoundsInput, 'propertyRuns'>, property: PropertyName): number {
  return input.propertyRuns * PROPERTY_TRIAL_REQUESTS[property];
}

/**
 * The cap of a property that may also shrink with `shrinkLeft` exchanges; the time limit allows every one of them,
 * and one retry per run, at the slower of the rate's pace and half a second, doubled, plus one timeout.
 */
export function propertyBounds(input: BoundsInput, property: PropertyName, shrinkLeft: number): PropertyBounds {
  if (!(Number.isInteger(shrinkLeft) && shrinkLeft >= 0)) {
    throw new RangeError(`propertyBounds: shrinkLeft should be a non-negative integer, got ${shrinkLeft}`);
  }
  const maxRequests = trialRequests(input, property) + shrinkLeft;
  const perRequestMs = Math.max(1000 / input.requestsPerSecond, SLOWEST_EXPECTED_MS) * 2;
  return { maxRequests, timeLimitMs: Math.ceil((maxRequests + input.propertyRuns) * perRequestMs + input.requestTimeoutMs) };
}

/**
 * The suite's properties, one after another, drawing on one shrinking allowance: each may shrink with what the ones
 * before it left. Whatever a property sent past its trials' most was shrinking, and is taken off.
 */
export class PropertyBudget {
  #shrinkLeft: number;

  constructor(
    private readonly input: BoundsInput,
    shrinkRequests = SHRINK_REQUESTS,
  ) {
    this.#shrinkLeft = shrinkRequests;
  }

  bounds(property: PropertyName): PropertyBounds {
    return propertyBounds(this.input, property, this.#shrinkLeft);
  }

  /** After a property: the exchanges it put on the wire, each once. */
  spent(property: PropertyName, exchanges: number): void {
    this.#shrinkLeft = Math.max(0, this.#shrinkLeft - Math.max(0, exchanges - trialRequests(this.input, property)));
  }

  get shrinkLeft(): number {
    return this.#shrinkLeft;
  }
}

/** The seed of a run: SEED when set, else a random one in SEED's range (0 to 2^31-1). */
export function resolveSeed(configured: number | undefined, random: () => number = Math.random): number {
  return configured ?? Math.floor(random() * 2 ** 31);
}
