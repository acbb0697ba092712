/**
 * An operation as the suites and lib modules read it: compiled from a description file
 * (lib/operation/description/, operations/*.json) or, in the tool's own tests, built in code.
 * The engine, the matrix and inference read only this.
 */

/** What good values may depend on: the clock, the notification URL, a per-request unique tag. */
export interface ValueContext {
  now: Date;
  notificationUrl: string;
  /** Unique per request (so that clientState, for one, is unique per request). */
  unique: string;
}

export type ValueExpectation =
  /** The value has the form spec §2 gives the field (the spec still never says it must be accepted). */
  | 'spec-form'
  /** The spec's text says the field has another form (e.g. a relative notificationUrl). */
  | 'not-spec-form'
  /** The spec says nothing either way. */
  | 'open';

export interface ValueClass {
  /** Stable id, e.g. `without-milliseconds`. */
  id: string;
  description: string;
  value: (ctx: ValueContext) => unknown;
  /** The part of the spec that speaks to this class, or "open: ..." when the spec does not. */
  specRef: string;
  expectation: ValueExpectation;
  /** The property name the value is sent under instead of the field's (another letter case: `Resource`). */
  sendAs?: string;
  /** A value the operation lists for the field (a member of an enumeration in its description): refused, a finding of its own. */
  listed?: true;
}

export interface FieldSpec {
  name: string;
  /** Where the spec defines the field, e.g. "spec §2". */
  specRef: string;
  /** A known-good value: the outcome of a body of good values speaks of presence alone. */
  good: (ctx: ValueContext) => unknown;
  /** Value classes for the value-level probes. */
  classes: ValueClass[];
}

/**
 * A limit found by bisection, as data: `make(x)` is the field's value for the integer
 * `x` (e.g. an expirationDateTime `x` minutes ahead), and the search looks in [low, high] for the
 * largest `x` the target accepts. Adding a limit is one more entry in `OperationSpec.limits`.
 */
export interface LimitSearch {
  /** Stable id, e.g. `longest-lifetime`. */
  id: string;
  field: string;
  /** e.g. "longest accepted lifetime". */
  name: string;
  /** Unit of `x`, e.g. "minutes", "characters". */
  unit: string;
  /** The part of the spec the limit belongs to, or "open: ..." when the spec does not show it. */
  specRef: string;
  make: (x: number, ctx: ValueContext) => unknown;
  /** Smallest value tried; expected to be accepted. An integer. */
  low: number;
  /** Largest value tried; expected to be rejected. An integer greater than `low`. */
  high: number;
  /** Most requests the search may send (answers retried included); default: enough for integer precision. */
  maxSteps?: number;
  /**
   * Limits the vendor's documentation gives, in `unit`: the search checks each at its edges (accepted, the next value
   * refused) before it halves, and takes none as the limit on the documentation's word.
   */
  documented?: number[];
}

export interface OperationSpec {
  id: string;
  summary: string;
  method: string;
  /** Path below the base URL. */
  path: string;
  /** Headers the spec names (the engine adds Authorization). */
  headers: Record<string, string>;
  /** In the order the spec lists them; reports keep this order. */
  fields: FieldSpec[];
  /**
   * A set of fields the spec reports as accepted: only a first guess for the adaptive explorer's
   * start body, which the target's answer confirms or refutes (never taken as evidence).
   */
  reportedAccepted?: string[];
  /** A body the user knows is accepted (from their own client): the explorer starts from its fields first. */
  acceptedBody?: Record<string, unknown>;
  /** Limits to find by bisection, each in an otherwise accepted body. */
  limits?: LimitSearch[];
  /**
   * How long the vendor documents that the target waits for the receiver's answer to its validation request, in
   * seconds: the handshake deadline's search checks these at their edges first (lib/events/deadline-search.ts).
   */
  validationDeadlineSeconds?: number[];
  /**
   * How to undo a create: id from the 2xx body, and the DELETE path for it (one function expands the
   * description's template: description/delete-path.ts); the created thing's own end, when the answer says it.
   */
  cleanup?: {
    idFrom: (body: unknown) => string | undefined;
    deletePath: (id: string) => string;
    expiresFrom?: (body: unknown) => string | undefined;
  };
  /**
   * The methods of the created thing's other operations, where the description names them (the lifecycle
   * suite's defaults otherwise: GET to read and to list, PATCH to renew; DELETE is the undo's).
   */
  lifecycle?: LifecycleMethods;
  /** The refusals its document declares, when they are not spec §7's error object (description/types.ts). */
  refusals?: RefusalsDescription;
  /** The description file it was compiled from, for messages; absent for one built in code. */
  source?: string;
}

export interface LifecycleMethods {
  /** Reads one item at the undo's path. */
  read?: 'GET' | 'POST';
  /** Lists the collection at the operation's path. */
  list?: 'GET' | 'POST';
  /** Renews one item at the undo's path with a later end of life. */
  renew?: 'PATCH' | 'PUT' | 'POST';
}

/** One answer the operation's document declares for a request it refuses. */
export interface RefusalResponseDescription {
  /** As the document keys it: "400", "4XX" or "default". */
  status: string;
  /** The media types it declares, in the document's order; none declared: any. */
  media: string[];
  /** Its JSON body's schema, dereferenced; absent when the document gives none. */
  schema?: unknown;
}

/**
 * The refusals an operation's document declares when they are not spec §7's error object (RFC 9457 problem details,
 * a framework's own): a body refused for its fields or values is then judged against these, not against §7 rule 1.
 */
export interface RefusalsDescription {
  /** Which operation of which document declares them, for findings: "createTask in Tracker API". */
  source: string;
  responses: RefusalResponseDescription[];
}
