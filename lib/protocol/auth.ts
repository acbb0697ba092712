/**
 * spec §5: "Requests carry an Authorization header using the Bearer scheme with an access token."
 * Requests without a valid Bearer token, and what the target makes of them.
 */
import type { Exchange } from '../http/types.js';
import { isClientErrorStatus, isSuccessStatus } from '../http/status.js';
import { answerOf, describeAnswer } from './answer.js';
import { noAnswer, type Judgement } from './judgement.js';
import { judgeServerError } from './server-error.js';

export interface AuthVariant {
  id: string;
  /** Plain words, e.g. "no Authorization header". */
  label: string;
  /** The Authorization header sent instead of the run's token; undefined sends none. Never a real credential. */
  authorization: string | undefined;
}

/** The requests without a valid Bearer token. Their values are constants, safe to print. */
export const AUTH_VARIANTS: readonly AuthVariant[] = [
  { id: 'no-authorization', label: 'no Authorization header', authorization: undefined },
  {
    id: 'basic-scheme',
    label: 'the Basic scheme',
    authorization: `Basic ${Buffer.from('conformance-probe:not-a-password').toString('base64')}`,
  },
  // "Bearer" and a space: the wire trims the space, leaving the bare scheme name.
  { id: 'empty-bearer', label: 'Bearer with an empty token', authorization: 'Bearer ' },
  // Well formed (RFC 6750 b64token characters only) so that a refusal speaks of the token, not its syntax.
  {
    id: 'unknown-bearer',
    label: 'a well-formed but unknown Bearer token',
    authorization: 'Bearer conformance-probe.not-a-valid-token.0000',
  },
];

const AUTH_SPEC_REF = 'spec §5';
const EXPECTED = 'not accepted: refused, typically 401 or 403 (spec §5: requests carry a Bearer token)';

/**
 * The verdict on a create sent without a valid Bearer token: accepted (2xx) DEVIATES from spec §5;
 * refused (4xx, whatever its body) CONFORMS; a server error DEVIATES, as in every suite (./server-error.ts); a 3xx
 * neither accepts nor refuses, and is recorded as INFORMATIONAL.
 */
export function judgeWithoutValidToken(variant: AuthVariant, exchange: Exchange): Judgement {
  const answer = answerOf(exchange);
  const observed = describeAnswer(exchange);
  if (answer.kind === 'no-answer') return noAnswer(AUTH_SPEC_REF, observed, EXPECTED);
  const failed = judgeServerError(`a create with ${variant.label}`, exchange, AUTH_SPEC_REF);
  if (failed !== undefined) return failed;
  const { status } = answer;
  if (isSuccessStatus(status)) {
    return {
      verdict: 'DEVIATES',
      specRef: AUTH_SPEC_REF,
      expected: EXPECTED,
      observed,
      finding: `a create with ${variant.label} was accepted (${status})`,
    };
  }
  // A refusal of a request that differs from a good one only in its Authorization header is about authentication,
  // whatever its status and body (a 400 for a malformed header as much as a 401): spec §7 rule 3, recorded by the
  // refusal case beside this one, never judged as a body rejected as malformed.
  if (isClientErrorStatus(status)) return { verdict: 'CONFORMS', specRef: AUTH_SPEC_REF, expected: EXPECTED, observed };
  return {
    verdict: 'INFORMATIONAL',
    specRef: `${AUTH_SPEC_REF} (neither accepted nor refused)`,
    observed,
    finding: `${variant.label}: neither accepted nor refused: ${observed}`,
  };
}

/**
 * What the refusal looked like, in plain words (status, WWW-Authenticate, error code): the spec
 * shows none of it (spec §7 rule 3: other status and error codes not shown), so it is recorded.
 */
export function describeRefusal(variant: AuthVariant, exchange: Exchange): Judgement {
  const specRef = 'open: spec §5 (how a refusal looks: not shown), spec §7 rule 3';
  const observed = describeAnswer(exchange);
  const answer = answerOf(exchange);
  if (answer.kind === 'no-answer') return noAnswer(specRef, observed);
  const words = isSuccessStatus(answer.status) ? `not refused: ${observed}` : observed;
  return { verdict: 'INFORMATIONAL', specRef, observed, finding: `${variant.label}: ${words}` };
}
