/**
 * Why nothing was accepted, told from the transport first (every answer a redirect, or cut off by
 * the connection), then from the statuses: a refused token, a wrong base URL or path, a failing
 * service, an unreachable one, or no single cause.
 *
 * "Nothing was accepted" means no combination was accepted on every repeat. An unstable one may
 * have been accepted on some: then the diagnosis says so rather than "nothing accepted, check the
 * token". And "every combination was answered 401" is read over every answer of every repeat, not
 * the first answer of each combination only.
 *
 * When the target refused the bodies itself, what its messages say is read too: the field they name most
 * (lib/error-body: by structure or in the text) is said with an example, and when the value sent for it was a URL
 * on loopback (the probe's own receiver, which only this machine can reach), that is the likely cause and the
 * diagnosis says which setting gives the target a URL it can reach.
 */
import { statusTally } from '../http/answer-text.js';
import { CHECK_REDIRECT, CHECK_TOKEN, commonSetupSign } from '../http/setup-signs.js';
import { isRedirectStatus, isSuccessStatus } from '../http/status.js';
import { formatCombination } from '../rule/field-set.js';
import { namedInError } from './message-pattern.js';
import { refusalWords } from './refusal-words.js';
import type { CutShort, Diagnosis, Observation } from './types.js';
import { capitalise, count } from './words.js';

/** Unstable combinations named, at most. */
const NAMED = 3;

/** Characters of a target's message quoted in a diagnosis. */
const QUOTED_CHARS = 160;

/** Nothing stable to read: a combination accepted on some repeats only, or refused for what the target holds. */
function fromRepeatsOrState(observations: readonly Observation[]): Diagnosis | undefined {
  const sometimes = observations.filter((o) => o.outcome === 'unstable' && (o.statuses ?? [o.status]).some(isSuccessStatus));
  if (sometimes.length > 0) {
    const named = sometimes
      .slice(0, NAMED)
      .map((o) => formatCombination(o.present))
      .join(', ');
    return {
      likelyCause: 'unknown',
      message: `no combination was accepted on every repeat, but ${count(sometimes.length, 'combination')} (${named}${sometimes.length > NAMED ? ', …' : ''}) ${sometimes.length === 1 ? 'was' : 'were'} accepted on some repeats and rejected or failed on others: the target answers the same body differently (load balancing, caching, a race); nothing could be inferred from unstable answers.`,
    };
  }
  // What exists on the target refused the bodies the rule would accept: that, not the fields, is why none was.
  const byState = observations.filter((o) => o.refusal?.kind === 'state' || o.refusal?.kind === 'environment');
  const shown = byState[0]?.refusal;
  if (shown === undefined) return undefined;
  return {
    likelyCause: 'target-state',
    message: `no combination was accepted, and ${count(byState.length, 'combination')} (${formatCombination(byState[0]?.present ?? [])}${byState.length > 1 ? ', …' : ''}) ${byState.length === 1 ? 'was' : 'were'} ${refusalWords(shown)}: what the target holds, not the fields, kept ${byState.length === 1 ? 'it' : 'them'} from a 2xx, so the rule is not known from ${byState.length === 1 ? 'it' : 'them'}.`,
  };
}

/** Every answer of every repeat, and how the sentences name what was tried. */
interface Answers {
  all: (number | null)[];
  answered: number[];
  unanswered: number;
  everyCombination: string;
  besides: string;
}

/** Every answer said the same thing about the setup: the token refused, the path missing, or the service failing. */
function fromSetup({ all, answered, everyCombination, besides }: Answers): Diagnosis | undefined {
  const sign = commonSetupSign(answered);
  if (sign === 'token-refused') {
    return {
      likelyCause: 'token',
      message: `${everyCombination} was answered 401${besides}: the access token was refused; ${CHECK_TOKEN}.`,
    };
  }
  if (sign === 'token-refused-or-forbidden') {
    return {
      likelyCause: 'token',
      message: `${everyCombination} was answered 401 or 403${besides}: the access token was refused or lacks permission on the drive; ${CHECK_TOKEN}.`,
    };
  }
  if (sign === 'not-found') {
    return {
      likelyCause: 'base-url-or-path',
      message: `${everyCombination} was answered 404${besides}: the base URL, or the operation's path with the values filled into it, does not exist on the target; check BASE_URL, and PATH_VALUES when the path has parameters.`,
    };
  }
  if (answered.length > 0 && answered.every((s) => s >= 500)) {
    return {
      likelyCause: 'service',
      message: `every answer was a server error (${statusTally(all)}): the service failed, whatever the body; retry later or check the target.`,
    };
  }
  return undefined;
}

/** The target refused the bodies itself: one answer to all, or none in common, with what its messages name. */
function fromRefusals(
  observations: readonly Observation[],
  fields: readonly string[],
  possible: number,
  a: Answers,
  cut: CutShort | undefined,
): Diagnosis {
  const tried = observations.length;
  const partial = tried < possible;
  const [first] = observations;
  const codes = new Set(observations.map((o) => o.errorCode));
  const named = mostNamed(observations, fields);
  const saying = named === undefined ? '' : `; ${named.words}`;
  const sameAnswer = first !== undefined && a.unanswered === 0 && a.answered.every((s) => s === first.status) && codes.size === 1;
  const code = first?.errorCode === undefined ? '' : ` ${first.errorCode}`;
  if (named?.loopback === true) {
    const seen = sameAnswer
      ? `${a.everyCombination} was answered ${first?.status ?? ''}${code}`
      : `no combination was accepted (${statusTally(a.all)})`;
    return { likelyCause: 'configuration', message: `${seen}${saying}. ${loopbackAdvice(named.field)}` };
  }
  if (sameAnswer) {
    if (partial) return notKnown(tried, possible, `every one was answered ${first?.status ?? ''}${code}${saying}`, cut);
    return {
      likelyCause: 'unknown',
      message: `every combination was answered ${first?.status ?? ''}${code}${saying}: no set of the fields was accepted, so the cause more likely lies in the values sent than in which fields are present.`,
    };
  }
  if (partial) return notKnown(tried, possible, `the answers point to no single cause (${statusTally(a.all)})${saying}`, cut);
  return {
    likelyCause: 'unknown',
    message: `no combination was accepted, and the answers point to no single cause (${statusTally(a.all)})${saying}.`,
  };
}

/**
 * `possible`: how many combinations the fields allow (2^n). A sentence says "every combination" only when
 * every one was answered; otherwise it counts what was tried, says the rule is not known, and what to do.
 * `fields`: the operation's fields, which the messages are read for (default: every field some combination had).
 * `cut`: what stopped the run before every combination was asked, if anything did: then the combinations not tried
 * are the stop's doing, not a finding, and what to do is said for that stop.
 */
export function diagnose(
  observations: readonly Observation[],
  possible = observations.length,
  fields: readonly string[] = [...new Set(observations.flatMap((o) => o.present))],
  cut?: CutShort,
): Diagnosis {
  const tried = observations.length;
  const everyCombination =
    tried < possible ? `every one of the ${count(tried, 'combination')} tried (of ${possible})` : 'every combination';
  if (observations.length === 0) {
    return cut?.by === 'stop'
      ? {
          likelyCause: 'stopped',
          message: `the run was stopped ${cut.words} before it asked any combination: nothing is known of the rule.`,
        }
      : { likelyCause: 'unknown', message: 'no combination was observed, so nothing could be inferred.' };
  }
  const unstableOrState = fromRepeatsOrState(observations);
  if (unstableOrState !== undefined) return unstableOrState;
  // Every answer of every repeat: a combination answered 401 then 400 is not "answered 401".
  const all = observations.flatMap((o) => o.statuses ?? [o.status]);
  const answered = all.filter((s): s is number => s !== null);
  const unanswered = observations.filter((o) => (o.statuses ?? [o.status]).every((s) => s === null)).length;
  const besides = unanswered === 0 ? '' : ` (${count(unanswered, 'combination')} got no answer at all)`;
  if (answered.length === 0 && cut?.by === 'stop' && tried < possible) {
    return {
      likelyCause: 'stopped',
      message: `the run was stopped ${cut.words} before any of the ${count(tried, 'combination')} it tried (of ${possible}) got an answer: nothing is known of the rule; a run to its end asks them.`,
    };
  }
  if (answered.length === 0) {
    return {
      likelyCause: 'transport',
      message: `none of the ${count(observations.length, 'combination')} got an HTTP answer (network failure, timeout, or the run's request budget or deadline): check the base URL and that the service is reachable.`,
    };
  }
  const answers: Answers = { all, answered, unanswered, everyCombination, besides };
  return fromTransport(observations, unanswered) ?? fromSetup(answers) ?? fromRefusals(observations, fields, possible, answers, cut);
}

interface Named {
  field: string;
  /** `the target's messages name notificationUrl in 30 of the 32 refusals, e.g. "..."`. */
  words: string;
  /** The value sent for it was a URL on loopback in a refusal that names it. */
  loopback: boolean;
}

/** The field the refusals' messages name most (by structure or in their text), with an example of what they said. */
function mostNamed(observations: readonly Observation[], fields: readonly string[]): Named | undefined {
  const refused = observations.filter((o) => o.outcome === 'rejected');
  const naming = new Map<string, Observation[]>();
  for (const o of refused) {
    for (const field of namedInError(o, fields)) naming.set(field, [...(naming.get(field) ?? []), o]);
  }
  const [best] = [...naming.entries()].sort(([a, x], [b, y]) => y.length - x.length || fields.indexOf(a) - fields.indexOf(b));
  if (best === undefined) return undefined;
  const [field, by] = best;
  const example = by.find((o) => o.errorMessage !== undefined)?.errorMessage;
  const quoted =
    example === undefined ? '' : `, e.g. ${JSON.stringify(example.length > QUOTED_CHARS ? `${example.slice(0, QUOTED_CHARS)}…` : example)}`;
  return {
    field,
    words: `the target's messages name ${field} in ${by.length} of the ${count(refused.length, 'refusal')}${quoted}`,
    loopback: by.some((o) => (o.loopbackFields ?? []).includes(field)),
  };
}

/** What to set when a URL on loopback was refused: a target elsewhere cannot call it. */
function loopbackAdvice(field: string): string {
  return (
    `The ${field} sent was a URL on loopback (the probe's own receiver), which only this machine can reach, so a target ` +
    'that calls it (to validate it, or to notify) cannot: set RECEIVER_PUBLIC_URL to a public URL that forwards to the ' +
    'receiver (a tunnel to RECEIVER_PORT), or NOTIFICATION_URL to one the target can reach, and run again.'
  );
}

/**
 * Nothing accepted among part of the combinations: the rule is not known, and an accepted combination may
 * lie among those never tried (a small island of them, away from both start points). When the run was cut short,
 * what was not tried is the stop's doing: a stop by its user says so (a run to its end asks the rest), and a spent
 * budget or time names the setting that gives more.
 */
function notKnown(tried: number, possible: number, seen: string, cut: CutShort | undefined): Diagnosis {
  const among = `no accepted combination among the ${count(tried, 'combination')} tried of ${possible}`;
  const accepted = 'give a body known to be accepted as ACCEPTED_BODY (or its fields as ACCEPTED_FIELDS)';
  if (cut?.by === 'stop')
    return {
      likelyCause: 'stopped',
      message: `${among} before the run was stopped ${cut.words} (the rule is not known): ${seen}; a run to its end asks the rest.`,
    };
  if (cut !== undefined) {
    const setting = cut.by === 'budget' ? 'MAX_REQUESTS' : 'MAX_RUN_SECONDS';
    return {
      likelyCause: 'unknown',
      message: `${among} before the run stopped ${cut.words} (the rule is not known): ${seen}; raise ${setting}, or ${accepted}.`,
    };
  }
  return {
    likelyCause: 'unknown',
    message:
      `${among} (the rule is not known): ${seen}; ` +
      'an accepted combination may lie among those not tried, or the values sent are refused whatever the fields. ' +
      `${capitalise(accepted)}, or let the explorer ask more ` +
      '(EXPLORE_COMBINATIONS_PER_FIELD, 10 by default, within MAX_REQUESTS).',
  };
}

/** Failure kinds that say the connection, not the target's verdict, ended the answer. */
const CUT_OFF = new Set(['network', 'timeout', 'malformed']);

/**
 * Every answer a redirect (the probe never follows one, so the token is never sent
 * elsewhere), or every answer cut off by the connection. Statuses seen then are not the target's
 * verdict on the body and must not be read as one.
 */
function fromTransport(observations: readonly Observation[], unanswered: number): Diagnosis | undefined {
  const redirects = observations.filter((o) => isRedirectStatus(o.status));
  if (redirects.length > 0 && redirects.length + unanswered === observations.length) {
    const locations = [...new Set(redirects.map((o) => o.location).filter((l): l is string => l !== undefined))];
    const seen =
      locations.length === 0
        ? 'with no Location'
        : `to ${locations
            .slice(0, 2)
            .map((l) => clip(l))
            .join(' and ')}${locations.length > 2 ? ` (and ${locations.length - 2} more)` : ''}`;
    const statuses = [...new Set(redirects.map((o) => o.status))].join('/');
    return {
      likelyCause: 'configuration',
      message: `every answer was a redirect (${statuses} ${seen}): ${CHECK_REDIRECT} (scheme, host and path prefix) so that it names the service itself.`,
    };
  }
  const cut = observations.filter((o) => o.outcome === 'error' && o.failure !== undefined && CUT_OFF.has(o.failure));
  if (cut.length > 0 && cut.length === observations.length) {
    const halfRead = cut.filter((o) => o.status !== null).length;
    return {
      likelyCause: 'transport',
      message:
        `every answer was cut off by the connection (reset, dropped or timed out${halfRead > 0 ? `; ${count(halfRead, 'combination')} after the status line came, so those statuses are not the target's verdict` : ''}): ` +
        'check the network path to the target (proxy, load balancer, TLS offload) and that the service is healthy.',
    };
  }
  return undefined;
}

function clip(text: string): string {
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}
