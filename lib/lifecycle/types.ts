/**
 * What the lifecycle suite found out about a subscription after its create (spec §2 record fields, §3 states,
 * §4 other operations, §8 limits): plain data, as the behaviour report's `lifecycle` carries it. Each case of the
 * suite leaves a LifecyclePart; the report merges them in case order (merge.ts).
 */
import type { JsonValueType } from '../json.js';

export type LifecycleOperation = 'read' | 'list' | 'renew' | 'delete';

export interface OperationFact {
  method: string;
  /** Path as sent, the id written `{id}`. */
  path: string;
  /** true: 2xx; false: 404, 405 or 501 on a subscription that exists; null: refused otherwise, or no answer. */
  supported: boolean | null;
  status: number | null;
  /** error.code of a refusal, when the body had one. */
  code?: string;
  /**
   * The top-level keys of a 2xx answer that is a JSON object, each with the JSON types its value had (answer-fields.ts);
   * absent when there was none, or too many keys to list. For the list, the page's own keys (`value` among them).
   */
  fields?: AnswerFields;
}

/** Each key of an answer, with the JSON types seen for it (sorted). */
export type AnswerFields = Record<string, JsonValueType[]>;

export interface ListFact extends OperationFact {
  /** Whether a page read showed the created subscription; null when no page could be read. */
  containsCreated: boolean | null;
  /** Pages read (at most the suite's bound). */
  pages: number;
  /** The keys of the first page's entries, each with the JSON types seen for it; absent as `fields` is. */
  entryFields?: AnswerFields;
}

export type JsonType = JsonValueType;

/**
 * `echoed`: sent and back unchanged; `changed`: sent and back different (both shown); `server`: not sent;
 * `dropped`: sent and not in the record.
 */
export type FieldOrigin = 'echoed' | 'changed' | 'server' | 'dropped';

export interface RecordField {
  type: JsonType;
  origin: FieldOrigin;
  /** For `changed`: the value sent and the value returned, as short JSON text. */
  sent?: string;
  returned?: string;
}

export type PatchOutcome = 'applied' | 'ignored' | 'refused';

export interface StateMove {
  from: string;
  action: string;
  status: number | null;
  to: string;
}

export interface LifecycleFacts {
  operations: { read: OperationFact; list: ListFact; renew: OperationFact; delete: OperationFact };
  record: {
    fields: Record<string, RecordField>;
    /** Whether the read answer equals the create answer (null: not both seen). */
    readEqualsCreate: boolean | null;
    /** Whether the list entry equals the create answer (null: not found in the list). */
    listEntryEqualsCreate: boolean | null;
  };
  renewal: {
    /** Longest renewal accepted, minutes from the time of the request; null when not found. */
    longestAcceptedMinutes: number | null;
    /** The answer to the shortest renewal refused past it. */
    pastLimit: { status: number | null; code: string | null } | null;
    otherFields: Record<string, PatchOutcome>;
  };
  afterDelete: { read: number | null; delete: number | null; listed: boolean | null };
  states: StateMove[];
  /** Next links to another origin than BASE_URL's: counted, never followed. */
  offOriginLinks: number;
}

/** What one case adds to the facts (merge.ts puts the parts together). */
export interface LifecyclePart {
  operations?: Partial<LifecycleFacts['operations']>;
  record?: Partial<LifecycleFacts['record']>;
  renewal?: Partial<LifecycleFacts['renewal']>;
  afterDelete?: Partial<LifecycleFacts['afterDelete']>;
  states?: StateMove[];
  offOriginLinks?: number;
}
