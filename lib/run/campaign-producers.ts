/**
 * Producers' instances for a campaign's consumers: after a producer's own run, one instance made with the smallest
 * body its run saw accepted, its id read from the answer (lib/run/instance-id.ts), and each consumer's path filled
 * with it; or the reason a consumer cannot run. The instances and their deletes are lib/run/campaign-instances.ts's.
 */
import { randomBytes } from 'node:crypto';
import type { Settings } from '../config/types.js';
import { buildBody } from '../matrix/build-body.js';
import { fillPath } from '../operation/openapi/build-description.js';
import type { OperationSpec } from '../operation/types.js';
import type { BehaviourReport } from '../report/types.js';
import { CampaignInstances, REQUESTS_PER_INSTANCE, type InstanceLeft, type MadeInstance } from './campaign-instances.js';
import type { PathNeed, PlannedOperation } from './campaign-operations.js';
import { shortId } from './instance-id.js';
import { openRunToken } from './run-inputs.js';

/** A producer's instance, or why there is none. */
type Produced = { ok: true; made: MadeInstance } | { ok: false; reason: string };

/** Producers whose instance some consumer planned waits on, each once, in run order. */
export function wantedProducers(order: readonly PlannedOperation[]): string[] {
  const ids = new Set(order.filter((p) => p.kind !== 'skip').map((p) => p.id));
  const wanted = order.flatMap((p) => (p.kind === 'consume' ? p.needs.map((n) => n.producer) : [])).filter((id) => ids.has(id));
  return [...new Set(wanted)];
}

/** The extra requests the campaign's instances may take: reserved out of MAX_REQUESTS before it is split. */
export const instanceReserve = (producers: number): number => producers * REQUESTS_PER_INSTANCE;

/** The fewest fields the run saw accepted, in the matrix's order: the body to make the instance with. */
function smallestAccepted(report: BehaviourReport | undefined): string[] | undefined {
  const accepted = (report?.matrix ?? []).filter((m) => m.outcome === 'accepted');
  return accepted.reduce<string[] | undefined>(
    (best, m) => (best === undefined || m.present.length < best.length ? m.present : best),
    undefined,
  );
}

export class ProducerInstances {
  readonly #settings: Settings;
  readonly #order: readonly PlannedOperation[];
  readonly #reserve: number;
  readonly #log: (line: string) => void;
  readonly #produced = new Map<string, Produced>();
  /** Each parameter an instance filled, by name: a child's delete path names its parent's too. */
  readonly #values: Record<string, string> = {};
  #instances: CampaignInstances | undefined;

  constructor(settings: Settings, order: readonly PlannedOperation[], reserve: number, log: (line: string) => void) {
    this.#settings = settings;
    this.#order = order;
    this.#reserve = reserve;
    this.#log = log;
  }

  get requests(): number {
    return this.#instances?.requests ?? 0;
  }

  /** Instances made for the consumers, and deleted at the end (a stop included). */
  get counts(): { made: number; deleted: number } {
    return this.#instances?.counts ?? { made: 0, deleted: 0 };
  }

  /** After `producer`'s run: its instance for the consumers, when one waits on it. */
  async afterRun(producer: string, operation: OperationSpec, report: BehaviourReport | undefined, stopped: boolean): Promise<void> {
    const needs = this.#needsOf(producer);
    if (needs.length === 0) return;
    if (stopped) return this.#refuse(producer, `${producer}'s instance was not made: the campaign was stopped`);
    const present = smallestAccepted(report);
    if (present === undefined) return this.#refuse(producer, `${producer} accepted no body, so no instance of it was made`);
    const deleteTemplate = this.#filled(needs.find((n) => n.deleteTemplate !== undefined)?.deleteTemplate);
    if (deleteTemplate === undefined && !this.#settings.target.keepCreated) {
      return this.#refuse(
        producer,
        `the document has no DELETE for ${producer}'s instance, and the campaign creates nothing it cannot delete (KEEP_CREATED=true creates and keeps it)`,
      );
    }
    const instances = await this.#open();
    if (typeof instances === 'string') return this.#refuse(producer, instances);
    const ctx = { now: new Date(), notificationUrl: this.#settings.receiver.notificationUrl ?? '', unique: randomBytes(6).toString('hex') };
    const created = await instances.create({
      producer,
      method: operation.method,
      path: operation.path,
      headers: operation.headers,
      body: buildBody(operation, present, ctx),
      expression: needs.find((n) => n.expression !== undefined)?.expression,
      deleteTemplate,
    });
    this.#produced.set(producer, created);
    if (created.ok) for (const n of needs) this.#values[n.param] = created.made.id;
    if (created.ok) this.#log(`campaign: ${producer}: made one instance for its consumers (${this.#words(created.made)})`);
    else this.#log(`campaign: ${producer}: ${created.reason}`);
  }

  /** The consumer's path values by parameter, and where each came from; or why it cannot run. */
  valuesFor(p: Extract<PlannedOperation, { kind: 'consume' }>): { values: Record<string, string>; from: string[] } | string {
    const values: Record<string, string> = {};
    const from: string[] = [];
    for (const need of p.needs) {
      const produced = this.#produced.get(need.producer);
      if (produced === undefined)
        return `\`{${need.param}}\`: ${need.producer} did not run, so it made no instance, and PATH_VALUES gives none`;
      if (!produced.ok) return `\`{${need.param}}\`: ${produced.reason}`;
      values[need.param] = produced.made.id;
      from.push(`{${need.param}} from ${produced.made.producer}'s ${this.#words(produced.made)}`);
    }
    return { values, from };
  }

  /** At the end (a stop included): every instance deleted, children first; what is left, with why. */
  async finish(): Promise<InstanceLeft[]> {
    if (this.#instances === undefined) return [];
    try {
      return await this.#instances.deleteAll();
    } finally {
      await this.#instances.close();
    }
  }

  /** The delete path with every parameter but the id filled (user's PATH_VALUES first); undefined when one stays open. */
  #filled(template: string | undefined): string | undefined {
    if (template === undefined) return undefined;
    const values: Record<string, string> = { ...this.#values, ...this.#settings.target.pathValues };
    delete values['id'];
    const path = fillPath(template, values);
    return /\{(?!id\})[^}]*\}/.test(path) ? undefined : path;
  }

  #words(made: MadeInstance): string {
    return `${made.status}, id ${shortId(made.id)} from ${made.from}`;
  }

  #needsOf(producer: string): PathNeed[] {
    return this.#order.flatMap((p) => (p.kind === 'consume' ? p.needs.filter((n) => n.producer === producer) : []));
  }

  #refuse(producer: string, reason: string): void {
    this.#produced.set(producer, { ok: false, reason });
    this.#log(`campaign: ${producer}: ${reason}`);
  }

  /** The campaign's own engine, made at its first instance, with the run's token and the reserve as its budget. */
  async #open(): Promise<CampaignInstances | string> {
    if (this.#instances !== undefined) return this.#instances;
    const { baseUrl } = this.#settings.target;
    if (baseUrl === undefined)
      return 'each run has its own embedded reference service, which ends with it: give BASE_URL to fill a path from an instance';
    const source = await openRunToken(this.#settings, this.#log);
    if (typeof source === 'string') return `no token for the instance's create: ${source}`;
    this.#instances = new CampaignInstances(this.#settings, baseUrl, source ?? this.#settings.credentials.accessToken, this.#reserve);
    return this.#instances;
  }
}
