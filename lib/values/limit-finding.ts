/** A limit a bisection found (lib/values/find-limit.ts), as a limit case records it and the report shows it. */
export interface LimitFinding {
  field: string;
  /** e.g. "longest accepted lifetime". */
  name: string;
  /** The largest accepted value found, in `unit`; undefined when it could not be pinned down. */
  value: number | undefined;
  unit: string;
  /** The smallest rejected value seen, in `unit`. */
  firstRejected: number | undefined;
  requests: number;
  /** Why no value was pinned down, or what limited the search (e.g. "accepted up to the largest value tried"). */
  note?: string;
  /** A refusal the target gave values it also accepted (lib/values/settle.ts), over the search's asks. */
  intermittent?: IntermittentNote;
  /**
   * The search stopped before its edges met (out of requests, an answer lost, answers that contradict each other):
   * `value` is absent, and `largestAccepted` and `firstRejected` say where it stopped, never the target's limit.
   */
  unfinished?: true;
  /** The largest value seen accepted, when no limit was pinned (an unfinished search: the limit is at least this). */
  largestAccepted?: number;
  /** The limit is a number a refusal stated (`refusal`) or the description documented, checked at its edges. */
  statedBy?: 'refusal' | 'description' | 'baseline';
  /** The refusal of the first value past the limit, its message as the target wrote it (cut): `400 invalidRequest "..."`. */
  pastLimit?: string;
}

/** A refusal the target gave a body it also accepted (lib/values/settle.ts), and how often in the asks of one case. */
export interface IntermittentNote {
  /** The refusal in words, message unmasked: `400 invalidRequest "Operation: Create; ..."`. */
  shown: string;
  /** Asks refused so. */
  refused: number;
  /** Asks of the bodies it was seen on. */
  asks: number;
}
