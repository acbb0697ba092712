/**
 * What an accepted start reveals, cheapest checks first:
 * 1. every field changed alone: the "sensitive" ones get rejected (required or forbidden fields,
 *    and members of dependencies that are tight in the start);
 * 2. the fields accepted alone, changed together: dependencies that are slack in the start
 *    (Or with two present members, ZeroOrOne with none, Requires with only the consequent) show
 *    as minimal rejected groups of changes (edges), found by group testing;
 * 3. for each removal edge of an Or, which absent fields rescue it;
 * 4. for each sensitive field, which fields accepted alone make changing it accepted ("partners":
 *    the other side of a tight Requires, ZeroOrOne or Or), again by group testing.
 * Within the supported class each step is monotone over the changes it combines, so group testing
 * finds every edge and partner in O(k log n) requests.
 */
import { count, list } from '../inference/words.js';
import { bit, bitsOf } from './bits.js';
import { learnEdges } from './edges.js';
import { minimalSubset } from './minimal-subset.js';
import type { ProbeSession } from './session.js';

/** Pools of changes the partner search tries, at most (each costs a request per sensitive field). */
const MAX_POOLS = 4;

export interface Discovery {
  /** Fields whose change alone was rejected, plus those whose change alone got no usable answer. */
  sensitive: number;
  unknownSingles: number;
  /** Fields seen in some edge, rescue or partnership: the ones that interact. */
  involved: number;
  /** Sensitive fields (with a usable answer) for which no partner was found. */
  partnerless: number;
  /** The largest changes of insensitive fields seen accepted together (at least one, maybe empty). */
  pools: number[];
}

/** Every field changed alone from the start: accepted (insensitive), rejected (sensitive) or without a usable answer. */
async function singles(
  session: ProbeSession,
  base: number,
  unresolved: string[],
): Promise<{ sensitive: number; insensitive: number; unknownSingles: number }> {
  const { fields } = session;
  let sensitive = 0;
  let insensitive = 0;
  let unknownSingles = 0;
  for (let i = 0; i < fields.length; i += 1) {
    const answer = await session.ask(base ^ bit(i));
    if (answer === 'accepted') insensitive |= bit(i);
    else if (answer === 'rejected') sensitive |= bit(i);
    else unknownSingles |= bit(i);
  }
  if (unknownSingles !== 0) {
    const names = bitsOf(unknownSingles).map((i) => fields[i] as string);
    unresolved.push(
      `changing ${list(names)} alone from the start got no usable answer (${session.left() === 0 ? 'request budget spent' : 'unknown'}); ${names.length === 1 ? 'its role is' : 'their roles are'} taken from the start without evidence`,
    );
  }
  return { sensitive, insensitive, unknownSingles };
}

/** Changes of the start asked as bodies, and the fields seen interacting so far (tried first in every search). */
class Changes {
  involved = 0;

  constructor(
    private readonly session: ProbeSession,
    private readonly base: number,
  ) {}

  readonly order = (mask: number): number[] => {
    const bits = bitsOf(mask);
    return [...bits.filter((i) => (this.involved & bit(i)) !== 0), ...bits.filter((i) => (this.involved & bit(i)) === 0)];
  };

  readonly verdictAfter = async (flips: number): Promise<boolean | undefined> => {
    const answer = await this.session.ask(this.base ^ flips);
    return answer === 'accepted' ? true : answer === 'rejected' ? false : undefined;
  };

  readonly rejects = async (flips: number): Promise<boolean | undefined> => {
    const accepted = await this.verdictAfter(flips);
    return accepted === undefined ? undefined : !accepted;
  };

  /**
   * Minimal sets of changes from the pools that, made with `flips`, get accepted (at most four);
   * pools after the largest are tried only while none is found.
   */
  async partners(flips: number, pools: readonly number[]): Promise<number[] | undefined> {
    const found: number[] = [];
    let taken = 0;
    for (const [k, start] of pools.entries()) {
      if (k > 0 && found.length > 0) break;
      let pool = start & ~taken;
      while (pool !== 0 && found.length < 4) {
        const accepted = await this.verdictAfter(flips | pool);
        if (accepted === false) break;
        if (accepted === undefined) return undefined;
        const partner = await minimalSubset(
          this.order(pool),
          (m) => this.verdictAfter(flips | m),
          (m) => m === 0,
        );
        if (partner === undefined) return undefined;
        found.push(partner);
        taken |= partner;
        pool &= ~partner;
      }
    }
    return found;
  }
}

export async function discover(session: ProbeSession, base: number, unresolved: string[]): Promise<Discovery> {
  const { sensitive, insensitive, unknownSingles } = await singles(session, base, unresolved);
  const changes = new Changes(session, base);

  // Removals alone first: adding an absent Or member would hide a removal edge (the only non-monotone case).
  const removal = await learnEdges(insensitive & base, [], changes.rejects, changes.order);
  for (const e of removal.edges) changes.involved |= e;
  const combined = await learnEdges(insensitive, removal.edges, changes.rejects, changes.order);
  for (const e of combined.edges) changes.involved |= e;
  let complete = removal.complete && combined.complete;

  // The maximal changes seen accepted: a partner that an edge keeps out of the largest is in another.
  const pools = combined.independent.length === 0 ? [0] : combined.independent.slice(0, MAX_POOLS);

  for (const edge of removal.edges) {
    // Additions only, and none that an edge ties to this removal.
    const tied = combined.edges.filter((e) => (e & edge) !== 0).reduce((mask, e) => mask | e, 0);
    const found = await changes.partners(
      edge,
      pools.map((pool) => pool & insensitive & ~base & ~tied),
    );
    if (found === undefined) complete = false;
    for (const p of found ?? []) changes.involved |= p;
  }

  let partnerless = 0;
  for (const s of bitsOf(sensitive)) {
    const found = await changes.partners(bit(s), pools);
    if (found === undefined) complete = false;
    if (found !== undefined && found.length === 0) partnerless |= bit(s);
    else changes.involved |= bit(s);
    for (const p of found ?? []) changes.involved |= p;
  }

  if (!complete) {
    unresolved.push(
      `${session.left() === 0 ? `the request budget (${count(session.maxRequests, 'request')}) ran out` : 'some answers were unknown'} while combining changes of several fields: dependencies may be missing`,
    );
  }
  return { sensitive: sensitive | unknownSingles, unknownSingles, involved: changes.involved, partnerless, pools: [...pools] };
}
