/** How a rejection is told apart from another, and said in words. */
import { failureText } from '../http/answer-text.js';
import { messagePattern } from '../inference/message-pattern.js';
import { sentValues } from '../inference/mask-values.js';
import type { Probe } from './types.js';

/**
 * Rejected the same way: same status, same error code, same message once field names, the values sent and numbers
 * are normalised (lib/inference/message-pattern.ts), so that a message quoting a timestamp still matches.
 */
export function sameRejection(a: Probe, b: Probe, fields: readonly string[]): boolean {
  const pattern = (p: Probe): string | undefined =>
    p.answer.errorMessage === undefined ? undefined : messagePattern(p.answer.errorMessage, fields, sentValues(p.exchange.requestBody));
  return (
    a.verdict === b.verdict && a.answer.status === b.answer.status && a.answer.errorCode === b.answer.errorCode && pattern(a) === pattern(b)
  );
}

const MAX_MESSAGE = 160;

/** `400 invalidRequest "The property ..."`, `201`, `no answer (timeout: ...)`. */
export function describeAnswer(p: Probe): string {
  const { status, errorCode, errorMessage } = p.answer;
  if (p.exchange.failure !== undefined) return `no verdict (${failureText(p.exchange.failure)})`;
  if (status === null) return 'no answer';
  const message =
    errorMessage === undefined ? '' : ` "${errorMessage.length > MAX_MESSAGE ? `${errorMessage.slice(0, MAX_MESSAGE)}…` : errorMessage}"`;
  return `${status}${errorCode === undefined ? '' : ` ${errorCode}`}${message}`;
}
