import type { CaseRecord } from '../case-record.js';
import type { ValidationSpelling } from '../receiver/validation-spelling.js';
import { combinationKey, fieldIndex, maskOf, presentOf } from '../rule/field-set.js';
import { inferPresence } from '../inference/infer-presence.js';
import { mergeLifecycle } from '../lifecycle/merge.js';
import type { CutShort, Observation } from '../inference/types.js';
import { VERDICTS, type StateMechanism, type Verdict } from '../outcome.js';
import { SETUP_CHECK_RUN } from '../har/exchange-log.js';
import { Rule } from '../rule/rule.js';
import { ruleOf, withRule } from '../rule/rule-value.js';
import { buildValues } from './build-values.js';
import { listedValuesFindings } from './listed-values.js';
import { namingOf } from './naming.js';
import { evidenceByKind, type CaseEvidenceByKind } from './case-evidence.js';
import { summarizeSuites } from './suite-summary.js';
import { reportedPresence } from './explored-rule.js';
import { evidenceDisagreements, skipsAsRead } from './evidence-disagreements.js';
import type { BehaviourReport, CaseSummary, SuiteSummary, HarnessError, MatrixEntry, ReportedRole, RunStop, UnrunCase } from './types.js';
import type { SupportFigures } from '../matrix/support-asks.js';
import { settledCurve } from './settled-points.js';

export interface CaseInput {
  /** The test's full name, as vitest shows it. */
  name: string;
  record: CaseRecord;
  /** Its suite, e.g. `02-presence-matrix`. */
  suite?: string;
  seconds?: number;
}

export interface BuildInput {
  operation: { id: string; method: string; path: string; fields: string[] };
  cases: CaseInput[];
  startedAt: string;
  endedAt: string;
  suiteVersion: string;
  repeats: number;
  /** What stopped the run before every case ran, when its caller did (Ctrl-C, SIGTERM, a shard that failed). */
  stopped?: RunStop;
  /** Cases that skipped themselves, with their reasons. */
  skipped?: readonly UnrunCase[];
  /** Cases the stop cut short or never started. */
  notRun?: readonly UnrunCase[];
  /** Cases that failed before they recorded a verdict: reported as ERROR, the harness's, never the target's. */
  harnessErrors?: readonly HarnessError[];
  /** How the target spelled the validation parameter over the run (the run's receiver's tally): `run.validation`. */
  validation?: ValidationSpelling;
  /** The report merges shards' records (--merge-reports): a decision a worker made on its own answers is checked again. */
  merged?: boolean;
  /** Every suite file in run order with vitest's duration of it: the report's `suites`. */
  suites?: readonly { suite: string; seconds: number }[];
  /**
   * Requests no case's record counts: by engine run as the exchange logs hold them (lib/har/exchange-log.ts
   * loggedRequests: the worker's, cases cut short included, and the setup check's), and the cleanup ledger's.
   */
  requests?: { logged?: ReadonlyMap<string, number>; ledger?: number };
}

/** What a harness error says in the report: no verdict on the target, and the message that says why. */
const HARNESS_SPEC_REF = "none: the tool failed before the case had the target's answer";

/** The matrix's evidence: one row per combination (its last settled answer), in bitmask order. */
type MatrixRow = { observation: Observation; record: CaseRecord };

function matrixRowsOf(fields: readonly string[], observations: CaseEvidenceByKind['observations']): MatrixRow[] {
  const order = new Map(fields.map((f, i) => [f, i]));
  const byKey = new Map<string, MatrixRow>();
  for (const row of observations) byKey.set(combinationKey(row.observation.present), row);
  return [...byKey.values()].sort((a, b) => rowOrder(order, a.observation.present) - rowOrder(order, b.observation.present));
}

/** The matrix as reported, with one example request per distinct answer, so the HTML shows each kind of outcome once. */
function matrixEntries(rows: readonly MatrixRow[]): MatrixEntry[] {
  const exampled = new Set<string>();
  return rows.map(({ observation, record }) => {
    const kind = `${observation.outcome}/${observation.status}/${observation.errorCode ?? ''}`;
    const showExample = !exampled.has(kind) && record.example !== undefined;
    if (showExample) exampled.add(kind);
    return {
      present: observation.present,
      status: observation.status,
      outcome: observation.outcome,
      ...(observation.errorCode !== undefined ? { errorCode: observation.errorCode } : {}),
      ...(observation.errorMessage !== undefined ? { errorMessage: observation.errorMessage } : {}),
      ...(observation.errorNames !== undefined ? { errorNames: observation.errorNames } : {}),
      ...(observation.statuses !== undefined ? { statuses: observation.statuses } : {}),
      ...(observation.refusal !== undefined ? { refusal: observation.refusal } : {}),
      ...(showExample && record.example !== undefined ? { example: record.example } : {}),
    };
  });
}

/** One summary per case, the harness errors after them as ERROR, and the count of each verdict. */
function caseSummaries(
  cases: readonly CaseInput[],
  harnessErrors: readonly HarnessError[],
): { summaries: CaseSummary[]; counts: Record<Verdict, number> } {
  const counts = Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Record<Verdict, number>;
  const summaries: CaseSummary[] = cases.map(({ name, record, suite, seconds }) => {
    counts[record.verdict] += 1;
    return {
      id: record.id,
      name,
      ...(suite !== undefined ? { suite } : {}),
      ...(seconds !== undefined ? { seconds } : {}),
      specRef: record.specRef,
      verdict: record.verdict,
      ...(record.finding !== undefined ? { finding: record.finding } : {}),
      ...(record.expected !== undefined ? { expected: record.expected } : {}),
      ...(record.observed !== undefined ? { observed: record.observed } : {}),
      ...(record.refusalKinds !== undefined ? { refusalKinds: record.refusalKinds.map((k) => k.label) } : {}),
      ...(record.sameKindAs !== undefined ? { sameKindAs: record.sameKindAs } : {}),
    };
  });
  for (const error of harnessErrors) {
    counts.ERROR += 1;
    summaries.push({
      id: error.id,
      name: error.name,
      suite: error.suite,
      specRef: HARNESS_SPEC_REF,
      verdict: 'ERROR',
      finding: error.message,
    });
  }
  return { summaries, counts };
}

function suitesOf(input: BuildInput): SuiteSummary[] | undefined {
  if (input.suites === undefined) return undefined;
  return summarizeSuites({
    cases: input.cases.map((c) => ({ suite: c.suite ?? '', record: c.record })),
    skipped: input.skipped ?? [],
    notRun: input.notRun ?? [],
    harnessErrors: input.harnessErrors ?? [],
    suites: input.suites,
  });
}

/** What stopped the run before every case ran: its caller (Ctrl-C, SIGTERM, a shard), else the engine (budget, time, ...). */
function runStop(input: BuildInput): RunStop | undefined {
  return input.stopped ?? input.cases.map((c) => c.record).find((r) => r.stoppedEarly !== undefined)?.stoppedEarly;
}

/** The stop as the presence diagnosis reads it; a stop with a setup's cause of its own (connection, undo, state) is not one. */
function cutShort(stop: RunStop | undefined): CutShort | undefined {
  switch (stop?.by) {
    case 'Ctrl-C':
    case 'SIGTERM':
      return { by: 'stop', words: `by ${stop.by}` };
    case 'shard':
      return { by: 'stop', words: 'with its shard' };
    case 'budget':
      return { by: 'budget', words: 'when its request budget was spent' };
    case 'deadline':
      return { by: 'deadline', words: 'when its time was up' };
    default:
      return undefined;
  }
}

/** The report's `run`: the target the cases saw, the times, the requests, the asks, the seed, a stop, the settings. */
function runOf(input: BuildInput, suites: readonly SuiteSummary[] | undefined, seed: number | undefined): BehaviourReport['run'] {
  const records = input.cases.map((c) => c.record);
  const target = records[0]?.target;
  const stopped = runStop(input);
  return {
    target: target?.baseUrl ?? 'unknown (no case ran)',
    targetKind: target?.kind ?? 'configured',
    ...(target?.referenceProfile !== undefined ? { referenceProfile: target.referenceProfile } : {}),
    ...(target?.network !== undefined ? { network: target.network } : {}),
    startedAt: input.startedAt,
    endedAt: input.endedAt,
    ...requestsOf(records, input.requests, suites),
    ...secondAsksOf(records),
    ...stateAsksOf(records),
    suiteVersion: input.suiteVersion,
    ...(seed !== undefined ? { seed } : {}),
    ...(stopped !== undefined ? { stopped: { by: stopped.by, at: stopped.at, why: stopped.why } } : {}),
    repeats: input.repeats,
    ...askedAgainOf(records),
    ...settledOf(records, input.operation.fields),
    ...(input.validation !== undefined ? { validation: input.validation } : {}),
  };
}

function reportedFields(roles: Record<string, ReportedRole>): BehaviourReport['fields'] {
  return Object.fromEntries(
    Object.entries(roles).map(([name, role]) => [
      name,
      {
        presence: role.presence,
        explanation: role.explanation,
        ...(role.possible !== undefined ? { possible: role.possible } : {}),
        ...(role.hangsOn !== undefined ? { hangsOn: role.hangsOn } : {}),
        ...(role.hangsOnCount !== undefined ? { hangsOnCount: role.hangsOnCount } : {}),
        ...(role.basis !== undefined ? { basis: role.basis, assumptions: role.assumptions ?? [] } : {}),
      },
    ]),
  );
}

/** What the presence matrix shows: the inference over its answers, and the rule and roles the report states. */
function presenceOf(input: BuildInput, evidence: CaseEvidenceByKind, observations: Observation[]) {
  const { fields } = input.operation;
  const inference = inferPresence(fields, observations, cutShort(runStop(input)));
  // After an exact adaptive exploration, what the answers alone leave open is stated by the explorer's rule, marked so.
  const exploration = evidence.exploration?.strategy === 'adaptive' ? evidence.exploration : undefined;
  const presence = reportedPresence(fields, inference, observations, exploration, input.merged === true);
  // The rule's value beside its text: the inference's, or the explorer's, made with the expression its record carried
  // from the worker (nothing parsed).
  const rule = withRule(
    boundedRule(presence.rule, fields, observations),
    presence.rule.basis === 'explorer' && exploration !== undefined
      ? Rule.made(exploration.rule, exploration.ruleExpr)
      : ruleOf(inference.rule),
  );
  return { inference, rule, roles: presence.roles ?? undeterminedRoles(fields, rule) };
}

/**
 * Builds the behaviour report from what the cases recorded, and nothing else: the target's
 * answers are the only evidence (a merged sharded run therefore gives the same report).
 */
export function buildBehaviourReport(input: BuildInput): BehaviourReport {
  const { operation } = input;
  const evidence = evidenceByKind(input.cases.map((c) => c.record));
  const matrixRows = matrixRowsOf(operation.fields, evidence.observations);
  const observations = matrixRows.map((r) => r.observation);
  const { inference, rule, roles } = presenceOf(input, evidence, observations);
  const matrix = matrixEntries(matrixRows);
  const { summaries, counts } = caseSummaries(input.cases, input.harnessErrors ?? []);
  const suites = suitesOf(input);
  const values = buildValues(operation.fields, evidence);
  return {
    reportVersion: 1,
    run: runOf(input, suites, evidence.seed),
    operation,
    fields: reportedFields(roles),
    rule,
    matrix,
    rejectionGroups: inference.rejectionGroups,
    ...namingField(operation.fields, observations),
    ...(inference.diagnosis !== undefined ? { diagnosis: inference.diagnosis } : {}),
    values,
    ...(evidence.lifecycle.length > 0 ? { lifecycle: mergeLifecycle(evidence.lifecycle) } : {}),
    cases: summaries,
    skipped: skipsAsRead(input.skipped ?? [], matrix),
    ...disagreementsOf(input.skipped ?? [], matrix),
    notRun: [...(input.notRun ?? [])],
    counts,
    ...(suites !== undefined ? { suites } : {}),
    // The cases' own findings, then the values the operation lists that the target refuses (a finding across cases).
    findings: [
      ...summaries.filter((c) => c.verdict === 'INFORMATIONAL' && c.finding !== undefined).map((c) => c.finding as string),
      ...listedValuesFindings(values),
    ],
  };
}

function namingField(fields: readonly string[], observations: readonly Observation[]): Pick<BehaviourReport, 'naming'> {
  const naming = namingOf(fields, observations);
  return naming === undefined ? {} : { naming };
}

function disagreementsOf(skipped: readonly UnrunCase[], matrix: readonly MatrixEntry[]): Pick<BehaviourReport, 'evidenceDisagreements'> {
  const said = evidenceDisagreements(skipped, matrix);
  return said.length === 0 ? {} : { evidenceDisagreements: said };
}

function stateAsksOf(records: readonly CaseRecord[]): Pick<BehaviourReport['run'], 'stateAsks'> {
  const asks = records.reduce((sum, r) => sum + (r.stateAsks?.asks ?? 0), 0);
  const rooms = records.flatMap((r) => (r.stateAsks?.room !== undefined ? [r.stateAsks.room] : []));
  const by: Partial<Record<StateMechanism, number>> = {};
  for (const r of records)
    for (const [mechanism, n] of Object.entries(r.stateAsks?.by ?? {}) as [StateMechanism, number][])
      by[mechanism] = (by[mechanism] ?? 0) + n;
  return asks === 0 ? {} : { stateAsks: { asks, ...(rooms.length > 0 ? { room: Math.min(...rooms) } : {}), by } };
}

/** The matrix's asks again under REPEATS=auto, from the one case that made them (its shards' summed, were there more). */
function askedAgainOf(records: readonly CaseRecord[]): Pick<BehaviourReport['run'], 'askedAgain'> {
  const figures = records.flatMap((r) => (r.kind === 'confirmation' && r.askedAgain !== undefined ? [r.askedAgain] : []));
  if (figures.length === 0) return {};
  const sum = (k: keyof SupportFigures): number => figures.reduce((total, f) => total + (f[k] ?? 0), 0);
  const unsent = sum('unsent');
  return {
    askedAgain: {
      support: sum('support'),
      sample: sum('sample'),
      everything: sum('everything'),
      disagreed: sum('disagreed'),
      sampleDisagreed: sum('sampleDisagreed'),
      notAsked: sum('notAsked'),
      ...(unsent > 0 ? { unsent } : {}),
    },
  };
}

function settledOf(records: readonly CaseRecord[], fields: readonly string[]): Pick<BehaviourReport['run'], 'settled'> {
  const settled = settledCurve(records, fields);
  return settled === undefined ? {} : { settled };
}

function secondAsksOf(records: readonly CaseRecord[]): Pick<BehaviourReport['run'], 'secondAsks'> {
  const total = records.reduce((sum, r) => sum + (r.secondAsks ?? 0), 0);
  return total === 0 ? {} : { secondAsks: total };
}

/**
 * Every request the run sent the target. Each worker run (one per shard) counts the larger of its engine's last total
 * a case carried and its exchange log's (which also holds what cases cut short by a stop sent); without either, the
 * cases' own counts. The setup check's and the ledger's requests are added, and listed apart.
 */
function requestsOf(
  records: readonly CaseRecord[],
  known: BuildInput['requests'] = {},
  suites?: readonly SuiteSummary[],
): Pick<BehaviourReport['run'], 'requestsSent' | 'requestsBesideSuites'> {
  const byRun = new Map<string, number>();
  let setupCheck = 0;
  for (const r of records) {
    if (r.engineRequests !== undefined)
      byRun.set(r.engineRequests.run, Math.max(byRun.get(r.engineRequests.run) ?? 0, r.engineRequests.sent));
  }
  for (const [run, sent] of known.logged ?? []) {
    if (run.startsWith(SETUP_CHECK_RUN)) setupCheck += sent;
    else byRun.set(run, Math.max(byRun.get(run) ?? 0, sent));
  }
  const sent = byRun.size > 0 ? [...byRun.values()].reduce((a, b) => a + b, 0) : records.reduce((sum, r) => sum + r.requests, 0);
  const ledger = known.ledger ?? 0;
  // What the suites' own lines do not count: cases a stop cut short, and what no case sent itself (the evidence the
  // suites share, a delete retried), so that the lines, this and the total add up.
  const inLines = suites?.reduce((n, s) => n + s.requests, 0);
  const noCase = inLines === undefined ? 0 : Math.max(0, sent - inLines);
  return {
    requestsSent: sent + setupCheck + ledger,
    ...(setupCheck + ledger + noCase > 0 ? { requestsBesideSuites: { setupCheck, ledger, ...(noCase > 0 ? { noCase } : {}) } } : {}),
  };
}

/** Matrix rows in bitmask order; a row naming a field the operation lacks (an invalid report) goes last. */
const rowOrder = (order: ReadonlyMap<string, number>, present: readonly string[]): number =>
  maskOf(order, present) ?? Number.MAX_SAFE_INTEGER;

/** Unknown combinations listed in the report, at most: the rest are counted, so the report's size does not grow with 2^n. */
export const UNKNOWN_SAMPLE = 32;

/**
 * The rule as the report states it: how many combinations it rests on (`exactOn`: answered accepted or
 * rejected, of 2^n), and the combinations without a usable answer counted, with a sample of them.
 */
type BoundedRule = BehaviourReport['rule'] & Required<Pick<BehaviourReport['rule'], 'exactOn' | 'unknownCount'>>;

function boundedRule(rule: BehaviourReport['rule'], fields: readonly string[], observations: readonly Observation[]): BoundedRule {
  const answered = observations.filter((o) => o.outcome === 'accepted' || o.outcome === 'rejected').length;
  const possible = 2 ** fields.length;
  const unknown = rule.unknown.slice(0, UNKNOWN_SAMPLE);
  // Above the fields inference lists one by one, combinations never sent are not in rule.unknown: a sample
  // of them (in bitmask order) is, so that the report names some of what it does not know. Each mask looked
  // at is either answered or taken, so the loop ends within answered + UNKNOWN_SAMPLE steps.
  if (unknown.length < UNKNOWN_SAMPLE && unknown.length < possible - answered) {
    const index = fieldIndex(fields);
    const seen = new Set(observations.map((o) => maskOf(index, o.present)));
    const listed = new Set(unknown.map((c) => maskOf(index, c)));
    for (let mask = 0; mask < possible && unknown.length < UNKNOWN_SAMPLE; mask += 1) {
      if (!seen.has(mask) && !listed.has(mask)) unknown.push(presentOf(fields, mask));
    }
  }
  return { ...rule, unknown, unknownCount: possible - answered, exactOn: { answered, of: possible } };
}

/**
 * Nothing was accepted, yet combinations were left unanswered: every field is listed, undetermined, with
 * what it hangs on, instead of no field at all. An accepted combination among those may give it any role.
 * With every combination answered and none accepted there is nothing to hang on: the diagnosis says why.
 */
function undeterminedRoles(fields: readonly string[], rule: BoundedRule): Record<string, ReportedRole> {
  const open = rule.unknownCount;
  const hangsOn = rule.unknown.slice(0, 3);
  if (open === 0 || hangsOn.length === 0) return {};
  const explanation = `nothing was accepted among the ${rule.exactOn.answered} of ${rule.exactOn.of} combinations answered; until one is, any role fits`;
  return Object.fromEntries(
    fields.map((name) => [
      name,
      {
        presence: 'undetermined',
        explanation,
        possible: ['required', 'forbidden', 'optional', 'conditional'],
        hangsOn,
        hangsOnCount: open,
      } satisfies ReportedRole,
    ]),
  );
}
