/**
 * junit.xml, made from the behaviour report so that a CI dashboard counts what the report counts: one test case
 * per conformance case (a failure for DEVIATES, an error for ERROR: the harness's trouble, not the target's), a
 * skipped case for each case that did not run with its reason, and a failing case in the suite `probe run` for
 * each reason the run fails that no case carries (a stop, drift, left-overs, a secret found), so that its
 * failures agree with the exit code. A case that ended as an expectation said (EXPECTATIONS) passes, with its
 * verdict and the reason as properties. Case names are case ids: stable from run to run and unique, which
 * dashboards that keep a test's history by name need. No stack trace of the test runner is ever in it.
 */
import type { BehaviourReport, CaseSummary, UnrunCase } from './types.js';

/** A reason the run fails that no case carries (lib/run/exit-decision.ts). */
export interface JunitRunFailure {
  id: string;
  message: string;
}

export const escapeXml = (text: string): string =>
  text
    // XML 1.0 has no way to write most control characters, even escaped.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** Most characters of a message attribute: the element's text has the rest. */
const MESSAGE_ATTRIBUTE = 500;
export const attribute = (text: string): string =>
  escapeXml(text.length > MESSAGE_ATTRIBUTE ? `${text.slice(0, MESSAGE_ATTRIBUTE)}…` : text);

/** The suite of the reasons the run fails that no case carries. */
const RUN_SUITE = 'probe run';

export interface JunitCase {
  suite: string;
  name: string;
  seconds: number;
  body: string;
  kind: 'passed' | 'failure' | 'error' | 'skipped';
}

function caseOf(c: CaseSummary): JunitCase {
  // A case that ended as an expectation said passes, and says so: its verdict and reason stay as properties.
  if (c.expectation !== undefined) {
    const body =
      `<properties><property name="verdict" value="${escapeXml(c.verdict)}"/>` +
      `<property name="spec" value="${escapeXml(c.specRef)}"/>` +
      `<property name="expected-deviation" value="${attribute(c.expectation.reason)}"/>` +
      `${c.expectation.until === undefined ? '' : `<property name="expected-until" value="${escapeXml(c.expectation.until)}"/>`}` +
      `${c.expectation.link === undefined ? '' : `<property name="expected-link" value="${attribute(c.expectation.link)}"/>`}` +
      `${c.finding === undefined ? '' : `<property name="finding" value="${attribute(c.finding)}"/>`}</properties>` +
      `<system-out>${escapeXml(`${c.verdict} (expected: ${c.expectation.reason}) (${c.specRef})${c.finding === undefined ? '' : `: ${c.finding}`}`)}</system-out>`;
    return { suite: c.suite ?? 'cases', name: c.id, seconds: c.seconds ?? 0, body, kind: 'passed' };
  }
  const properties =
    `<properties><property name="verdict" value="${escapeXml(c.verdict)}"/>` +
    `<property name="spec" value="${escapeXml(c.specRef)}"/>` +
    `${c.finding === undefined ? '' : `<property name="finding" value="${attribute(c.finding)}"/>`}</properties>`;
  const detail = [
    `${c.verdict} (${c.specRef})${c.finding === undefined ? '' : `: ${c.finding}`}`,
    ...(c.expected !== undefined ? [`Expected: ${c.expected}`] : []),
    ...(c.observed !== undefined ? [`Actual:   ${c.observed}`] : []),
  ].join('\n');
  const message = c.finding ?? c.observed ?? c.verdict;
  const body =
    c.verdict === 'DEVIATES'
      ? `${properties}<failure message="${attribute(message)}" type="DEVIATES">${escapeXml(detail)}</failure>`
      : c.verdict === 'ERROR'
        ? `${properties}<error message="${attribute(message)}" type="ERROR">${escapeXml(detail)}</error>`
        : properties;
  const kind = c.verdict === 'DEVIATES' ? 'failure' : c.verdict === 'ERROR' ? 'error' : 'passed';
  return { suite: c.suite ?? 'cases', name: c.id, seconds: c.seconds ?? 0, body, kind };
}

const unrunOf = (c: UnrunCase, prefix: string): JunitCase => ({
  suite: c.suite,
  name: c.id,
  seconds: 0,
  body: `<skipped message="${attribute(`${prefix}${c.reason}${c.toTest === undefined ? '' : `; to test: ${c.toTest}`}`)}"/>`,
  kind: 'skipped',
});

/**
 * Names made unique in the whole file (an id given twice gets `#2`, in report order, which is the suites' order and so
 * the same every run), whatever their suite: GitLab keeps only the first test case of a name, and other dashboards
 * key a test's history by name without its class.
 */
function uniqueNames(cases: JunitCase[]): JunitCase[] {
  const seen = new Map<string, number>();
  return cases.map((c) => {
    const n = (seen.get(c.name) ?? 0) + 1;
    seen.set(c.name, n);
    return n === 1 ? c : { ...c, name: `${c.name}#${n}` };
  });
}

/** `seconds`: the suite's elapsed time (its cases run at once, so their times overlap); else the sum of its cases'. */
export function suiteXml(name: string, cases: readonly JunitCase[], elapsed?: number): string {
  const count = (kind: JunitCase['kind']): number => cases.filter((c) => c.kind === kind).length;
  const seconds = elapsed ?? cases.reduce((sum, c) => sum + c.seconds, 0);
  const body = cases
    .map(
      (c) =>
        `    <testcase classname="${escapeXml(c.suite)}" name="${escapeXml(c.name)}" time="${c.seconds.toFixed(3)}">${c.body}</testcase>\n`,
    )
    .join('');
  return (
    `  <testsuite name="${escapeXml(name)}" tests="${cases.length}" failures="${count('failure')}" errors="${count('error')}" ` +
    `skipped="${count('skipped')}" time="${seconds.toFixed(3)}">\n${body}  </testsuite>\n`
  );
}

/** Every test case of a run, named uniquely: its cases, skips and not-run cases, and each reason it fails that no case carries. */
export function junitCases(report: BehaviourReport, runFailures: readonly JunitRunFailure[]): JunitCase[] {
  return uniqueNames([
    ...report.cases.map(caseOf),
    ...(report.skipped ?? []).map((c) => unrunOf(c, 'skipped: ')),
    ...(report.notRun ?? []).map((c) => unrunOf(c, '')),
    ...runFailures.map(
      (f): JunitCase => ({
        suite: RUN_SUITE,
        name: f.id,
        seconds: 0,
        body: `<failure message="${attribute(f.message)}" type="RunFailure">${escapeXml(f.message)}</failure>`,
        kind: 'failure',
      }),
    ),
  ]);
}

export function renderJunit(report: BehaviourReport, runFailures: readonly JunitRunFailure[]): string {
  const named = junitCases(report, runFailures);
  const cases = named.filter((c) => c.suite !== RUN_SUITE);
  const failures = named.filter((c) => c.suite === RUN_SUITE);
  const suites = [...new Set(cases.map((c) => c.suite))].sort();
  const all = named;
  const count = (kind: JunitCase['kind']): number => all.filter((c) => c.kind === kind).length;
  const seconds = (Date.parse(report.run.endedAt) - Date.parse(report.run.startedAt)) / 1000;
  const elapsed = new Map((report.suites ?? []).map((s) => [s.suite, s.seconds] as const));
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<testsuites name="subscription-conformance ${escapeXml(report.operation.id)}" tests="${all.length}" failures="${count('failure')}" ` +
    `errors="${count('error')}" skipped="${count('skipped')}" time="${Number.isFinite(seconds) ? seconds.toFixed(3) : '0'}">\n` +
    suites
      .map((suite) =>
        suiteXml(
          suite,
          cases.filter((c) => c.suite === suite),
          elapsed.get(suite),
        ),
      )
      .join('') +
    (failures.length === 0 ? '' : suiteXml(RUN_SUITE, failures)) +
    '</testsuites>\n'
  );
}
