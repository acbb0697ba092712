/**
 * The handshake deadline as a limit: the longest time the probe's receiver may hold its answer to the validation
 * request and the create still succeed, found to the second by the settled limit search over the hold
 * (lib/values/find-limit.ts: a refusal asked again, both edges settled), its holds asked at once where the walk's next
 * asks are known (./deadline-search.ts). Spec §6 leaves any validation of the notification URL
 * "not shown", so the deadline is recorded, INFORMATIONAL; a server error on the way DEVIATES, as in every suite
 * (lib/protocol/server-error.ts), and a search the target gave no answer to is an ERROR.
 */
import { classifyAnswer } from '../answer/classify.js';
import type { Exchange } from '../http/types.js';
import type { Verdict } from '../outcome.js';
import { SERVER_ERROR_EXPECTED, SERVER_ERROR_REF, serverErrorOf, serverErrorWords } from '../protocol/server-error.js';
import { defaultMaxSteps, type LimitResult } from '../values/find-limit.js';
import type { Settings } from '../config/types.js';
import { intermittentWords } from '../values/intermittent-words.js';
import { spec6Open } from './spec-refs.js';

/** The longest hold tried, in whole seconds: HANDSHAKE_DEADLINE_MAX_SECONDS, one second under the request timeout. */
export function deadlineTopSeconds(settings: Pick<Settings, 'receiver' | 'pacing'>): number {
  return Math.max(0, Math.min(settings.receiver.handshakeDeadlineMaxSeconds, Math.ceil(settings.pacing.requestTimeoutMs / 1000) - 1));
}

/** The settings under which deadlineTopSeconds reaches `seconds`, in the words of a finding. */
const settingsReaching = (seconds: number): string =>
  `REQUEST_TIMEOUT_MS of at least ${(seconds + 1) * 1000} and HANDSHAKE_DEADLINE_MAX_SECONDS of at least ${seconds}`;

/**
 * Asks the search may send ahead and its walk not take (lib/events/deadline-search.ts): the next second's asks past a
 * candidate the target's answers did not bear out, three when its refusal does not name the field.
 */
export const DEADLINE_UNUSED_AHEAD = 3;

/**
 * Most creates the search sends for holds from 0 to `top` seconds: the ends and the halvings, a second ask of the
 * first refusal, both edges asked again, room for one refusal more, and the asks sent ahead that may go unused. Each
 * create waits at most `top` seconds.
 */
export function deadlineCreates(top: number): number {
  return top < 1 ? 0 : defaultMaxSteps(0, top) + 4 + DEADLINE_UNUSED_AHEAD;
}

export interface DeadlineJudgement {
  verdict: Verdict;
  specRef: string;
  finding: string;
  observed: string;
  expected?: string;
}

/** The search's creates: the longest hold it may try, and each hold's last create (seconds -> exchange). */
export interface DeadlineSearch {
  /** Undefined when the target sent no validation request to the first create (a receiver answering at once). */
  result: LimitResult | undefined;
  topSeconds: number;
  sent: ReadonlyMap<number, Exchange>;
  /** Every create of the search, in order. */
  creates: readonly Exchange[];
  /** Deadlines the operation's description documents, in seconds (validationDeadlineSeconds), when it gives any. */
  documented?: readonly number[];
}

/**
 * What the search made of the deadlines the description documents: one kept (its edges checked first, the deadline
 * pinned on them), the documentation and the target disagreeing, or a documented deadline past the longest hold
 * searched with the settings that would reach it; '' when none is documented or the search says nothing of it.
 */
function documentedWords(s: DeadlineSearch): string {
  const documented = s.documented ?? [];
  const result = s.result;
  if (documented.length === 0 || result === undefined) return '';
  const listed = documented.map((d) => `${d} s`).join(' or ');
  const notKept = `; the operation's description documents ${listed}, which this target does not keep`;
  if (result.end === 'high-accepted') {
    // Accepted up to the top: a documented deadline under it is not kept; one over it was never in reach.
    if (documented.some((d) => d <= s.topSeconds)) return notKept;
    const d = Math.min(...documented);
    return `; the operation's description documents ${listed}, over the longest hold searched: ${settingsReaching(d)} check it`;
  }
  const r = result.smallestRejected;
  if (result.end !== 'exact' || r === undefined) return '';
  if (result.candidate?.from === 'documented') return `; the ${r} s the operation's description documents, checked at its edges first`;
  return documented.includes(r) ? `; the ${r} s the operation's description documents` : notKept;
}

/** Characters of the refusal's message kept in the finding. */
const MESSAGE_CHARS = 240;

/** `400 invalidRequest "Failed to validate ... timed out."`, or how the create ended. */
function answerWords(exchange: Exchange | undefined): string {
  if (exchange === undefined) return 'no answer recorded';
  const answer = classifyAnswer(exchange);
  const message = answer.errorMessage;
  const cut =
    message === undefined ? '' : ` ${JSON.stringify(message.length > MESSAGE_CHARS ? `${message.slice(0, MESSAGE_CHARS)}...` : message)}`;
  return `${exchange.status ?? 'no answer'}${answer.errorCode === undefined ? '' : ` ${answer.errorCode}`}${cut}`;
}

/**
 * Whole seconds are searched: a hold accepted and the next second refused pin the deadline to that second (one
 * number); a wider gap leaves it a range, the holds inside it not tried.
 */
function boundWords(a: number, r: number, sent: DeadlineSearch['sent']): string {
  const held = `held ${r} s, the create was answered ${answerWords(sent.get(r))}`;
  const created = `the subscription was created with the receiver holding its answer ${a} s`;
  return r - a <= 1
    ? `handshake deadline: a hold of ${a} s is accepted and one of ${r} s is not (whole seconds searched): ${created}; ${held}`
    : `handshake deadline: between ${a} and ${r} s, holds of ${a + 1} to ${r - 1} s not tried: ${created}; ${held}`;
}

function deadlineWords(s: DeadlineSearch & { result: LimitResult }): string {
  const { result, topSeconds, sent } = s;
  const a = result.largestAccepted;
  const r = result.smallestRejected;
  switch (result.end) {
    case 'exact':
      return a !== undefined && r !== undefined
        ? boundWords(a, r, sent)
        : `handshake deadline undetermined: the search ended without a hold both accepted and refused`;
    case 'high-accepted':
      return (
        `handshake deadline: over ${topSeconds} s: the subscription was created with the receiver holding its answer ${topSeconds} s, ` +
        'the longest searched (HANDSHAKE_DEADLINE_MAX_SECONDS, one second under REQUEST_TIMEOUT_MS)'
      );
    case 'low-rejected':
      return `handshake deadline not measured: a create with a receiver answering at once was answered ${answerWords(sent.get(0))}`;
    case 'max-steps':
      // The bound's own words; the search's note would say the range a second time.
      return a !== undefined && r !== undefined
        ? `${boundWords(a, r, sent)}; the search stopped at the most creates it may send (${deadlineCreates(topSeconds)})`
        : `handshake deadline not measured: ${result.note ?? 'the search ran out of creates'}`;
    case 'no-answer':
    case 'undetermined':
      return `handshake deadline undetermined: ${result.note ?? 'an answer was missing'}`;
  }
}

export function judgeHandshakeDeadline(s: DeadlineSearch): DeadlineJudgement {
  const open = spec6Open('validation of the notification URL');
  const { result } = s;
  const creates = `${s.creates.length} create${s.creates.length === 1 ? '' : 's'}`;
  // Nothing waits on the receiver when the target sends it no validation request: no hold can be too long.
  const words =
    result === undefined
      ? `handshake deadline not measured: the target sent no validation request, and answered the create ${answerWords(s.creates[0])}`
      : deadlineWords({ ...s, result });
  const observed = result === undefined ? words : `${result.steps.map((step) => `${step.x} s: ${step.answer}`).join(', ')} (${creates})`;
  const finding = `${words} (${creates}${documentedWords(s)})${intermittentWords(result?.intermittent)}`;
  const failed = s.creates.map((e) => serverErrorOf(e)).find((e) => e !== undefined);
  if (failed !== undefined) {
    return {
      verdict: 'DEVIATES',
      specRef: `${open}; ${SERVER_ERROR_REF}`,
      finding: `${finding}; a create of the search ${serverErrorWords(failed)}`,
      observed,
      expected: SERVER_ERROR_EXPECTED,
    };
  }
  return { verdict: result?.end === 'no-answer' ? 'ERROR' : 'INFORMATIONAL', specRef: open, finding, observed };
}
