import { keptWords } from '../ledger/left-on-target.js';
import { networkSentence, TLS_INSECURE_WARNING } from '../config/network-info.js';
import { statusOrNoAnswer } from '../http/answer-text.js';
import type { RejectionGroup } from '../inference/types.js';
import type { ExampleExchange } from '../case-record.js';
import { amount } from '../values/amount.js';
import type { BehaviourReport, MatrixEntry, ReportContract, ReportDrift, ReportedLimit, RunInfo, ValueClassResult } from './types.js';
import { supportWords } from '../matrix/support-asks.js';
import { settledWords } from './settled-points.js';
import { limitSource } from './limit-words.js';
import { comparisonSentence, observedSentence, shownSchema } from './contract-facts.js';
import { comparedText, notComparedText } from './drift-words.js';
import { SafeHtml, html } from './html.js';
import { CASE_FILTER_SCRIPT, CASE_FILTER_SCRIPT_HASH, casesSection } from './html-cases.js';
import { matrixSection } from './html-matrix.js';
import { findingHtml, saidOnce, type SaidOnce } from './html-said-once.js';
import { summarySection } from './html-summary.js';
import { lifecycleSection } from './lifecycle-html.js';
import { namingSentence } from './naming.js';
import { REPORT_CSS } from './html-style.js';
import {
  ruleBasisText,
  clip,
  comboLabel,
  distinctAnswers,
  groupExampleMessage,
  groupWhen,
  readableTime,
  requestsInWords,
  stateAsksInWords,
  runDuration,
  statusText,
  targetDescription,
  tokenDescription,
  notTestedGroups,
} from './report-facts.js';

const BODY_LIMIT = 4000;

/** Up to this many findings are shown unfolded; more would push the cases far down. */
const FINDINGS_OPEN = 10;

/** What the run created and could not delete, in the header, since it fails the run. */
function leftOnTargetBanner(left: BehaviourReport['run']['leftOnTarget']): SafeHtml | string {
  if (left === undefined || left.length === 0) return '';
  return html`<section class="banner warn" id="left-on-target"><strong>Left on the target: ${left.length} subscription(s)</strong> created by this run and not deleted; the run fails until they are gone (<code>npm run cleanup</code> retries those with an id).${keptWords(left) === '' ? '' : html` ${keptWords(left)}`}
<table><thead><tr><th>Id</th><th>Created</th><th>Why it is still there</th></tr></thead><tbody>
${left.map((l) => html`<tr><td>${l.id === undefined ? 'unknown' : html`<code>${l.id}</code>`}</td><td>${readableTime(l.createdAt)}</td><td>${l.reason}</td></tr>`)}
</tbody></table></section>`;
}

/** Sections below the first screen, in page order, for the table of contents. */
function contents(report: BehaviourReport): [string, string][] {
  const entries: [string, string | undefined][] = [
    ['drift', report.drift === undefined ? undefined : 'Drift'],
    ['contract-comparison', report.contract?.comparison === undefined ? undefined : 'Contract comparison'],
    ['expectations', report.expectations === undefined ? undefined : 'Expectations'],
    ['rule', 'Rule'],
    ['matrix', 'Matrix'],
    ['rejections', 'Rejections'],
    ['values', 'Values'],
    ['limits', 'Limits'],
    ['lifecycle', report.lifecycle === undefined ? undefined : 'Lifecycle'],
    ['contract', report.contract?.observed === undefined ? undefined : 'Contract'],
    ['examples', 'Examples'],
    ['not-tested', (report.skipped?.length ?? 0) + (report.notRun?.length ?? 0) === 0 ? undefined : 'Not tested'],
    ['findings', 'Findings'],
    ['cases', 'Cases'],
    ['run', 'Run'],
  ];
  return entries.flatMap(([id, label]) => (label === undefined ? [] : [[id, label]]));
}

/**
 * behaviour-report.html: one self-contained page (inline CSS, one inline script, nothing fetched),
 * readable from file:// offline. The first screen answers whether the run is green and what the
 * target requires; the long tables follow, folded where they are long. Every value is escaped by
 * the `html` tag, and the Content-Security-Policy allows only the case filter's script, by its
 * hash, since bodies come from an untrusted target.
 */
export function renderHtml(report: BehaviourReport): string {
  const { run, operation } = report;
  // What many cases' findings share, said once above the cases; the findings and the rows link to it.
  const notes = saidOnce(report.cases);
  const page = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src '${CASE_FILTER_SCRIPT_HASH}'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Behaviour report: ${operation.id} (${operation.method} ${operation.path}) on ${run.target}</title>
<style>${new SafeHtml(REPORT_CSS)}</style>
</head>
<body>
<main>
<header>
<h1>${operation.id}: behaviour report</h1>
<p class="endpoint">${operation.method} ${operation.path} <span class="muted">· ${run.target} · ${targetDescription(run)} · ${readableTime(run.startedAt)} · ${runDuration(run)} · ${requestsInWords(run)}</span></p>
</header>
${report.run.network?.tlsInsecure === true ? html`<div class="banner warn"><strong>⚠ ${TLS_INSECURE_WARNING}</strong></div>` : ''}${summarySection(report)}
${report.diagnosis === undefined ? '' : html`<p class="banner diag" id="diagnosis"><strong>Nothing was accepted.</strong> ${report.diagnosis.message} <span class="badge error">likely cause: ${report.diagnosis.likelyCause}</span></p>`}
${leftOnTargetBanner(run.leftOnTarget)}
${driftBanner(report.drift)}
<nav class="toc" aria-label="Contents"><strong>Contents</strong> ${contents(report).map(([id, label]) => html`<a href="#${id}">${label}</a>`)}</nav>
${report.drift === undefined ? '' : driftSection(report.drift)}
${report.contract?.comparison === undefined ? '' : comparisonSection(report.contract.comparison)}
${report.expectations === undefined ? '' : expectationsSection(report.expectations)}
${ruleSection(report)}
${matrixSection(report)}
${rejectionSection(report)}
${valuesSection(report)}
${limitsSection(report)}
${report.lifecycle === undefined ? '' : lifecycleSection(report.lifecycle)}
${report.contract?.observed === undefined ? '' : observedContractSection(report.contract.observed)}
${examplesSection(report)}
${notTestedSection(report)}
${findingsSection(report, notes)}
${casesSection(report.cases, report.suites, notes)}
${runSection(report)}
<footer>subscription-conformance ${run.suiteVersion} · report version ${report.reportVersion} · the same data as behaviour-report.json</footer>
</main>
<script>${new SafeHtml(CASE_FILTER_SCRIPT)}</script>
</body>
</html>
`;
  return page.value;
}

/** Everything known about the run itself. */
function runSection(report: BehaviourReport): SafeHtml {
  const { run } = report;
  return html`<section id="run">
<h2>Run</h2>
<dl class="run">
${runItem('Target', run.target)}${runItem('Kind', targetDescription(run))}${runItem('Started', readableTime(run.startedAt))}${runItem('Duration', runDuration(run))}
${run.network === undefined ? '' : runItem('Network', networkSentence(run.network))}${runItem('Requests sent', requestsInWords(run).replace(/ requests/, ''))}${run.secondAsks === undefined ? '' : runItem('Asked again after no verdict', String(run.secondAsks))}${stateAsksInWords(run) === undefined ? '' : runItem("The target's state", stateAsksInWords(run) ?? '')}${run.askedAgain === undefined ? runItem('Repeats per combination', String(run.repeats)) : runItem('Matrix answers', supportWords(run.askedAgain))}${run.settled === undefined ? '' : runItem('Findings settled', settledWords(run.settled))}${runItem('Ended', readableTime(run.endedAt))}${runItem('Suite version', run.suiteVersion)}${run.seed === undefined ? '' : runItem('Seed', String(run.seed))}${tokenItem(run)}
</dl>
</section>`;
}

function runItem(label: string, value: string): SafeHtml {
  return html`<div><dt>${label}</dt><dd>${value}</dd></div>`;
}

function tokenItem(run: RunInfo): SafeHtml | string {
  const token = tokenDescription(run);
  return token === undefined ? '' : runItem('Token', token);
}

/** The expectations given and what became of each: those that fail the run first. */
function expectationsSection(expectations: NonNullable<BehaviourReport['expectations']>): SafeHtml {
  const order = { stale: 0, expired: 1, mismatch: 2, held: 3, 'not-checked': 4 } as const;
  const rows = [...expectations.entries]
    .sort((a, b) => order[a.status] - order[b.status])
    .map(
      (e) =>
        html`<tr><td><code>${e.case}</code></td><td>${e.verdict}</td><td>${e.reason}${e.until === undefined ? '' : html` <span class="muted">until ${e.until}</span>`}${e.link === undefined ? '' : html` <span class="muted">(${e.link})</span>`}</td><td>${e.status === 'held' ? e.status : html`<strong>${e.status}</strong>`}: ${e.message}</td></tr>`,
    );
  return html`<section id="expectations">
<h2>Expectations</h2>
<p>From <code>${expectations.file}</code>: a case that ends as expected does not fail the run; one that no longer deviates, or whose <code>until</code> has passed, does.</p>
<table class="drift"><thead><tr><th>Case</th><th>Expected</th><th>Reason</th><th>This run</th></tr></thead><tbody>${rows}</tbody></table>
</section>`;
}

function driftBanner(drift: ReportDrift | undefined): SafeHtml | string {
  if (drift === undefined) return '';
  const n = drift.changes.length;
  const other = drift.otherTarget === undefined ? '' : html`<p class="banner warn"><strong>Note:</strong> ${drift.otherTarget}.</p>`;
  return html`${other}${driftOutcome(drift, n)}`;
}

function driftOutcome(drift: ReportDrift, n: number): SafeHtml {
  return n === 0
    ? html`<p class="banner same"><strong>No drift</strong> from the baseline <code>${drift.baseline}</code> (${drift.name}).</p>`
    : html`<p class="banner drift"><strong>Drift: ${n} change${n === 1 ? '' : 's'}</strong> from the baseline <code>${drift.baseline}</code> (${drift.name}); the run fails. <a href="#drift">See what changed.</a></p>`;
}

/** Each change as baseline and this run side by side, then what was and was not compared. */
function driftSection(drift: ReportDrift): SafeHtml {
  const skipped = notComparedText(drift);
  const rows = drift.changes.map(
    (c) =>
      html`<tr><td class="muted">${c.kind}</td><td class="mono">${c.subject}</td><td class="mono before">${c.before}</td><td class="mono after">${c.after}</td></tr>`,
  );
  return html`<section id="drift">
<h2>Drift from the baseline</h2>
<p>Baseline <code>${drift.baseline}</code> (${drift.name}). ${drift.changes.length === 0 ? 'Nothing changed.' : html`Any change fails the run; if it is intended, accept it with <code>npm run baseline -- --accept</code>.`}</p>
${rows.length === 0 ? '' : html`<table class="drift"><thead><tr><th>Kind</th><th>What</th><th>Baseline</th><th>This run</th></tr></thead><tbody>${rows}</tbody></table>`}
<p class="muted">Compared: ${comparedText(drift)}.${skipped === undefined ? '' : html` Not compared: ${skipped}.`}</p>
</section>`;
}

/** Where the target and the contract given with --contract disagree. */
function comparisonSection(comparison: NonNullable<ReportContract['comparison']>): SafeHtml {
  const rows = comparison.disagreements.map(
    (d) =>
      html`<tr><td class="muted">${d.kind}</td><td class="mono">${d.subject}</td><td class="mono before">${d.contract}</td><td class="mono after">${d.target}</td></tr>`,
  );
  return html`<section id="contract-comparison">
<h2>Contract comparison</h2>
<p>Contract <code>${comparison.contract}</code>. ${comparisonSentence(comparison)}</p>
${rows.length === 0 ? '' : html`<table class="drift"><thead><tr><th>Kind</th><th>What</th><th>Contract says</th><th>Target did</th></tr></thead><tbody>${rows}</tbody></table>`}
</section>`;
}

/** The observed contract: a link to the file and its request body schema. */
function observedContractSection(observed: NonNullable<ReportContract['observed']>): SafeHtml {
  return html`<section id="contract">
<h2>Observed contract</h2>
<p><a href="${observed.file}"><code>${observed.file}</code></a> (<a href="${observed.yaml}">YAML</a>): ${observedSentence(observed)}</p>
<details class="fold"><summary>Request body schema <span class="muted">(x-observed left out)</span></summary>
<pre>${shownSchema(observed.requestBodySchema)}</pre></details>
</section>`;
}

/** The rule in full: the expression, what it rests on, the unknown combinations and the dependencies (the roles are on the first screen). */
function ruleSection(report: BehaviourReport): SafeHtml {
  const { rule } = report;
  const roles = Object.keys(report.fields).length;
  return html`<section id="rule">
<h2>Acceptance rule</h2>
<pre>${rule.expression}</pre>
${ruleBasisText(rule) === undefined ? '' : html`<p>${ruleBasisText(rule) ?? ''}</p>`}
${rule.unknown.length === 0 ? '' : html`<p class="muted">Unknown (no usable answer, treated as either way): ${rule.unknown.map((c, i) => html`${i === 0 ? '' : ', '}<code>${comboLabel(c)}</code>`)}${(rule.unknownCount ?? rule.unknown.length) > rule.unknown.length ? `, and ${(rule.unknownCount ?? 0) - rule.unknown.length} more` : ''}.</p>`}
<h3>Dependencies between fields (IDL)</h3>
${
  rule.dependencies.length === 0
    ? html`<p class="muted">${roles === 0 ? 'None inferred.' : 'None beyond the field roles.'}</p>`
    : html`<pre>${rule.dependencies.join('\n')}</pre>`
}
${rule.dependenciesExact ? '' : html`<p class="muted">Roles and dependencies together do not fully describe the rule; the expression above is exact.</p>`}
</section>`;
}

function rejectionSection(report: BehaviourReport): SafeHtml {
  if (report.rejectionGroups.length === 0) {
    return html`<section id="rejections"><h2>Rejections</h2><p class="muted">Nothing was rejected.</p></section>`;
  }
  const rows = report.rejectionGroups.map((g: RejectionGroup) => {
    const message = groupExampleMessage(report, g);
    const pattern =
      g.messagePattern !== undefined && g.messagePattern !== message ? html`<br><code class="muted">${g.messagePattern}</code>` : '';
    return html`<tr><td class="num mono">${g.status}</td><td class="mono">${g.errorCode ?? '–'}</td><td>${groupWhen(g, report.operation.fields)}<br><code class="muted">${g.explanation}</code></td><td class="num">${g.combinations.length}</td><td class="mono">${g.namedFields?.join(', ') ?? '–'}</td><td class="msg">${message ?? '–'}${pattern}</td></tr>`;
  });
  return html`<section id="rejections">
<h2>Rejections</h2>
<table><thead><tr><th class="num">Status</th><th>Error code</th><th>When</th><th class="num">Combinations</th><th>Fields named</th><th>Example message (and its pattern)</th></tr></thead><tbody>${rows}</tbody></table>
${report.naming === undefined ? '' : html`<p class="muted">Refusals read: ${namingSentence(report.naming)}</p>`}
</section>`;
}

const EXPECTATION_WORDS: Record<NonNullable<ValueClassResult['expectation']>, string> = {
  'spec-form': 'spec form',
  'not-spec-form': 'not spec form',
  open: 'spec silent',
};

/** One table per probed field (accepted, then rejected, then no verdict), then every limit found. */
function valuesSection(report: BehaviourReport): SafeHtml {
  const fields = report.operation.fields;
  // Folded per field, with what each got in the summary line; a field with a failing value starts open.
  const tables = fields.flatMap((name) => {
    const v = report.values[name];
    const rows = v === undefined ? [] : [...v.accepted, ...v.rejected, ...v.other];
    if (v === undefined || rows.length === 0) return [];
    const failing = rows.some((r) => r.verdict === 'DEVIATES' || r.verdict === 'ERROR');
    const tally = (
      [
        ['accepted', v.accepted.length],
        ['rejected', v.rejected.length],
        ['unstable', v.other.filter((r) => r.outcome === 'unstable').length],
        ['error', v.other.filter((r) => r.outcome !== 'unstable').length],
      ] as const
    ).filter(([, n]) => n > 0);
    return [
      html`<details class="fold"${failing ? ' open' : ''}><summary><strong class="mono">${name}</strong> <span class="muted">${rows.length} value class${rows.length === 1 ? '' : 'es'}</span> ${tally.map(([o, n]) => html`<span class="badge ${o}">${o === 'error' ? 'no verdict' : o === 'unstable' ? 'undetermined' : o} ${n}</span> `)}</summary>
<table class="values"><thead><tr><th>Value class</th><th>Form</th><th>Sent</th><th>Outcome</th><th class="num">Status</th><th>Error code</th><th>Verdict</th><th>Message</th></tr></thead>
<tbody>${rows.map(valueRow)}</tbody></table></details>`,
    ];
  });
  const unprobed = fields.filter((name) => {
    const v = report.values[name];
    return v === undefined || v.accepted.length + v.rejected.length + v.other.length === 0;
  });
  return html`<section id="values">
<h2>Values</h2>
<p class="muted">One value of one field in an otherwise accepted body. “Form” says whether the value has the form spec §2 gives the field; the spec never says which values must be accepted.</p>
${tables.length === 0 ? html`<p class="muted">No value classes were recorded.</p>` : tables}
${tables.length === 0 || unprobed.length === 0 ? '' : html`<p class="muted">No value classes recorded for ${unprobed.map((f, i) => html`${i === 0 ? '' : ', '}<code>${f}</code>`)} (no accepted body carries the field, or its cases did not run).</p>`}
</section>`;
}

function valueRow(r: ValueClassResult): SafeHtml {
  const form = r.expectation === undefined ? '' : EXPECTATION_WORDS[r.expectation];
  return html`<tr><td>${r.description}<br><code class="muted">${r.classId}</code></td><td class="muted form">${form}</td><td class="mono sent">${r.sent ?? ''}</td><td class="value-outcome ${r.outcome}">${r.outcome === 'unstable' ? 'undetermined' : r.outcome}</td><td class="num mono">${statusOrNoAnswer(r.status)}</td><td class="mono">${r.errorCode ?? ''}</td><td><span class="badge ${r.verdict}">${r.verdict}</span></td><td class="msg">${r.errorMessage ?? ''}${intermittentNote(r.intermittent)}</td></tr>`;
}

/** A refusal another ask of the same body contradicted, with its rate. */
function intermittentNote(note: ValueClassResult['intermittent']): SafeHtml | string {
  return note === undefined
    ? ''
    : html`<br><span class="muted">refused now and then: ${note.shown} on ${note.refused} of ${note.asks} asks</span>`;
}

/** Every limit found, each drawn as a range: accepted up to the largest accepted value, refused from the first rejected. */
function limitsSection(report: BehaviourReport): SafeHtml {
  const limits = report.operation.fields.flatMap((name) => report.values[name]?.limits ?? []);
  return html`<section id="limits">
<h2>Limits <span class="badge INFORMATIONAL">spec §8: not shown</span></h2>
${
  limits.length === 0
    ? html`<p class="muted">No limit was searched.</p>`
    : html`<table class="limits"><thead><tr><th>Field</th><th>Limit</th><th>Accepted up to, refused from</th><th class="num">Requests</th><th>Verdict</th><th>Note</th></tr></thead><tbody>${limits.map(limitRow)}</tbody></table>`
}
</section>`;
}

function limitRow(l: ReportedLimit): SafeHtml {
  const source = limitSource(l).replace(/^, /, '');
  const note = `${source}${l.note === undefined ? '' : `${source === '' ? '' : '; '}${l.note}`}`;
  return html`<tr><td class="mono">${l.field}</td><td>${l.name}</td><td class="range-cell">${limitRange(l)}</td><td class="num">${l.requests}</td><td><span class="badge ${l.verdict}">${l.verdict}</span></td><td class="muted">${note}${intermittentNote(l.intermittent)}</td></tr>`;
}

/**
 * A bar from 0: green up to the largest accepted value, grey where the search did not settle or
 * nothing was tried, red from the first rejected value. Widths are numbers computed here,
 * never text from the target.
 */
export function limitRange(l: Pick<ReportedLimit, 'value' | 'firstRejected' | 'unit' | 'largestAccepted'>): SafeHtml | string {
  // A search that stopped short: green up to what it saw accepted, and its words say it is not pinned.
  const accepted = l.value ?? l.largestAccepted;
  const pinned = l.value !== undefined;
  const refused = l.firstRejected;
  if (accepted === undefined && refused === undefined) return '';
  const top = Math.max(accepted ?? 0, refused ?? 0) * 1.15 || 1;
  const pct = (n: number): string => `${Math.max(0, Math.min(100, (n / top) * 100)).toFixed(1)}%`;
  const acceptedEnd = accepted ?? 0;
  const refusedStart = refused ?? top;
  const words = html`${accepted === undefined ? 'largest accepted not pinned' : pinned ? html`accepted up to <strong>${amount(accepted, l.unit)}</strong>` : `unfinished: accepted up to ${amount(accepted, l.unit)}`}, ${refused === undefined ? 'no value refused' : `refused from ${refused}`}`;
  const label = `${accepted === undefined ? 'largest accepted not pinned' : `${pinned ? '' : 'unfinished: '}accepted up to ${accepted}`}, ${refused === undefined ? 'no value refused' : `refused from ${refused}`} ${l.unit}`;
  return html`<div class="range" role="img" aria-label="${label}" title="${label}"><span class="acc" style="width:${pct(acceptedEnd)}"></span><span class="gap" style="width:${pct(refusedStart - acceptedEnd)}"></span>${refused === undefined ? '' : html`<span class="ref" style="width:${pct(top - refusedStart)}"></span>`}</div><div class="range-words">${words}</div>`;
}

function examplesSection(report: BehaviourReport): SafeHtml {
  const examples = distinctAnswers(report.matrix).flatMap((entry) =>
    entry.example === undefined ? [] : [exampleBlock(entry, entry.example)],
  );
  return html`<section id="examples">
<h2>One request per distinct answer</h2>
<p class="muted">One example per distinct outcome, status and error code. To replay one, <code>export ACCESS_TOKEN=…</code> first: the token itself is never written to a report.</p>
${examples.length === 0 ? html`<p class="muted">No example exchanges were recorded.</p>` : examples}
</section>`;
}

function exampleBlock(entry: MatrixEntry, example: ExampleExchange): SafeHtml {
  const answer =
    example.status === null
      ? `No answer${example.failure === undefined ? '' : `: ${example.failure}`}`
      : `HTTP ${example.status}\n\n${clip(prettyBody(example.responseBody), BODY_LIMIT)}`;
  return html`<details class="example">
<summary><span class="badge ${entry.outcome}">${entry.outcome}</span> ${statusText(entry)}${entry.errorCode === undefined ? '' : html` <code>${entry.errorCode}</code>`} <span class="muted">· ${comboLabel(entry.present)}</span></summary>
<p class="label">Request</p>
<pre>${example.curl}</pre>
<p class="label">Answer</p>
<pre>${answer}</pre>
</details>`;
}

/** Every case that did not run, by reason, with what to set to test it. */
function notTestedSection(report: BehaviourReport): SafeHtml | string {
  const groups = notTestedGroups(report);
  if (groups.length === 0) return '';
  return html`<section id="not-tested">
<h2>Not tested, and why</h2>
<ul>${groups.map(
    (g) =>
      html`<li><strong>${g.cases.length} case${g.cases.length === 1 ? '' : 's'}</strong>: ${g.reason}.${g.toTest === undefined ? '' : html` <em>To test:</em> ${g.toTest}.`} <details class="fold"><summary class="muted">which</summary><ul>${g.cases.map((c) => html`<li><code>${c.id}</code> <span class="muted">${c.suite}</span></li>`)}</ul></details></li>`,
  )}</ul>
</section>`;
}

function findingsSection(report: BehaviourReport, notes: readonly SaidOnce[]): SafeHtml {
  return html`<section id="findings">
<h2>Findings <span class="badge INFORMATIONAL">INFORMATIONAL</span></h2>
<p class="muted">What was seen where the spec says “not shown”: recorded, never a failure.</p>
${
  report.findings.length === 0
    ? html`<p class="muted">None.</p>`
    : html`<details class="fold"${report.findings.length <= FINDINGS_OPEN ? ' open' : ''}><summary>${report.findings.length} finding${report.findings.length === 1 ? '' : 's'} <span class="muted">(each also in its case's row under Cases)</span></summary><ul>${report.findings.map((f) => html`<li>${findingHtml(f, notes)}</li>`)}</ul></details>`
}
</section>`;
}

function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
