/**
 * Never a rule from one answer: the asks of one body (a value in an accepted body, a step of a limit's search) until
 * its answer is settled. A 2xx settles it at once (the target took the body). A refusal counts only once it is
 * confirmed: the same kind of refusal (status, code, message pattern) on a second ask when it names the field varied,
 * on a third when it does not (a message about nothing in the body is what a backend that fails now and then sends),
 * and never alone when this run has seen that kind on a body the target also accepted (an intermittent refusal): one
 * that names nothing waits, before it counts, for what the bodies asked beside it learn (`beforeCounting`).
 * A refusal that a later ask answers with a 2xx was intermittent; a confirmed refusal of a body also accepted is a
 * contradiction that persists: undetermined, with the evidence, never a verdict.
 */
import type { IntermittentNote } from './limit-finding.js';
import type { RefusalKind } from '../protocol/refusal-kind.js';

/** One ask's answer, as the settling reads it. */
export type AskAnswer =
  | { outcome: 'accepted' }
  | {
      outcome: 'rejected';
      kind: RefusalKind;
      /** The refusal names the field whose value is varied (its structure or its text). */
      namesField: boolean;
      /** The refusal in words with its message unmasked: `400 invalidRequest "Operation: Create; ..."`. */
      shown: string;
      /** The refusal's message as the target wrote it, when it had one (cut at the error reader's bound). */
      message?: string;
    }
  /** No verdict of the target (no answer, a 5xx or a 429 after the engine's retries and the client's second asks). */
  | { outcome: 'unknown' };

/** Most asks of one body: a refusal not confirmed by then leaves it undetermined. */
export const MAX_ASKS = 4;

export type { IntermittentNote } from './limit-finding.js';

/** The kinds of refusal this run has seen on a body the target also accepted: none of them is confirmed alone. */
export class IntermittentRefusals {
  readonly #kinds = new Map<string, string>();

  note(kind: RefusalKind, shown: string): void {
    if (!this.#kinds.has(kind.key)) this.#kinds.set(kind.key, shown);
  }

  has(kind: RefusalKind): boolean {
    return this.#kinds.has(kind.key);
  }

  /** Each kind seen, as first shown. */
  shown(): string[] {
    return [...this.#kinds.values()];
  }
}

export type SettledVerdict = 'accepted' | 'rejected' | 'undetermined' | 'unknown';

export interface Settled<T> {
  verdict: SettledVerdict;
  /** Every ask, in order. */
  asks: T[];
  /** The ask the verdict rests on: the 2xx, the last confirming refusal, else the last ask. */
  decisive: T;
  /** Refusals of this body a 2xx of it contradicts (intermittent), counted over its asks. */
  intermittent?: IntermittentNote;
  /** Why the body is undetermined or has no verdict, with the evidence. */
  why?: string;
}

export interface SettleOptions {
  seen: IntermittentRefusals;
  /** The body was accepted before these asks (the edge of a limit asked again). */
  acceptedBefore?: boolean;
  /**
   * Kinds of refusal confirmed already on other values of the same search (a limit's refusals say the same thing of
   * each value past it): one ask of such a kind counts, unless it is also one this run saw on an accepted body.
   */
  confirmedKinds?: ReadonlySet<string>;
  /** A confirmed kind counts on one ask only from a refusal that names the field varied (kinds confirmed across fields). */
  confirmedNamesField?: boolean;
  /**
   * Before a refusal not yet confirmed is asked again: a wait for another body's asks that are confirming the same
   * kind (values of one field asked at once), after which `confirmedKinds` is read again; undefined, no wait.
   */
  confirming?: (refusal: Rejected) => Promise<void> | undefined;
  /**
   * Before a refusal that does not name the field varied counts: a wait for the other bodies asked at the same time
   * and the checks of the body it varies, after which `seen` is read again. A kind one of them saw on an accepted body
   * then never counts alone, whichever body met it first; undefined, no wait.
   */
  beforeCounting?: (refusal: Rejected) => Promise<Counting>;
  maxAsks?: number;
}

export type Rejected = Extract<AskAnswer, { outcome: 'rejected' }>;

/** Whether a refusal naming nothing counts once what was asked beside it is known; why not, when it is not chance. */
export interface Counting {
  counts: boolean;
  why?: string;
}

/** One settling's count of refusals: how many of a kind confirm it, and whether a confirmed one counts. */
class Tally {
  /** Why a confirmed refusal did not count, besides a kind seen on an accepted body. */
  #notCounted: string | undefined;

  constructor(private readonly o: SettleOptions) {}

  /** Refusals of `r`'s kind that confirm it: never alone a kind seen on an accepted body (see the file's comment). */
  need(r: Rejected): number {
    const o = this.o;
    if (o.seen.has(r.kind)) return Number.POSITIVE_INFINITY;
    if (o.confirmedKinds?.has(r.kind.key) === true && (o.confirmedNamesField !== true || r.namesField)) return 1;
    return r.namesField ? 2 : 3;
  }

  confirms(r: Rejected, refusals: readonly Rejected[]): boolean {
    return refusals.filter((s) => s.kind.key === r.kind.key).length >= this.need(r);
  }

  /** Whether a confirmed refusal counts once `beforeCounting` has let what was asked beside it be known. */
  async counts(r: Rejected, refusals: readonly Rejected[]): Promise<boolean> {
    if (r.namesField || this.o.beforeCounting === undefined) return true;
    const answer = await this.o.beforeCounting(r);
    if (answer.why !== undefined) this.#notCounted = answer.why;
    return answer.counts && this.confirms(r, refusals);
  }

  /** Why no refusal counted, after the words of the asks. */
  notCountedWords(refusals: readonly Rejected[]): string {
    if (refusals.some((r) => this.o.seen.has(r.kind))) return ' (a refusal this run has seen on a body the target also accepted)';
    return this.#notCounted === undefined ? '' : ` (${this.#notCounted})`;
  }
}

/** Asks `ask` until the body's answer is settled (see the file's comment); `read` reads each ask's answer. */
export async function settle<T>(ask: () => Promise<T>, read: (t: T) => AskAnswer, o: SettleOptions): Promise<Settled<T>> {
  const maxAsks = o.maxAsks ?? MAX_ASKS;
  const asks: T[] = [];
  const answers: AskAnswer[] = [];
  const tally = new Tally(o);
  for (;;) {
    const t = await ask();
    const answer = read(t);
    asks.push(t);
    answers.push(answer);
    const refusals = answers.filter((a): a is Rejected => a.outcome === 'rejected');
    const accepted = answers.filter((a) => a.outcome === 'accepted').length + (o.acceptedBefore === true ? 1 : 0);
    const confirmed = refusals.find((r) => tally.confirms(r, refusals));
    const total = answers.length + (o.acceptedBefore === true ? 1 : 0);
    if (answer.outcome === 'unknown') {
      const why = refusals.length === 0 ? 'no verdict from the target' : `${describe(answers, o)}, then no verdict from the target`;
      return { verdict: 'unknown', asks, decisive: t, why };
    }
    if (accepted > 0 && refusals.length > 0) {
      // Once settled, each refusal of a body the target also accepted is known to the run: it never counts alone again.
      const known = (): IntermittentNote => {
        for (const r of refusals) o.seen.note(r.kind, r.shown);
        return intermittentOf(refusals, total);
      };
      if (confirmed !== undefined) {
        const why = `the answers contradict each other: ${describe(answers, o)}`;
        return { verdict: 'undetermined', asks, decisive: t, intermittent: known(), why };
      }
      // A 2xx after a refusal settles it; a refusal after a 2xx, not confirmed yet, is asked again.
      if (answer.outcome === 'accepted') return { verdict: 'accepted', asks, decisive: t, intermittent: known() };
    } else if (answer.outcome === 'accepted') {
      return { verdict: 'accepted', asks, decisive: t };
    } else if (confirmed !== undefined) {
      if (await tally.counts(confirmed, refusals))
        return { verdict: 'rejected', asks, decisive: lastOfKind(asks, answers, confirmed) ?? t };
    } else if (answer.outcome === 'rejected' && accepted === 0) {
      const wait = o.confirming?.(answer);
      if (wait !== undefined) {
        await wait;
        if (tally.confirms(answer, refusals) && (await tally.counts(answer, refusals)))
          return { verdict: 'rejected', asks, decisive: lastOfKind(asks, answers, answer) ?? t };
      }
    }
    if (answers.length >= maxAsks) {
      const why = `no refusal confirmed in ${maxAsks} asks: ${describe(answers, o)}${tally.notCountedWords(refusals)}`;
      return { verdict: 'undetermined', asks, decisive: t, why };
    }
  }
}

function intermittentOf(refusals: readonly Rejected[], asks: number): IntermittentNote {
  // The most frequent kind speaks for the note; others are in the case's evidence.
  const counts = new Map<string, { shown: string; refused: number }>();
  for (const r of refusals) {
    const c = counts.get(r.kind.key) ?? { shown: r.shown, refused: 0 };
    c.refused += 1;
    counts.set(r.kind.key, c);
  }
  const top = [...counts.values()].sort((a, b) => b.refused - a.refused)[0] ?? { shown: '', refused: 0 };
  return { shown: top.shown, refused: top.refused, asks };
}

function lastOfKind<T>(asks: readonly T[], answers: readonly AskAnswer[], kind: Rejected): T | undefined {
  for (let i = answers.length - 1; i >= 0; i -= 1) {
    const a = answers[i];
    if (a?.outcome === 'rejected' && a.kind.key === kind.kind.key) return asks[i];
  }
  return undefined;
}

/** The answers in order, in words: "accepted, then refused 400 invalidRequest "..." twice". */
function describe(answers: readonly AskAnswer[], o: SettleOptions): string {
  const words = answers.map((a) =>
    a.outcome === 'accepted' ? 'accepted' : a.outcome === 'rejected' ? `refused ${a.shown}` : 'no verdict',
  );
  const runs: string[] = [];
  for (let i = 0; i < words.length; ) {
    let j = i;
    while (j < words.length && words[j] === words[i]) j += 1;
    const n = j - i;
    runs.push(`${words[i] ?? ''}${n === 1 ? '' : n === 2 ? ' twice' : ` ${n} times`}`);
    i = j;
  }
  return `${o.acceptedBefore === true ? 'accepted before, then ' : ''}${runs.join(', then ')}`;
}
