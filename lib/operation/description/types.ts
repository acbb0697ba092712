/**
 * An operation description as a file holds it (operation.schema.json). It is data only: every
 * value is a word of a small closed vocabulary, compiled into the runtime OperationSpec
 * (lib/operation/types.ts) by compile.ts.
 */
import type { LifecycleMethods, RefusalsDescription, ValueExpectation } from '../types.js';

/** How an instant is written (values.ts). */
export type Spelling =
  | 'utc-millis-z'
  | 'utc-z'
  | 'zero-offset'
  | 'offset'
  | 'no-zone'
  | 'date-only'
  | 'epoch-ms'
  | 'unpadded-date'
  | 'unpadded-time';

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array';

/** A value, as the vocabulary spells it. */
export type ValueDescription =
  | { kind: 'literal'; value: unknown }
  | { kind: 'receiverUrl' }
  | { kind: 'instant'; minutesAhead?: number; daysAhead?: number; spelling?: Spelling; offsetMinutes?: number }
  | { kind: 'unique'; prefix?: string }
  | { kind: 'stringOfLength'; length: number; prefix?: string };

export interface SingleClassDescription {
  id: string;
  description: string;
  value: ValueDescription;
  specRef: string;
  expectation: ValueExpectation;
}

export interface LifetimeDescription {
  id?: string;
  description?: string;
  minutes?: number;
  days?: number;
}

export type FamilyDescription =
  | { family: 'url-shapes'; specRef: string; httpsOnly?: boolean; longLength?: number }
  | { family: 'iso8601-spellings'; specRef: string; daysAhead?: number; specForm?: Spelling[] }
  | { family: 'lifetimes'; specRef: string; expectation?: ValueExpectation; ahead: LifetimeDescription[] }
  | { family: 'string-lengths'; specRef: string; expectation?: ValueExpectation; prefix?: string; lengths: number[] }
  | { family: 'enumeration'; specRef: string; expectation?: ValueExpectation; values: (string | number | boolean)[] }
  | { family: 'booleans'; specRef: string; expectation?: ValueExpectation }
  | { family: 'wrong-json-types'; specRef: string; type: JsonType; number?: ValueDescription; numberDescription?: string }
  | { family: 'name-cases'; specRef: string };

export type ClassEntryDescription = SingleClassDescription | FamilyDescription;

export interface FieldDescription {
  name: string;
  specRef: string;
  good: ValueDescription;
  classes?: ClassEntryDescription[];
}

/** The value a limit's bisection tries for the integer x. */
export type LimitValueDescription =
  | { kind: 'instant'; aheadIn: 'minutes' | 'days'; spelling?: Spelling }
  | { kind: 'stringOfLength'; prefix?: string }
  | { kind: 'number' };

export interface LimitDescription {
  id: string;
  field: string;
  name: string;
  unit: string;
  specRef: string;
  value: LimitValueDescription;
  low: number;
  high: number;
  maxSteps?: number;
  /** Limits the vendor's documentation gives, in `unit`: candidates the search checks at their edges first. */
  documented?: number[];
}

export interface UndoDescription {
  /** JSON pointer (RFC 6901) to the id in a 2xx create's answer. */
  idAt: string;
  /** Path template below the base URL with one `{id}`. */
  deletePath: string;
  /** JSON pointer to the instant the created thing ends on its own. */
  endOfLifeAt?: string;
}

export interface OperationDescription {
  $schema?: string;
  id: string;
  summary: string;
  method: 'POST' | 'PUT' | 'PATCH';
  path: string;
  headers?: Record<string, string>;
  fields: FieldDescription[];
  reportedAccepted?: string[];
  /** A JSON body known to be accepted: the explorer's first start (its top-level keys are the fields present). */
  acceptedBody?: Record<string, unknown>;
  limits?: LimitDescription[];
  /** Handshake deadlines the vendor documents, in seconds: checked at their edges first, never taken on their word. */
  validationDeadlineSeconds?: number[];
  undo?: UndoDescription;
  /** Methods of the created thing's read, list and renew, when they are not GET, GET and PATCH. */
  lifecycle?: LifecycleMethods;
  refusals?: RefusalsDescription;
}
