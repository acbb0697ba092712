/**
 * The instances a campaign creates for its consumers (a folder whose id fills `{item-id}`), one per producer, and
 * their deletes at the end. Each is written in the ledger the moment the target answers, from the engine's exchange
 * hook, as a run's creates are (lib/ledger/run-ledger.ts): a campaign killed after that is cleaned by `cleanup` or
 * the next run. Deletes go children first (reverse creation order); one refused (a parent still holding children)
 * is asked again after the others, a bounded number of rounds; what is still there is returned, never dropped.
 */
import { hostname } from 'node:os';
import type { Settings } from '../config/types.js';
import { engineLimits } from '../config/engine-limits.js';
import { HttpEngine } from '../http/engine.js';
import { isSuccessStatus } from '../http/status.js';
import type { Exchange } from '../http/types.js';
import type { BearerSource } from '../http/bearer.js';
import { appendLines } from '../ledger/append.js';
import { CLEANUP_MAX_MS } from '../ledger/cleanup-engine.js';
import { newRunId, runFile } from '../ledger/paths.js';
import { removeRunFile, SWEEP_ROUNDS } from '../ledger/sweep.js';
import { LEDGER_VERSION } from '../ledger/types.js';
import type { Secret } from '../secret.js';
import { instanceId, type InstanceId } from './instance-id.js';

/** Rounds of deletes: a parent refused while its children exist is deleted in the round after theirs (as a cleanup's). */
export const DELETE_ROUNDS = SWEEP_ROUNDS;

/** Requests one instance may take out of MAX_REQUESTS: its create and a delete in each round. */
export const REQUESTS_PER_INSTANCE = 1 + DELETE_ROUNDS;

export interface InstanceRequest {
  producer: string;
  method: string;
  /** The producer's path, filled. */
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  /** The link's runtime expression for the parameter, when a link names one. */
  expression: string | undefined;
  /** The delete path with `{id}` for the instance's id; undefined when the document has no DELETE for it. */
  deleteTemplate: string | undefined;
}

export interface MadeInstance {
  producer: string;
  id: string;
  /** Where the id was read: "the body at /id", "its Location's last segment". */
  from: string;
  status: number;
  /** Undefined for one kept (KEEP_CREATED without a DELETE in the document). */
  deletePath: string | undefined;
}

export interface InstanceLeft {
  producer: string;
  id: string;
  reason: string;
}

export type Created = { ok: true; made: MadeInstance } | { ok: false; reason: string };

export class CampaignInstances {
  readonly #settings: Settings;
  readonly #engine: HttpEngine;
  readonly #file: string;
  readonly #runId = newRunId();
  readonly #baseUrl: string;
  readonly #made: MadeInstance[] = [];
  readonly #undeletable: InstanceLeft[] = [];
  #started = false;
  /** Instances the target answered 2xx for, and those of them deleted (or found gone) since. */
  #createdCount = 0;
  #deletedCount = 0;
  /** The id read from the answer the hook saw last (set before `send` returns). */
  #read: InstanceId | undefined;
  #expression: string | undefined;
  #deleteTemplate: string | undefined;

  constructor(settings: Settings, baseUrl: string, token: Secret | BearerSource | undefined, maxRequests: number) {
    this.#settings = settings;
    this.#baseUrl = baseUrl;
    this.#file = runFile(settings.reports.ledgerDir, baseUrl, this.#runId);
    const limits = { ...engineLimits(settings), maxRequests: Math.max(1, maxRequests) };
    this.#engine = HttpEngine.fromConfig(limits, baseUrl, token, { onExchange: (e) => this.#onExchange(e) });
  }

  /** What the campaign made and has not deleted (yet). */
  get made(): readonly MadeInstance[] {
    return this.#made;
  }

  get requests(): number {
    return this.#engine.stats().requestsSent;
  }

  /** How many instances the target made for the campaign, and how many of them it deleted: the index says both. */
  get counts(): { made: number; deleted: number } {
    return { made: this.#createdCount, deleted: this.#deletedCount };
  }

  /** Creates one instance; its ledger line is written as the answer arrives, before anything else happens. */
  async create(request: InstanceRequest): Promise<Created> {
    this.#startLedger();
    this.#read = undefined;
    this.#expression = request.expression;
    this.#deleteTemplate = request.deleteTemplate;
    const exchange = await this.#engine.send({
      method: request.method,
      path: request.path,
      headers: request.headers,
      body: JSON.stringify(request.body),
    });
    if (!isSuccessStatus(exchange.status)) {
      const why = exchange.failure?.message ?? `answered ${exchange.status ?? 'nothing'}`;
      return { ok: false, reason: `the create of ${request.producer}'s instance ${why}` };
    }
    this.#createdCount += 1;
    const read = this.#read ?? instanceId(exchange, request.expression);
    if (!read.ok) {
      // Created all the same: it is on the target, and said so at the end with the others left.
      this.#undeletable.push({ producer: request.producer, id: read.unsafe ?? '(no id)', reason: `not deleted: ${read.reason}` });
      return { ok: false, reason: `${request.producer}'s ${exchange.status}: ${read.reason}` };
    }
    const made: MadeInstance = {
      producer: request.producer,
      id: read.id,
      from: read.from,
      status: exchange.status ?? 0,
      deletePath: request.deleteTemplate?.replace('{id}', encodeURIComponent(read.id)),
    };
    this.#made.push(made);
    return { ok: true, made };
  }

  /** Deletes every instance, children first; a refused one again after the others. What is left, with why. */
  async deleteAll(): Promise<InstanceLeft[]> {
    let pending = [...this.#made].reverse().filter((m) => m.deletePath !== undefined);
    const why = new Map<MadeInstance, string>();
    for (let round = 0; round < DELETE_ROUNDS && pending.length > 0; round += 1) {
      const refused: MadeInstance[] = [];
      for (const m of pending) {
        const exchange = await this.#engine.send({ method: 'DELETE', path: m.deletePath ?? '' });
        const gone = isSuccessStatus(exchange.status) || exchange.status === 404 || exchange.status === 410;
        if (gone) this.#written(m, exchange);
        else {
          refused.push(m);
          why.set(m, exchange.failure?.message ?? `DELETE answered ${exchange.status ?? 'nothing'}`);
        }
      }
      pending = refused;
    }
    const kept = this.#made.filter((m) => m.deletePath === undefined);
    this.#made.splice(0, this.#made.length, ...kept, ...pending);
    if (this.#started && this.#made.length === 0 && this.#undeletable.length === 0) removeRunFile(this.#file);
    return [
      ...this.#undeletable,
      ...kept.map((m) => ({ producer: m.producer, id: m.id, reason: 'kept (KEEP_CREATED): the document has no DELETE for it' })),
      ...pending.map((m) => ({
        producer: m.producer,
        id: m.id,
        reason: `not deleted after ${DELETE_ROUNDS} rounds: ${why.get(m) ?? 'refused'}`,
      })),
    ];
  }

  async close(): Promise<void> {
    await this.#engine.close();
  }

  /** The first line of the campaign's ledger file, before its first create is sent. */
  #startLedger(): void {
    if (this.#started) return;
    this.#started = true;
    const now = Date.now();
    appendLines(this.#file, [
      {
        v: LEDGER_VERSION,
        op: 'run',
        runId: this.#runId,
        target: this.#baseUrl,
        // The campaign's own embedded reference ends with the campaign, and what it held with it.
        targetKind: this.#settings.target.sharedReference === true ? 'embedded-reference' : 'configured',
        operation: 'campaign',
        pid: process.pid,
        host: hostname(),
        startedAt: new Date(now).toISOString(),
        // The campaign lives through every run it makes: each may take MAX_RUN_SECONDS and its cleanup.
        activeUntil: new Date(now + (this.#settings.pacing.maxRunTimeMs + CLEANUP_MAX_MS) * 50).toISOString(),
      },
    ]);
  }

  /** The engine's hook: a 2xx create is written down before `send` returns, with its delete path when there is one. */
  #onExchange(exchange: Exchange): void {
    if (exchange.method === 'DELETE' || !isSuccessStatus(exchange.status)) return;
    const read = instanceId(exchange, this.#expression);
    this.#read = read;
    const base = { v: LEDGER_VERSION, runId: this.#runId, target: this.#baseUrl, at: new Date().toISOString() } as const;
    const status = exchange.status ?? 0;
    if (!read.ok) {
      const line =
        read.unsafe === undefined
          ? { ...base, op: 'unidentified' as const, status, reason: read.reason }
          : { ...base, op: 'unsafe-id' as const, id: read.unsafe, status, reason: read.reason };
      appendLines(this.#file, [line]);
      return;
    }
    const template = this.#deleteTemplate;
    if (template === undefined) {
      appendLines(this.#file, [{ ...base, op: 'no-delete-path', id: read.id, status }]);
      return;
    }
    const { at, ...rest } = base;
    const deletePath = template.replace('{id}', encodeURIComponent(read.id));
    appendLines(this.#file, [{ ...rest, op: 'created', id: read.id, deletePath, createdAt: at, status }]);
  }

  #written(m: MadeInstance, exchange: Exchange): void {
    this.#deletedCount += 1;
    appendLines(this.#file, [
      {
        v: LEDGER_VERSION,
        op: 'deleted',
        runId: this.#runId,
        by: this.#runId,
        target: this.#baseUrl,
        id: m.id,
        deletePath: m.deletePath ?? '',
        at: new Date().toISOString(),
        how: isSuccessStatus(exchange.status) ? 'deleted' : 'gone',
        status: exchange.status,
      },
    ]);
  }
}
