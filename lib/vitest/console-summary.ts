import { TLS_INSECURE_WARNING } from '../config/network-info.js';
import { formatDrift } from '../baseline/format-drift.js';
import { namingSentence } from '../report/naming.js';
import { requestsInWords, stateAsksInWords } from '../report/report-facts.js';
import type { BehaviourReport } from '../report/types.js';
import { summaryFindings } from '../report/summary-findings.js';
import { limitWords } from '../report/limit-words.js';
import { listedValuesFindings } from '../report/listed-values.js';
import { validationSentence } from '../receiver/validation-spelling.js';

/** Rejection groups named on the console, at most. */
const MAX_GROUPS = 6;
/** Characters of a finding a console line keeps; the reports have it whole. */
const LINE_CHARS = 300;
const clip = (words: string): string => (words.length > LINE_CHARS ? `${words.slice(0, LINE_CHARS)}…` : words);

/** The rule the answers show, how it was reached, each field's role and the dependencies. */
function ruleLines(report: BehaviourReport): string[] {
  const lines: string[] = [];
  const known = report.matrix.filter((e) => e.outcome === 'accepted' || e.outcome === 'rejected').length;
  const total = 2 ** report.operation.fields.length;
  lines.push(
    `  rule: ${report.rule.expression}${known === total ? '' : ` (exact on the ${known} of ${total} combinations with a usable answer)`}`,
  );
  if (report.rule.basis === 'explorer') lines.push(`  by the explorer's rule, assuming ${(report.rule.assumptions ?? []).join('; ')}`);
  if (report.rule.explorerNotUsed !== undefined) lines.push(`  from the answers alone: ${report.rule.explorerNotUsed}`);
  const width = Math.max(...Object.keys(report.fields).map((f) => f.length), 5);
  for (const [name, role] of Object.entries(report.fields)) {
    const open =
      role.presence === 'undetermined'
        ? ` (${role.possible?.join(' or ') ?? ''}; hangs on ${role.hangsOnCount ?? 0} combination(s) without a usable answer)`
        : '';
    const basis = role.basis === 'explorer' ? " (by the explorer's rule)" : '';
    lines.push(`  ${name.padEnd(width)}  ${role.presence}${open}${basis}`);
  }
  if (report.rule.dependencies.length > 0) {
    // Read off the combinations with an answer, as the rule is: the others could break them.
    const partial = known === total ? '' : ` (on the ${known} of ${total} combinations with a usable answer; the others could break them)`;
    const exact = report.rule.dependenciesExact ? '' : ' (with the roles they do not state the whole rule: see the rule above)';
    lines.push(`  dependencies: ${report.rule.dependencies.join(' ')}${partial}${exact}`);
  }
  return lines;
}

function rejectionLines(report: BehaviourReport): string[] {
  const lines: string[] = [];
  // The console names each kind of rejection in a line; the unanswered combinations each could also cover, and
  // groups past the first few, are in the report (many fields give one group per rejected combination).
  for (const group of report.rejectionGroups.slice(0, MAX_GROUPS)) {
    const open = group.unknownMatchingCount ?? group.unknownMatching?.length ?? 0;
    const summary = group.summary.replace(/; exact on the known combinations only: .*$/s, '');
    lines.push(`  rejected: ${summary}${open === 0 || summary === group.summary ? '' : `; ${open} unanswered combination(s) may also be`}`);
  }
  const more = report.rejectionGroups.length - MAX_GROUPS;
  if (more > 0) lines.push(`  rejected: ${more} more kind(s) of rejection in the report`);
  return lines;
}

/** The end-of-run lines: the target, the rule, the roles, the rejection groups, the verdicts and any drift from the baseline. */
export function formatConsoleSummary(report: BehaviourReport): string[] {
  const { run } = report;
  const lines = [
    '',
    `Behaviour of ${run.target}${run.targetKind === 'embedded-reference' ? ` (embedded reference, profile ${run.referenceProfile ?? 'default'})` : ''}: ${requestsInWords(run)}`,
  ];
  if (run.stopped !== undefined) lines.push(`  STOPPED EARLY: ${run.stopped.why}`);
  if (run.network?.tlsInsecure === true) lines.push(`  WARNING: ${TLS_INSECURE_WARNING}`);
  const state = stateAsksInWords(run);
  if (state !== undefined) lines.push(`  target state: ${state}`);
  if (report.diagnosis !== undefined && report.matrix.length === 0) {
    // A run filtered to other suites: presence was not probed, which is not the same as nothing accepted.
    lines.push('  presence: no combination is in this run (the presence matrix did not run), so no rule is inferred');
  } else if (report.diagnosis !== undefined) {
    lines.push(`  no combination was accepted: ${report.diagnosis.message}`);
  } else {
    lines.push(...ruleLines(report));
  }
  const unknownCount = report.rule.unknownCount ?? report.rule.unknown.length;
  if (unknownCount > 0) lines.push(`  without usable evidence (unstable, error or not sent): ${unknownCount} combination(s)`);
  lines.push(...rejectionLines(report));
  if (report.naming !== undefined) lines.push(`  refusals read: ${namingSentence(report.naming)}`);
  // Every case that fails the run first, then the findings about a limit or the handshake; the rest are counted.
  const { failing, limitsAndHandshakes, others } = summaryFindings(report);
  for (const c of failing) lines.push(`  ${c.verdict} ${c.id}: ${clip(c.finding ?? c.observed ?? c.name)}`);
  for (const limit of Object.values(report.values).flatMap((v) => v.limits)) {
    // A value with a note is not the target's limit (e.g. only the largest value tried): the note says so, as the report does.
    const found = limitWords(limit);
    lines.push(`  limit: ${limit.field} ${limit.name}: ${found}, ${limit.requests} requests`);
  }
  for (const c of limitsAndHandshakes.filter((k) => k.id.startsWith('events/handshake-'))) {
    lines.push(`  handshake: ${clip(c.finding ?? '')}`);
  }
  for (const sentence of listedValuesFindings(report.values)) lines.push(`  values: ${clip(sentence)}`);
  if (run.validation !== undefined) lines.push(`  handshake: ${validationSentence(run.validation)}`);
  if (others.length > 0) {
    lines.push(`  ${others.length} other finding${others.length === 1 ? '' : 's'} (INFORMATIONAL): in behaviour-report.md and .html`);
  }
  const c = report.counts;
  const expected = report.cases.filter((k) => k.expectation !== undefined).length;
  lines.push(
    `verdicts: ${c.CONFORMS} CONFORMS, ${c.DEVIATES} DEVIATES, ${c.INFORMATIONAL} INFORMATIONAL, ${c.ERROR} ERROR` +
      (expected === 0 ? '' : ` (${expected} of them as expected: they do not fail the run)`),
  );
  for (const e of report.expectations?.entries ?? []) {
    if (e.status !== 'held' && e.status !== 'not-checked') lines.push(`  ${e.message}`);
  }
  const unchecked = (report.expectations?.entries ?? []).filter((e) => e.status === 'not-checked').length;
  if (unchecked > 0) lines.push(`  expectations not checked: ${unchecked} (their cases did not run here)`);
  if (report.drift !== undefined) lines.push(...formatDrift(report.drift));
  return lines;
}
