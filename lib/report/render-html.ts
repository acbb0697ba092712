import { statusOrNoAnswer } from '../http/answer-text.js';
import { VERDICTS, type Verdict } from '../outcome.js';
import { Rule } from '../rule/rule.js';
import type { RejectionGroup } from '../inference/types.js';
import type { ExampleExchange } from '../case-record.js';
import { amount } from '../values/amount.js';
import type { BehaviourReport, CaseSummary, MatrixEntry, ReportContract, ReportDrift, ReportedLimit, RunInfo, ValueClassResult } from './types.js';
import { comparisonSentence, observedSentence, shownSchema } from './contract-facts.js';
import { comparedText, notComparedText } from './drift-words.js';
import { SafeHtml, html } from './html.js';
import { lifecycleSection } from './lifecycle-html.js';
import { REPORT_CSS } from './html-style.js';
import {
  MATRIX_OUTCOMES,
  ROLE_MEANING,
  undeterminedText,
  roleBasisText,
  ruleBasisText,
  clip,
  comboLabel,
  distinctAnswers,
  groupWhen,
  ruleSentence,
  outcomeTally,
  readableTime,
  runDuration,
  statusText,
  targetDescription,
  tokenDescription,
} from './report-facts.js';

const BODY_LIMIT = 4000;

/** What the run created and could not delete, in the header, since it fails the run. */
function leftOnTargetBanner(left: BehaviourReport['run']['leftOnTarget']): SafeHtml | string {
  if (left === undefined || left.length === 0) return '';
  return html`<section class="banner warn" id="left-on-target"><strong>Left on the target: ${left.length} subscription(s)</strong> created by this run and not deleted; the run fails until they are gone (<code>npm run cleanup</code> retries those with an id).
<table><thead><tr><th>Id</th><th>Created</th><th>Why it is still there</th></tr></thead><tbody>
${left.map((l) => html`<tr><td>${l.id === undefined ? 'unknown' : html`<code>${l.id}</code>`}</td><td>${readableTime(l.createdAt)}</td><td>${l.reason}</td></tr>`)}
</tbody></table></section>`;
}

/**
 * behaviour-report.html: one self-contained page (inline CSS, no scripts, nothing fetched),
 * readable from file:// offline. Every value is escaped by the `html` tag, and the page's
 * Content-Security-Policy forbids scripts anyway, since bodies come from an untrusted target.
 */
export function renderHtml(report: BehaviourReport): string {
  const { run, operation } = report;
  const page = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Behaviour report: ${operation.id} (${operation.method} ${operation.path}) on ${run.target}</title>
<style>${new SafeHtml(REPORT_CSS)}</style>
</head>
<body>
<main>
<header>
<h1>${operation.id}: behaviour report</h1>
<p class="endpoint">${operation.method} ${operation.path}</p>
<dl class="run">
${runItem('Target', run.target)}${runItem('Kind', targetDescription(run))}${runItem('Started', readableTime(run.startedAt))}${runItem('Duration', runDuration(run))}
${runItem('Requests sent', String(run.requestsSent))}${runItem('Repeats per combination', String(run.repeats))}${runItem('Ended', readableTime(run.endedAt))}${runItem('Suite version', run.suiteVersion)}${tokenItem(run)}
</dl>
<div class="verdicts">${VERDICTS.map((v) => html`<span class="badge ${v}${report.counts[v] === 0 ? ' zero' : ''}">${v} ${report.counts[v]}</span>`)}</div>
${run.stoppedEarly === undefined ? '' : html`<p class="banner warn"><strong>Stopped early:</strong> ${run.stoppedEarly}. Combinations not sent count as unknown.</p>`}
${report.diagnosis === undefined ? '' : html`<p class="banner diag"><strong>Nothing was accepted.</strong> ${report.diagnosis.message} <span class="badge error">likely cause: ${report.diagnosis.likelyCause}</span></p>`}
${leftOnTargetBanner(run.leftOnTarget)}
${driftBanner(report.drift)}
<nav>${report.drift === undefined ? '' : html`<a href="#drift">Drift</a>`}<a href="#rule">Rule</a><a href="#matrix">Matrix</a><a href="#rejections">Rejections</a><a href="#values">Values</a>${report.lifecycle === undefined ? '' : html`<a href="#lifecycle">Lifecycle</a>`}${report.contract?.observed === undefined ? '' : html`<a href="#contract">Contract</a>`}<a href="#examples">Examples</a><a href="#findings">Findings</a><a href="#cases">Cases</a></nav>
</header>
${report.drift === undefined ? '' : driftSection(report.drift)}
${report.contract?.comparison === undefined ? '' : comparisonSection(report.contract.comparison)}
${ruleSection(report)}
${matrixSection(report)}
${rejectionSection(report)}
${valuesSection(report)}
${report.lifecycle === undefined ? '' : lifecycleSection(report.lifecycle)}
${report.contract?.observed === undefined ? '' : observedContractSection(report.contract.observed)}
${examplesSection(report)}
${findingsSection(report)}
${casesSection(report)}
<footer>subscription-conformance ${run.suiteVersion} · report version ${report.reportVersion} · the same data as behaviour-report.json</footer>
</main>
</body>
</html>
`;
  return page.value;
}

function runItem(label: string, value: string): SafeHtml {
  return html`<div><dt>${label}</dt><dd>${value}</dd></div>`;
}

function tokenItem(run: RunInfo): SafeHtml | string {
  const token = tokenDescription(run);
  return token === undefined ? '' : runItem('Token', token);
}

function driftBanner(drift: ReportDrift | undefined): SafeHtml | string {
  if (drift === undefined) return '';
  const n = drift.changes.length;
  return n === 0
    ? html`<p class="banner same"><strong>No drift</strong> from the baseline <code>${drift.baseline}</code> (${drift.name}).</p>`
    : html`<p class="banner drift"><strong>Drift: ${n} change${n === 1 ? '' : 's'}</strong> from the baseline <code>${drift.baseline}</code> (${drift.name}); the run fails. <a href="#drift">See what changed.</a></p>`;
}

/** Each change as baseline and this run side by side, then what was and was not compared. */
function driftSection(drift: ReportDrift): SafeHtml {
  const skipped = notComparedText(drift);
  const rows = drift.changes.map(
    (c) => html`<tr><td class="muted">${c.kind}</td><td class="mono">${c.subject}</td><td class="mono before">${c.before}</td><td class="mono after">${c.after}</td></tr>`,
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
    (d) => html`<tr><td class="muted">${d.kind}</td><td class="mono">${d.subject}</td><td class="mono before">${d.contract}</td><td class="mono after">${d.target}</td></tr>`,
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
<h3>Request body schema <span class="muted">(x-observed left out)</span></h3>
<pre>${shownSchema(observed.requestBodySchema)}</pre>
</section>`;
}

function ruleSection(report: BehaviourReport): SafeHtml {
  const { rule, operation } = report;
  const roles = operation.fields.flatMap((name) => {
    const role = report.fields[name];
    return role === undefined
      ? []
      : [html`<tr><td class="mono">${name}</td><td><span class="badge ${role.presence}">${role.presence}</span> <span class="muted">${undeterminedText(role) ?? ROLE_MEANING[role.presence]}${roleBasisText(role) === undefined ? '' : `; ${roleBasisText(role) ?? ''}`}</span></td><td>${role.explanation}</td></tr>`];
  });
  return html`<section id="rule">
<h2>Acceptance rule</h2>
<p class="rule-words">${ruleSentence(report)}</p>
<pre>${rule.expression}</pre>
${ruleBasisText(rule) === undefined ? '' : html`<p>${ruleBasisText(rule) ?? ''}</p>`}
<p>${outcomeTally(report.matrix)}.</p>
${rule.unknown.length === 0 ? '' : html`<p class="muted">Unknown (no usable answer, treated as either way): ${rule.unknown.map((c, i) => html`${i === 0 ? '' : ', '}<code>${comboLabel(c)}</code>`)}${(rule.unknownCount ?? rule.unknown.length) > rule.unknown.length ? `, and ${(rule.unknownCount ?? 0) - rule.unknown.length} more` : ''}.</p>`}
<h3>Field roles</h3>
${roles.length === 0
    ? html`<p class="muted">None: nothing was accepted, so no role could be inferred.</p>`
    : html`<table><thead><tr><th>Field</th><th>Role</th><th>Why</th></tr></thead><tbody>${roles}</tbody></table>`}
<h3>Dependencies between fields (IDL)</h3>
${rule.dependencies.length === 0
    ? html`<p class="muted">${roles.length === 0 ? 'None inferred.' : 'None beyond the field roles.'}</p>`
    : html`<pre>${rule.dependencies.join('\n')}</pre>`}
${rule.dependenciesExact ? '' : html`<p class="muted">Roles and dependencies together do not fully describe the rule; the expression above is exact.</p>`}
</section>`;
}

function matrixSection(report: BehaviourReport): SafeHtml {
  const fields = report.operation.fields;
  const rule = Rule.tryOf(report.rule.expression);
  const rows = report.matrix.map((entry, i) => {
    const present = new Set(entry.present);
    const predicted = rule === undefined ? undefined : rule.accepts(present);
    const mismatch =
      predicted !== undefined &&
      ((entry.outcome === 'accepted' && !predicted) || (entry.outcome === 'rejected' && predicted));
    return html`<tr${mismatch ? html` class="mismatch"` : ''}><td class="num muted">${i + 1}</td>${fields.map((f) =>
      present.has(f) ? html`<td class="on" title="${f} present">●</td>` : html`<td class="off" title="${f} absent">○</td>`,
    )}<td class="num mono">${statusText(entry)}</td><td class="mono">${entry.errorCode ?? ''}</td><td class="outcome ${entry.outcome}">${entry.outcome}</td>${
      rule === undefined ? '' : html`<td class="predict">${predicted === true ? 'accept' : 'reject'}</td>`
    }<td class="msg" title="${entry.errorMessage ?? entry.example?.failure ?? ''}">${entry.errorMessage ?? entry.example?.failure ?? ''}</td></tr>`;
  });
  return html`<section id="matrix">
<h2>Presence matrix</h2>
<div class="legend"><span>● present ○ absent</span>${MATRIX_OUTCOMES.map((o) => html`<span class="badge ${o}">${o}</span>`)}<span class="muted">“Rule” is what the inferred rule predicts; a red cell disagrees with what was seen.</span></div>
<table class="grid"><thead><tr><th class="num">#</th>${fields.map((f) => html`<th class="field">${f}</th>`)}<th>Status</th><th>Error code</th><th>Outcome</th>${rule === undefined ? '' : html`<th>Rule</th>`}<th>Message</th></tr></thead>
<tbody>
${rows.map((r) => html`${r}\n`)}</tbody></table>
</section>`;
}

function rejectionSection(report: BehaviourReport): SafeHtml {
  if (report.rejectionGroups.length === 0) {
    return html`<section id="rejections"><h2>Rejections</h2><p class="muted">Nothing was rejected.</p></section>`;
  }
  const rows = report.rejectionGroups.map(
    (g: RejectionGroup) =>
      html`<tr><td class="num mono">${g.status}</td><td class="mono">${g.errorCode ?? '–'}</td><td>${groupWhen(g, report.operation.fields)}<br><code class="muted">${g.explanation}</code></td><td class="num">${g.combinations.length}</td><td class="mono">${g.messagePattern ?? '–'}</td></tr>`,
  );
  return html`<section id="rejections">
<h2>Rejections</h2>
<table><thead><tr><th class="num">Status</th><th>Error code</th><th>When</th><th class="num">Combinations</th><th>Message pattern</th></tr></thead><tbody>${rows}</tbody></table>
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
  const tables = fields.flatMap((name) => {
    const v = report.values[name];
    const rows = v === undefined ? [] : [...v.accepted, ...v.rejected, ...v.other];
    return rows.length === 0
      ? []
      : [html`<h3 class="mono">${name}</h3>
<table class="values"><thead><tr><th>Value class</th><th>Form</th><th>Sent</th><th>Outcome</th><th class="num">Status</th><th>Error code</th><th>Verdict</th><th>Message</th></tr></thead>
<tbody>${rows.map(valueRow)}</tbody></table>`];
  });
  const unprobed = fields.filter((name) => {
    const v = report.values[name];
    return v === undefined || v.accepted.length + v.rejected.length + v.other.length === 0;
  });
  const limits = fields.flatMap((name) => report.values[name]?.limits ?? []);
  return html`<section id="values">
<h2>Values</h2>
<p class="muted">One value of one field in an otherwise accepted body. “Form” says whether the value has the form spec §2 gives the field; the spec never says which values must be accepted.</p>
${tables.length === 0 ? html`<p class="muted">No value classes were recorded.</p>` : tables}
${tables.length === 0 || unprobed.length === 0 ? '' : html`<p class="muted">No value classes recorded for ${unprobed.map((f, i) => html`${i === 0 ? '' : ', '}<code>${f}</code>`)} (no accepted body carries the field, or its cases did not run).</p>`}
<h3>Limits <span class="badge INFORMATIONAL">spec §8: not shown</span></h3>
${limits.length === 0
    ? html`<p class="muted">No limit was searched.</p>`
    : html`<table><thead><tr><th>Field</th><th>Limit</th><th>Largest accepted</th><th class="num">First rejected</th><th class="num">Requests</th><th>Verdict</th><th>Note</th></tr></thead><tbody>${limits.map(limitRow)}</tbody></table>`}
</section>`;
}

function valueRow(r: ValueClassResult): SafeHtml {
  const form = r.expectation === undefined ? '' : EXPECTATION_WORDS[r.expectation];
  return html`<tr><td>${r.description}<br><code class="muted">${r.classId}</code></td><td class="muted form">${form}</td><td class="mono sent">${r.sent ?? ''}</td><td class="value-outcome ${r.outcome}">${r.outcome}</td><td class="num mono">${statusOrNoAnswer(r.status)}</td><td class="mono">${r.errorCode ?? ''}</td><td><span class="badge ${r.verdict}">${r.verdict}</span></td><td class="msg">${r.errorMessage ?? ''}</td></tr>`;
}

function limitRow(l: ReportedLimit): SafeHtml {
  return html`<tr><td class="mono">${l.field}</td><td>${l.name}</td><td><strong>${l.value === undefined ? 'not pinned' : amount(l.value, l.unit)}</strong></td><td class="num mono">${l.firstRejected ?? '–'}</td><td class="num">${l.requests}</td><td><span class="badge ${l.verdict}">${l.verdict}</span></td><td class="muted">${l.note ?? ''}</td></tr>`;
}

function examplesSection(report: BehaviourReport): SafeHtml {
  const examples = distinctAnswers(report.matrix).flatMap((entry) => (entry.example === undefined ? [] : [exampleBlock(entry, entry.example)]));
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
  return html`<div class="example">
<h3><span class="badge ${entry.outcome}">${entry.outcome}</span> ${statusText(entry)}${entry.errorCode === undefined ? '' : html` <code>${entry.errorCode}</code>`} <span class="muted">· ${comboLabel(entry.present)}</span></h3>
<p class="label">Request</p>
<pre>${example.curl}</pre>
<p class="label">Answer</p>
<pre>${answer}</pre>
</div>`;
}

function findingsSection(report: BehaviourReport): SafeHtml {
  return html`<section id="findings">
<h2>Findings <span class="badge INFORMATIONAL">INFORMATIONAL</span></h2>
<p class="muted">What was seen where the spec says “not shown”: recorded, never a failure.</p>
${report.findings.length === 0 ? html`<p class="muted">None.</p>` : html`<ul>${report.findings.map((f) => html`<li>${f}</li>`)}</ul>`}
</section>`;
}

const VERDICT_ORDER: Record<Verdict, number> = { DEVIATES: 0, ERROR: 1, CONFORMS: 2, INFORMATIONAL: 3 };

function casesSection(report: BehaviourReport): SafeHtml {
  const cases = [...report.cases].sort((a, b) => VERDICT_ORDER[a.verdict] - VERDICT_ORDER[b.verdict]);
  return html`<section id="cases">
<h2>Cases</h2>
<table class="cases"><colgroup><col class="c-verdict"><col class="c-case"><col class="c-spec"><col class="c-details"></colgroup>
<thead><tr><th>Verdict</th><th>Case</th><th>Spec</th><th>Finding, expected and observed</th></tr></thead>
<tbody>${cases.map(caseRow)}</tbody></table>
</section>`;
}

function caseRow(c: CaseSummary): SafeHtml {
  const details = [
    c.finding === undefined ? '' : html`<div>${c.finding}</div>`,
    c.expected === undefined ? '' : html`<div><span class="muted">Expected:</span> <code>${c.expected}</code></div>`,
    c.observed === undefined ? '' : html`<div><span class="muted">Observed:</span> <code>${c.observed}</code></div>`,
  ];
  return html`<tr><td class="verdict"><span class="badge ${c.verdict}">${c.verdict}</span></td><td><div>${c.name}</div><code class="muted">${c.id}</code></td><td>${c.specRef}</td><td>${details}</td></tr>`;
}

function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

