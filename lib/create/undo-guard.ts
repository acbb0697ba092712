/**
 * A run's creates wait until it has shown it can delete what it creates. Until then they go one at a time; the
 * first accepted one decides: its DELETE (the case's own undo, by the plan's delete path or one its Location gives)
 * answered 2xx opens the way for the rest. When it cannot be deleted (no delete path known, no id, an unsafe id, a
 * DELETE that fails) the run is stopped right there, with one line naming what to set, so at most that one
 * subscription is left; unless KEEP_CREATED says to go on and keep what cannot be deleted.
 * The engine calls `admit` before each request and `observe` with each exchange (before its sender sees it).
 */
import { answerText } from '../http/answer-text.js';
import { isSuccessStatus } from '../http/status.js';
import type { Exchange, RequestSpec } from '../http/types.js';
import { showId } from '../operation/safe-id.js';
import type { OperationSpec } from '../operation/types.js';
import { locationTemplate } from './location-undo.js';
import { undoIdentity, type UndoIdentity } from './undo-identity.js';
import { expandDeletePath } from '../operation/description/delete-path.js';
import { defaultIdFrom, deletePathExample, withPlannedUndo, type UndoPlan } from './undo-plan.js';

/** How long creates wait for the first accepted create's DELETE before they go on unchecked (its case may hold it). */
export const DEFAULT_HOLD_MS = 60_000;

/**
 * Checks a DELETE without a verdict (throttled, timed out, no answer: the target's state, not its rule) hands on to
 * the next accepted create; past this many the run stops, saying so. Each leaves its subscription to the ledger.
 */
export const NO_VERDICT_CHECKS = 2;

/** A DELETE answer that says nothing of the delete path: the engine's retries ran out on throttling or the network. */
const noVerdict = (e: Exchange): boolean =>
  e.failure !== undefined && (e.failure.kind === 'throttled' || e.failure.kind === 'timeout' || e.failure.kind === 'network');

export interface UndoGuardOptions {
  plan: UndoPlan;
  operation: OperationSpec;
  /** The base URL the engine sends to (a Location must lie below it). */
  baseUrl: string;
  /** Stops the run: every later request is denied (HttpEngine.stopForUndo). */
  stop: (why: string) => void;
  /** Whether a request or exchange is a create (the ledger's rule: a POST that is not the change trigger). */
  isCreate: (request: Pick<RequestSpec, 'method' | 'path'> | Pick<Exchange, 'method' | 'url'>) => boolean;
  holdMs?: number;
  /** Whether a ledger records what is created (a probe run: true), so the line may point to it and to cleanup. */
  ledger?: boolean;
}

type State = 'unchecked' | 'checking' | 'checked' | 'unchecked-open' | 'keeping' | 'stopped';

export class UndoGuard {
  /** The run's operation: its cleanup is the plan's, or the one the first accepted create's Location gave. */
  readonly operation: OperationSpec;
  /** How the run deletes, once known: 'description', 'setting' or 'location'. */
  how: 'description' | 'setting' | 'location' | undefined;
  readonly #o: UndoGuardOptions;
  #state: State = 'unchecked';
  /** One create at a time while unchecked: the owner of the lane, and those waiting for it. */
  #busy = false;
  readonly #waiting: (() => void)[] = [];
  /** The DELETE that checks the first accepted create: its path below the base URL, and its id. */
  #check: { url: string; id: string } | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** Ids of the accepted creates whose check got no verdict: left to the ledger's end-of-run delete. */
  readonly #unanswered: string[] = [];

  constructor(options: UndoGuardOptions) {
    this.#o = options;
    this.operation = { ...withPlannedUndo(options.operation, options.plan) };
    this.how = options.plan.source === 'none' ? undefined : options.plan.source;
  }

  /**
   * How the ledger (lib/ledger/run-ledger.ts) reads a create: the id, and the delete path known at that moment
   * (none while no delete path is known: the ledger keeps the id for a cleanup given DELETE_PATH).
   */
  get ledgerUndo(): {
    idFrom: (body: unknown) => string | undefined;
    readonly deletePath: ((id: string) => string) | undefined;
    expiresFrom: (body: unknown) => string | undefined;
  } {
    const operation = this.operation;
    return {
      idFrom: (body) => (operation.cleanup?.idFrom ?? defaultIdFrom)(body),
      get deletePath() {
        return operation.cleanup?.deletePath;
      },
      expiresFrom: (body) => operation.cleanup?.expiresFrom?.(body),
    };
  }

  /** For the engine: a create waits its turn until the run has shown it can delete. Never rejects. */
  async admit(request: RequestSpec): Promise<void> {
    if (!this.#o.isCreate(request) || this.#open) return;
    if (this.#busy) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    if (this.#open) return;
    this.#busy = true;
  }

  /** For the engine's onExchange: never throws. */
  observe(exchange: Exchange): void {
    if (this.#open && this.#state !== 'unchecked-open') return;
    if (exchange.method === 'DELETE') this.#onDelete(exchange);
    else if (this.#o.isCreate(exchange)) this.#onCreate(exchange);
  }

  get #open(): boolean {
    return this.#state !== 'unchecked' && this.#state !== 'checking';
  }

  #onCreate(exchange: Exchange): void {
    if (this.#state !== 'unchecked') return;
    if (!isSuccessStatus(exchange.status)) return this.#next();
    const identity = this.#identity(exchange);
    if (!identity.ok) {
      const left = identity.id === undefined ? 'one subscription, whose id is unknown,' : `subscription ${showId(identity.id)}`;
      return this.#cannotDelete(
        `the first accepted create cannot be deleted: ${identity.text}; ${left} is left on the target ${this.#where}`,
      );
    }
    this.#state = 'checking';
    this.#check = { url: `${this.#o.baseUrl.replace(/\/+$/, '')}${identity.path}`, id: identity.id };
    // Its case may hold it for long (a notification wait) or create again first: the others do not wait forever.
    this.#timer = setTimeout(() => this.#settle('unchecked-open'), this.#o.holdMs ?? DEFAULT_HOLD_MS);
    this.#timer.unref?.();
  }

  /** The first accepted create's identity; with no delete path known, its Location may give one. */
  #identity(exchange: Exchange): UndoIdentity {
    const identity = undoIdentity(this.operation.cleanup, exchange);
    if (identity.ok || identity.why !== 'no-delete-path' || identity.id === undefined) return identity;
    const template = locationTemplate(exchange, this.#o.baseUrl, identity.id);
    if (template === undefined) return identity;
    this.operation.cleanup = { idFrom: defaultIdFrom, deletePath: (id) => expandDeletePath(template, id) };
    this.how = 'location';
    return undoIdentity(this.operation.cleanup, exchange);
  }

  #onDelete(exchange: Exchange): void {
    const check = this.#check;
    if (check === undefined || exchange.url !== check.url) return;
    clearTimeout(this.#timer);
    const gone = isSuccessStatus(exchange.status) || ((exchange.status === 404 || exchange.status === 410) && exchange.attempts > 1);
    if (gone) return this.#settle('checked');
    if (noVerdict(exchange) && this.#unanswered.length < NO_VERDICT_CHECKS && this.#state === 'checking') {
      // Not the delete path's fault, as far as anyone can tell: the next accepted create is checked instead.
      this.#unanswered.push(check.id);
      this.#check = undefined;
      this.#state = 'unchecked';
      return this.#next();
    }
    const earlier = this.#unanswered.length === 0 ? '' : ` (and ${this.#unanswered.map(showId).join(', ')}, whose DELETE got no verdict)`;
    this.#cannotDelete(
      `the DELETE of the first accepted create (${exchange.url}) got ${answerText(exchange)}; subscription ${showId(check.id)}${earlier} ` +
        (this.#o.ledger === false ? 'was not deleted' : 'was not deleted (the end of the run asks once more; the reports list what stays)'),
    );
  }

  #cannotDelete(what: string): void {
    clearTimeout(this.#timer);
    if (this.#o.plan.keepCreated) return this.#settle('keeping');
    const example = deletePathExample(this.#o.operation);
    this.#o.stop(
      `stopped after the first accepted create: ${what}; the run cannot delete what it creates: ` +
        `set DELETE_PATH to the path that deletes one (e.g. ${example})${this.#o.ledger === false ? '' : ' and run npm run cleanup'}, ` +
        'or KEEP_CREATED=true to create and keep',
    );
    this.#settle('stopped');
  }

  /** Where what is left is recorded, as the stop line says it. */
  get #where(): string {
    return this.#o.ledger === false ? '(no ledger records it: delete it by hand)' : '(listed in the ledger)';
  }

  /** Hands the lane to the next create waiting, or frees it. */
  #next(): void {
    const next = this.#waiting.shift();
    if (next === undefined) this.#busy = false;
    else next();
  }

  #settle(state: State): void {
    this.#state = state;
    // Past the hold the check still comes when its DELETE does; settled otherwise, nothing is left to check.
    if (state !== 'unchecked-open') this.#check = undefined;
    this.#busy = false;
    for (let next = this.#waiting.shift(); next !== undefined; next = this.#waiting.shift()) next();
  }
}
