/**
 * The accepted body later suites start from: ACCEPTED_FIELDS when set, else the smallest body the presence
 * evidence says is accepted (fewest fields; ties in field order). A body read from the explorer's rule
 * rather than seen accepted carries the rule's caveat, for the finding to say.
 */
import type { CaseRun } from './case-run.js';
import type { ProbeContext } from './context.js';
import { presenceEvidence } from './shared-presence.js';
import type { PresenceEvidence } from '../../lib/presence/evidence.js';
import { CONTROL_ACCEPTS } from '../../lib/values/base-controls.js';

export interface AcceptedBase {
  present: string[];
  source: 'ACCEPTED_FIELDS' | 'presence matrix' | 'presence rule' | 'unstable combination';
  /**
   * Set when the body was never sent and the rule it was read from assumes something (lib/presence), or when the
   * matrix saw it accepted on some asks only.
   */
  caveat?: string;
}

/**
 * Undefined when no accepted body (with `including`, when given) is known. `unstable`: where no body with `including`
 * was accepted every time, the smallest the matrix saw accepted on some asks (and an exact rule, if there is one,
 * accepts): for a caller that tells a value's refusals from the target's chance, the value suite.
 */
export async function acceptedBase(
  probe: ProbeContext,
  run: CaseRun,
  including?: string,
  options: { unstable?: boolean } = {},
): Promise<AcceptedBase | undefined> {
  if (
    probe.settings.target.acceptedFields !== undefined &&
    (including === undefined || probe.settings.target.acceptedFields.includes(including))
  ) {
    return { present: probe.settings.target.acceptedFields, source: 'ACCEPTED_FIELDS' };
  }
  const evidence = await presenceEvidence(probe, run);
  const smallest = evidence.smallestAccepted(including);
  if (smallest === undefined) return options.unstable === true && including !== undefined ? unstableBase(evidence, including) : undefined;
  if (smallest.basis === 'observed') return { present: smallest.present, source: 'presence matrix' };
  const caveat = evidence.caveat();
  return { present: smallest.present, source: 'presence rule', ...(caveat !== undefined ? { caveat } : {}) };
}

/** Why no accepted body (with `including`, when given) is known, in words that name the true reason (lib/presence). */
export async function noBaseReason(
  probe: ProbeContext,
  run: CaseRun,
  including: string | undefined,
  /** What cannot be done without one: "its values cannot be told apart". */
  so: string,
): Promise<{ reason: string; toTest: string }> {
  return (await presenceEvidence(probe, run)).noAcceptedBody(including, so);
}

function unstableBase(evidence: PresenceEvidence, including: string): AcceptedBase | undefined {
  const unstable = evidence.unstableAccepted(including);
  if (unstable === undefined) return undefined;
  const statuses = unstable.statuses.map((s) => s ?? 'no answer').join(', ');
  return {
    present: unstable.present,
    source: 'unstable combination',
    caveat: `the presence matrix saw it accepted on some asks only (${statuses}): a refusal naming nothing counts against a value only if this body, asked again, is accepted ${CONTROL_ACCEPTS} times and never refused the same way`,
  };
}
