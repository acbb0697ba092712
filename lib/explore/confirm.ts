/**
 * Putting a settled rule to the test: the full and the empty body (where islands of accepted
 * combinations far from the start often sit), then combinations two in three drawn from what the
 * rule accepts (catching a dependency it misses), one in three from what it rejects (catching one
 * it invents), with the fields it leaves free drawn at varying densities so that groups of them
 * are sometimes all present and sometimes all absent. A contradiction sends the explorer back to
 * settling, once more at most.
 */
import { bit, bitsOf, project, spread } from './bits.js';
import type { Hypothesis, Settlement } from './fit-rule.js';
import type { Rng } from './rng.js';
import type { ProbeSession } from './session.js';
import type { Settler } from './settle.js';

export interface Confirmation {
  settlement: Settlement;
  /** A sample contradicted the rule first settled on. */
  revised: boolean;
}

export async function confirm(
  session: ProbeSession,
  settler: Settler,
  first: Settlement,
  base: number,
  samples: number,
  rng: Rng,
): Promise<Confirmation> {
  const n = session.fields.length;
  let settlement = first;
  let revised = false;
  for (let round = 0; round < 2 && settlement.kind !== 'unexplained' && session.left() > 0; round += 1) {
    const { hypothesis } = settlement;
    const wanted = Math.min(session.left(), round === 0 ? samples : Math.ceil(samples / 2));
    const extremes = round === 0 ? [2 ** n - 1, 0].filter((m) => !session.asked(m)) : [];
    const drawn = confirmationSamples(hypothesis, base, n, wanted, rng, (m) => session.asked(m) || extremes.includes(m));
    let contradicted = false;
    for (const mask of [...extremes, ...drawn].slice(0, wanted)) {
      const answer = await session.ask(mask);
      if ((answer === 'accepted' || answer === 'rejected') && (answer === 'accepted') !== predicts(hypothesis, base, mask))
        contradicted = true;
    }
    if (!contradicted) break;
    revised = true;
    settlement = await settler.settle(0);
  }
  return { settlement, revised };
}

function predicts(hypothesis: Hypothesis, base: number, mask: number): boolean {
  return ((mask ^ base) & hypothesis.lookalikes) === 0 && hypothesis.table[project(hypothesis.core, mask)] === 1;
}

const DENSITIES = [0.5, 0.2, 0.8];

function confirmationSamples(
  hypothesis: Hypothesis,
  base: number,
  n: number,
  wanted: number,
  rng: Rng,
  asked: (mask: number) => boolean,
): number[] {
  const { core, table, lookalikes } = hypothesis;
  const yes: number[] = [];
  const no: number[] = [];
  table.forEach((ok, local) => (ok === 1 ? yes : no).push(local));
  const coreMask = spread(core, 2 ** core.length - 1);
  const free = bitsOf((2 ** n - 1) & ~lookalikes & ~coreMask);
  const fixedLookalikes = bitsOf(lookalikes);
  const out = new Set<number>();
  for (let attempt = 0; out.size < wanted && attempt < wanted * 20; attempt += 1) {
    const k = out.size;
    const reject = k % 3 === 2 && (no.length > 0 || fixedLookalikes.length > 0);
    const density = DENSITIES[k % DENSITIES.length] ?? 0.5;
    let mask = base & lookalikes;
    for (const i of free) if (rng.next() < density) mask |= bit(i);
    if (reject && no.length > 0) {
      mask |= spread(core, no[rng.below(no.length)] ?? 0);
    } else {
      mask |= spread(core, yes[rng.below(yes.length)] ?? 0);
      if (reject) mask ^= bit(fixedLookalikes[rng.below(fixedLookalikes.length)] ?? 0);
    }
    if (!asked(mask)) out.add(mask);
  }
  return [...out];
}
