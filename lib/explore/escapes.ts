/**
 * Fields that reject every change of their own ("lookalikes") look required or forbidden, but may
 * belong to a dependency that is tight in the start (OnlyOne, AllOrNone, or dependencies chained
 * through another field): then only some change of several fields together is accepted. No answer
 * narrows down which (any other lookalike in a change gets it rejected too), so each candidate
 * change costs a request. The checks come in tiers, likeliest per request first: groups among the
 * lookalikes whose own change the errors refused without naming them (when they named the others,
 * as a per-field schema does: the names only order the checks, every later tier still runs), each
 * lookalike after every accepted change found so far, pairs, same-side groups of 3 and 4 (AllOrNone), pairs
 * rescued by the fields that could change alone, those fields split in parts, then any group of 3
 * and 4. The first pass's tiers run as far as the budget goes (in random order), the others only
 * when all of the tier fits.
 */
import { popcount } from '../rule/field-set.js';
import { count, list } from '../inference/words.js';
import { binomial, bit, bitsOf, subsetsOfSize } from './bits.js';
import { minimalSubset } from './minimal-subset.js';
import { shuffled, type Rng } from './rng.js';
import type { ProbeSession } from './session.js';

/** Sensitive fields never changed in an accepted combination. */
function lookalikesOf(session: ProbeSession, base: number, sensitive: number): number {
  const variable = session.log.reduce((mask, m) => (session.verdict(m) === true ? mask | (m ^ base) : mask), 0);
  return sensitive & ~variable;
}

/**
 * Lookalikes whose own change was not refused by an error naming that field alone, when some other
 * lookalike's was (else none). Naming it alone is what a per-field schema does; an error that names
 * several fields (a rule across them, or names at random) leaves the field a suspect.
 */
function suspectsOf(session: ProbeSession, base: number, lookalikes: number): number {
  const selfNamed = bitsOf(lookalikes).filter((f) => session.namedBy(base ^ bit(f)) === bit(f));
  if (selfNamed.length === 0) return 0;
  return selfNamed.reduce((mask, f) => mask & ~bit(f), lookalikes);
}

/** For every sensitive field that changed in an accepted combination, the smallest such change. */
function escapesOf(session: ProbeSession, base: number, sensitive: number): number[] {
  const changes = session.log.filter((m) => session.verdict(m) === true).map((m) => m ^ base);
  const escapes = new Set<number>();
  for (const field of bitsOf(sensitive)) {
    const through = changes.filter((c) => (c & bit(field)) !== 0).sort((a, b) => popcount(a) - popcount(b) || a - b);
    if (through[0] !== undefined) escapes.add(through[0]);
  }
  return [...escapes].sort((a, b) => popcount(a) - popcount(b) || a - b);
}

export interface EscapeSearch {
  session: ProbeSession;
  base: number;
  /** Sensitive fields with a usable answer. */
  sensitive: number;
  /** Largest changes of fields accepted alone that were seen accepted together. */
  pools: readonly number[];
  rng: Rng;
}

interface View {
  base: number;
  lookalikes: number;
  /**
   * Lookalikes whose own change was not refused with their name alone, when others' were: a
   * per-field schema names a required or forbidden field, and refuses a rule across fields without
   * that, so these are the likely members of a tight dependency.
   */
  suspects: number;
  sensitive: number;
  escapes: number[];
  pool: number;
}

interface Tier {
  /** How the tier reads in the report ("in pairs"). */
  label: string;
  /** May stop midway when the budget runs short. */
  partial: boolean;
  /** A rejected change is tried again with each pool of fields accepted alone. */
  rescue: boolean;
  /** Its changes include fields accepted alone, narrowed down once a change is accepted. */
  helpers: boolean;
  /** Undefined when there are too many to list. */
  changes(view: View): number[] | undefined;
}

const fromEscapes = (view: View): number[] =>
  view.escapes.flatMap((escape) => bitsOf(view.lookalikes & ~escape).map((field) => escape | bit(field)));
const pairs = (view: View): number[] => [...subsetsOfSize(bitsOf(view.lookalikes), 2)].map(([a = 0, b = 0]) => bit(a) | bit(b));

/** Groups of `size` sensitive fields with at least one lookalike, on one side of the start or across. */
function groups(size: number, side: 'same' | 'mixed' | 'any'): (view: View) => number[] | undefined {
  return (view) => {
    const out: number[] = [];
    if (binomial(popcount(view.sensitive), size) > 20_000) return undefined;
    for (const group of subsetsOfSize(bitsOf(view.sensitive), size)) {
      const mask = group.reduce((m, i) => m | bit(i), 0);
      if ((mask & view.lookalikes) === 0) continue;
      const inStart = popcount(mask & view.base);
      const same = inStart === 0 || inStart === size;
      if (side === 'any' || (side === 'same') === same) out.push(mask);
    }
    return out;
  };
}

/** For each lookalike, the pool split by each bit of the field index: some part separates a partner from a field that blocks it. */
function separating(view: View): number[] {
  const members = bitsOf(view.pool);
  const parts: number[] = [];
  for (let b = 0; 1 << b < members.length; b += 1) {
    for (const value of [0, 1]) {
      const part = members.filter((_, k) => ((k >> b) & 1) === value).reduce((m, i) => m | bit(i), 0);
      if (part !== 0) parts.push(part);
    }
  }
  return bitsOf(view.lookalikes).flatMap((field) => parts.map((part) => bit(field) | part));
}

/**
 * Groups of `size` suspects; groups of 3 and 4 only while there are at most twice as many as the
 * fields that reject a change alone or were accepted changed together (names at random leave most
 * lookalikes suspect, and then the plain tiers serve the budget better).
 */
function suspectGroups(size: number): (view: View) => number[] | undefined {
  return (view) => {
    const suspects = bitsOf(view.suspects);
    if (size > 2 && binomial(suspects.length, size) > 2 * popcount(view.sensitive | view.pool)) return [];
    if (binomial(suspects.length, size) > 20_000) return undefined;
    return [...subsetsOfSize(suspects, size)].map((group) => group.reduce((m, i) => m | bit(i), 0));
  };
}

/** The first pass: cheap, likely, and worth doing in part. */
export const FIRST_TIERS: readonly Tier[] = [
  {
    label: 'in pairs among the fields refused without being named',
    partial: true,
    rescue: true,
    helpers: false,
    changes: suspectGroups(2),
  },
  {
    label: 'in groups of 3 among the fields refused without being named',
    partial: true,
    rescue: true,
    helpers: false,
    changes: suspectGroups(3),
  },
  {
    label: 'in groups of 4 among the fields refused without being named',
    partial: true,
    rescue: false,
    helpers: false,
    changes: suspectGroups(4),
  },
  { label: 'after each accepted change of other fields', partial: true, rescue: false, helpers: false, changes: fromEscapes },
  { label: 'in pairs', partial: true, rescue: false, helpers: false, changes: pairs },
];

/** The second pass, each tier only when all of it fits. */
export const LATER_TIERS: readonly Tier[] = [
  {
    label: 'in groups of 3 all present or all absent in the start',
    partial: false,
    rescue: false,
    helpers: false,
    changes: groups(3, 'same'),
  },
  {
    label: 'in groups of 4 all present or all absent in the start',
    partial: false,
    rescue: false,
    helpers: false,
    changes: groups(4, 'same'),
  },
  { label: 'in pairs along with the fields that could change alone', partial: false, rescue: true, helpers: false, changes: pairs },
  {
    label: 'along with each part of the fields that could change alone',
    partial: false,
    rescue: false,
    helpers: true,
    changes: separating,
  },
  {
    label: 'after accepted changes of other fields, along with the fields that could change alone',
    partial: false,
    rescue: true,
    helpers: false,
    changes: fromEscapes,
  },
  { label: 'in every group of 3', partial: false, rescue: false, helpers: false, changes: groups(3, 'mixed') },
  { label: 'in every group of 4', partial: false, rescue: false, helpers: false, changes: groups(4, 'mixed') },
];

export interface TierOutcome {
  label: string;
  /** Changes tried and planned (0 planned: nothing to try, counts as done). */
  tried: number;
  planned: number;
}

type Involve = (fields: number) => void;

async function acceptedAfter({ session, base }: EscapeSearch, flips: number): Promise<boolean | undefined> {
  const answer = await session.ask(base ^ flips);
  return answer === 'accepted' ? true : answer === 'rejected' ? false : undefined;
}

/** An accepted change: its fields matter; helpers from the pool are narrowed to those needed. */
async function foundChange(search: EscapeSearch, involve: Involve, own: number, helpers: number): Promise<void> {
  const needed =
    helpers === 0
      ? 0
      : await minimalSubset(
          bitsOf(helpers),
          (m) => acceptedAfter(search, own | m),
          (m) => m === 0,
        );
  involve(own | (needed ?? helpers));
}

/** One change asked: accepted, it shows what matters; refused in a rescue tier, each pool's helpers are added to it. */
async function tryChange(search: EscapeSearch, tier: Tier, change: number, floor: number, involve: Involve): Promise<boolean | undefined> {
  const { session, sensitive, pools } = search;
  const plain = await acceptedAfter(search, change);
  if (plain === true)
    await foundChange(search, involve, tier.helpers ? change & sensitive : change, tier.helpers ? change & ~sensitive : 0);
  if (plain === false && tier.rescue) {
    for (const pool of pools) {
      const helpers = pool & ~change;
      if (helpers === 0 || session.left() <= floor) continue;
      if ((await acceptedAfter(search, change | helpers)) === true) {
        await foundChange(search, involve, change, helpers);
        break;
      }
    }
  }
  return plain;
}

/** One tier: its changes planned on what the session knows now, tried while the budget above `floor` allows. */
async function runTier(search: EscapeSearch, tier: Tier, floor: number, involve: Involve): Promise<TierOutcome> {
  const { session, base, sensitive, pools, rng } = search;
  const lookalikes = lookalikesOf(session, base, sensitive);
  const view: View = {
    base,
    lookalikes,
    suspects: suspectsOf(session, base, lookalikes),
    sensitive,
    escapes: escapesOf(session, base, sensitive),
    pool: pools[0] ?? 0,
  };
  const planned = lookalikes === 0 ? [] : tier.changes(view);
  if (planned === undefined) return { label: tier.label, tried: 0, planned: Infinity };
  const open = planned.filter((c) => !session.asked(base ^ c) || (tier.rescue && session.verdict(base ^ c) === false));
  const cost = open.length * (tier.rescue ? Math.max(1, pools.length) : 1);
  let tried = planned.length - open.length;
  if (!tier.partial && cost > session.left() - floor) return { label: tier.label, tried, planned: planned.length };
  for (const change of tier.partial ? shuffled(open, rng) : open) {
    if (session.left() <= floor) break;
    if ((change & lookalikesOf(session, base, sensitive)) === 0) {
      tried += 1;
      continue;
    }
    if ((await tryChange(search, tier, change, floor, involve)) !== undefined) tried += 1;
  }
  return { label: tier.label, tried, planned: planned.length };
}

/**
 * Runs the tiers in order while more than `floor` requests are left; returns each tier's outcome
 * and hands the fields an accepted change showed to matter to `involve`.
 */
export async function searchEscapes(search: EscapeSearch, tiers: readonly Tier[], floor: number, involve: Involve): Promise<TierOutcome[]> {
  const outcomes: TierOutcome[] = [];
  for (const tier of tiers) outcomes.push(await runTier(search, tier, floor, involve));
  return outcomes;
}

/**
 * What the rule rests on about the lookalikes that remain, in plain words (undefined when none
 * remain): the checks made, and the first that was not (fully) made.
 */
export function lookalikeAssumption(fields: readonly string[], lookalikes: number, outcomes: readonly TierOutcome[]): string | undefined {
  const size = popcount(lookalikes);
  if (size === 0) return undefined;
  const names = bitsOf(lookalikes).map((i) => fields[i] as string);
  const done = outcomes.filter((o) => o.planned > 0 && o.tried === o.planned).map((o) => o.label);
  const gap = outcomes.find((o) => o.tried < o.planned);
  const one = size === 1;
  const missed =
    gap === undefined
      ? 'in larger changes than those'
      : gap.planned === Infinity
        ? `${gap.label} (too many to try)`
        : `${gap.label} (${count(gap.planned - gap.tried, 'change')} of ${gap.planned} not tried)`;
  return `${list(names)} rejected every change tried (${list(['alone', ...done])}), so ${one ? 'it is' : 'they are'} reported as required or forbidden; a dependency through ${one ? 'it' : 'them'} that shows only ${missed} would have been missed.`;
}
