/**
 * The verdict of a lifecycle case and the facts of one answer. The spec leaves every operation after the create
 * "not shown" (§4), so what a target answers is INFORMATIONAL; the answers are read as every other suite reads them
 * (lib/answer): a 5xx that outlasted the engine's retries is a failure of the service (DEVIATES, as every suite
 * judges one: lib/protocol/server-error.ts), and a hang or no answer gives no verdict (ERROR).
 */
import { classifyAnswer } from '../answer/classify.js';
import { noVerdictAdvice } from '../answer/no-verdict.js';
import { readExchange } from '../answer/read-exchange.js';
import { SERVER_ERROR_EXPECTED, SERVER_ERROR_REF, serverErrorOf, serverErrorWords } from '../protocol/server-error.js';
import { parseRecordedBody } from '../http/recorded-body.js';
import { isClientErrorStatus, isSuccessStatus } from '../http/status.js';
import type { Exchange } from '../http/types.js';
import { isObject } from '../json.js';
import type { Verdict } from '../outcome.js';
import { answerFields } from './answer-fields.js';
import { sameJson } from './record-fields.js';
import type { OperationFact, PatchOutcome } from './types.js';

/** Statuses that say an operation is not there, when asked of a subscription that exists. */
const NOT_SUPPORTED = new Set([404, 405, 501]);

export function operationFact(method: string, path: string, exchange: Exchange | undefined): OperationFact {
  if (exchange === undefined) return { method, path, supported: null, status: null };
  const answer = classifyAnswer(exchange);
  const status =
    answer.outcome === 'error' && exchange.failure !== undefined && exchange.failure.kind !== 'server' ? null : exchange.status;
  const supported = isSuccessStatus(status) ? true : status !== null && NOT_SUPPORTED.has(status) ? false : null;
  const fields = isSuccessStatus(status) ? answerFields([bodyOf(exchange)]) : undefined;
  return {
    method,
    path,
    supported,
    status,
    ...(answer.errorCode !== undefined ? { code: answer.errorCode } : {}),
    ...(fields !== undefined ? { fields } : {}),
  };
}

/** The answer's body as JSON, when it is a whole JSON value; undefined otherwise. */
export function bodyOf(exchange: Exchange | undefined): unknown {
  return exchange === undefined || exchange.responseBody.trim() === '' ? undefined : parseRecordedBody(exchange);
}

/**
 * What a PATCH of one field did: refused (4xx), applied (the record read after it, or the PATCH answer when there is
 * no read, carries the value sent), ignored (2xx, value not taken). Undefined when it cannot be told: no answer,
 * a 5xx, or a 2xx with no record to look at.
 */
export function patchOutcome(patch: Exchange, after: unknown, field: string, value: unknown): PatchOutcome | undefined {
  if (isClientErrorStatus(patch.status) && patch.status !== 429) return 'refused';
  if (!isSuccessStatus(patch.status) || patch.failure !== undefined) return undefined;
  const record = isObject(after) ? after : bodyOf(patch);
  if (!isObject(record)) return undefined;
  return sameJson(record[field], value) ? 'applied' : 'ignored';
}

export interface LifecycleJudgement {
  verdict: Verdict;
  specRef: string;
  finding: string;
  expected?: string;
  observed?: string;
}

/** What each exchange of the case got, in order: `PATCH 200, GET 200`. */
export function answersInWords(exchanges: readonly Exchange[]): string {
  return exchanges.map((e) => `${e.method} ${e.status ?? `no answer (${e.failure?.kind ?? 'none'})`}`).join(', ');
}

const pathOf = (url: string): string => {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
};

/**
 * INFORMATIONAL with `finding`, unless an exchange of the case failed: a 5xx after retries DEVIATES, a hang or no
 * answer is an ERROR.
 */
export function judgeLifecycle(specRef: string, finding: string, exchanges: readonly Exchange[]): LifecycleJudgement {
  const observed = answersInWords(exchanges);
  for (const exchange of exchanges) {
    const reading = readExchange(exchange);
    const what = `${exchange.method} ${pathOf(exchange.url)}`;
    const failed = serverErrorOf(exchange);
    if (failed !== undefined) {
      return {
        verdict: 'DEVIATES',
        specRef: `${specRef}; ${SERVER_ERROR_REF}`,
        finding: `${what} ${serverErrorWords(failed)}`,
        expected: SERVER_ERROR_EXPECTED,
        observed,
      };
    }
    if (reading.kind !== 'status')
      return {
        verdict: 'ERROR',
        specRef,
        finding: `${what}: no answer to judge (${reading.reason})${noVerdictAdvice(exchange)}`,
        observed,
      };
  }
  return { verdict: 'INFORMATIONAL', specRef, finding, observed };
}
