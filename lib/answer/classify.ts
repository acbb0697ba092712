import { isClientErrorStatus, isRedirectStatus, isSuccessStatus } from '../http/status.js';
import type { Exchange } from '../http/types.js';
import type { Observation } from '../inference/types.js';
import { parseRecordedBody } from '../http/recorded-body.js';
import { readErrorText, readErrorValue, type ErrorBodyReading } from '../error-body/read-error-body.js';
import { readExchange } from './read-exchange.js';
import { classifyRefusal } from './refusal.js';
import { sentValues } from '../inference/mask-values.js';
import type { MatrixOutcome, Refusal } from '../outcome.js';

/** One answer reduced to what the presence outcome depends on. */
export interface AnswerClass {
  outcome: Exclude<MatrixOutcome, 'unstable'>;
  status: number | null;
  /** The code the error body gives, read by lib/error-body (error.code, code, error, title, a problem type, ...). */
  errorCode?: string;
  /** What the error body says, read by lib/error-body: its sentences in document order, or the text of a text body. */
  errorMessage?: string;
  /** Property names the error body points at by its structure (pydantic `loc`, an `errors` map's keys, ...). */
  errorNames?: string[];
  /** How the exchange failed, for an `error` (lib/http Failure kind). */
  failure?: string;
  /** Location of a redirect, for an `error` answered 3xx. */
  location?: string;
  /**
   * What a refusal speaks of (./refusal.ts), for every 4xx and a 429 that named a wait past the probe's: `state` and
   * `environment` refusals are `error` (no evidence), named by this.
   */
  refusal?: Refusal;
  /** The body's values, for a refusal: masked where its message quotes them, so that one refusal of many values is one kind. */
  sentValues?: string[];
}

/**
 * The one place that maps a target's answer to a presence outcome: 2xx accepted; 4xx rejected (with the
 * error code when the body has one); anything else (no verdict, a hang, a 5xx or 429/503 after the engine's
 * retries, 1xx/3xx) is `error`: harness or service trouble, never the target's verdict on which fields a
 * body has, so never evidence for the rule.
 */
export function classifyAnswer(exchange: Exchange): AnswerClass {
  const reading = readExchange(exchange);
  // The transport's part is kept so that a diagnosis can tell a reset or a redirect from the target's verdict.
  if (reading.kind !== 'status' || reading.afterRetries) {
    const failed: AnswerClass = {
      outcome: 'error',
      status: exchange.status,
      ...(exchange.failure !== undefined ? { failure: exchange.failure.kind } : {}),
    };
    // A count limit's "retry after 9999": the target's verdict on this request's resource, named as such.
    if (exchange.status === 429 && exchange.failure?.beyondWait === true)
      return { ...failed, refusal: refusalOf(exchange, readBody(exchange)) };
    return failed;
  }
  const status = reading.status;
  if (isSuccessStatus(status)) return { outcome: 'accepted', status };
  if (isClientErrorStatus(status) && status !== 429) {
    const body = readBody(exchange);
    const refusal = refusalOf(exchange, body);
    // What exists on the target, or where it runs, refused this: no evidence of the body's rule.
    if (refusal.kind === 'state' || refusal.kind === 'environment') {
      return { outcome: 'error', status, refusal, ...(body.code !== undefined ? { errorCode: body.code } : {}) };
    }
    const sent = sentValues(exchange.requestBody);
    return {
      outcome: 'rejected',
      status,
      ...(refusal.kind !== 'body' ? { refusal } : {}),
      ...(sent.length > 0 ? { sentValues: sent } : {}),
      ...(body.code !== undefined ? { errorCode: body.code } : {}),
      ...(body.message !== undefined ? { errorMessage: body.message } : {}),
      ...(body.names.length > 0 ? { errorNames: body.names } : {}),
    };
  }
  const location = isRedirectStatus(status) ? exchange.responseHeaders['location'] : undefined;
  return { outcome: 'error', status, ...(location !== undefined ? { location } : {}) };
}

function refusalOf(exchange: Exchange, body: ErrorBodyReading): Refusal {
  return classifyRefusal({
    status: exchange.status ?? 0,
    message: body.message,
    code: body.code,
    inner: body.inner,
    failure: exchange.failure,
  });
}

/**
 * The error body as lib/error-body reads it, whatever framework wrote it. A body cut at MAX_RECORDED_BODY_BYTES
 * is read from the top-level fields that end before the cut (its shape is judged elsewhere, never from a cut
 * body); one that is not JSON, from its text.
 */
function readBody(exchange: Exchange): ErrorBodyReading {
  const parsed = parseRecordedBody(exchange);
  return parsed !== undefined ? readErrorValue(parsed) : readErrorText(exchange.responseBody, exchange.responseHeaders['content-type']);
}

const sameVerdict = (a: AnswerClass, b: AnswerClass): boolean =>
  a.outcome === b.outcome && a.status === b.status && a.errorCode === b.errorCode;

/**
 * Folds the repeats of one combination into one observation. Any `error` makes the
 * combination `error` (it is not evidence); repeats that disagree on outcome, status or
 * error code make it `unstable` (never used as evidence either).
 */
export function foldRepeats(present: string[], answers: AnswerClass[]): Observation {
  const statuses = answers.map((a) => a.status);
  const first = answers[0];
  if (first === undefined) return { present, outcome: 'error', status: null, statuses };
  const failed = answers.find((a) => a.outcome === 'error');
  if (failed !== undefined) {
    return {
      present,
      outcome: 'error',
      status: failed.status,
      statuses,
      ...(failed.failure !== undefined ? { failure: failed.failure } : {}),
      ...(failed.location !== undefined ? { location: failed.location } : {}),
      ...(failed.refusal !== undefined ? { refusal: failed.refusal } : {}),
    };
  }
  if (!answers.every((a) => sameVerdict(a, first))) {
    return { present, outcome: 'unstable', status: first.status, statuses };
  }
  return {
    present,
    outcome: first.outcome,
    status: first.status,
    ...(first.errorCode !== undefined ? { errorCode: first.errorCode } : {}),
    ...(first.errorMessage !== undefined ? { errorMessage: first.errorMessage } : {}),
    ...(first.errorNames !== undefined ? { errorNames: first.errorNames } : {}),
    ...(first.sentValues !== undefined ? { sentValues: first.sentValues } : {}),
    statuses,
  };
}
