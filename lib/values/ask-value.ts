/**
 * One value of one field in an otherwise accepted body, asked until its answer is settled (./settle.ts): the base
 * body was accepted, so a refusal of the value disagrees with it and is asked again before it counts. The value
 * suite's cases and its self-tests both ask through here.
 */
import type { Exchange } from '../http/types.js';
import { classifyAnswer } from '../answer/classify.js';
import { messagePattern, namedInError } from '../inference/message-pattern.js';
import { quotesFieldValue, sentValues } from '../inference/mask-values.js';
import { kindOf } from '../protocol/refusal-kind.js';
import type { AskingPhase } from './asking-phase.js';
import type { BaseControls } from './base-controls.js';
import { settle, type AskAnswer, type Counting, type IntermittentRefusals, type Rejected, type Settled } from './settle.js';

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
    // Named, or its value quoted after its name: either way the refusal is about this field, not chance.
    namesField:
      namedInError(answer, fields).includes(field) || (message !== undefined && quotesFieldValue(message, exchange.requestBody, field)),
    shown,
    ...(message !== undefined ? { message } : {}),
  };
}

export interface AskValueOptions {
  field: string;
  fields: readonly string[];
  seen: IntermittentRefusals;
  maxAsks?: number;
  confirmed?: ConfirmedKinds;
  /** The values asked at the same time, the caller's case entered in it: a refusal naming nothing waits for them. */
  phase?: AskingPhase;
  /**
   * The body the value varies (accepted before, the field at its base value): `send` sends it once and undoes what it
   * created; `key` names it among the run's bases. Asked before a refusal naming nothing counts (./base-controls.ts).
   */
  control?: { controls: BaseControls; key: string; send: () => Promise<Exchange> };
}

/**
 * Sends the value (`send` sends the body once and undoes what it created) until its answer is settled. The
 * verdict is judged on `decisive`; an `undetermined` answer is the value's `unstable` outcome.
 */
export async function askValue(send: () => Promise<Exchange>, o: AskValueOptions): Promise<Settled<Exchange>> {
  const claims: (() => void)[] = [];
  /** Kinds this value is confirming itself: it never waits for its own confirmation. */
  const own = new Set<string>();
  const { confirmed, phase } = o;
  try {
    const settled = await settle(send, (e) => askAnswerOf(e, o.field, o.fields), {
      seen: o.seen,
      ...(o.maxAsks !== undefined ? { maxAsks: o.maxAsks } : {}),
      ...(phase !== undefined || o.control !== undefined ? { beforeCounting: (r: Rejected) => beforeCounting(r, o) } : {}),
      ...(confirmed === undefined
        ? {}
        : {
            confirmedKinds: confirmed.kinds,
            confirmedNamesField: true,
            confirming: (r: Rejected) => {
              if (!r.namesField || own.has(r.kind.key)) return undefined;
              const claim = confirmed.claim(r.kind.key);
              // A value confirming a kind itself never waits for another's: waiters hold nothing, so none waits in a ring.
              if (claim.wait !== undefined) return own.size === 0 ? (phase?.paused(claim.wait) ?? claim.wait) : undefined;
              own.add(r.kind.key);
              claims.push(claim.release);
              return undefined;
            },
          }),
    });
    if (settled.verdict === 'rejected' && confirmed !== undefined) {
      // One ask settles a refusal only when its kind was confirmed on another value: an answer the run reused.
      if (settled.asks.length === 1) confirmed.reused += 1;
      const decisive = askAnswerOf(settled.decisive, o.field, o.fields);
      if (decisive.outcome === 'rejected' && decisive.namesField) confirmed.add(decisive.kind.key);
    }
    return settled;
  } finally {
    for (const release of claims) release();
  }
}

/**
 * Before a refusal naming nothing counts against a value: the other values asked at the same time settle first, then
 * the base body is checked (./base-controls.ts); the same refusal of it (a body the target accepted) is chance.
 */
async function beforeCounting(r: Rejected, o: AskValueOptions): Promise<Counting> {
  await o.phase?.hold();
  const control = o.control;
  if (o.seen.has(r.kind) || control === undefined) return { counts: !o.seen.has(r.kind) };
  return control.controls.check(r, control.key, async () => askAnswerOf(await control.send(), o.field, o.fields));
}

/**
 * The kinds of refusal confirmed on values, each by a refusal that names the field varied: another value refused with
 * that kind, naming its own field, counts on one ask. A kind's pattern has the field names masked, so "The property
 * 'x' must be a string" confirmed on one field serves the others; a chance refusal does not name the field varied in
 * the words a confirmed refusal used, and one this run saw on an accepted body still never counts alone
 * (./settle.ts). Values are asked at once, so the first to be refused with a kind claims its confirmation and the
 * others wait for it (the asks of one body, at most MAX_ASKS) instead of each asking again.
 */
export class ConfirmedKinds {
  readonly #kinds = new Set<string>();
  readonly #pending = new Map<string, Promise<void>>();
  /** Refusals settled on one ask because another value had confirmed their kind. */
  reused = 0;

  /** The kinds confirmed so far. */
  get kinds(): ReadonlySet<string> {
    return this.#kinds;
  }

  add(kind: string): void {
    this.#kinds.add(kind);
  }

  /** The confirmation of `kind` under way (`wait`), or this caller's to make (`release` when settled). */
  claim(kind: string): { wait?: Promise<void>; release: () => void } {
    const pending = this.#pending.get(kind);
    if (pending !== undefined) return { wait: pending, release: () => {} };
    let release = (): void => {};
    this.#pending.set(kind, new Promise<void>((resolve) => (release = resolve)));
    return {
      release: () => {
        this.#pending.delete(kind);
        release();
      },
    };
  }
}
