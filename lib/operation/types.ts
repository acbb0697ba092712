/**
 * An operation described as data: adding a field or a second operation is a data change,
 * not new engine code. The engine, the matrix and inference read only this.
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
  /** How to undo a create: id from the 2xx body, and the DELETE path for it. */
  cleanup?: {
    idFrom: (body: unknown) => string | undefined;
    deletePath: (id: string) => string;
  };
}
