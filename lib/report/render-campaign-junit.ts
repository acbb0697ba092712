/**
 * A campaign's junit.xml: one <testsuite> per operation run, named by its operation id, method and path, holding
 * that run's own test cases as its junit.xml has them (./render-junit.ts), each name and class prefixed with the
 * operation id, so that a dashboard keeping a test's history by name tells the same case of two operations apart.
 * An operation run that wrote no report (stopped by its first answers, or by a setup problem) is one case saying why,
 * failing unless its code is 0.
 */
import type { BehaviourReport } from './types.js';
import { attribute, escapeXml, junitCases, suiteXml, type JunitCase, type JunitRunFailure } from './render-junit.js';

export interface CampaignJunitRun {
  id: string;
  method: string;
  path: string;
  code: number;
  /** Why the run ends with its code. */
  reason: string;
  report?: BehaviourReport;
  runFailures: readonly JunitRunFailure[];
}

/** The run's cases, each under its operation's id. */
function operationCases(run: CampaignJunitRun): JunitCase[] {
  const prefixed = (c: JunitCase): JunitCase => ({ ...c, suite: `${run.id}/${c.suite}`, name: `${run.id}/${c.name}` });
  if (run.report !== undefined) return junitCases(run.report, run.runFailures).map(prefixed);
  const body = run.code === 0 ? '' : `<failure message="${attribute(run.reason)}" type="RunFailure">${escapeXml(run.reason)}</failure>`;
  return [prefixed({ suite: 'probe run', name: 'run', seconds: 0, body, kind: run.code === 0 ? 'passed' : 'failure' })];
}

/** The seconds a run took, from its report; none without one. */
function elapsed(report: BehaviourReport | undefined): number | undefined {
  if (report === undefined) return undefined;
  const seconds = (Date.parse(report.run.endedAt) - Date.parse(report.run.startedAt)) / 1000;
  return Number.isFinite(seconds) ? seconds : undefined;
}

export function renderCampaignJunit(document: string, runs: readonly CampaignJunitRun[]): string {
  const byRun = runs.map((run) => ({ run, cases: operationCases(run) }));
  const all = byRun.flatMap((r) => r.cases);
  const count = (kind: JunitCase['kind']): number => all.filter((c) => c.kind === kind).length;
  const seconds = byRun.reduce((sum, r) => sum + (elapsed(r.run.report) ?? 0), 0);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<testsuites name="subscription-conformance campaign ${escapeXml(document)}" tests="${all.length}" failures="${count('failure')}" ` +
    `errors="${count('error')}" skipped="${count('skipped')}" time="${seconds.toFixed(3)}">\n` +
    byRun.map((r) => suiteXml(`${r.run.id} (${r.run.method} ${r.run.path})`, r.cases, elapsed(r.run.report))).join('') +
    '</testsuites>\n'
  );
}
