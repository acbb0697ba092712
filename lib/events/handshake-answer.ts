/**
 * What a target does with a create while the probe's receiver misbehaves during the validation
 * request (spec §6: "any validation of the notification URL: not shown"), in plain words. Recorded,
 * never judged: the spec says nothing of a handshake, so every branch is INFORMATIONAL.
 */
import { failureText } from '../http/answer-text.js';
import type { Exchange } from '../http/types.js';
import { classifyAnswer } from '../answer/classify.js';
import { serverErrorOf, serverErrorWords } from '../protocol/server-error.js';
import type { ReceivedHandshake } from '../receiver/types.js';
import type { Verdict } from '../outcome.js';
import { SERVER_ERROR_REF } from '../protocol/server-error.js';
import { spec6Open } from './spec-refs.js';

export type ReceiverMisbehaviour = { kind: 'wrong-token' } | { kind: 'slow'; delayMs: number } | { kind: 'fail' };

function describeMisbehaviour(m: ReceiverMisbehaviour): string {
  switch (m.kind) {
    case 'wrong-token':
      return 'answers the validation request with something other than the token';
    case 'slow':
      return `holds its answer to the validation request ${m.delayMs / 1000} s`;
    case 'fail':
      return 'answers the validation request 500';
  }
}

export interface HandshakeAnswer {
  /**
   * INFORMATIONAL: the spec says nothing of a handshake; DEVIATES when the target answered the create with a server
   * error, as in every suite (lib/protocol/server-error.ts); ERROR when the harness got no answer at all.
   */
  verdict: Verdict;
  specRef: string;
  observed: string;
  finding: string;
}

const OPEN = spec6Open('validation of the notification URL');

// Room for the target's message with the notification URL it echoes (a scope's path or a tunnel's host).
const MESSAGE_CHARS = 240;
const cut = (text: string): string => (text.length > MESSAGE_CHARS ? `${text.slice(0, MESSAGE_CHARS)}...` : text);

/**
 * `handshakes`: the validation requests the receiver got while the create was in flight. `unasked`: the creates
 * before it, refused before any validation request (lib/events/handshake-asks.ts), which the finding says.
 */
export function handshakeAnswer(
  m: ReceiverMisbehaviour,
  create: Exchange,
  handshakes: readonly ReceivedHandshake[],
  unasked: readonly Exchange[] = [],
): HandshakeAnswer {
  const answer = classifyAnswer(create);
  const took = `after ${create.durationMs} ms`;
  let outcome: string;
  const failed = serverErrorOf(create);
  if (failed !== undefined) {
    outcome = `${serverErrorWords(failed)} (${took})`;
  } else if (create.failure !== undefined || answer.status === null) {
    const failure = create.failure === undefined ? 'no status' : failureText({ ...create.failure, message: cut(create.failure.message) });
    outcome = `gave the create no answer (${failure})`;
  } else if (answer.outcome === 'accepted') {
    outcome = `created the subscription (${answer.status}) ${took}`;
  } else {
    const code = answer.errorCode === undefined ? '' : ` ${answer.errorCode}`;
    const message = answer.errorMessage === undefined ? '' : ` ${JSON.stringify(cut(answer.errorMessage))}`;
    outcome = `answered the create ${answer.status}${code}${message} ${took}`;
  }
  const parameters = [...new Set(handshakes.map((h) => h.parameter))];
  const sent =
    handshakes.length === 0
      ? 'the target sent no validation request'
      : `the target sent ${handshakes.length} validation request${handshakes.length === 1 ? '' : 's'} (${handshakes
          .map((h) => h.method)
          .filter((v, i, a) => a.indexOf(v) === i)
          .join('/')} ?${parameters.join(', ?')}=...)`;
  const before = unaskedWords(unasked);
  const finding = `receiver that ${describeMisbehaviour(m)}: ${before}${sent} and ${outcome}`;
  const answered = failed !== undefined || (create.failure === undefined && answer.status !== null);
  return {
    verdict: failed !== undefined ? 'DEVIATES' : answered ? 'INFORMATIONAL' : 'ERROR',
    specRef: failed !== undefined ? `${OPEN}; ${SERVER_ERROR_REF}` : OPEN,
    observed: `${before}${sent}; ${outcome}`,
    finding,
  };
}

/**
 * The creates asked before the one the finding reads, refused before the target asked the receiver anything: said
 * first, and short, as a console line cuts what follows the target's message.
 */
function unaskedWords(unasked: readonly Exchange[]): string {
  const first = unasked[0];
  if (first === undefined) return '';
  const answer = classifyAnswer(first);
  const n = unasked.length;
  const refusal = `${answer.status ?? 'no status'}${answer.errorCode === undefined ? '' : ` ${answer.errorCode}`}`;
  return `asked ${n + 1} times, the first ${n === 1 ? 'refused' : `${n} refused`} (${refusal}) before any validation request, which no receiver caused; the last: `;
}
