/**
 * What a run leaves on its target, from its own ledger file after the end-of-run
 * reconcile: creates whose DELETE failed, creates whose answer named no id (or was cut before it),
 * and creates whose id was unsafe to send. It goes into the reports and fails the run.
 */
import { showId } from '../operation/safe-id.js';
import type { SweepResult } from './sweep.js';
import type { RunFile } from './select.js';

/** The reason of a create made while the run knew no way to delete it: every sentence about it says this. */
export const NO_DELETE_PATH_KNOWN = 'no delete path known (the description names none, DELETE_PATH was unset, no Location gave one)';

export interface LeftOnTarget {
  /** The id the create's answer named (as shown: control characters escaped); absent when it named none. */
  id?: string;
  /** The DELETE path the probe tried, when it could build one. */
  deletePath?: string;
  /** When the create was answered. */
  createdAt: string;
  /** Why it is still there, in plain words (never a token: statuses, error kinds, the id's problem). */
  reason: string;
}

/** The end of a run's ledger, as the reports carry it. */
export interface LedgerOutcome {
  /** Subscriptions this run created (answered 2xx). */
  created: number;
  leftOnTarget: LeftOnTarget[];
  /** Ids the target answered for more than one create: the ledger listed, and deleted, each once. */
  duplicateIds: { id: string; creates: number }[];
  /** Requests the ledger sent the target: the sweep of earlier runs' leftovers before the suites, and the deletes at the end. */
  requests?: number;
}

/** Joins the reconcile's failures and the creates no DELETE could be built for, oldest first. */
export function ledgerOutcome(own: RunFile, reconciled: SweepResult): LedgerOutcome {
  const left: LeftOnTarget[] = reconciled.failed.map((f) => ({
    id: f.entry.id,
    deletePath: f.entry.deletePath,
    createdAt: f.entry.createdAt,
    reason: `not deleted: ${f.problem ?? 'unknown'}`,
  }));
  for (const line of own.noDeletePath) {
    left.push({ id: showId(line.id), createdAt: line.at, reason: `not deleted: ${NO_DELETE_PATH_KNOWN}` });
  }
  for (const line of own.undeletable) {
    if (line.op === 'unsafe-id') left.push({ id: line.id, createdAt: line.at, reason: `not deleted: ${line.reason}; no DELETE sent` });
    else left.push({ createdAt: line.at, reason: `created (status ${line.status}), id unknown: ${line.reason}` });
  }
  left.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  return { created: own.created + own.undeletable.length + own.noDeletePath.length, leftOnTarget: left, duplicateIds: own.duplicateIds };
}

/** Creates left because no delete path was known: what a run with KEEP_CREATED kept. */
export function keptCount(outcome: Pick<LedgerOutcome, 'leftOnTarget'> | undefined): number {
  return outcome?.leftOnTarget.filter((l) => l.reason.includes(NO_DELETE_PATH_KNOWN)).length ?? 0;
}

/**
 * The kept creates in the reports' words, when some were: left because no delete path was known, which a run creates
 * only with KEEP_CREATED, and how to delete them later. Empty when none was kept.
 */
export function keptWords(left: readonly Pick<LeftOnTarget, 'reason'>[]): string {
  const kept = left.filter((l) => l.reason.includes(NO_DELETE_PATH_KNOWN)).length;
  if (kept === 0) return '';
  return `${kept} of them kept as KEEP_CREATED said (no delete path known): \`npm run cleanup\` deletes them once DELETE_PATH is given.`;
}

/** The one line a run ends with when something is left: counts, never ids (the reports list them). */
export function leftOnTargetLine(outcome: Pick<LedgerOutcome, 'leftOnTarget'>, target: string): string {
  const n = outcome.leftOnTarget.length;
  const noId = outcome.leftOnTarget.filter((l) => l.id === undefined).length;
  const unsafe = outcome.leftOnTarget.filter((l) => l.reason.includes('unsafe id')).length;
  const noPath = outcome.leftOnTarget.filter((l) => l.reason.includes(NO_DELETE_PATH_KNOWN)).length;
  const failed = n - noId - unsafe - noPath;
  const parts = [
    ...(noPath > 0 ? [`${noPath} with no delete path known: give DELETE_PATH to npm run cleanup`] : []),
    ...(failed > 0 ? [`${failed} whose DELETE failed`] : []),
    ...(noId > 0 ? [`${noId} with no id to delete`] : []),
    ...(unsafe > 0 ? [`${unsafe} with an unsafe id, never sent`] : []),
  ];
  return `${n} subscription(s) left on ${target} (${parts.join(', ')}): listed in the reports under "Left on the target"`;
}
