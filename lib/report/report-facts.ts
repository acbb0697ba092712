/** Small derived facts both report renderers show, so that the Markdown and HTML say the same thing. */
import { statusOrNoAnswer } from '../http/answer-text.js';
import type { MatrixOutcome } from '../outcome.js';
import type { FieldRole, PresenceRole, RejectionGroup } from '../inference/types.js';
import { conditionInWords, ruleInWords } from './rule-in-words.js';
import type { BehaviourReport, ExplorerBasis, MatrixEntry, RunInfo, RunStop, UnrunCase } from './types.js';

export const MATRIX_OUTCOMES: readonly MatrixOutcome[] = ['accepted', 'rejected', 'unstable', 'error'];

export const ROLE_MEANING: Record<PresenceRole, string> = {
  required: 'must be present',
  forbidden: 'must be absent',
  optional: 'does not matter',
  conditional: 'depends on other fields',
  undetermined: 'not decided: unknown combinations could go either way',
};

/**
 * What an undetermined role could be and what it hangs on, in words: "forbidden or optional,
 * depending on 1 combination without a usable answer: notificationUrl + clientState" (the first
 * three named; the explanation names up to eight); undefined for a stated role.
 */
export function undeterminedText(role: FieldRole): string | undefined {
  if (role.presence !== 'undetermined') return undefined;
  const possible = role.possible ?? [];
  const shown = (role.hangsOn ?? []).slice(0, 3).map(comboLabel);
  const total = role.hangsOnCount ?? shown.length;
  const alternatives =
    possible.length <= 1 ? possible.join('') : `${possible.slice(0, -1).join(', ')} or ${possible[possible.length - 1] ?? ''}`;
  const combinations = total === 1 ? '1 combination' : `${total} combinations`;
  return `${alternatives}, depending on ${combinations} without a usable answer: ${shown.join('; ')}${total > shown.length ? '; …' : ''}`;
}

/** A role's basis in a few words ("by the explorer's rule, assuming ..." is spelt out once, with the rule); undefined for the answers alone. */
export function roleBasisText(role: ExplorerBasis): string | undefined {
  return role.basis === 'explorer' ? "by the explorer's rule, assuming what the rule assumes" : undefined;
}

/** The rule's basis in words: "By the explorer's rule, assuming a; b." or why the explorer's rule was not taken; undefined otherwise. */
export function ruleBasisText(rule: BehaviourReport['rule']): string | undefined {
  if (rule.basis === 'explorer') return `By the explorer's rule, assuming ${(rule.assumptions ?? []).join('; ')}.`;
  if (rule.explorerNotUsed !== undefined) return `From the answers alone: ${rule.explorerNotUsed}.`;
  return undefined;
}

export function comboLabel(present: readonly string[]): string {
  return present.length === 0 ? '(empty body)' : present.join(' + ');
}

/** "2.4 s", "3 min 5 s". */
export function runDuration(run: RunInfo): string {
  const ms = Date.parse(run.endedAt) - Date.parse(run.startedAt);
  if (!Number.isFinite(ms) || ms < 0) return 'unknown duration';
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** The requests no suite sent, as every report lists them apart: `2 by the setup check, 1 by the cleanup ledger`. */
export function requestsBesideSuites(run: Pick<RunInfo, 'requestsBesideSuites'>): string | undefined {
  const beside = run.requestsBesideSuites;
  if (beside === undefined) return undefined;
  const parts = [
    ...(beside.setupCheck > 0 ? [`${beside.setupCheck} by the setup check`] : []),
    ...(beside.ledger > 0 ? [`${beside.ledger} by the cleanup ledger`] : []),
    ...((beside.noCase ?? 0) > 0 ? [`${beside.noCase ?? 0} by no case that finished (cut short by a stop, or shared by the suites)`] : []),
  ];
  return parts.length === 0 ? undefined : parts.join(', ');
}

/** `433 requests (2 by the setup check)` */
/**
 * What the target's state did to the run's creates, in the words of every summary: how many it refused while the
 * run's own lived, and how the run paced itself after. Undefined when it refused none.
 */
export function stateAsksInWords(run: Pick<RunInfo, 'stateAsks'>): string | undefined {
  const s = run.stateAsks;
  if (s === undefined) return undefined;
  const creates = s.asks === 1 ? '1 create' : `${s.asks} creates`;
  const room = s.room === undefined ? '' : `; from then on at most ${s.room} of the run's own subscriptions lived at once`;
  const names = { conflict: 'a conflicting subscription', quota: 'the quota', 'count-limit': 'the count limit' } as const;
  const by = (Object.entries(s.by) as [keyof typeof names, number][]).map(([m, n]) => `${names[m]} ${n}×`).join(', ');
  return `the target refused ${creates} for what already existed on it (${by}) while the run's own subscriptions lived: each was asked again once there was room, and no such refusal was read as the body's${room}`;
}

export function requestsInWords(run: Pick<RunInfo, 'requestsSent' | 'requestsBesideSuites'>): string {
  const beside = requestsBesideSuites(run);
  return `${run.requestsSent} requests${beside === undefined ? '' : ` (${beside})`}`;
}

/** "2026-11-21 22:04:10 UTC". */
export function readableTime(iso: string): string {
  const t = Date.parse(iso);
  return Number.isFinite(t) ? `${new Date(t).toISOString().slice(0, 19).replace('T', ' ')} UTC` : iso;
}

export function targetDescription(run: RunInfo): string {
  if (run.targetKind === 'configured') return 'configured target';
  return run.referenceProfile === undefined ? 'embedded reference service' : `embedded reference service, profile ${run.referenceProfile}`;
}

/** "client credentials from login.microsoftonline.com (client …, scope …, certificate): 3 tokens, renewed 2 times before expiry, 0 after a 401". */
export function tokenDescription(run: RunInfo): string | undefined {
  const a = run.auth;
  if (a === undefined) return undefined;
  return (
    `client credentials from ${a.tokenEndpointHost} (client ${a.clientId}, scope ${a.scope}, ${a.credential} from ${a.credentialSetting}): ` +
    `${a.tokensObtained} token(s), renewed ${a.renewalsBeforeExpiry} time(s) before expiry and ${a.renewalsAfter401} after a 401`
  );
}

/** "2 of 32 combinations accepted, 30 rejected". */
export function outcomeTally(matrix: readonly MatrixEntry[]): string {
  const n = (o: MatrixOutcome): number => matrix.filter((e) => e.outcome === o).length;
  const rest = MATRIX_OUTCOMES.slice(1)
    .filter((o) => n(o) > 0)
    .map((o) => `${n(o)} ${o}`);
  return [`${n('accepted')} of ${matrix.length} combinations accepted`, ...rest].join(', ');
}

/** "201", "201/503/201 (unstable)", "no answer". */
export function statusText(entry: Pick<MatrixEntry, 'status' | 'statuses' | 'outcome'>): string {
  if (entry.outcome === 'unstable' && entry.statuses !== undefined) {
    return entry.statuses.map((s) => (s === null ? '–' : String(s))).join('/');
  }
  return statusOrNoAnswer(entry.status);
}

/** One matrix entry per distinct answer (outcome, status, error code), the first seen that carries an example. */
export function distinctAnswers(matrix: readonly MatrixEntry[]): MatrixEntry[] {
  const chosen = new Map<string, MatrixEntry>();
  for (const entry of matrix) {
    const key = JSON.stringify([entry.outcome, entry.status, entry.errorCode ?? null]);
    const current = chosen.get(key);
    if (current === undefined || (current.example === undefined && entry.example !== undefined)) chosen.set(key, entry);
  }
  return [...chosen.values()];
}

export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** When a rejection group applies, in words: "when changeType or resource is present", "for every combination". */
export function groupWhen(group: RejectionGroup, fields: readonly string[]): string {
  const words = conditionInWords(group, fields);
  const when = words === 'every combination' ? 'for every combination' : `when ${words}`;
  if (group.unknownMatching === undefined) return when;
  const n = group.unknownMatchingCount;
  return `${when}, among the combinations with a usable answer (${n === undefined ? 'some' : n} without one also ${n === 1 ? 'fits' : 'fit'}: ${group.unknownMatching.map(comboLabel).join('; ')}${n === undefined || n > group.unknownMatching.length ? '; …' : ''})`;
}

/**
 * What a rejection group's target said, as it said it: the message of the group's first combination (the pattern,
 * with its fields masked, when no combination of it kept one). A sentence every group's message has (Prism's "Your
 * request is not valid ..." before its list) tells the groups nothing apart, so it is left out where something is left.
 */
export function groupExampleMessage(
  report: Pick<BehaviourReport, 'matrix' | 'rejectionGroups'>,
  group: RejectionGroup,
): string | undefined {
  const message = firstMessage(report, group);
  if (message === undefined || report.rejectionGroups.length < 2) return message;
  const others = report.rejectionGroups.filter((g) => g !== group).map((g) => new Set((firstMessage(report, g) ?? '').split('; ')));
  const own = message.split('; ').filter((sentence) => !others.every((sentences) => sentences.has(sentence)));
  return own.length === 0 ? message : own.join('; ');
}

function firstMessage(report: Pick<BehaviourReport, 'matrix'>, group: RejectionGroup): string | undefined {
  const first = group.combinations[0];
  const key = first === undefined ? undefined : JSON.stringify(first);
  const entry = report.matrix.find((e) => JSON.stringify(e.present) === key && e.errorMessage !== undefined);
  return entry?.errorMessage ?? group.messagePattern;
}

/**
 * The acceptance rule in words. The expression is exact on the combinations with a usable answer
 * and treats the others as either, so when there are any the sentence says what it rests on.
 */
export function ruleSentence(report: {
  rule: Pick<BehaviourReport['rule'], 'expression' | 'basis'>;
  matrix: readonly Pick<MatrixEntry, 'outcome'>[];
  operation: Pick<BehaviourReport['operation'], 'fields'>;
  fields: Pick<BehaviourReport, 'fields'>['fields'];
}): string {
  const words = ruleInWords(report.rule, report.operation.fields, { undetermined: undeterminedFields(report) });
  const known = report.matrix.filter((e) => e.outcome === 'accepted' || e.outcome === 'rejected').length;
  const total = 2 ** report.operation.fields.length;
  if (known === total) return words;
  // With the explorer's basis the rule also speaks for the combinations not answered, under its assumptions.
  const others =
    report.rule.basis === 'explorer' ? "The others as the explorer's rule says, under its assumptions." : 'The others could go either way.';
  return `On the ${known} of ${total} combinations with a usable answer: ${words.charAt(0).toLowerCase()}${words.slice(1)} ${others}`;
}

/** The fields whose role the evidence leaves open. */
export function undeterminedFields(report: Pick<BehaviourReport, 'fields'>): string[] {
  return Object.entries(report.fields).flatMap(([name, role]) => (role.presence === 'undetermined' ? [name] : []));
}

/** The first words of a stopped run's report: what stopped it, and when. */
export function stoppedText(stop: RunStop): string {
  return `${stop.why} (at ${readableTime(stop.at)})`;
}

/** Cases that did not run for one reason, together. */
export interface NotTestedGroup {
  reason: string;
  toTest?: string;
  cases: UnrunCase[];
}

/** The report's skipped and not-run cases by reason, the stop's first, each with what would test them. */
export function notTestedGroups(report: Pick<BehaviourReport, 'skipped' | 'notRun'>): NotTestedGroup[] {
  const groups = new Map<string, NotTestedGroup>();
  for (const c of [...(report.notRun ?? []), ...(report.skipped ?? [])]) {
    const key = `${c.reason}\u0000${c.toTest ?? ''}`;
    const group = groups.get(key) ?? { reason: c.reason, ...(c.toTest !== undefined ? { toTest: c.toTest } : {}), cases: [] };
    group.cases.push(c);
    groups.set(key, group);
  }
  return [...groups.values()];
}
