/**
 * Sends variations of the user's body within a request budget, deletes what a 2xx creates, and
 * remembers every answer so that a question asked twice costs one request (unless it is asked again on
 * purpose, to check that the target answers the same).
 */
import type { Exchange, RequestSpec } from '../http/types.js';
import { classifyAnswer } from '../answer/classify.js';
import { OperationClient } from '../create/client.js';
import type { OperationSpec, ValueContext } from '../operation/types.js';
import { buildConfigBody, configKey, type BodyConfig } from './body-config.js';
import type { DdAnswer } from './ddmin.js';
import type { Probe, RequestCount } from './types.js';
import type { ListedCount } from './state-cause.js';
import { COUNT_BOUNDS, walkList } from '../lifecycle/list-walk.js';

/** Room kept in the budget for each create: itself and the DELETE of what it may make. */
const PER_CREATE = 2;

export interface ProberOptions {
  operation: OperationSpec;
  original: Readonly<Record<string, unknown>>;
  /** The engine's send (never throws for the target's doing). */
  send: (request: RequestSpec) => Promise<Exchange>;
  /** A fresh value context per body (a unique clientState each time). */
  values: () => ValueContext;
  /** Most requests on the wire, retries and deletes included. */
  budget: number;
}

export class Prober {
  readonly probes: Probe[] = [];
  readonly #first = new Map<string, Probe>();
  readonly #sameAsGood = new Map<string, boolean>();
  readonly #client: OperationClient;
  readonly #options: ProberOptions;
  #creates = 0;
  #repeats = 0;

  constructor(options: ProberOptions) {
    this.#options = options;
    this.#client = new OperationClient(options.send, options.operation);
  }

  get cleanupFailures(): string[] {
    return this.#client.cleanupFailures;
  }

  count(): RequestCount {
    const deletes = this.#client.exchanges.filter((e) => e.method === 'DELETE').length;
    return { total: this.#client.requests, creates: this.#creates, deletes, repeats: this.#repeats };
  }

  /** Whether one more create (and its delete) fits in the budget. */
  get canSend(): boolean {
    return this.#client.requests + PER_CREATE <= this.#options.budget;
  }

  /**
   * Two configs that send the same body share a key: a field "at its known-good value" whose value as given is
   * that value already (a constant such as changeType's) is the same field as given.
   */
  key(config: BodyConfig): string {
    const good = [...config.good].filter((f) => !this.valueIsGood(f));
    return configKey(this.#options.original, {
      present: config.present,
      good: new Set(good),
      // A renamed field carries the user's value under another name: another body than the field added.
      ...(config.renamed === undefined ? {} : { renamed: config.renamed }),
      ...(config.values === undefined ? {} : { values: config.values }),
    });
  }

  /** True when the user's value of the field is the operation's known-good value (compared as JSON, once). */
  valueIsGood(field: string): boolean {
    let same = this.#sameAsGood.get(field);
    if (same === undefined) {
      const spec = this.#options.operation.fields.find((f) => f.name === field);
      same =
        spec !== undefined &&
        Object.hasOwn(this.#options.original, field) &&
        JSON.stringify(this.#options.original[field]) === JSON.stringify(spec.good(this.#options.values()));
      this.#sameAsGood.set(field, same);
    }
    return same;
  }

  /** The first answer to this config, when it was asked. */
  known(config: BodyConfig): Probe | undefined {
    return this.#first.get(this.key(config));
  }

  /** Sends the config's body (or recalls the answer); `undefined` when the budget has no room. */
  async probe(config: BodyConfig, repeat = false): Promise<Probe | undefined> {
    const key = this.key(config);
    const known = this.#first.get(key);
    if (known !== undefined && !repeat) return known;
    if (!this.canSend) return undefined;
    const body = buildConfigBody(this.#options.operation, this.#options.original, config, this.#options.values());
    const exchange = await this.#client.sendBody(body);
    this.#creates += 1;
    if (known !== undefined) this.#repeats += 1;
    const answer = classifyAnswer(exchange);
    await this.#client.undoCreate(exchange);
    const verdict = answer.outcome === 'accepted' ? 'holds' : answer.outcome === 'rejected' ? 'fails' : 'unresolved';
    const probe: Probe = { config, key, body, exchange, answer, verdict, repeat: known !== undefined };
    this.probes.push(probe);
    if (known === undefined) this.#first.set(key, probe);
    return probe;
  }

  /**
   * The collection's list, read page by page under the target's base URL (a few pages at most), each page counted as
   * explain's own request: how many subscriptions it shows. Undefined when it could not be read.
   */
  async list(): Promise<ListedCount | undefined> {
    const path = this.#options.operation.path;
    const url = this.#client.exchanges[0]?.url;
    if (url === undefined || !url.endsWith(path) || !this.canSend) return undefined;
    const walk = await walkList(
      (r) => this.#client.send(r),
      path,
      url.slice(0, -path.length),
      () => false,
      COUNT_BOUNDS,
    );
    return walk.pages === 0 ? undefined : { live: walk.entries, more: walk.stopped !== undefined };
  }

  /** The probe as a ddmin answer. */
  async ask(config: BodyConfig, repeat = false): Promise<DdAnswer> {
    return (await this.probe(config, repeat))?.verdict ?? 'stop';
  }
}
