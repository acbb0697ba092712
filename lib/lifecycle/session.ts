/**
 * One subscription followed through its life. The lifecycle suite's cases run one after another on the same
 * subscription, each through its own client: the session owns what they share (the subscription, a second one to
 * change fields of, the states walked, whether a read works) and deletes at the end what a case left. It sends only
 * through the client a case hands it, and says in words why there is no subscription to follow when there is none.
 */
import type { OperationClient } from '../create/client.js';
import { isSuccessStatus } from '../http/status.js';
import type { Exchange } from '../http/types.js';
import { isObject } from '../json.js';
import { safeDeletePath } from '../operation/safe-id.js';
import type { LimitSearch, OperationSpec, ValueContext } from '../operation/types.js';
import { MAX_PATCHED_FIELDS, RENEW_FIELD } from './bounds.js';
import { bodyOf, operationFact, patchOutcome } from './judge.js';
import { walkList, type ListWalk } from './list-walk.js';
import { sameJson } from './record-fields.js';
import { searchRenewal, type RenewalFound } from './renewal-search.js';
import { StateWalk } from './states.js';
import type { PatchOutcome } from './types.js';

/** What the session sends through: a case's client over the worker's engine. */
export type LifecycleClient = Pick<OperationClient, 'send' | 'sendBody' | 'createdId' | 'undoCreate'>;

/** A case as the session sees it: its client, through which everything it asks is sent and counted. */
export interface LifecycleCase {
  client: LifecycleClient;
}

/** A subscription this run created, and where it lives. */
export interface Subject {
  id: string;
  itemPath: string;
  sent: Record<string, unknown>;
  created: Exchange;
  deleted: boolean;
}

/** What a delete did, and what a read, a second delete and the list said after it. */
export interface DeleteSeen {
  deleted: Exchange;
  read: Exchange;
  again: Exchange;
  list: ListWalk;
}

/** The first renewal: its answer, the value it sent, and the value read after it (absent when not read). */
export interface Renewed {
  renewed: Exchange;
  value: unknown;
  readBack?: { got: unknown };
}

/** PATCH of each field but the renewal's, one at a time, on a subscription of its own. */
export interface FieldsPatched {
  outcomes: Record<string, PatchOutcome>;
  /** Statuses of the PATCHes that say the operation is not there (404, 405, 501), by field. */
  notThere: Map<string, number>;
  notTold: string[];
}

export interface SessionOptions<C extends LifecycleCase> {
  operation: OperationSpec;
  baseUrl: string;
  values: () => ValueContext;
  /** The body a subscription is created with, or why there is none (no accepted body known). */
  body: (run: C) => Promise<Record<string, unknown> | string>;
  /** A limit the value suite pinned in this run, by its id: the renewal search looks up to the longest lifetime. */
  foundLimit: (limitId: string) => number | undefined;
}

export class LifecycleSession<C extends LifecycleCase> {
  readonly walk = new StateWalk();
  readonly methods: { read: string; list: string; renew: string };
  /** The item path as the report shows it, the id written `{id}`. */
  readonly itemTemplate: string;
  readonly #subjects: Subject[] = [];
  #first: Promise<Subject | string> | undefined;
  /** Whether GET of the item answered 2xx, so a read back can tell applied from ignored. */
  #readWorks = false;

  constructor(private readonly options: SessionOptions<C>) {
    const { operation } = options;
    // The description may name other methods; these are the defaults the OneDrive and Graph docs show.
    this.methods = {
      read: operation.lifecycle?.read ?? 'GET',
      list: operation.lifecycle?.list ?? 'GET',
      renew: operation.lifecycle?.renew ?? 'PATCH',
    };
    this.itemTemplate = operation.cleanup?.deletePath('lifecycle-id').replace('lifecycle-id', '{id}') ?? '';
  }

  /** The subscription the cases follow, created by the first case that asks (its requests count there). */
  subject(run: C): Promise<Subject | string> {
    this.#first ??= this.#create(run).then((s) => {
      if (typeof s !== 'string') this.walk.move('create', s.created.status);
      return s;
    });
    return this.#first;
  }

  /** GET of the item; the first says whether a read works. */
  async read(run: C, s: Subject): Promise<Exchange> {
    const read = await run.client.send({ method: this.methods.read, path: s.itemPath });
    this.walk.move('read', read.status);
    if (!s.deleted) this.#readWorks = isSuccessStatus(read.status);
    return read;
  }

  /** The list read page by page, looking for the subscription. */
  async list(run: C, s: Subject): Promise<ListWalk> {
    const { operation, baseUrl } = this.options;
    // The first page with the described method; next links are always followed with GET.
    const send = (r: Parameters<LifecycleClient['send']>[0]): Promise<Exchange> =>
      run.client.send(r.path === operation.path ? { ...r, method: this.methods.list } : r);
    const list = await walkList(send, operation.path, baseUrl, (e) => e['id'] === s.id);
    this.walk.move('list', list.first?.status ?? null, list.containsCreated ?? undefined);
    return list;
  }

  /** The first renewal, `minutes` ahead, and what a read says of it after, when it was accepted and a read works. */
  async renew(run: C, s: Subject, minutes: number): Promise<Renewed> {
    const value = this.#renewValue(minutes);
    const renewed = await this.#patch(run, s, { [RENEW_FIELD]: value });
    this.walk.move('renew', renewed.status);
    if (!isSuccessStatus(renewed.status) || !this.#readWorks) return { renewed, value };
    const read = bodyOf(await run.client.send({ method: this.methods.read, path: s.itemPath }));
    return { renewed, value, readBack: { got: isObject(read) ? read[RENEW_FIELD] : undefined } };
  }

  /**
   * The longest renewal, by bisection from the first renewal's answer (renewal-search.ts), up to one past the longest
   * lifetime a create got when the value suite pinned it, else to the description's top.
   */
  async searchRenewal(run: C, s: Subject, first: Exchange, firstMinutes: number): Promise<RenewalFound | undefined> {
    const lifetime = this.#lifetime();
    if (lifetime === undefined) return undefined;
    const renew = (minutes: number): Promise<Exchange> => this.#patch(run, s, { [RENEW_FIELD]: this.#renewValue(minutes) });
    const createLimit = this.options.foundLimit(lifetime.id);
    const found = await searchRenewal(renew, { first, firstMinutes, createLimit, describedHigh: lifetime.high });
    if (found?.pastLimit !== undefined) this.walk.move('renew past the limit', found.pastLimit.status);
    // Renewal is there: a shorter one was accepted.
    if (found?.shorterAccepted !== undefined) this.walk.move('renew', found.shorterAccepted.status);
    return found;
  }

  /** The lifetime limit the renewal search looks under, when the description has one in minutes. */
  #lifetime(): LimitSearch | undefined {
    return this.options.operation.limits?.find((l) => l.field === RENEW_FIELD && l.unit === 'minutes');
  }

  #renewValue(minutes: number): unknown {
    const lifetime = this.#lifetime();
    return lifetime !== undefined ? lifetime.make(minutes, this.options.values()) : new Date(Date.now() + minutes * 60_000).toISOString();
  }

  /**
   * Each field but the renewal's PATCHed alone, on a second subscription deleted after it: applied, ignored or
   * refused, as a read after it (or the PATCH's answer) shows; one answered 404, 405 or 501 says the operation is
   * not there. Undefined, with why, when there is no second subscription.
   */
  async patchEachField(run: C): Promise<FieldsPatched | string> {
    const second = await this.#create(run);
    if (typeof second === 'string') return second;
    const patched: FieldsPatched = { outcomes: {}, notThere: new Map(), notTold: [] };
    try {
      const fields = this.options.operation.fields.filter((f) => f.name !== RENEW_FIELD).slice(0, MAX_PATCHED_FIELDS);
      for (const field of fields) {
        const value = otherValue(field.good(this.options.values()), second.sent[field.name], String(Date.now()));
        if (value === undefined) {
          patched.notTold.push(`${field.name} (no good value other than the one sent)`);
          continue;
        }
        const answer = await this.#patch(run, second, { [field.name]: value });
        if (operationFact(this.methods.renew, '', answer).supported === false) {
          patched.notThere.set(field.name, answer.status ?? 0);
          continue;
        }
        const after =
          isSuccessStatus(answer.status) && this.#readWorks
            ? bodyOf(await run.client.send({ method: this.methods.read, path: second.itemPath }))
            : undefined;
        const outcome = patchOutcome(answer, after, field.name, value);
        if (outcome === undefined) patched.notTold.push(`${field.name} (${answer.status ?? 'no answer'})`);
        else patched.outcomes[field.name] = outcome;
      }
    } finally {
      await run.client.undoCreate(second.created);
      second.deleted = true;
    }
    return patched;
  }

  /** DELETE of the item, then a read, a second DELETE and the list again. */
  async delete(run: C, s: Subject): Promise<DeleteSeen> {
    const deleted = await run.client.send({ method: 'DELETE', path: s.itemPath });
    this.walk.move('delete', deleted.status);
    s.deleted = isSuccessStatus(deleted.status);
    const read = await this.read(run, s);
    const again = await run.client.send({ method: 'DELETE', path: s.itemPath });
    this.walk.move('delete', again.status);
    const list = await this.list(run, s);
    return { deleted, read, again, list };
  }

  /** Deletes whatever the cases did not (a case that failed half-way); the run's ledger is the backstop. */
  async deleteLeft(run: C): Promise<void> {
    for (const s of this.#subjects) if (!s.deleted) await run.client.undoCreate(s.created);
  }

  #patch(run: C, s: Subject, body: Record<string, unknown>): Promise<Exchange> {
    return run.client.send({
      method: this.methods.renew,
      path: s.itemPath,
      headers: this.options.operation.headers,
      body: JSON.stringify(body),
    });
  }

  /** A subscription in an accepted body; a string says why there is none. */
  async #create(run: C): Promise<Subject | string> {
    const cleanup = this.options.operation.cleanup;
    if (cleanup === undefined)
      return 'the operation description says neither where a created subscription lives nor its id, so it cannot be read, renewed or deleted';
    const sent = await this.options.body(run);
    if (typeof sent === 'string') return sent;
    const created = await run.client.sendBody(sent);
    if (!isSuccessStatus(created.status))
      return `the create in an accepted body {${Object.keys(sent).join(', ')}} answered ${created.status ?? 'nothing'}`;
    const id = run.client.createdId(created);
    if (id === undefined) return 'the create answer names no id, so the subscription cannot be addressed';
    const safe = safeDeletePath(cleanup.deletePath, id);
    if (!safe.ok) return `the created id cannot be put in a path: ${safe.reason}`;
    const subject: Subject = { id, itemPath: safe.path, sent, created, deleted: false };
    this.#subjects.push(subject);
    return subject;
  }
}

/**
 * A good value other than the one sent: a field not sent takes its good value; a URL gets a query parameter of its
 * own (`unique`: a receiver URL is the same for every request); otherwise the good value when it differs, else
 * undefined.
 */
export function otherValue(good: unknown, sent: unknown, unique: string): unknown {
  if (sent === undefined) return good;
  if (!sameJson(good, sent)) return good;
  if (typeof sent === 'string' && /^https?:\/\//i.test(sent)) {
    try {
      const url = new URL(sent);
      url.searchParams.set('probe-patched', unique);
      return url.toString();
    } catch {
      return undefined;
    }
  }
  return undefined;
}
