/**
 * The presence part of a behaviour report from recorded traffic, with no request sent: each request to the
 * operation with a JSON object body is one answer for the combination of fields it had; repeats fold as in a
 * live run (answers that disagree make the combination unstable, never evidence), and the inference is the
 * live run's (lib/inference). What the traffic cannot settle is said, not guessed. The value part
 * (./traffic-values.ts) reads the same requests for what they show of each field's values.
 */
import { classifyAnswer, foldRepeats, type AnswerClass } from '../answer/classify.js';
import type { Exchange } from '../http/types.js';
import { inferPresence } from '../inference/infer-presence.js';
import type { Observation, PresenceInference } from '../inference/types.js';
import type { Redactor } from '../redaction/redactor.js';
import { runRedactor } from '../redaction/run-redactor.js';
import { checkErrorBody } from '../schema/validate-error-body.js';
import { harEntryExchange } from './har-exchange.js';
import { isObject } from '../json.js';
import { trafficValues, type TrafficValues, type ValueRequest } from './traffic-values.js';

export interface TrafficOperation {
  method: string;
  path: string;
  fields: readonly string[];
}

export interface TrafficSource {
  /** Entries in the file. */
  entries: number;
  /** Entries used as evidence. */
  used: number;
  /** Which entries were used: this tool's presence-matrix cases when the HAR names them, else every request to the operation. */
  selection: 'matrix-cases' | 'all-requests';
  /** The first and last startedDateTime of the entries used. */
  from?: string;
  to?: string;
  /** Requests to the operation left out, by why. */
  skipped: { reason: string; count: number }[];
  /** Body fields the operation description does not know, with how many requests had each (those requests are left out). */
  unknownFields: { name: string; count: number }[];
}

/** The 4xx answers used, checked against the spec's §7 error object (a body cut short is not judged). */
export interface ErrorBodies {
  checked: number;
  valid: number;
  /** The first few that are not, with the schema's first complaint. */
  invalid: { status: number; startedAt: string; problem: string }[];
}

export interface TrafficInference {
  source: TrafficSource;
  errorBodies: ErrorBodies;
  observations: Observation[];
  inference: PresenceInference;
  /** What the traffic shows of each field's values (every request to the operation, whatever the selection). */
  values: TrafficValues;
  /** Combinations of 2^n with an accepted or rejected answer. */
  answered: number;
  possible: number;
}

/** Most error bodies that fail the schema listed. */
const LISTED_INVALID = 5;

function pathMatches(url: string, path: string): boolean {
  try {
    return new URL(url).pathname.replace(/\/+$/, '').toLowerCase().endsWith(path.replace(/\/+$/, '').toLowerCase());
  } catch {
    return false;
  }
}

function parseBody(exchange: Exchange): unknown {
  try {
    return exchange.requestBody === undefined ? undefined : JSON.parse(exchange.requestBody);
  } catch {
    return undefined;
  }
}

type ReadAnswer = (exchange: Exchange) => AnswerClass;

/**
 * The traffic's error codes and messages are hostile text that reaches the console and the report (the matrix,
 * rejection groups' patterns): redacted before anything else reads them, since a message pattern's digits
 * rewritten as <n> would hide a token from a later redaction and leave its letters.
 */
function redactedReader(redactor: Pick<Redactor, 'redact'>): ReadAnswer {
  return (exchange) => {
    const answer = classifyAnswer(exchange);
    return {
      ...answer,
      ...(answer.errorCode !== undefined ? { errorCode: redactor.redact(answer.errorCode) } : {}),
      ...(answer.errorMessage !== undefined ? { errorMessage: redactor.redact(answer.errorMessage) } : {}),
      ...(answer.errorNames !== undefined ? { errorNames: answer.errorNames.map((n) => redactor.redact(n)) } : {}),
    };
  };
}

interface ToOperation {
  exchange: Exchange;
  caseId: string | undefined;
}

/** The entries that are requests to the operation, with the case this tool's HAR names for each. */
function requestsToOperation(entries: readonly unknown[], operation: TrafficOperation): ToOperation[] {
  const toOperation: ToOperation[] = [];
  entries.forEach((entry, index) => {
    const exchange = harEntryExchange(entry, index + 1);
    if (exchange === undefined || exchange.method !== operation.method.toUpperCase() || !pathMatches(exchange.url, operation.path)) return;
    const caseId = isObject(entry) && typeof entry._case === 'string' ? entry._case : undefined;
    toOperation.push({ exchange, caseId });
  });
  return toOperation;
}

/** What the requests chosen as presence evidence add up to, and every request the value part reads. */
interface Tally {
  skipped: Map<string, number>;
  unknown: Map<string, number>;
  byCombination: Map<string, { present: string[]; answers: AnswerClass[] }>;
  times: string[];
  errorBodies: ErrorBodies;
  valueRequests: ValueRequest[];
}

/** A refusal's body, checked against the spec's §7 error object (one cut short is not judged). */
function checkRefusalBody(errorBodies: ErrorBodies, exchange: Exchange, answer: AnswerClass): void {
  if (answer.outcome !== 'rejected' || exchange.responseBodyTruncated) return;
  const check = checkErrorBody(exchange.responseBody);
  errorBodies.checked += 1;
  if (check.valid) errorBodies.valid += 1;
  else if (errorBodies.invalid.length < LISTED_INVALID)
    errorBodies.invalid.push({ status: answer.status ?? 0, startedAt: exchange.startedAt, problem: check.problems[0] ?? 'invalid' });
}

/** One request: an answer for its combination when chosen and its body has known fields only, else why not. */
function tallyRequest(tally: Tally, request: ToOperation, chosen: boolean, fields: readonly string[], read: ReadAnswer): void {
  const { exchange } = request;
  const body = parseBody(exchange);
  if (!chosen) {
    if (isObject(body) && Object.keys(body).every((k) => fields.includes(k)))
      tally.valueRequests.push({ body, exchange, answer: read(exchange) });
    return;
  }
  const skip = (reason: string): void => void tally.skipped.set(reason, (tally.skipped.get(reason) ?? 0) + 1);
  if (!isObject(body)) return skip('with no JSON object body');
  const keys = Object.keys(body);
  const strangers = keys.filter((k) => !fields.includes(k));
  if (strangers.length > 0) {
    for (const name of strangers) tally.unknown.set(name, (tally.unknown.get(name) ?? 0) + 1);
    return skip('with a field the operation description does not know');
  }
  const present = fields.filter((f) => keys.includes(f));
  const key = present.join('\u0000');
  const slot = tally.byCombination.get(key) ?? { present, answers: [] };
  const answer = read(exchange);
  slot.answers.push(answer);
  tally.valueRequests.push({ body, exchange, answer });
  checkRefusalBody(tally.errorBodies, exchange, answer);
  tally.byCombination.set(key, slot);
  if (exchange.startedAt !== '') tally.times.push(exchange.startedAt);
}

function sourceOf(entries: number, tally: Tally, selection: TrafficSource['selection']): TrafficSource {
  const times = [...tally.times].sort();
  return {
    entries,
    used: [...tally.byCombination.values()].reduce((sum, c) => sum + c.answers.length, 0),
    selection,
    ...(times[0] !== undefined ? { from: times[0] } : {}),
    ...(times.at(-1) !== undefined ? { to: times.at(-1) as string } : {}),
    skipped: [...tally.skipped].filter(([, count]) => count > 0).map(([reason, count]) => ({ reason, count })),
    unknownFields: [...tally.unknown].map(([name, count]) => ({ name, count })),
  };
}

/**
 * `entries` are the HAR's log.entries (read-har.ts checks the file is a HAR). Values shown in `values` pass
 * `redactor` (the run's by default) and are never the ones that look like a secret.
 */
export function inferFromTraffic(
  entries: readonly unknown[],
  operation: TrafficOperation,
  redactor: Pick<Redactor, 'redact'> = runRedactor(),
): TrafficInference {
  const fields = [...operation.fields];
  const read = redactedReader(redactor);
  const toOperation = requestsToOperation(entries, operation);
  // This tool's own HAR names the case of each request: only the presence matrix sends good values in every
  // combination, so only its requests say which fields are required (a value-class case's 400 is about a value).
  // The value part reads every request: its own rule (traffic-values.ts) isolates a value as a refusal's cause,
  // and the value and limit cases are where the values vary.
  const matrix = toOperation.filter((t) => t.caseId?.startsWith('matrix/') === true);
  const selection = matrix.length > 0 ? 'matrix-cases' : 'all-requests';
  const chosen = new Set(matrix.length > 0 ? matrix : toOperation);
  const tally: Tally = {
    skipped: new Map(),
    unknown: new Map(),
    byCombination: new Map(),
    times: [],
    errorBodies: { checked: 0, valid: 0, invalid: [] },
    valueRequests: [],
  };
  if (matrix.length > 0) tally.skipped.set('sent by other cases than the presence matrix', toOperation.length - matrix.length);
  for (const request of toOperation) tallyRequest(tally, request, chosen.has(request), fields, read);
  const observations = [...tally.byCombination.values()].map((c) => foldRepeats(c.present, c.answers));
  return {
    source: sourceOf(entries.length, tally, selection),
    errorBodies: tally.errorBodies,
    observations,
    inference: inferPresence(fields, observations),
    values: trafficValues(tally.valueRequests, fields, redactor),
    answered: observations.filter((o) => o.outcome === 'accepted' || o.outcome === 'rejected').length,
    possible: 2 ** fields.length,
  };
}
