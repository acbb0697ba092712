/**
 * Fault injection: the misbehaviour of a real service under load, on demand and repeatable.
 * All faults are off by default. One roll of the seeded PRNG per request picks at most one of
 * drop / throttle / unavailable / random answer (shares add up, so each share is exactly its own).
 * Faults apply to every request outside /_reference/.
 */
import { mulberry32 } from './prng.js';

export type RetryAfterForm = 'seconds' | 'http-date' | 'omit';

export interface FaultOptions {
  /** Share (0..1) of requests answered 429 with Retry-After. */
  throttle429Share?: number;
  /** Share (0..1) of requests answered 503 with Retry-After. */
  unavailable503Share?: number;
  /** Seconds told in Retry-After on 429 and 503 (default 1). */
  retryAfterSeconds?: number;
  /** `seconds` (default), `http-date` (an IMF-fixdate), or `omit` (no header at all). */
  retryAfterForm?: RetryAfterForm;
  /** Added before every answer (and before a drop). */
  latencyMs?: number;
  /** Share (0..1) of requests whose connection is destroyed without an answer. */
  dropShare?: number;
  /** Creates whose body has exactly these fields present get the opposite outcome every second time. */
  flip?: { present: string[] };
  /**
   * Creates whose body has exactly these fields present and would be accepted are refused 400 with a message that
   * has nothing to do with the body, `share` of the time (a roll of the seeded PRNG each): a service whose backend
   * fails now and then, as Graph's intermittent ExtensionError does, which a second ask gets through.
   */
  intermittentRefusal?: IntermittentRefusal;
  /** Share (0..1) of requests answered with a random status and a random or malformed body. */
  randomAnswerShare?: number;
  /** Reseeds the PRNG when given (so a test can replay a sequence). */
  seed?: number;
  /** Share (0..1) of requests answered 302 to `redirectTo` (a proxy or login page in front of the service). */
  redirectShare?: number;
  /** Location of the `redirectShare` answers (default https://login.reference.invalid/signin). */
  redirectTo?: string;
  /** Share (0..1) of requests answered 400 whose body is cut off by a connection reset half-way. */
  resetShare?: number;
  /** Share (0..1) of requests answered 401 as for an unknown token, whatever token they carry. */
  unauthorizedShare?: number;
  /** Every create answers this id (a mock server answering "id": "string"; an unsafe id such as ".."). */
  createdId?: string;
  /** Creates answer these ids in turn, then from the first again (several unsafe ids in one run). */
  createdIds?: string[];
  /** Every create answers its record without the id (it is still created). */
  omitCreatedId?: boolean;
  /** Every DELETE of a subscription is answered with this status and deletes nothing (404, 500, ...). */
  deleteStatus?: number;
}

export interface IntermittentRefusal {
  present: string[];
  /** 0..1. */
  share: number;
  /** The refusal's message (default: DEFAULT_INTERMITTENT_MESSAGE). */
  message?: string;
}

/** modelled on public reports (Graph subscriptions: an intermittent "ExtensionError" a retry gets through). */
export const DEFAULT_INTERMITTENT_MESSAGE =
  'Operation: Create; Exception: [Status Code: BadRequest; Reason: the backend did not answer in time]';

export type FaultDecision = 'none' | 'drop' | 'throttle' | 'unavailable' | 'random' | 'redirect' | 'reset' | 'unauthorized';

const SHARE_KEYS = [
  'dropShare',
  'throttle429Share',
  'unavailable503Share',
  'randomAnswerShare',
  'redirectShare',
  'resetShare',
  'unauthorizedShare',
] as const;
const KEYS = new Set<string>([
  ...SHARE_KEYS,
  'retryAfterSeconds',
  'retryAfterForm',
  'latencyMs',
  'flip',
  'intermittentRefusal',
  'seed',
  'redirectTo',
  'createdId',
  'createdIds',
  'omitCreatedId',
  'deleteStatus',
]);

function isNumberIn(value: unknown, min: number, max: number, integer = false): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max && (!integer || Number.isInteger(value));
}

/** Checks fault options from code or from JSON; throws a RangeError naming `api` and the bad option. */
export function checkFaults(input: unknown, api = 'setFaults'): FaultOptions {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) throw new RangeError(`${api}: fault options must be an object`);
  const o = input as Record<string, unknown>;
  const unknownKey = Object.keys(o).find((k) => !KEYS.has(k));
  if (unknownKey !== undefined) throw new RangeError(`${api}: unknown fault option '${unknownKey}'; known: ${[...KEYS].join(', ')}`);
  let total = 0;
  for (const key of SHARE_KEYS) {
    const v = o[key];
    if (v === undefined) continue;
    if (!isNumberIn(v, 0, 1)) throw new RangeError(`${api}: ${key} must be a number from 0 to 1`);
    total += v;
  }
  if (total > 1 + 1e-9) throw new RangeError(`${api}: the shares (${SHARE_KEYS.join(', ')}) add up to more than 1`);
  for (const key of ['redirectTo', 'createdId'] as const) {
    if (o[key] !== undefined && typeof o[key] !== 'string') throw new RangeError(`${api}: ${key} must be a string`);
  }
  const ids = o['createdIds'];
  if (ids !== undefined && !(Array.isArray(ids) && ids.length > 0 && ids.length <= 100 && ids.every((id) => typeof id === 'string'))) {
    throw new RangeError(`${api}: createdIds must be a list of 1 to 100 strings`);
  }
  if (ids !== undefined && o['createdId'] !== undefined) throw new RangeError(`${api}: give createdId or createdIds, not both`);
  if (o['omitCreatedId'] !== undefined && typeof o['omitCreatedId'] !== 'boolean')
    throw new RangeError(`${api}: omitCreatedId must be true or false`);
  if (o['deleteStatus'] !== undefined && !isNumberIn(o['deleteStatus'], 200, 599, true))
    throw new RangeError(`${api}: deleteStatus must be a whole number from 200 to 599`);
  if (o['retryAfterSeconds'] !== undefined && !isNumberIn(o['retryAfterSeconds'], 0, 86_400, true)) {
    throw new RangeError(`${api}: retryAfterSeconds must be a whole number from 0 to 86400`);
  }
  const form = o['retryAfterForm'];
  if (form !== undefined && form !== 'seconds' && form !== 'http-date' && form !== 'omit') {
    throw new RangeError(`${api}: retryAfterForm must be 'seconds', 'http-date' or 'omit'`);
  }
  if (o['latencyMs'] !== undefined && !isNumberIn(o['latencyMs'], 0, 60_000))
    throw new RangeError(`${api}: latencyMs must be a number from 0 to 60000`);
  if (o['seed'] !== undefined && !isNumberIn(o['seed'], 0, 2 ** 32 - 1, true))
    throw new RangeError(`${api}: seed must be a whole number from 0 to 2^32-1`);
  const flip = o['flip'];
  if (flip !== undefined) {
    const present = (flip as { present?: unknown } | null)?.present;
    if (!Array.isArray(present) || !present.every((f) => typeof f === 'string')) {
      throw new RangeError(`${api}: flip must be { present: string[] }`);
    }
  }
  checkIntermittent(o['intermittentRefusal'], api);
  return structuredClone(o) as FaultOptions;
}

function checkIntermittent(value: unknown, api: string): void {
  if (value === undefined) return;
  const o = value as Partial<Record<keyof IntermittentRefusal, unknown>> | null;
  const present = o?.present;
  if (o === null || typeof o !== 'object' || !Array.isArray(present) || !present.every((f) => typeof f === 'string')) {
    throw new RangeError(`${api}: intermittentRefusal must be { present: string[], share: number, message?: string }`);
  }
  if (!isNumberIn(o.share, 0, 1)) throw new RangeError(`${api}: intermittentRefusal.share must be a number from 0 to 1`);
  if (o.message !== undefined && (typeof o.message !== 'string' || o.message === '')) {
    throw new RangeError(`${api}: intermittentRefusal.message must be a non-empty string`);
  }
}

/** What a 429/503 tells the client about when to come back. */
export interface RetryAfter {
  /** Header value, or undefined when the form is `omit`. */
  header: string | undefined;
  /** The wait told: relative to when the answer is sent, an absolute wall-clock time, or nothing. */
  told: { kind: 'after'; ms: number } | { kind: 'at'; wallMs: number } | undefined;
}

export class FaultInjector {
  #options: FaultOptions = {};
  #next: () => number;
  #flipCount = 0;
  #createdIdTurn = 0;

  constructor(options: FaultOptions, seed: number) {
    this.#next = mulberry32(seed);
    this.set(options);
  }

  get options(): FaultOptions {
    return structuredClone(this.#options);
  }

  /** Replaces all options (not a merge): what is not given is off. */
  set(options: FaultOptions): void {
    this.#options = checkFaults(options);
    this.#createdIdTurn = 0;
    this.#flipCount = 0;
    if (this.#options.seed !== undefined) this.#next = mulberry32(this.#options.seed);
  }

  get latencyMs(): number {
    return this.#options.latencyMs ?? 0;
  }

  get redirectTo(): string {
    return this.#options.redirectTo ?? 'https://login.reference.invalid/signin';
  }

  /** What creates and deletes answer instead of the model's own (undefined: the model decides). */
  get ids(): { omitCreatedId: boolean; deleteStatus: number | undefined } {
    const { omitCreatedId, deleteStatus } = this.#options;
    return { omitCreatedId: omitCreatedId === true, deleteStatus };
  }

  /** The id the next create answers, when a fault names it (createdId, or the next of createdIds). */
  nextCreatedId(): string | undefined {
    const { createdId, createdIds } = this.#options;
    if (createdIds === undefined) return createdId;
    const id = createdIds[this.#createdIdTurn % createdIds.length];
    this.#createdIdTurn += 1;
    return id;
  }

  /** The PRNG, for the random answer's own choices. */
  get random(): () => number {
    return this.#next;
  }

  decide(): FaultDecision {
    const o = this.#options;
    const roll = this.#next();
    let edge = 0;
    const order: [number | undefined, FaultDecision][] = [
      [o.dropShare, 'drop'],
      [o.throttle429Share, 'throttle'],
      [o.unavailable503Share, 'unavailable'],
      [o.randomAnswerShare, 'random'],
      [o.redirectShare, 'redirect'],
      [o.resetShare, 'reset'],
      [o.unauthorizedShare, 'unauthorized'],
    ];
    for (const [share, decision] of order) {
      edge += share ?? 0;
      if (roll < edge) return decision;
    }
    return 'none';
  }

  /** Every second create with exactly `flip.present` flips, so two repeats in a row always disagree. */
  shouldFlip(present: string[]): boolean {
    const target = this.#options.flip?.present;
    if (target === undefined) return false;
    const same = present.length === new Set(target).size && present.every((f) => target.includes(f));
    if (!same) return false;
    this.#flipCount += 1;
    return this.#flipCount % 2 === 0;
  }

  /**
   * The message of an intermittent refusal when this create, with these present fields and a body the model
   * accepts, is refused; undefined otherwise. Rolls the PRNG only for such a create.
   */
  intermittentRefusal(present: string[]): string | undefined {
    const fault = this.#options.intermittentRefusal;
    if (fault === undefined) return undefined;
    const same = present.length === new Set(fault.present).size && present.every((f) => fault.present.includes(f));
    if (!same || this.#next() >= fault.share) return undefined;
    return fault.message ?? DEFAULT_INTERMITTENT_MESSAGE;
  }

  retryAfter(nowWallMs: number): RetryAfter {
    const seconds = this.#options.retryAfterSeconds ?? 1;
    switch (this.#options.retryAfterForm ?? 'seconds') {
      case 'omit':
        return { header: undefined, told: undefined };
      case 'http-date': {
        // An HTTP-date has whole seconds; round up so that the client never waits less than asked.
        const at = Math.ceil((nowWallMs + seconds * 1000) / 1000) * 1000;
        return { header: new Date(at).toUTCString(), told: { kind: 'at', wallMs: at } };
      }
      case 'seconds':
        return { header: String(seconds), told: { kind: 'after', ms: seconds * 1000 } };
    }
  }
}
