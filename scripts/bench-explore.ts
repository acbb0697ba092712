/**
 * Benchmark of the explorer: for n = 5, 10, 20 and 30 fields, 50 random rules each of the supported
 * class (a random role per field, and up to three IDL dependencies of 2..4 fields over random
 * fields), each probed from a random accepted start with the default options (exhaustive up to 8
 * fields, adaptive within 10 x n requests above). Seeded, so every run gives the same figures.
 *
 * `benchExplore()` returns the rows (a later `npm run bench` puts them in reports/bench.json).
 * Run directly it prints them as a table:
 *   npx tsx scripts/bench-explore.ts
 */
import { pathToFileURL } from 'node:url';
import { presentOf } from '../lib/rule/field-set.js';
import { explore } from '../lib/explore/explore.js';
import { namingOracleFor, oracleFor, randomClassRule, sampleAccepted } from '../test/support/random-rule.js';
import { seededRng, shuffled } from '../lib/explore/rng.js';
import { modelAccepts } from '../lib/explore/rule-model.js';
import { sameRule } from '../test/support/rule-check.js';
import { randomIslandRule } from '../test/support/island-rules.js';

export interface BenchRow {
  fields: number;
  rules: number;
  strategy: 'exhaustive' | 'adaptive';
  /** Share of rules whose reported rule is the rule itself (same function). */
  recovered: number;
  /** Share reported `exact`. */
  exact: number;
  /** Rules reported `exact` whose rule is not the rule itself (each states the assumption it rests on). */
  exactButWrong: number;
  medianRequests: number;
  maxRequests: number;
  /** The adaptive budget (10 x n unless the bench set another). */
  budget: number;
  /** 2^n, what the exhaustive strategy sends. */
  possible: number;
}

export interface BenchOptions {
  sizes?: readonly number[];
  rulesPerSize?: number;
  seed?: number;
  /** The adaptive budget as a multiple of n (default 10, the explorer's own). */
  budgetPerField?: number;
}

export async function benchExplore(options: BenchOptions = {}): Promise<BenchRow[]> {
  const { sizes = [5, 10, 20, 30], rulesPerSize = 50, seed = 2_026, budgetPerField = 10 } = options;
  const rows: BenchRow[] = [];
  for (const n of sizes) {
    const rng = seededRng(seed + n);
    const requests: number[] = [];
    let recovered = 0;
    let exact = 0;
    let exactButWrong = 0;
    let strategy: BenchRow['strategy'] = 'adaptive';
    while (requests.length < rulesPerSize) {
      const rule = randomClassRule(n, rng);
      const start = sampleAccepted(rule, n, rng);
      if (start === undefined) continue;
      const result = await explore(rule.fields, oracleFor(rule), {
        startFrom: presentOf(rule.fields, start),
        seed: requests.length + 1,
        ...(budgetPerField === 10 ? {} : { maxRequests: budgetPerField * n }),
      });
      const right = sameRule(n, rule, result.rule, rule.fields).equal;
      strategy = result.strategy;
      requests.push(result.requests);
      if (right) recovered += 1;
      if (result.exact) exact += 1;
      if (result.exact && !right) exactButWrong += 1;
    }
    const sorted = [...requests].sort((a, b) => a - b);
    rows.push({
      fields: n,
      rules: rulesPerSize,
      strategy,
      recovered: recovered / rulesPerSize,
      exact: exact / rulesPerSize,
      exactButWrong,
      medianRequests: median(sorted),
      maxRequests: sorted[sorted.length - 1] ?? 0,
      budget: (n <= 8 ? 10 : budgetPerField) * n,
      possible: 2 ** n,
    });
  }
  return rows;
}

export interface IslandRow {
  fields: number;
  /** What the target's errors said: nothing, the fields a per-field schema names, or random names. */
  errors: IslandErrors;
  rules: number;
  /** Share of rules where an accepted combination was found. */
  found: number;
  /** Share whose reported rule is the rule itself and is reported exact. */
  exact: number;
  /** Rules reported exact whose rule is not the rule itself (each resting on a stated assumption). */
  exactButWrong: number;
  medianRequests: number;
  maxRequests: number;
  budget: number;
}

/**
 * Island rules (test/support/island-rules.ts): accepted share 1/256..1/16, nothing accepted one change
 * from the full or the empty body; probed with no start, the default options.
 */
export type IslandErrors = 'silent' | 'naming' | 'lying';

export async function benchIslands(options: BenchOptions = {}, errors: IslandErrors = 'silent'): Promise<IslandRow[]> {
  const { sizes = [12, 20, 30], rulesPerSize = 50, seed = 2_026 } = options;
  const rows: IslandRow[] = [];
  for (const n of sizes) {
    const rng = seededRng(seed + 1_000 + n);
    const lies = seededRng(seed + 7_000 + n);
    const requests: number[] = [];
    let found = 0;
    let exact = 0;
    let exactButWrong = 0;
    for (let k = 0; k < rulesPerSize; k += 1) {
      const rule = randomIslandRule(n, rng);
      const oracle = errors === 'silent' ? oracleFor(rule) : namingOracleFor(rule, errors === 'lying' ? lies : undefined);
      const result = await explore(rule.fields, oracle, { seed: k + 1 });
      requests.push(result.requests);
      if (result.observations.some((o) => o.outcome === 'accepted')) found += 1;
      const right = sameRule(n, rule, result.rule, rule.fields).equal;
      if (result.exact && right) exact += 1;
      if (result.exact && !right) exactButWrong += 1;
    }
    const sorted = [...requests].sort((a, b) => a - b);
    rows.push({
      fields: n,
      errors,
      rules: rulesPerSize,
      found: found / rulesPerSize,
      exact: exact / rulesPerSize,
      exactButWrong,
      medianRequests: median(sorted),
      maxRequests: sorted[sorted.length - 1] ?? 0,
      budget: 10 * n,
    });
  }
  return rows;
}

export function formatIslands(rows: readonly IslandRow[]): string {
  const header = ['n', 'errors name', 'island rules', 'found', 'exact', 'exact but wrong', 'median req', 'max req', '10n'];
  const lines = rows.map((r) => [
    String(r.fields),
    r.errors === 'silent' ? 'nothing' : r.errors === 'naming' ? 'the fields' : 'at random',
    String(r.rules),
    `${Math.round(r.found * 100)}%`,
    `${Math.round(r.exact * 100)}%`,
    String(r.exactButWrong),
    String(r.medianRequests),
    String(r.maxRequests),
    String(r.budget),
  ]);
  return rightAligned(header, lines);
}

export interface NearRow {
  fields: number;
  /** Fields flipped from an accepted combination to make the known body (itself rejected). */
  changes: number;
  rules: number;
  found: number;
  exact: number;
  exactButWrong: number;
  /** Median requests until the first accepted combination, of the rules where one was found. */
  medianToFirst: number;
  medianRequests: number;
  maxRequests: number;
  budget: number;
}

/**
 * Island rules (as benchIslands) with a known body given as the start, as the description's reportedAccepted is:
 * an accepted combination with `changes` fields flipped, so that the known body itself is rejected (errors name
 * nothing). The explorer checks its one- and two-field neighbourhood before it samples.
 */
export async function benchNearKnown(options: BenchOptions = {}, changes = 2): Promise<NearRow[]> {
  const { sizes = [12, 20, 30], rulesPerSize = 50, seed = 2_026 } = options;
  const rows: NearRow[] = [];
  for (const n of sizes) {
    const rng = seededRng(seed + 3_000 + 10 * n + changes);
    const requests: number[] = [];
    const toFirst: number[] = [];
    let exact = 0;
    let exactButWrong = 0;
    while (requests.length < rulesPerSize) {
      const rule = randomIslandRule(n, rng);
      const accepted = sampleAccepted(rule, n, rng);
      if (accepted === undefined) continue;
      let known = accepted;
      for (const i of shuffledIndices(n, rng).slice(0, changes)) known ^= 1 << i;
      if (modelAccepts(rule, known)) continue;
      const result = await explore(rule.fields, oracleFor(rule), {
        starts: [{ fields: presentOf(rule.fields, known), source: 'the known body' }],
        seed: requests.length + 1,
      });
      requests.push(result.requests);
      if (result.firstAccepted !== undefined) toFirst.push(result.firstAccepted.requests);
      const right = sameRule(n, rule, result.rule, rule.fields).equal;
      if (result.exact && right) exact += 1;
      if (result.exact && !right) exactButWrong += 1;
    }
    const sorted = [...requests].sort((a, b) => a - b);
    rows.push({
      fields: n,
      changes,
      rules: rulesPerSize,
      found: toFirst.length / rulesPerSize,
      exact: exact / rulesPerSize,
      exactButWrong,
      medianToFirst: median([...toFirst].sort((a, b) => a - b)),
      medianRequests: median(sorted),
      maxRequests: sorted[sorted.length - 1] ?? 0,
      budget: 10 * n,
    });
  }
  return rows;
}

function shuffledIndices(n: number, rng: ReturnType<typeof seededRng>): number[] {
  return shuffled(
    Array.from({ length: n }, (_, i) => i),
    rng,
  );
}

export function formatNearKnown(rows: readonly NearRow[]): string {
  const header = [
    'n',
    'changes from known',
    'island rules',
    'found',
    'exact',
    'exact but wrong',
    'median to first',
    'median req',
    'max req',
    '10n',
  ];
  const lines = rows.map((r) => [
    String(r.fields),
    String(r.changes),
    String(r.rules),
    `${Math.round(r.found * 100)}%`,
    `${Math.round(r.exact * 100)}%`,
    String(r.exactButWrong),
    String(r.medianToFirst),
    String(r.medianRequests),
    String(r.maxRequests),
    String(r.budget),
  ]);
  return rightAligned(header, lines);
}

/** A plain-text table, each column as wide as its widest cell, numbers right-aligned. */
function rightAligned(header: readonly string[], lines: readonly (readonly string[])[]): string {
  const widths = header.map((h, k) => Math.max(h.length, ...lines.map((l) => (l[k] ?? '').length)));
  const row = (cells: readonly string[]): string => cells.map((c, k) => c.padStart(widths[k] ?? 0)).join('  ');
  return [row(header), ...lines.map(row)].join('\n');
}

function median(sorted: readonly number[]): number {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export function formatBench(rows: readonly BenchRow[]): string {
  const header = ['n', 'strategy', 'rules', 'recovered', 'exact', 'exact but wrong', 'median req', 'max req', 'budget', '2^n'];
  const lines = rows.map((r) => [
    String(r.fields),
    r.strategy,
    String(r.rules),
    `${Math.round(r.recovered * 100)}%`,
    `${Math.round(r.exact * 100)}%`,
    String(r.exactButWrong),
    String(r.medianRequests),
    String(r.maxRequests),
    String(r.budget),
    String(r.possible),
  ]);
  return rightAligned(header, lines);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(formatBench(await benchExplore()));
  // The same rules at 6 x n: every lookalike group left out is a request saved and a check not made.
  console.log(formatBench(await benchExplore({ sizes: [10, 20, 30], budgetPerField: 6 })));
  const islands: IslandRow[] = [];
  for (const errors of ['silent', 'naming', 'lying'] as const) islands.push(...(await benchIslands({}, errors)));
  console.log(formatIslands(islands));
  console.log(formatNearKnown([...(await benchNearKnown({}, 1)), ...(await benchNearKnown({}, 2))]));
}
