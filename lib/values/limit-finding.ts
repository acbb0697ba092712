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
