/**
 * An accepted combination to start from: the one given, then every field, none, and every
 * combination one change away from those two (which finds it when at most one field is in the way).
 */
import { searchIsland } from './island.js';
import type { Rng } from './rng.js';
import type { ProbeSession } from './session.js';

/**
 * The first accepted combination among those, sending at most up to `cap` requests in all; then,
 * when none was and `island` is given, a search of larger jumps and samples (island.ts) up to
 * `island.cap` requests in all. Undefined when none is found.
 */
export async function findStart(
  session: ProbeSession,
  given: number | undefined,
  cap: number,
  island?: { cap: number; rng: Rng },
): Promise<number | undefined> {
  const n = session.fields.length;
  const all = 2 ** n - 1;
  const tries = [...(given === undefined ? [] : [given]), all, 0];
  for (let i = 0; i < n; i += 1) tries.push(all & ~(1 << i), 1 << i);
  for (const mask of new Set(tries)) {
    if (session.requests >= cap && !session.asked(mask)) break;
    const answer = await session.ask(mask);
    if (answer === 'accepted') return mask;
    if (answer === 'exhausted') return undefined;
  }
  return island === undefined ? undefined : searchIsland(session, given, island.cap, island.rng);
}
