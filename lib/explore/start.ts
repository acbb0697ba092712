/**
 * An accepted combination to start from, likeliest first:
 * 1. the bodies known or reported accepted (ACCEPTED_BODY, the description's, a baseline's or a HAR's), in the
 *    order given, then every field and none;
 * 2. with known bodies: the fields the errors named flipped (island.ts), then each known body's one-field and
 *    two-field neighbourhood. A body reported accepted is seldom far off (one field more required, one renamed):
 *    its C(n, 2) + n neighbours cost less than the blind search's 2^k for an island of 1/2^k;
 * 3. every combination one change away from the full and the empty body;
 * 4. the island search: larger jumps and samples (island.ts).
 * Every step stops at its cap of requests in all (the session's count); a combination asked before is free.
 */
import { bit } from './bits.js';
import { searchIsland, type StartFound } from './island.js';
import { shuffled, type Rng } from './rng.js';
import type { ProbeSession } from './session.js';

export type { StartFound } from './island.js';

/** A body believed accepted, as a mask, and what says so (named in the report when it leads to the start). */
export interface KnownMask {
  mask: number;
  source: string;
}

export interface StartCaps {
  /** Most requests in all for the steps before the island search (the known bodies' neighbourhoods included). */
  search: number;
  rng: Rng;
}

const EVERY_FIELD = 'every field';
const NO_FIELD = 'no field';

type Step = StartFound | 'stop' | undefined;

/** The answer for `mask` (asked once): a start when accepted, 'stop' when no more may be asked. */
async function check(session: ProbeSession, mask: number, from: string, fromMask: number | undefined, cap: number): Promise<Step> {
  if (session.asked(mask))
    return session.verdict(mask) === true ? { mask, from, ...(fromMask === undefined ? {} : { fromMask }) } : undefined;
  if (session.requests >= cap) return 'stop';
  const answer = await session.ask(mask);
  if (answer === 'accepted') return { mask, from, ...(fromMask === undefined ? {} : { fromMask }) };
  return answer === 'exhausted' ? 'stop' : undefined;
}

/** Near the known bodies: what the errors name, then one change, then two. */
async function nearKnown(session: ProbeSession, knownStarts: readonly KnownMask[], caps: StartCaps): Promise<Step> {
  const n = session.fields.length;
  const walked = await searchIsland(session, knownStarts[0]?.mask, caps.search, caps.rng, { walkOnly: true });
  if (walked !== undefined) return walked;
  for (const start of knownStarts) {
    for (let i = 0; i < n; i += 1) {
      const got = await check(session, start.mask ^ bit(i), start.source, start.mask, caps.search);
      if (got !== undefined) return got;
    }
  }
  for (const start of knownStarts) {
    for (const flips of pairOrder(start.mask, n, caps.rng)) {
      const got = await check(session, start.mask ^ flips, start.source, start.mask, caps.search);
      if (got === 'stop') break;
      if (got !== undefined) return got;
    }
  }
  return undefined;
}

export async function findStart(session: ProbeSession, known: readonly KnownMask[], caps: StartCaps): Promise<StartFound | undefined> {
  const n = session.fields.length;
  const all = 2 ** n - 1;

  // 1. The starts themselves: one request each.
  const starts: KnownMask[] = [...known, { mask: all, source: EVERY_FIELD }, { mask: 0, source: NO_FIELD }];
  const seen = new Set<number>();
  const distinct = starts.filter((s) => !seen.has(s.mask) && seen.add(s.mask) !== undefined);
  for (const start of distinct) {
    const got = await check(session, start.mask, start.source, undefined, session.maxRequests);
    if (got === 'stop') return undefined;
    if (got !== undefined) return got;
  }

  // 2. Near the known bodies.
  const knownStarts = distinct.filter((s) => s.source !== EVERY_FIELD && s.source !== NO_FIELD);
  if (knownStarts.length > 0) {
    const near = await nearKnown(session, knownStarts, caps);
    if (near === 'stop') return undefined;
    if (near !== undefined) return near;
  }

  // 3. One change from every field and from none, in turn.
  // Without a known body they may use what the island search would; with one, its neighbourhood had that share.
  const singlesCap = Math.min(session.maxRequests, session.requests + 2 * n, knownStarts.length > 0 ? caps.search : Infinity);
  for (let i = 0; i < n; i += 1) {
    for (const from of [all, 0]) {
      const got = await check(session, from ^ bit(i), from === all ? EVERY_FIELD : NO_FIELD, from, singlesCap);
      if (got === 'stop') return searchOn();
      if (got !== undefined) return got;
    }
  }
  return searchOn();

  async function searchOn(): Promise<StartFound | undefined> {
    if (session.requests >= session.maxRequests) return undefined;
    const found = await searchIsland(session, knownStarts[0]?.mask, caps.search, caps.rng);
    return found === 'stop' ? undefined : found;
  }
}

/**
 * Every change of two fields of `mask`, likeliest first: one taken out and one added (a field the body names
 * under another name, or one more required field in place of one refused), then two added (two more required
 * fields), then two taken out; in random order within each kind. Only the order depends on this guess.
 */
function pairOrder(mask: number, n: number, rng: Rng): number[] {
  const present: number[] = [];
  const absent: number[] = [];
  for (let i = 0; i < n; i += 1) ((mask & bit(i)) !== 0 ? present : absent).push(i);
  const pairs = (a: readonly number[], b: readonly number[], same: boolean): number[] =>
    a.flatMap((i, k) => (same ? b.slice(k + 1) : b).map((j) => bit(i) | bit(j)));
  return [
    ...shuffled(pairs(present, absent, false), rng),
    ...shuffled(pairs(absent, absent, true), rng),
    ...shuffled(pairs(present, present, true), rng),
  ];
}
