/**
 * One fact, one source: a case that skipped because no accepted body (with some field) was known where it ran
 * stands on that worker's presence evidence. In a merged report of shards, another shard's matrix may have an
 * accepted body with that field: then the report would say both "clientState optional, accepted" and "no accepted
 * body carries clientState". Each such pair is named here, and fails the run (lib/run/exit-decision.ts).
 */
import type { MatrixEntry, UnrunCase } from './types.js';

/** Cases named in a disagreement, at most. */
const NAMED = 3;

/** The accepted combination that contradicts a skip's "no accepted body (with the field)", if the run has one. */
function contradiction(s: UnrunCase, matrix: readonly MatrixEntry[]): MatrixEntry | undefined {
  if (s.noAccepted === undefined) return undefined;
  const field = s.noAccepted.with;
  return matrix.find((e) => e.outcome === 'accepted' && (field === undefined || e.present.includes(field)));
}

/**
 * The skips as the report keeps them: a skip the run's presence evidence contradicts keeps its case and what its
 * worker knew, said as that worker's view, never as a fact of the target beside the matrix that refutes it.
 */
export function skipsAsRead(skipped: readonly UnrunCase[], matrix: readonly MatrixEntry[]): UnrunCase[] {
  return skipped.map((s) => {
    const accepted = contradiction(s, matrix);
    if (accepted === undefined) return s;
    const what = s.noAccepted?.with === undefined ? 'no body known accepted' : `no accepted body with ${s.noAccepted.with} known`;
    return {
      ...s,
      reason: `not run where it ran (${what} there), but the run's presence evidence has {${accepted.present.join(', ')}} accepted: see the evidence disagreement`,
    };
  });
}

export function evidenceDisagreements(skipped: readonly UnrunCase[], matrix: readonly MatrixEntry[]): string[] {
  const byField = new Map<string, UnrunCase[]>();
  for (const s of skipped) {
    if (s.noAccepted === undefined) continue;
    const key = s.noAccepted.with ?? '';
    byField.set(key, [...(byField.get(key) ?? []), s]);
  }
  const said: string[] = [];
  for (const [field, cases] of byField) {
    const accepted = cases[0] === undefined ? undefined : contradiction(cases[0], matrix);
    if (accepted === undefined) continue;
    const what = field === '' ? 'no body was known accepted' : `no accepted body with ${field} was known`;
    const ids = cases.slice(0, NAMED).map((c) => c.id);
    const more = cases.length > NAMED ? ', …' : '';
    said.push(
      `${cases.length} case${cases.length === 1 ? '' : 's'} (${ids.join(', ')}${more}) skipped as ${what} where ${cases.length === 1 ? 'it' : 'they'} ran, but the run's presence evidence has {${accepted.present.join(', ')}} accepted: the suites did not stand on one presence evidence (a shard learnt its own); run ${cases.length === 1 ? 'it' : 'them'} again in one run, or in the shard that runs 02-presence-matrix`,
    );
  }
  return said;
}
