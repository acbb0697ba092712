/**
 * A first accepted combination when no single change from the start points is accepted: the
 * accepted combinations form a small island (several required fields, exactly one of a pair, a
 * forbidden field), so every one-field step from the full body, the empty body or the given start
 * is rejected. Without an accepted answer there is no signal to climb, so the search spreads its
 * requests over shapes unlike those already rejected:
 * 1. ddmin-like jumps: the fields in a seeded order, cut into 2, 4, 8, ... chunks; each chunk (and
 *    its complement) removed from the full body, added to the empty body, flipped in the given start;
 * 2. sampling biased toward the given start (a few fields flipped) and toward present-or-absent
 *    densities around one half, never asking a combination twice.
 * Before both, where the rejections' errors named fields (a framework's "field required", "extra
 * inputs are not permitted"), a walk that flips the named fields: a few requests that find the island
 * at once when the messages are right, and cost little when they are not.
 * Deterministic under the rng; every loop bounded by the request cap.
 */
import { bit } from './bits.js';
import { shuffled, type Rng } from './rng.js';
import type { ProbeSession } from './session.js';

/** The first accepted combination, and how it was reached: from which start, by which changes. */
export interface StartFound {
  mask: number;
  /** The start it is a change of ('every field', 'no field', a known body's source), or the search that found it. */
  from: string;
  /** The start's mask, when `from` names one (the changes are the bits that differ). */
  fromMask?: number;
}

/** What found the island, as the report names it. */
const NAMED = 'the fields the errors named';
const JUMP = 'a jump of half the fields';
const SAMPLE = 'a sample unlike the rejected ones';

type Found = StartFound | 'stop' | undefined;

/** Asks `mask` unless asked already (then it costs nothing and is skipped): the start when accepted, 'stop' at the cap. */
async function attempt(session: ProbeSession, cap: number, mask: number, from: string, fromMask?: number): Promise<Found> {
  if (session.asked(mask)) return undefined;
  if (session.requests >= cap) return 'stop';
  const answer = await session.ask(mask);
  if (answer === 'accepted') return { mask, from, ...(fromMask === undefined ? {} : { fromMask }) };
  return answer === 'exhausted' ? 'stop' : undefined;
}

/**
 * Follow what the errors said: from each rejection that named fields, flip them, and again from
 * the answer to that, a chain at most n long per start; a cycle or a silent answer ends the chain.
 * A chain that ends on a rejection naming nothing satisfied every constraint the errors name: what
 * is left unnamed (a rule across fields) is searched near it, as near a given start.
 */
async function walkNamed(
  session: ProbeSession,
  given: number | undefined,
  cap: number,
): Promise<{ found: Found; near: number | undefined; pinned: number }> {
  const walkCap = Math.min(cap, session.requests + session.fields.length);
  const starts = session.log.filter((m) => session.namedBy(m) !== 0);
  for (const from of starts.slice(0, MAX_NAMED_STARTS)) {
    let mask = from;
    let named = session.namedBy(mask);
    let seenNamed = named;
    for (let step = 0; step < MAX_WALK_STEPS && named !== 0 && session.requests < walkCap; step += 1) {
      const next = mask ^ named;
      if (session.asked(next)) break;
      const got = await attempt(session, cap, next, NAMED, from);
      if (got !== undefined) return { found: got, near: given, pinned: 0 };
      mask = next;
      named = session.namedBy(mask);
      seenNamed |= named;
    }
    // The named fields are where the errors want them; what is left is searched among the others.
    if (mask !== from && session.verdict(mask) === false && named === 0) return { found: undefined, near: mask, pinned: seenNamed };
  }
  return { found: undefined, near: given, pinned: 0 };
}

/** Jumps: a chunk of the fields in a seeded order (and its complement) flipped in each anchor. */
async function jumps(session: ProbeSession, cap: number, anchors: readonly number[], rng: Rng): Promise<Found> {
  const n = session.fields.length;
  const all = 2 ** n - 1;
  const order = shuffled(
    Array.from({ length: n }, (_, i) => i),
    rng,
  );
  for (let chunks = 2; chunks <= Math.min(n, 2); chunks *= 2) {
    const size = Math.ceil(n / chunks);
    for (let c = 0; c < chunks; c += 1) {
      const chunk = order.slice(c * size, (c + 1) * size).reduce((mask, i) => mask | bit(i), 0);
      if (chunk === 0) continue;
      for (const anchor of anchors) {
        for (const flips of [chunk, all & ~chunk]) {
          const got = await attempt(session, cap, anchor ^ flips, JUMP, anchor);
          if (got !== undefined) return got;
        }
      }
    }
  }
  return undefined;
}

/**
 * Sampling: each request takes, of a few random draws, the one least like the combinations
 * already rejected (a rejected combination breaks some constraint; one near it likely breaks the
 * same). Bounded by the cap and by a count of draws (repeats are skipped, not sent).
 */
async function samples(session: ProbeSession, cap: number, near: number | undefined, pinned: number, rng: Rng): Promise<Found> {
  const n = session.fields.length;
  const rejected = (): number[] => session.log.filter((m) => session.verdict(m) === false);
  const maxDraws = 4 * (cap + n);
  for (let draw = 0; draw < maxDraws; draw += 1) {
    const seen = rejected();
    let best = 0;
    let bestScore = Infinity;
    for (let k = 0; k < CANDIDATES; k += 1) {
      const mask = pin(candidate(n, near, k, rng), near, pinned);
      if (session.asked(mask)) continue;
      const score = seen.reduce((sum, r) => sum + 2 ** -distance(mask, r), 0);
      if (score < bestScore) [best, bestScore] = [mask, score];
    }
    if (bestScore === Infinity) continue;
    const got = await attempt(session, cap, best, SAMPLE);
    if (got !== undefined) return got;
  }
  return undefined;
}

/**
 * The first accepted combination found within `cap` requests in all (the session's count); undefined when none
 * was, 'stop' when the budget ran out. `walkOnly`: only the walk over what the errors named.
 */
export async function searchIsland(
  session: ProbeSession,
  given: number | undefined,
  cap: number,
  rng: Rng,
  options: { walkOnly?: boolean } = {},
): Promise<StartFound | 'stop' | undefined> {
  const walked = await walkNamed(session, given, cap);
  if (walked.found === 'stop') return options.walkOnly === true ? undefined : 'stop';
  if (walked.found !== undefined || options.walkOnly === true) return walked.found;
  const { near, pinned } = walked;
  const all = 2 ** session.fields.length - 1;
  const jumped = await jumps(session, cap, [...(near === undefined ? [] : [near]), all, 0], rng);
  if (jumped !== undefined) return jumped;
  return samples(session, cap, near, pinned, rng);
}

/** Rejections whose named fields start a walk (the walks share at most n requests). */
const MAX_NAMED_STARTS = 4;

/**
 * Flips per walk. Errors that name every field in the way (a per-field schema) are satisfied by one
 * flip; a long chain is more likely names that say nothing, and pinning those would mislead the samples.
 */
const MAX_WALK_STEPS = 2;

/** Random draws compared per request. */
const CANDIDATES = 24;

/** A random combination: near the given start for some draws, else of a random density around one half. */
function candidate(n: number, given: number | undefined, k: number, rng: Rng): number {
  if (given !== undefined && k % 3 === 0) {
    let mask = given;
    for (let flips = 2 + rng.below(3); flips > 0; flips -= 1) mask ^= bit(rng.below(n));
    return mask;
  }
  const density = 0.3 + 0.4 * rng.next();
  let mask = 0;
  for (let i = 0; i < n; i += 1) if (rng.next() < density) mask |= bit(i);
  return mask;
}

/** `mask` with the pinned fields set as in `near`. */
function pin(mask: number, near: number | undefined, pinned: number): number {
  return near === undefined || pinned === 0 ? mask : (mask & ~pinned) | (near & pinned);
}

function distance(a: number, b: number): number {
  let c = 0;
  for (let m = (a ^ b) >>> 0; m !== 0; m &= m - 1) c += 1;
  return c;
}
