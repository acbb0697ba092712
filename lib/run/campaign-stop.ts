/**
 * An operation the one-operation run's setup check stopped after its first two requests, as a campaign weighs it.
 * Answers of 404 or 405 to everything asked mean the target does not serve an operation the document promises: a
 * deviation of the target from its document (1). Answers of 401 or 403 to everything mean the token is not accepted
 * for that operation: the campaign's setup (2). Every other stop (unreachable, redirected) stays the run's setup
 * problem. When every operation run got nothing but 404, the base path is wrong rather than each operation missing.
 */
import type { CampaignOperation } from './campaign-operations.js';
import { EXIT, type ExitCode } from './exit-decision.js';
import type { ProbeRunOutcome } from './run-probe.js';

export interface EarlyStop {
  code: ExitCode;
  /** One line: the status, and what it means. */
  reason: string;
  requests: number;
  statuses: (number | null)[];
}

const missed = (s: number | null): boolean => s === 404 || s === 405;

/** What the campaign says of an operation stopped at its setup check, or undefined when the run was not stopped so. */
export function earlyStop(outcome: ProbeRunOutcome, op: Pick<CampaignOperation, 'method' | 'path'>): EarlyStop | undefined {
  const stop = outcome.setupStop;
  if (stop === undefined || (stop.kind !== 'not-served' && stop.kind !== 'token-refused')) return undefined;
  const { statuses, requests } = stop;
  const every = `every answer was ${[...new Set(statuses)].join(' or ')}`;
  const facts = { requests, statuses };
  if (stop.kind === 'token-refused') {
    return { code: EXIT.setup, reason: `the token is not accepted for ${op.method} ${op.path}: ${every}`, ...facts };
  }
  // A 405 to the operation's own method stops it whatever the GET got: then not every answer was a miss.
  const answers = statuses.every(missed) ? every : `${op.method} got ${String(statuses[1])} (GET ${String(statuses[0])})`;
  return { code: EXIT.failed, reason: `the target does not serve ${op.method} ${op.path}: ${answers}`, ...facts };
}

/** The campaign's setup line when every operation run was stopped with nothing but 404s; undefined otherwise. */
export function basePathStop(stopped: readonly { status: string; statuses?: (number | null)[] }[]): string | undefined {
  const ran = stopped.filter((e) => e.status === 'run' || e.status === 'stopped');
  const all404 = ran.every((e) => e.status === 'stopped' && e.statuses !== undefined && e.statuses.every((s) => s === 404));
  if (ran.length < 2 || !all404) return undefined;
  return `every operation run answered 404 to everything (${ran.length} of them): the base path is likely wrong; check BASE_URL`;
}
