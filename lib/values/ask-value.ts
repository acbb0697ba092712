/**
 * One value of one field in an otherwise accepted body, asked until its answer is settled (./settle.ts): the base
 * body was accepted, so a refusal of the value disagrees with it and is asked again before it counts. The value
 * suite's cases and its self-tests both ask through here.
 */
import type { Exchange } from '../http/types.js';
import { classifyAnswer } from '../answer/classify.js';
import { messagePattern, namedInError } from '../inference/message-pattern.js';
import { sentValues } from '../inference/mask-values.js';
import { kindOf } from '../protocol/refusal-kind.js';
import { settle, type AskAnswer, type IntermittentRefusals, type Rejected, type Settled } from './settle.js';

/** Characters of a message an intermittent refusal is shown with. */
const SHOWN_CHARS = 200;

/** One answer as the settling reads it: the kind of a refusal, whether it names `field`, and its words. */
export function askAnswerOf(exchange: Exchange, field: string, fields: readonly string[]): AskAnswer {
  const answer = classifyAnswer(exchange);
  if (answer.outcome === 'accepted') return { outcome: 'accepted' };
  if (answer.outcome !== 'rejected' || exchange.status === null) return { outcome: 'unknown' };
  const message = answer.errorMessage;
  // The value asked about, where the refusal quotes it, is masked: the same refusal of another value is the same kind.
  const pattern = message === undefined ? undefined : messagePattern(message, fields, sentValues(exchange.requestBody));
  const kind = kindOf(exchange.status, answer.errorCode, pattern);
  const cut = message === undefined ? undefined : message.length > SHOWN_CHARS ? `${message.slice(0, SHOWN_CHARS)}...` : message;
  const shown = `${exchange.status}${answer.errorCode === undefined ? '' : ` ${answer.errorCode}`}${cut === undefined ? '' : ` ${JSON.stringify(cut)}`}`;
  return {
    outcome: 'rejected',
    kind,
    namesField: namedInError(answer, fields).includes(field),
    shown,
    ...(message !== undefined ? { message } : {}),
  };
}

/**
 * Sends the value (`send` sends the body once and undoes what it created) until its answer is settled. The
 * verdict is judged on `decisive`; an `undetermined` answer is the value's `unstable` outcome.
 */
export async function askValue(
  send: () => Promise<Exchange>,
  o: { field: string; fields: readonly string[]; seen: IntermittentRefusals; maxAsks?: number; confirmed?: ConfirmedKinds },
): Promise<Settled<Exchange>> {
  const claims: (() => void)[] = [];
  const confirmed = o.confirmed;
  try {
    const settled = await settle(send, (e) => askAnswerOf(e, o.field, o.fields), {
      seen: o.seen,
      ...(o.maxAsks !== undefined ? { maxAsks: o.maxAsks } : {}),
      ...(confirmed === undefined
        ? {}
        : {
            confirmedKinds: confirmed.of(o.field),
            confirming: (r: Rejected) => {
              if (!r.namesField) return undefined;
              const claim = confirmed.claim(o.field, r.kind.key);
              if (claim.wait !== undefined) return claim.wait;
              claims.push(claim.release);
              return undefined;
            },
          }),
    });
    if (settled.verdict === 'rejected' && confirmed !== undefined) {
      // One ask settles a refusal only when its kind was confirmed on another value: an answer the run reused.
      if (settled.asks.length === 1) confirmed.reused += 1;
      const decisive = askAnswerOf(settled.decisive, o.field, o.fields);
      if (decisive.outcome === 'rejected' && decisive.namesField) confirmed.add(o.field, decisive.kind.key);
    }
    return settled;
  } finally {
    for (const release of claims) release();
  }
}

/**
 * The kinds of refusal confirmed on a field's values, each by a refusal that names the field: another value of the
 * same field refused with that kind counts on one ask (a chance refusal does not name the field in the words a
 * confirmed refusal of it used; one this run saw on an accepted body still never counts alone: ./settle.ts). Values
 * of a field are asked at once, so the first to be refused with a kind claims its confirmation and the others wait
 * for it (the asks of one body, at most MAX_ASKS) instead of each asking again.
 */
export class ConfirmedKinds {
  readonly #byField = new Map<string, Set<string>>();
  readonly #pending = new Map<string, Promise<void>>();
  /** Refusals settled on one ask because another value of the field had confirmed their kind. */
  reused = 0;

  of(field: string): ReadonlySet<string> {
    let kinds = this.#byField.get(field);
    if (kinds === undefined) this.#byField.set(field, (kinds = new Set()));
    return kinds;
  }

  add(field: string, kind: string): void {
    (this.of(field) as Set<string>).add(kind);
  }

  /** The confirmation of `kind` on `field` under way (`wait`), or this caller's to make (`release` when settled). */
  claim(field: string, kind: string): { wait?: Promise<void>; release: () => void } {
    const key = `${field}\u0000${kind}`;
    const pending = this.#pending.get(key);
    if (pending !== undefined) return { wait: pending, release: () => {} };
    let release = (): void => {};
    this.#pending.set(key, new Promise<void>((resolve) => (release = resolve)));
    return {
      release: () => {
        this.#pending.delete(key);
        release();
      },
    };
  }
}
