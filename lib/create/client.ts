/**
 * The one module that sends to an operation and undoes what a create made: the suites'
 * cases (suites/support/case-run.ts), explain's prober, the presence step (lib/presence) and the tool's
 * own tests all send through it, so a body, its headers, the id read from a 2xx, the DELETE that undoes
 * it and the count of requests are done one way. It records every exchange it sent, in order.
 */
import { answerText } from '../http/answer-text.js';
import { parseRecordedBody } from '../http/recorded-body.js';
import { isSuccessStatus } from '../http/status.js';
import type { Exchange, FailureKind, RequestSpec } from '../http/types.js';
import { safeDeletePath, showId } from '../operation/safe-id.js';
import type { OperationSpec } from '../operation/types.js';
import { classifyAnswer } from '../answer/classify.js';
import type { StatePacer } from './state-pacer.js';
import type { StateMechanism } from '../outcome.js';

/** What sending a body needs: the client below, or an engine wrapper in the tool's tests. */
export interface BodySender {
  sendBody(body: unknown): Promise<Exchange>;
  undoCreate(exchange: Exchange): Promise<void>;
}

/** Failures that say nothing of the request itself: asked again later, the target may give its verdict. */
const NO_VERDICT_YET: ReadonlySet<FailureKind> = new Set(['throttled', 'server', 'network', 'timeout']);

export interface OperationClientOptions {
  /**
   * Times a request that got no verdict (still throttled, a 5xx or a reset after the engine's retries) is asked
   * again, a new exchange after the target's wait (the engine holds every request until then), while the budget
   * lasts. Never a DELETE: one that did reach the target would answer 404 the second time. Default 0.
   */
  askAgain?: number;
  /**
   * The run's room on the target (./state-pacer.ts): every create waits for it, and a create refused for the target's
   * state is asked again once the run's own subscriptions that could have caused it are gone. Absent: neither.
   */
  pacer?: StatePacer;
}

/** Times a create refused for the target's state is asked again. */
const STATE_ASKS = 2;

export class OperationClient implements BodySender {
  readonly cleanupFailures: string[] = [];
  /** Every exchange sent through this client whose answer counts, deletes included, in the order sent. */
  readonly exchanges: Exchange[] = [];
  /** Requests asked again because an earlier ask got no verdict. */
  secondAsks = 0;
  /** Creates asked again because the target's state refused them while the run's own subscriptions lived. */
  stateAsks = 0;
  /** Those asks by what refused them. */
  readonly stateAsksBy = new Map<StateMechanism, number>();
  /** Attempts of the exchanges a second ask replaced (still requests put on the wire). */
  #replacedAttempts = 0;
  readonly #askAgain: number;
  readonly #pacer: StatePacer | undefined;

  /** `transport`: the engine's send (it never throws for the target's doing). */
  constructor(
    private readonly transport: (request: RequestSpec) => Promise<Exchange>,
    readonly operation: OperationSpec,
    options: OperationClientOptions = {},
  ) {
    this.#askAgain = options.askAgain ?? 0;
    this.#pacer = options.pacer;
  }

  /**
   * Sends any request (another method, path or headers) and records it; one that got no verdict is asked
   * again up to `askAgain` times, and only the last ask is recorded as its answer.
   */
  async send(request: RequestSpec): Promise<Exchange> {
    const pacer = request.method === this.operation.method && request.path === this.operation.path ? this.#pacer : undefined;
    let exchange = pacer === undefined ? await this.#ask(request) : await this.#paced(request, pacer);
    if (pacer !== undefined) exchange = await this.#againForState(request, exchange, pacer);
    this.exchanges.push(exchange);
    return exchange;
  }

  /**
   * A create the target's state refused, asked again once the run's own live subscriptions have made room; not
   * again when it was refused with none of them live (the state is the target's own, and stays).
   */
  async #againForState(request: RequestSpec, first: Exchange, pacer: StatePacer): Promise<Exchange> {
    let exchange = first;
    for (let k = 0; k < STATE_ASKS; k += 1) {
      const refusal = classifyAnswer(exchange).refusal;
      if (refusal?.kind !== 'state') break;
      const live = pacer.ownLive();
      if (live === 0 && k > 0) {
        if (refusal.mechanism === 'quota') await pacer.noRoom(refusal);
        break;
      }
      pacer.learn(refusal.mechanism ?? 'conflict', live);
      this.#replacedAttempts += exchange.attempts;
      this.stateAsks += 1;
      const mechanism = refusal.mechanism ?? 'conflict';
      this.stateAsksBy.set(mechanism, (this.stateAsksBy.get(mechanism) ?? 0) + 1);
      exchange = await this.#paced(request, pacer);
    }
    return exchange;
  }

  /** A create sent once the pacer has room for it. */
  async #paced(request: RequestSpec, pacer: StatePacer): Promise<Exchange> {
    const release = await pacer.enter();
    try {
      return await this.#ask(request);
    } finally {
      release();
    }
  }

  /** One request, asked again while it gets no verdict (up to `askAgain` times). */
  async #ask(request: RequestSpec): Promise<Exchange> {
    let exchange = await this.transport(request);
    for (let k = 0; k < this.#askAgain && request.method !== 'DELETE' && noVerdictYet(exchange); k += 1) {
      const again = await this.transport(request);
      // Nothing sent (the budget, the run's time or a wait past RETRY_AFTER_MAX_SECONDS): that is why it has no verdict.
      this.#replacedAttempts += exchange.attempts;
      this.secondAsks += again.attempts > 0 ? 1 : 0;
      exchange = again;
    }
    return exchange;
  }

  /** Requests put on the wire, retries and second asks included. */
  get requests(): number {
    return this.exchanges.reduce((sum, e) => sum + e.attempts, this.#replacedAttempts);
  }

  /** Sends a body with the operation's headers (spec §4); a string body is sent as it is. */
  sendBody(body: unknown, headers: Record<string, string> = {}): Promise<Exchange> {
    const { operation } = this;
    return this.send({
      method: operation.method,
      path: operation.path,
      headers: { ...operation.headers, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  /** The id a 2xx answer names, if any. */
  createdId(exchange: Exchange): string | undefined {
    const cleanup = this.operation.cleanup;
    if (cleanup === undefined || !isSuccessStatus(exchange.status)) return undefined;
    // A body cut at MAX_RECORDED_BODY_BYTES still names the id when it comes before the cut.
    try {
      return cleanup.idFrom(parseRecordedBody(exchange));
    } catch {
      return undefined; // an operation's idFrom may not expect a body that is not an object
    }
  }

  /** Deletes what a 2xx create made, when the answer names an id; a failed delete is recorded. */
  async undoCreate(exchange: Exchange): Promise<void> {
    const cleanup = this.operation.cleanup;
    if (cleanup === undefined || !isSuccessStatus(exchange.status)) return;
    const id = this.createdId(exchange);
    if (id === undefined) {
      this.cleanupFailures.push(
        exchange.responseBodyTruncated
          ? `created (status ${exchange.status}), id unknown: the answer was cut at MAX_RECORDED_BODY_BYTES before naming one`
          : `created (status ${exchange.status}) but the answer named no id to delete`,
      );
      return;
    }
    const safe = safeDeletePath(cleanup.deletePath, id);
    if (!safe.ok) {
      this.cleanupFailures.push(`${safe.reason} (id "${showId(id)}"); no DELETE sent`);
      return;
    }
    const deleted = await this.send({ method: 'DELETE', path: safe.path });
    if (!isSuccessStatus(deleted.status)) {
      this.cleanupFailures.push(`DELETE ${id}: ${answerText(deleted)}`);
    }
  }

  /**
   * Undoes a create made on another path (another version, another method). The operation's DELETE path is
   * tried first, then the same path under the created-at prefix; a subscription neither removes is recorded
   * as a cleanup failure. `required` says whether a 2xx without an id is itself a failure (a create) or may
   * not have created anything (PUT, PATCH).
   */
  async undoElsewhere(exchange: Exchange, createdAt: string, required: boolean): Promise<void> {
    const { cleanup, path: collection } = this.operation;
    if (cleanup === undefined || !isSuccessStatus(exchange.status)) return;
    const id = this.createdId(exchange);
    if (id === undefined) {
      if (required) this.cleanupFailures.push(`${exchange.method} ${createdAt} answered ${exchange.status} but named no id to delete`);
      return;
    }
    const tried: string[] = [];
    const safe = safeDeletePath(cleanup.deletePath, id);
    if (!safe.ok) {
      this.cleanupFailures.push(`created by ${exchange.method} ${createdAt}: not deleted: ${safe.reason}; no DELETE sent`);
      return;
    }
    const specPath = safe.path;
    const paths = [specPath];
    if (specPath.startsWith(`${collection}/`)) paths.push(`${createdAt}${specPath.slice(collection.length)}`);
    for (const path of new Set(paths)) {
      const deleted = await this.send({ method: 'DELETE', path });
      if (isSuccessStatus(deleted.status)) return;
      tried.push(`DELETE ${path}: ${answerText(deleted)}`);
    }
    this.cleanupFailures.push(`created by ${exchange.method} ${createdAt} (id ${id}) and not deleted: ${tried.join('; ')}`);
  }
}

/** The target gave no verdict, for a reason a later ask may not meet: see NO_VERDICT_YET. */
function noVerdictYet(exchange: Exchange): boolean {
  return exchange.failure !== undefined && NO_VERDICT_YET.has(exchange.failure.kind) && exchange.attempts > 0;
}
