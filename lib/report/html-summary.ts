/**
 * The HTML report's first screen: is the run green, what fails it, and what the target requires
 * (the rule in words, the grid of combinations, the field roles), before any long table.
 */
import { VERDICTS } from '../outcome.js';
import type { BehaviourReport } from './types.js';
import { caseAnchor, caseShortName } from './html-cases.js';
import { ruleGrid } from './html-matrix.js';
import { failingDiagnosis } from '../inference/failing-diagnosis.js';
import { failingCases } from './report-counts.js';
import { html, type SafeHtml } from './html.js';
import { whyRejectedSection } from './html-why-400.js';
import { ROLE_MEANING, clip, outcomeTally, roleBasisText, ruleSentence, stoppedText, undeterminedText } from './report-facts.js';

/** Failing cases named on the first screen; the rest are counted and found in Cases. */
const PROBLEM_CASES_SHOWN = 8;

/** A failing case's finding on the first screen is a pointer; its row in Cases has it in full. */
const FINDING_SHOWN = 180;

interface Problem {
  text: SafeHtml | string;
  href: string;
}

/** What makes the run fail, as the report can tell (a secret found in the output is decided after it is written). */
export function runProblems(report: BehaviourReport): Problem[] {
  const problems: Problem[] = [];
  const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
  // A case that ended as an expectation said does not fail the run (lib/expectations); the rest do.
  const failing = failingCases(report);
  const deviates = failing.filter((c) => c.verdict === 'DEVIATES').length;
  const errors = failing.length - deviates;
  if (deviates > 0) problems.push({ text: `${plural(deviates, 'case DEVIATES', 'cases DEVIATE')} from the spec`, href: '#cases' });
  if (errors > 0) problems.push({ text: `${plural(errors, 'case', 'cases')} ended in ERROR: no verdict from the target`, href: '#cases' });
  for (const e of report.expectations?.entries ?? []) {
    if (e.status === 'stale' || e.status === 'expired') problems.push({ text: e.message, href: '#expectations' });
  }
  const drift = report.drift?.changes.length ?? 0;
  if (drift > 0) problems.push({ text: `${plural(drift, 'change', 'changes')} from the baseline`, href: '#drift' });
  const left = report.run.leftOnTarget?.length ?? 0;
  if (left > 0) problems.push({ text: `${plural(left, 'subscription', 'subscriptions')} left on the target`, href: '#left-on-target' });
  // As the exit code reads it: a run that sent no combination (a suite filter without the matrix) accepted nothing by
  // not asking, which fails nothing.
  if (report.diagnosis !== undefined && failingDiagnosis(report.diagnosis, report.matrix.length) !== undefined)
    problems.push({ text: `nothing was accepted (likely cause: ${report.diagnosis.likelyCause})`, href: '#diagnosis' });
  for (const d of report.evidenceDisagreements ?? []) problems.push({ text: `the evidence disagrees: ${d}`, href: '#not-tested' });
  const disagreements = report.contract?.comparison?.disagreements.length ?? 0;
  if (disagreements > 0)
    problems.push({
      text: `${plural(disagreements, 'disagreement', 'disagreements')} with the contract given`,
      href: '#contract-comparison',
    });
  return problems;
}

/** One row per field with a role: the role, what it means, its basis, the baseline's role where it drifted, and why. */
function roleRows(report: BehaviourReport): SafeHtml[] {
  const roleDrift = new Map(
    (report.drift?.changes ?? []).flatMap((c) => (c.kind === 'role' && c.field !== undefined ? [[c.field, c.before] as const] : [])),
  );
  return report.operation.fields.flatMap((name) => {
    const role = report.fields[name];
    if (role === undefined) return [];
    const basis = roleBasisText(role);
    const before = roleDrift.get(name);
    return [
      html`<tr${before === undefined ? '' : html` class="drifted"`}><td class="mono">${name}</td><td><span class="badge ${role.presence}">${role.presence}</span> <span class="muted">${undeterminedText(role) ?? ROLE_MEANING[role.presence]}${basis === undefined ? '' : `; ${basis}`}</span>${before === undefined ? '' : html` <span class="was">baseline: ${before}</span>`}</td><td class="why">${role.explanation}</td></tr>`,
    ];
  });
}

export function summarySection(report: BehaviourReport): SafeHtml {
  const problems = runProblems(report);
  const failing = report.cases.flatMap((c, i) =>
    (c.verdict === 'DEVIATES' || c.verdict === 'ERROR') && c.expectation === undefined ? [{ c, i }] : [],
  );
  const expected = report.cases.flatMap((c, i) => (c.expectation !== undefined ? [{ c, i, reason: c.expectation.reason }] : []));
  const stop = report.run.stopped;
  const unrun = report.notRun?.length ?? 0;
  // A stopped run is never green: what it shows is part of a run, whatever the cases that did run say.
  const status =
    stop !== undefined
      ? html`<div class="status stopped"><strong>Stopped early:</strong> ${stoppedText(stop)}.${unrun === 0 ? '' : html` <a href="#not-tested">${unrun} case${unrun === 1 ? ' was' : 's were'} not run</a>.`}${problems.length === 0 ? '' : html`<ul>${problems.map((p) => html`<li><a href="${p.href}">${p.text}</a></li>`)}</ul>`}</div>`
      : problems.length === 0
        ? html`<p class="status green"><strong>Green.</strong> Every case holds (CONFORMS or INFORMATIONAL${expected.length === 0 ? '' : html`, or <a href="#expectations">DEVIATES as expected</a>`})${report.drift === undefined ? '' : ', nothing drifted from the baseline'} and nothing was left on the target.</p>`
        : html`<div class="status red"><strong>Not green: the run fails.</strong><ul>${problems.map((p) => html`<li><a href="${p.href}">${p.text}</a></li>`)}</ul></div>`;
  const failingList =
    failing.length === 0
      ? ''
      : html`<ul class="failing">${failing
          .slice(0, PROBLEM_CASES_SHOWN)
          .map(
            ({ c, i }) =>
              html`<li><span class="badge ${c.verdict}">${c.verdict}</span> <a href="#${caseAnchor(i)}">${caseShortName(c.name)}</a>${c.finding === undefined ? '' : html`<span class="muted">: ${clip(c.finding, FINDING_SHOWN)}</span>`}</li>`,
          )}${failing.length > PROBLEM_CASES_SHOWN ? html`<li class="muted">and ${failing.length - PROBLEM_CASES_SHOWN} more in <a href="#cases">Cases</a></li>` : ''}</ul>`;
  const roles = roleRows(report);
  const grid = ruleGrid(report);
  return html`<section id="summary" class="summary">
<div class="verdicts">${VERDICTS.map((v) => html`<span class="badge ${v}${report.counts[v] === 0 ? ' zero' : ''}">${v} ${report.counts[v]}</span>`)}</div>
${status}
${failingList}
${
  expected.length === 0
    ? ''
    : html`<ul class="failing expected">${expected
        .slice(0, PROBLEM_CASES_SHOWN)
        .map(
          ({ c, i, reason }) =>
            html`<li><span class="badge ${c.verdict}">${c.verdict} (expected)</span> <a href="#${caseAnchor(i)}">${caseShortName(c.name)}</a><span class="muted">: expected: ${clip(reason, FINDING_SHOWN)}</span></li>`,
        )}${expected.length > PROBLEM_CASES_SHOWN ? html`<li class="muted">and ${expected.length - PROBLEM_CASES_SHOWN} more in <a href="#expectations">Expectations</a></li>` : ''}</ul>`
}
<h2 id="requires">What the target requires</h2>
<p class="rule-words">${ruleSentence(report)}</p>
<p class="muted">${outcomeTally(report.matrix)}. <a href="#rule">The rule as an expression</a>, <a href="#matrix">every combination</a>.</p>
${whyRejectedSection(report)}
<div class="requires">
${
  roles.length === 0
    ? html`<p class="muted">No field roles: nothing was accepted, so no role could be inferred.</p>`
    : html`<table class="roles"><thead><tr><th>Field</th><th>Role</th><th>Why</th></tr></thead><tbody>${roles}</tbody></table>`
}
${grid ?? ''}
</div>
</section>`;
}
