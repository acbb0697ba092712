/**
 * Live subscriptions, in memory.
 * modelled on public reports (onedrive-api-docs, resources/subscription.md: a subscription lasts until its
 * expirationDateTime): past it, a subscription is gone.
 * reference choice: the list is capped so that a long probe run cannot grow the process without bound.
 */

/** A created subscription as the service returns it (modelled on public reports: onedrive-api-docs, resources/subscription.md). */
export interface SubscriptionRecord {
  id: string;
  resource: string;
  /** Only in profiles that take it (graph-like, rule profiles). */
  changeType?: string;
  /** Absent only in rule profiles whose rule lets a body omit it. */
  notificationUrl?: string;
  expirationDateTime: string;
  clientState?: string;
  createdBy: { application: { id: string; displayName: string } };
}

interface Stored {
  record: SubscriptionRecord;
  expiresAtMs: number;
}

/** reference choice: oldest subscriptions are dropped beyond this many. */
const MAX_LIVE = 100_000;

/** reference choice: ids of deleted subscriptions remembered (for an idempotent second DELETE), the oldest dropped beyond this. */
const MAX_DELETED = 10_000;

export class SubscriptionStore {
  readonly #items = new Map<string, Stored>();
  /** Deleted ids, each with its record as it was (for a profile whose deleted subscriptions stay readable). */
  readonly #deleted = new Map<string, SubscriptionRecord>();
  #lastSweepMs = 0;

  add(record: SubscriptionRecord, expiresAtMs: number): void {
    this.#items.set(record.id, { record: structuredClone(record), expiresAtMs });
    for (const id of this.#items.keys()) {
      if (this.#items.size <= MAX_LIVE) break;
      this.#items.delete(id);
    }
  }

  get(id: string, nowMs: number): SubscriptionRecord | undefined {
    const stored = this.#live(id, nowMs);
    return stored === undefined ? undefined : structuredClone(stored.record);
  }

  /** True when the subscription was live and is now deleted. */
  delete(id: string, nowMs: number): boolean {
    const stored = this.#live(id, nowMs);
    if (stored === undefined || !this.#items.delete(id)) return false;
    this.#deleted.set(id, stored.record);
    for (const old of this.#deleted.keys()) {
      if (this.#deleted.size <= MAX_DELETED) break;
      this.#deleted.delete(old);
    }
    return true;
  }

  /** Whether a DELETE removed this id (the latest MAX_DELETED are remembered). */
  wasDeleted(id: string): boolean {
    return this.#deleted.has(id);
  }

  /** The record of a deleted subscription, as it was when deleted. */
  getDeleted(id: string): SubscriptionRecord | undefined {
    const record = this.#deleted.get(id);
    return record === undefined ? undefined : structuredClone(record);
  }

  /** Deleted subscriptions' records, oldest first. */
  listDeleted(): SubscriptionRecord[] {
    return [...this.#deleted.values()].map((r) => structuredClone(r));
  }

  /** Replaces a live subscription's record, and its end of life when given; false when it is not live. */
  update(record: SubscriptionRecord, expiresAtMs: number | undefined, nowMs: number): boolean {
    const stored = this.#live(record.id, nowMs);
    if (stored === undefined) return false;
    this.#items.set(record.id, { record: structuredClone(record), expiresAtMs: expiresAtMs ?? stored.expiresAtMs });
    return true;
  }

  list(nowMs: number): SubscriptionRecord[] {
    this.#sweep(nowMs);
    return [...this.#items.values()].map((s) => structuredClone(s.record));
  }

  count(nowMs: number): number {
    // A full sweep at most once a second: counting is on every stats() call and must stay cheap.
    if (nowMs - this.#lastSweepMs >= 1000) this.#sweep(nowMs);
    return this.#items.size;
  }

  clear(): void {
    this.#items.clear();
    this.#deleted.clear();
  }

  #live(id: string, nowMs: number): Stored | undefined {
    const stored = this.#items.get(id);
    if (stored === undefined || stored.expiresAtMs > nowMs) return stored;
    this.#items.delete(id);
    return undefined;
  }

  #sweep(nowMs: number): void {
    this.#lastSweepMs = nowMs;
    for (const [id, stored] of this.#items) if (stored.expiresAtMs <= nowMs) this.#items.delete(id);
  }
}
