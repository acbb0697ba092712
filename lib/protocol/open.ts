/**
 * Requests whose treatment the spec leaves open (a Content-Type variant, duplicate keys, a large body,
 * another version or method): what the target did is recorded as INFORMATIONAL.
 */
import type { Exchange } from '../http/types.js';
import { checkRefusalRule, ruleWords } from './error-rule.js';
import { answerOf, describeAnswer } from './answer.js';
import { noAnswer, type Judgement } from './judgement.js';
import { judgeServerError } from './server-error.js';
import { isSuccessStatus } from '../http/status.js';
import { isObject } from '../json.js';

export interface OpenCase {
  /** Plain words for the request, e.g. "Content-Type: text/plain". */
  label: string;
  /** Why it is open, e.g. `open: spec §9 (other versions: not shown)`. */
  specRef: string;
  /**
   * Whether spec §7 rule 1 judges a refusal of this request: true for a create on the spec's path, whose refusal
   * for its body (a 400, a 422, any 4xx that is not about something else) must be 400 invalidRequest in the §7
   * error object, as every refused body is read (checkRefusalRule); false for another path or method, which the
   * spec does not describe (the error body is then only recorded).
   */
  ruleOneApplies: boolean;
  /** Words appended to the finding, e.g. which of two duplicate values the record kept. */
  detail?: string;
  /** The fields the body sent, for a create: a 2xx whose record holds none of them did not read the body. */
  sentFields?: readonly string[];
}

/**
 * INFORMATIONAL with what was seen; DEVIATES for a refusal that breaks spec §7 rule 1 where the rule applies
 * (whatever its status: a 422 as much as a 400 with another body), and for a server error (the one reading every
 * suite has: ./server-error.ts); ERROR when there is no answer.
 */
export function judgeOpenRequest(open: OpenCase, exchange: Exchange): Judgement {
  const answer = answerOf(exchange);
  const observed = describeAnswer(exchange);
  if (answer.kind === 'no-answer') return noAnswer(open.specRef, observed);
  const failed = judgeServerError(open.label, exchange, open.specRef);
  if (failed !== undefined) return failed;
  if (open.ruleOneApplies) {
    const rule = checkRefusalRule(exchange);
    if (rule !== undefined && !rule.holds) {
      const words = ruleWords();
      return {
        verdict: 'DEVIATES',
        specRef: words.cite,
        expected: words.expected,
        observed: `${observed}; ${rule.problems.join('; ')}`,
        finding: `${open.label}: the refusal (${answer.status}) breaks ${words.cite} (${words.reading})`,
        ruleOneBroken: [exchange],
      };
    }
  }
  const detail = open.detail !== undefined ? `; ${open.detail}` : '';
  const unread = open.sentFields === undefined ? undefined : unreadBody(exchange, open.sentFields);
  return {
    verdict: 'INFORMATIONAL',
    specRef: open.specRef,
    observed,
    finding: `${open.label}: answered ${observed}${detail}${unread === undefined ? '' : `; ${unread}`}`,
  };
}

/**
 * A create answered 2xx whose record (the answer's JSON object) holds none of the fields the body sent: the target
 * made a subscription from a body it did not read (a text/plain body taken as empty, say). Undefined when the record
 * cannot be read, or holds one of them.
 */
export function unreadBody(exchange: Exchange, sent: readonly string[]): string | undefined {
  if (exchange.status === null || !isSuccessStatus(exchange.status) || sent.length === 0) return undefined;
  let record: unknown;
  try {
    record = JSON.parse(exchange.responseBody);
  } catch {
    return undefined;
  }
  if (!isObject(record) || Object.keys(record).length === 0) return undefined;
  if (sent.some((field) => Object.hasOwn(record, field))) return undefined;
  return `created from a body it did not read: the record holds none of the fields sent (${sent.join(', ')})`;
}
