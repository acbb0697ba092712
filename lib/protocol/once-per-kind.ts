/**
 * One finding per cause: a kind of refusal that breaks spec §7 rule 1 DEVIATES once in the whole run, in the case
 * that judged it first (in run order: the suites' order, then the cases' order within a suite), and every later
 * case that meets only kinds judged already records "the same kind of refusal as <case>" instead of failing again.
 * A 422 for every refused body is one deviation to fix, not one per suite that happened to send a body; and an
 * expectations entry for the first case covers it.
 *
 * The worker applies it as each case ends (the suites run one after another, and the cases that judge a refusal
 * one after another within a suite); a merge of shards applies it again over the cases in run order, where each
 * shard knew only its own.
 */
import type { RefusalKind } from './refusal-kind.js';

/** What a case's record carries for it. */
export interface KindJudged {
  id: string;
  verdict: string;
  finding?: string;
  /**
   * The kinds of refusal breaking spec §7 rule 1 this case judged (only a DEVIATES for them carries any); once judged,
   * only those it judged first, unless it judged none first (then `sameKindAs` names who did).
   */
  refusalKinds?: RefusalKind[];
  /** The cases that judged every one of its kinds first: the record is no failure of its own. */
  sameKindAs?: string[];
}

export class RefusalOwners {
  readonly #owners = new Map<string, string>();

  /** The record as judged once per kind: unchanged, or INFORMATIONAL naming the cases that judged its kinds first. */
  judge<R extends KindJudged>(record: R): R {
    const kinds = record.refusalKinds ?? [];
    if (kinds.length === 0 || record.verdict !== 'DEVIATES') return record;
    const earlier = kinds.filter((k) => {
      const owner = this.#owners.get(k.key);
      return owner !== undefined && owner !== record.id;
    });
    for (const k of kinds) if (!this.#owners.has(k.key)) this.#owners.set(k.key, record.id);
    if (earlier.length === 0) return record;
    if (earlier.length < kinds.length) {
      // Still a failure, for the kinds it judged first; those judged before are the other cases' own.
      const seen = new Set(earlier.map((k) => k.key));
      const owners = [...new Set(earlier.map((k) => this.#owners.get(k.key) as string))];
      return {
        ...record,
        refusalKinds: kinds.filter((k) => !seen.has(k.key)),
        finding:
          `${record.finding ?? ''} (of its kinds, ${earlier.map((k) => k.label).join('; ')} ${earlier.length === 1 ? 'is' : 'are'} judged in ${owners.join(' and ')})`.trim(),
      };
    }
    const owners = [...new Set(earlier.map((k) => this.#owners.get(k.key) as string))];
    return {
      ...record,
      verdict: 'INFORMATIONAL',
      sameKindAs: owners,
      finding:
        `the same kind of refusal as ${owners.join(' and ')}, which DEVIATES for it once for the run (${earlier.map((k) => k.label).join('; ')}): ${record.finding ?? ''}`.replace(
          /: $/,
          '',
        ),
    };
  }
}

/** The records again, in run order, judged once per kind over all of them (a merge of shards). */
export function oncePerKind<R extends KindJudged>(records: readonly R[]): R[] {
  const owners = new RefusalOwners();
  return records.map((r) => owners.judge(r));
}
