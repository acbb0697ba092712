/**
 * Why nothing was accepted, told from the statuses alone: a refused token, a wrong base URL or
 * path, a failing service, an unreachable one, or no single cause.
 */
import type { Diagnosis, Observation } from './types.js';
import { count } from './words.js';

export function diagnose(observations: readonly Observation[]): Diagnosis {
  if (observations.length === 0) {
    return { likelyCause: 'unknown', message: 'no combination was observed, so nothing could be inferred.' };
  }
  const statuses = observations.map((o) => o.status);
  const answered = statuses.filter((s): s is number => s !== null);
  const unanswered = statuses.length - answered.length;
  const every = (test: (status: number) => boolean): boolean => answered.length > 0 && answered.every(test);
  const besides = unanswered === 0 ? '' : ` (${count(unanswered, 'combination')} got no answer at all)`;

  if (answered.length === 0) {
    return {
      likelyCause: 'transport',
      message: `none of the ${count(statuses.length, 'combination')} got an HTTP answer (network failure, timeout, or the run's request budget or deadline): check the base URL and that the service is reachable.`,
    };
  }
  if (every((s) => s === 401)) {
    return {
      likelyCause: 'token',
      message: `every combination was answered 401${besides}: the access token was refused; check ACCESS_TOKEN.`,
    };
  }
  if (every((s) => s === 401 || s === 403)) {
    return {
      likelyCause: 'token',
      message: `every combination was answered 401 or 403${besides}: the access token was refused or lacks permission on the drive; check ACCESS_TOKEN and its scopes.`,
    };
  }
  if (every((s) => s === 404)) {
    return {
      likelyCause: 'base-url-or-path',
      message: `every combination was answered 404${besides}: the base URL or the subscription path does not exist on the target; check BASE_URL.`,
    };
  }
  if (every((s) => s >= 500)) {
    return {
      likelyCause: 'service',
      message: `every answer was a server error (${tally(statuses)}): the service failed, whatever the body; retry later or check the target.`,
    };
  }
  const [first] = observations;
  const codes = new Set(observations.map((o) => o.errorCode));
  if (first !== null && first !== undefined && unanswered === 0 && every((s) => s === first.status) && codes.size === 1) {
    const code = first.errorCode === undefined ? '' : ` ${first.errorCode}`;
    return {
      likelyCause: 'unknown',
      message: `every combination was answered ${first.status ?? ''}${code}: no set of the fields was accepted, so the cause more likely lies in the values sent than in which fields are present.`,
    };
  }
  return {
    likelyCause: 'unknown',
    message: `no combination was accepted, and the answers point to no single cause (${tally(statuses)}).`,
  };
}

/** `400: 28, 401: 4, no answer: 2`, by status. */
function tally(statuses: readonly (number | null)[]): string {
  const counts = new Map<number | null, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => (a ?? Infinity) - (b ?? Infinity))
    .map(([s, n]) => `${s ?? 'no answer'}: ${n}`)
    .join(', ');
}
