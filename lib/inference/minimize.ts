/**
 * Minimal sum of products that is true on `on`, false on `off`, anything elsewhere
 * (prime implicants, then a minimum cover: fewest terms, then fewest literals).
 */
import { minimumCover } from './cover.js';
import { primeImplicants, type Cube } from './primes.js';
import { compareCubes, formatSumOfProducts } from './sum-of-products.js';

export interface Minimized {
  /** Terms in a stable order (see compareCubes). */
  cubes: Cube[];
  /** The report's expression syntax. */
  expression: string;
  /** Why the result may not be minimal; empty when it is. */
  notes: string[];
}

export function minimize(fields: readonly string[], on: readonly number[], off: readonly number[]): Minimized {
  const n = fields.length;
  const offSet = new Set(off);
  if (on.some((m) => offSet.has(m))) throw new Error('minimize: a combination is both in the on-set and the off-set');
  const onSorted = [...new Set(on)].sort((a, b) => a - b);
  const offSorted = [...offSet].sort((a, b) => a - b);
  if (onSorted.length === 0) return { cubes: [], expression: 'false', notes: [] };

  const notes: string[] = [];
  const { primes, complete } = primeImplicants(n, onSorted, offSorted);
  if (!complete)
    notes.push('too many prime implicants to list them all: some terms come from greedy expansion, the expression may not be minimal');
  const ordered = [...primes].sort((a, b) => compareCubes(n, a, b));
  const { chosen, minimal } = minimumCover(onSorted, ordered);
  if (!minimal)
    notes.push('the cover search hit its bound: the expression is correct on the known combinations but may have more terms than needed');
  const cubes = chosen.map((j) => ordered[j] as Cube).sort((a, b) => compareCubes(n, a, b));
  return { cubes, expression: formatSumOfProducts(fields, cubes), notes };
}
