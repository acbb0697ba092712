/**
 * How much one property may spend. Shrinking against a live target sends a request per candidate,
 * so every property gets a request cap and a time limit on top of the engine's run-wide budget
 * and deadline.
 */
export interface PropertyBounds {
  /** Requests (retries included) one property may put on the wire. */
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

/**
 * `requestsPerTrial`: the most one trial sends without retries (a create and its delete is 2;
 * the determinism property sends the body twice, so 4). The cap leaves one trial's worth per run
 * for retries and shrinking, plus 30 for the shrinking of a counterexample.
 */
export function propertyBounds(input: BoundsInput, requestsPerTrial: number): PropertyBounds {
  if (!(Number.isInteger(requestsPerTrial) && requestsPerTrial > 0)) {
    throw new RangeError(`propertyBounds: requestsPerTrial should be a positive integer, got ${requestsPerTrial}`);
  }
  const maxRequests = input.propertyRuns * (requestsPerTrial + 1) + 30;
  const perRequestMs = Math.max(1000 / input.requestsPerSecond, SLOWEST_EXPECTED_MS) * 2;
  return { maxRequests, timeLimitMs: Math.ceil(maxRequests * perRequestMs + input.requestTimeoutMs) };
}

/** The seed of a run: SEED when set, else a random one in SEED's range (0 to 2^31-1). */
export function resolveSeed(configured: number | undefined, random: () => number = Math.random): number {
  return configured ?? Math.floor(random() * 2 ** 31);
}
