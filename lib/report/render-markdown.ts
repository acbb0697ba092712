import { keptWords } from '../ledger/left-on-target.js';
import { networkSentence, TLS_INSECURE_WARNING } from '../config/network-info.js';
import { listedValuesFindings } from './listed-values.js';
import { validationSentence } from '../receiver/validation-spelling.js';
import { statusOrNoAnswer } from '../http/answer-text.js';
import { VERDICTS } from '../outcome.js';
import { amount } from '../values/amount.js';
import type { BehaviourReport, CaseSummary, FieldValues, ReportContract, ReportDrift, ValueClassResult } from './types.js';
import { supportWords } from '../matrix/support-asks.js';
import { settledWords } from './settled-points.js';
import { comparisonSentence, observedSentence, shownSchema } from './contract-facts.js';
import { comparedText, notComparedText } from './drift-words.js';
import { lifecycleMarkdown } from './lifecycle-markdown.js';
import { namingSentence } from './naming.js';
import { shownVerdict } from './report-counts.js';
import { summaryFindings } from './summary-findings.js';
import { limitSource } from './limit-words.js';
import { cellCode, code, text } from './markdown-text.js';
import {
  ROLE_MEANING,
  undeterminedText,
  roleBasisText,
  ruleBasisText,
  clip,
  comboLabel,
  groupExampleMessage,
  groupWhen,
  ruleSentence,
  outcomeTally,
  readableTime,
  requestsBesideSuites,
  stateAsksInWords,
  runDuration,
  targetDescription,
  tokenDescription,
  notTestedGroups,
  stoppedText,
} from './report-facts.js';

export { ruleInWords } from './rule-in-words.js';

/** Lists longer than this are cut in the summary; the HTML and JSON reports hold everything. */
const LIST_LIMIT = 25;
const MESSAGE_LIMIT = 160;

/**
 * A short Markdown summary of a behaviour report, fit for a PR comment or a CI job summary
 * (GitHub-flavoured: tables, fenced code). Everything the target sent is escaped or put in
 * code spans, so a hostile error message cannot inject links, images or HTML.
 */
export function renderMarkdown(report: BehaviourReport): string {
  // What fails the run first, every case of it: a CI job summary is read from the top.
  const { failing, limitsAndHandshakes, others } = summaryFindings(report);
  const roleRows = fieldRoleRows(report);
  return [
    ...headerSection(report),
    ...(failing.length > 0 ? ['### Deviations and errors', '', ...failing.map(problemLine), ''] : []),
    ...(report.drift !== undefined ? driftSection(report.drift) : []),
    ...(report.contract?.comparison !== undefined ? comparisonSection(report.contract.comparison) : []),
    ...(report.expectations !== undefined ? expectationsSection(report.expectations) : []),
    ...ruleSection(report),
    ...(roleRows.length > 0 ? ['### Field roles', '', '| Field | Role | Why |', '|---|---|---|', ...roleRows, ''] : []),
    ...dependenciesSection(report, roleRows.length > 0),
    ...rejectionsSection(report),
    ...valuesSection(report),
    ...(report.lifecycle !== undefined ? lifecycleMarkdown(report.lifecycle) : []),
    ...(report.contract?.observed !== undefined ? observedContractSection(report.contract.observed) : []),
    ...notTestedSection(report),
    ...verdictsSection(report),
    ...findingsSection(report, limitsAndHandshakes, others),
    ...expectedSection(report),
    '_Full matrix, example requests and every case: behaviour-report.html._',
    '',
  ].join('\n');
}

/** The title, what stopped or contradicts the run, then the target, the run and its settings in a few lines. */
function headerSection(report: BehaviourReport): string[] {
  const { run, operation } = report;
  const out: string[] = [`## ${text(operation.id)}: behaviour report`, ''];
  // Skips the run's own evidence contradicts fail the run: said first, as a stop is.
  for (const d of report.evidenceDisagreements ?? []) out.push(`> **⚠ The evidence disagrees:** ${text(d)}.`, '');
  // A stopped run says so before anything else: what it shows is part of a run.
  if (run.stopped !== undefined) {
    const unrun = report.notRun?.length ?? 0;
    out.push(
      `> **⚠ Stopped early:** ${text(stoppedText(run.stopped))}. ${unrun === 0 ? '' : `${unrun} case${unrun === 1 ? ' was' : 's were'} not run (see Not tested, and why); `}combinations not sent count as unknown.`,
      '',
    );
  }
  out.push(
    [
      `**Target** ${code(run.target)} (${text(targetDescription(run))})`,
      `**${operation.method}** ${code(operation.path)}`,
      `**run** ${readableTime(run.startedAt)}, ${runDuration(run)}`,
      `**requests** ${run.requestsSent} (${requestsBesideSuites(run) === undefined ? '' : `${requestsBesideSuites(run)}; `}${run.askedAgain === undefined ? `each combination ${run.repeats}×` : supportWords(run.askedAgain)}${run.secondAsks === undefined ? '' : `; ${run.secondAsks} asked again after no verdict`})`,
      `suite ${text(run.suiteVersion)}`,
    ].join(' · '),
    '',
    ...(run.settled === undefined ? [] : [`**Findings settled:** ${text(settledWords(run.settled))}.`, '']),
  );
  out.push(...runSettingsLines(run));
  if (run.leftOnTarget !== undefined && run.leftOnTarget.length > 0) out.push(...leftOnTargetSection(run.leftOnTarget));
  return out;
}

/** The token, the target's state, the network and the validation spelling, each when the run has it. */
function runSettingsLines(run: BehaviourReport['run']): string[] {
  const out: string[] = [];
  const token = tokenDescription(run);
  if (token !== undefined) out.push(`**Token** ${text(token)}`, '');
  const state = stateAsksInWords(run);
  if (state !== undefined) out.push(`**The target's state** ${text(state)}`, '');
  if (run.network !== undefined) {
    if (run.network.tlsInsecure === true) out.push(`> **⚠ ${text(TLS_INSECURE_WARNING)}**`, '');
    out.push(`**Network** ${text(networkSentence(run.network))}`, '');
  }
  if (run.validation !== undefined) out.push(`**Validation** ${text(validationSentence(run.validation))}`, '');
  return out;
}

/** The acceptance rule in words and as an expression, its basis, the tally, the unknown combinations, and a diagnosis. */
function ruleSection(report: BehaviourReport): string[] {
  const out = ['### Acceptance rule', '', text(ruleSentence(report)), '', '```text', report.rule.expression, '```', ''];
  const ruleBasis = ruleBasisText(report.rule);
  if (ruleBasis !== undefined) out.push(text(ruleBasis), '');
  out.push(`${outcomeTally(report.matrix)}.`);
  if (report.rule.unknown.length > 0) {
    const more = (report.rule.unknownCount ?? report.rule.unknown.length) - report.rule.unknown.length;
    out.push(
      '',
      `Unknown (no usable answer, treated as either): ${report.rule.unknown.map((c) => code(comboLabel(c))).join(', ')}${more > 0 ? `, and ${more} more` : ''}.`,
    );
  }
  out.push('');
  if (report.diagnosis !== undefined) {
    out.push('### Diagnosis: nothing was accepted', '');
    out.push(`> ${text(report.diagnosis.message)}`, '>', `> Likely cause: **${report.diagnosis.likelyCause}**.`, '');
  }
  return out;
}

function fieldRoleRows(report: BehaviourReport): string[] {
  return report.operation.fields.flatMap((name) => {
    const role = report.fields[name];
    if (role === undefined) return [];
    const basis = roleBasisText(role);
    const meaning = (undeterminedText(role) ?? ROLE_MEANING[role.presence]) + (basis === undefined ? '' : `; ${basis}`);
    return [`| ${cellCode(name)} | **${role.presence}** (${text(meaning)}) | ${text(role.explanation)} |`];
  });
}

function dependenciesSection(report: BehaviourReport, rolesShown: boolean): string[] {
  const out = ['### Dependencies between fields (IDL)', ''];
  if (report.rule.dependencies.length === 0) {
    out.push(rolesShown ? 'None beyond the field roles.' : 'None: nothing was accepted, so no roles or dependencies could be inferred.');
  } else {
    out.push('```text', ...report.rule.dependencies, '```');
  }
  if (!report.rule.dependenciesExact) {
    out.push('', 'Roles and dependencies together do not fully describe the rule; the expression above is exact.');
  }
  out.push('');
  return out;
}

/** One row per rejection group, then how the refusals were read. */
function rejectionsSection(report: BehaviourReport): string[] {
  const out: string[] = [];
  if (report.rejectionGroups.length > 0) {
    out.push(
      '### Rejections',
      '',
      '| Status | Error code | When | Combinations | Fields named | Example message |',
      '|---|---|---|---|---|---|',
    );
    for (const group of report.rejectionGroups) {
      const message = groupExampleMessage(report, group);
      const named = group.namedFields === undefined ? '–' : group.namedFields.map(cellCode).join(', ');
      out.push(
        `| ${group.status} | ${group.errorCode === undefined ? '–' : cellCode(clip(group.errorCode, MESSAGE_LIMIT))} | ${text(groupWhen(group, report.operation.fields))} | ${group.combinations.length} | ${named} | ${message === undefined ? '–' : cellCode(clip(message, MESSAGE_LIMIT))} |`,
      );
    }
    out.push('');
  }
  if (report.naming !== undefined) out.push(`**Refusals read** ${text(namingSentence(report.naming))}`, '');
  return out;
}

function verdictsSection(report: BehaviourReport): string[] {
  const out = ['### Verdicts', '', `| ${VERDICTS.join(' | ')} |`, `|${VERDICTS.map(() => '---:').join('|')}|`];
  out.push(`| ${VERDICTS.map((v) => String(report.counts[v])).join(' | ')} |`, '');
  const asExpected = report.cases.filter((c) => c.expectation !== undefined).length;
  if (asExpected > 0) out.push(`${asExpected} of them as the expectations file says: they do not fail the run.`, '');
  return out;
}

/**
 * Every finding about a limit or the handshake, the listed values refused, then the others up to the cut, which
 * says what it left out.
 */
function findingsSection(report: BehaviourReport, limitsAndHandshakes: CaseSummary[], others: CaseSummary[]): string[] {
  const listed = listedValuesFindings(report.values);
  if (limitsAndHandshakes.length + others.length + listed.length === 0) return [];
  const room = Math.max(0, LIST_LIMIT - limitsAndHandshakes.length - listed.length);
  const line = (c: CaseSummary): string => `- ${code(c.id)}: ${text(c.finding ?? '')}`;
  const out = [
    '### Findings (INFORMATIONAL: the spec leaves these open)',
    '',
    ...limitsAndHandshakes.map(line),
    ...listed.map((sentence) => `- ${text(sentence)}`),
    ...others.slice(0, room).map(line),
  ];
  if (others.length > room) out.push(`- … and ${others.length - room} more findings: every case is in behaviour-report.html and .json`);
  out.push('');
  return out;
}

function expectedSection(report: BehaviourReport): string[] {
  const expected = report.cases.filter((c) => c.expectation !== undefined);
  if (expected.length === 0) return [];
  return ['### Expected deviations (they do not fail the run)', '', ...limited(expected.map(problemLine), 'cases'), ''];
}

/** Every case that did not run, by reason, with what to set to test it: a reader learns what this run did not check. */
function notTestedSection(report: BehaviourReport): string[] {
  const groups = notTestedGroups(report);
  if (groups.length === 0) return [];
  const out = ['### Not tested, and why', ''];
  for (const group of groups.slice(0, LIST_LIMIT)) {
    const n = group.cases.length;
    const ids = group.cases.slice(0, 3).map((c) => code(c.id));
    const more = n > 3 ? `, and ${n - 3} more` : '';
    out.push(
      `- **${n} case${n === 1 ? '' : 's'}** (${ids.join(', ')}${more}): ${withSettings(group.reason)}.${group.toTest === undefined ? '' : ` To test: ${withSettings(group.toTest)}.`}`,
    );
  }
  if (groups.length > LIST_LIMIT) out.push(`- … and ${groups.length - LIST_LIMIT} more reasons (see behaviour-report.html)`);
  out.push('');
  return out;
}

/** Plain text with the settings it names (RECEIVER_PUBLIC_URL) in code spans, as a reader would type them. */
function withSettings(words: string): string {
  return words
    .split(/\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b/)
    .map((part, i) => (i % 2 === 1 ? code(part) : text(part)))
    .join('');
}

/**
 * The expectations given (EXPECTATIONS): those that fail the run first (no longer holding, expired, ended otherwise),
 * then those that held, with their reasons, and how many could not be checked here.
 */
function expectationsSection(expectations: NonNullable<BehaviourReport['expectations']>): string[] {
  const { entries } = expectations;
  const failing = entries.filter((e) => e.status === 'stale' || e.status === 'expired');
  const held = entries.filter((e) => e.status === 'held');
  const other = entries.filter((e) => e.status === 'mismatch');
  const unchecked = entries.filter((e) => e.status === 'not-checked').length;
  const out = [
    '### Expectations',
    '',
    `${entries.length} in ${code(expectations.file)}: ${held.length} held${unchecked > 0 ? `, ${unchecked} not checked (the case did not run here)` : ''}.`,
    '',
  ];
  if (failing.length > 0) {
    out.push(`> **⚠ ${failing.length} fail${failing.length === 1 ? 's' : ''} the run:**`, '>');
    for (const e of failing.slice(0, LIST_LIMIT)) out.push(`> - ${text(e.message)}`);
    out.push('');
  }
  for (const e of other.slice(0, LIST_LIMIT)) out.push(`- ${text(e.message)}`);
  for (const e of held.slice(0, LIST_LIMIT)) {
    out.push(
      `- ${code(e.case)}: **${e.verdict} (expected: ${text(e.reason)})**${e.until === undefined ? '' : ` until ${text(e.until)}`}${e.link === undefined ? '' : ` (${text(e.link)})`}`,
    );
  }
  out.push('');
  return out;
}

/** What changed since the baseline, one row per change, then what was and was not compared. */
function driftSection(drift: ReportDrift): string[] {
  const n = drift.changes.length;
  const from = `${code(drift.baseline)} (${text(drift.name)})`;
  const out: string[] = [
    '### Drift from the baseline',
    '',
    ...(drift.otherTarget === undefined ? [] : [`> **Note:** ${text(drift.otherTarget)}.`, '']),
  ];
  if (n === 0) {
    out.push(`No drift from ${from}.`);
  } else {
    out.push(
      `> **⚠ ${n} change${n === 1 ? '' : 's'}** from ${from}: the run fails until the target is fixed or the change is accepted (\`npm run baseline -- --accept\`).`,
      '',
    );
    out.push('| What | Baseline | This run |', '|---|---|---|');
    for (const change of drift.changes.slice(0, LIST_LIMIT)) {
      out.push(`| ${cellCode(change.subject)} | ${cellCode(change.before)} | ${cellCode(change.after)} |`);
    }
    if (n > LIST_LIMIT) out.push(`| … | ${n - LIST_LIMIT} more changes (see behaviour-report.html) | |`);
  }
  out.push('', `Compared: ${text(comparedText(drift))}.`);
  const skipped = notComparedText(drift);
  if (skipped !== undefined) out.push(`Not compared: ${text(skipped)}.`);
  out.push('');
  return out;
}

/**
 * One row per probed field: which value classes were accepted, which rejected (grouped by status
 * and error code), which got no verdict; then the limits found. Class ids are the compact names
 * (the HTML report has the descriptions and the values sent).
 */
function valuesSection(report: BehaviourReport): string[] {
  const fields = report.operation.fields;
  const probed = fields.filter((name) => {
    const v = report.values[name];
    return v !== undefined && v.accepted.length + v.rejected.length + v.other.length > 0;
  });
  const limits = fields.flatMap((name) => report.values[name]?.limits ?? []);
  if (probed.length === 0 && limits.length === 0) return [];
  const out: string[] = ['### Values (one value changed in an accepted body)', ''];
  if (probed.length > 0) {
    out.push('| Field | Accepted | Rejected | No verdict |', '|---|---|---|---|');
    for (const name of probed) {
      const v = report.values[name] as FieldValues;
      out.push(`| ${cellCode(name)} | ${classList(v.accepted)} | ${byAnswer(v.rejected)} | ${byAnswer(v.other)} |`);
    }
    out.push('', '\\* not the form spec §2 gives the field.');
  }
  const unprobed = fields.filter((name) => !probed.includes(name));
  if (unprobed.length > 0) {
    out.push(
      '',
      `No value classes recorded for ${unprobed.map(code).join(', ')} (no accepted body carries the field, or its cases did not run).`,
    );
  }
  const intermittent = [
    ...fields.flatMap((name) => {
      const v = report.values[name];
      return v === undefined
        ? []
        : [...v.accepted, ...v.rejected, ...v.other].map((r) => [`${name} ${r.classId}`, r.intermittent] as const);
    }),
    ...limits.map((l) => [`${l.field} ${l.name}`, l.intermittent] as const),
  ].flatMap(([what, note]) => (note === undefined ? [] : [`- ${code(what)}: ${text(note.shown)} on ${note.refused} of ${note.asks} asks`]));
  if (intermittent.length > 0) {
    out.push(
      '',
      'Refused now and then, and accepted when asked again (an intermittent refusal, not the value):',
      '',
      ...limited(intermittent, 'values'),
    );
  }
  if (limits.length > 0) {
    out.push('', '| Field | Limit | Largest accepted | First rejected | Requests | Note |', '|---|---|---|---|---:|---|');
    for (const limit of limits) {
      const value =
        limit.value !== undefined
          ? `**${text(amount(limit.value, limit.unit))}**`
          : limit.unfinished === true
            ? `unfinished${limit.largestAccepted === undefined ? '' : ` (${limit.largestAccepted} accepted)`}`
            : 'not pinned';
      const first = limit.firstRejected === undefined ? '–' : String(limit.firstRejected);
      const note = `${limitSource(limit).replace(/^, /, '')}${limit.note === undefined ? '' : `${limit.statedBy === undefined ? '' : '; '}${limit.note}`}`;
      out.push(`| ${cellCode(limit.field)} | ${text(limit.name)} | ${value} | ${first} | ${limit.requests} | ${text(note)} |`);
    }
  }
  out.push('');
  return out;
}

function classList(results: readonly ValueClassResult[]): string {
  if (results.length === 0) return '–';
  return results.map((r) => `${text(r.classId)}${r.expectation === 'not-spec-form' ? '\\*' : ''}`).join(', ');
}

/** "400 `invalidRequest`: relative-path\*, not-a-url\*; 413: very-long". */
function byAnswer(results: readonly ValueClassResult[]): string {
  if (results.length === 0) return '–';
  const groups = new Map<string, ValueClassResult[]>();
  for (const r of results) {
    // A value whose asks contradicted each other has no one status: it is undetermined.
    const key =
      r.outcome === 'unstable'
        ? 'undetermined'
        : `${statusOrNoAnswer(r.status)}${r.errorCode === undefined ? '' : ` ${cellCode(r.errorCode)}`}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups].map(([key, group]) => `${key}: ${classList(group)}`).join('; ');
}

function problemLine(c: CaseSummary): string {
  const parts = [`- **${text(shownVerdict(c))}** ${code(c.id)} (${text(c.specRef)}): ${text(sentence(c.name))}`];
  if (c.finding !== undefined) parts.push(text(sentence(c.finding)));
  if (c.expected !== undefined) parts.push(`Expected ${code(clip(c.expected, MESSAGE_LIMIT))}.`);
  if (c.observed !== undefined) parts.push(`Observed ${code(clip(c.observed, MESSAGE_LIMIT))}.`);
  return parts.join(' ');
}

function sentence(value: string): string {
  const trimmed = value.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** Where the target and the contract given with --contract disagree. */
function comparisonSection(comparison: NonNullable<ReportContract['comparison']>): string[] {
  const lines = comparison.disagreements.map(
    (d) => `- ${code(d.subject)}: contract says ${code(d.contract)}, target did ${code(d.target)}`,
  );
  return [
    '### Contract comparison',
    '',
    `Contract ${code(comparison.contract)}. ${text(comparisonSentence(comparison))}`,
    '',
    ...limited(lines, 'disagreements'),
    '',
  ];
}

/** The observed contract: the file, and its request body schema. */
function observedContractSection(observed: NonNullable<ReportContract['observed']>): string[] {
  const schema = shownSchema(observed.requestBodySchema);
  const fence = '`'.repeat(Math.max(3, ...(schema.match(/`+/g) ?? []).map((r) => r.length + 1)));
  return [
    '### Observed contract',
    '',
    `[${code(observed.file)}](${observed.file}) ([YAML](${observed.yaml})): ${text(observedSentence(observed))}`,
    '',
    '<details><summary>Request body schema (x-observed left out)</summary>',
    '',
    `${fence}json`,
    schema,
    fence,
    '',
    '</details>',
    '',
  ];
}

function limited(lines: string[], what: string): string[] {
  if (lines.length <= LIST_LIMIT) return lines;
  return [...lines.slice(0, LIST_LIMIT), `- … and ${lines.length - LIST_LIMIT} more ${what} (see behaviour-report.html)`];
}

/** What the run created and could not delete, first, since it fails the run. */
function leftOnTargetSection(left: NonNullable<BehaviourReport['run']['leftOnTarget']>): string[] {
  const shown = left.slice(0, LIST_LIMIT);
  return [
    `### ⚠ Left on the target: ${left.length} subscription(s)`,
    '',
    'Created by this run and not deleted; the run fails until they are gone (`npm run cleanup` retries those with an id).',
    '',
    ...(keptWords(left) === '' ? [] : [keptWords(left), '']),
    '| Id | Created | Why it is still there |',
    '|---|---|---|',
    ...shown.map((l) => `| ${l.id === undefined ? 'unknown' : cellCode(l.id)} | ${text(l.createdAt)} | ${text(l.reason)} |`),
    ...(left.length > shown.length ? ['', `… and ${left.length - shown.length} more (all are in behaviour-report.json).`] : []),
    '',
  ];
}
