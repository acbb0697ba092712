/**
 * The files made from the behaviour report, one entry each (lib/report/outputs.ts writes them): the report as JSON,
 * Markdown and HTML, the CI summary, JUnit, SARIF for code scanning and the HAR of the run's exchanges.
 */
import { buildHar, harText, type HarCreator, type TaggedExchange } from '../har/build-har.js';
import type { Redactor } from '../redaction/redactor.js';
import { named, type Output, type OutputPlace } from './outputs.js';
import { renderHtml } from './render-html.js';
import { renderJunit, type JunitRunFailure } from './render-junit.js';
import { renderMarkdown } from './render-markdown.js';
import { partialReason, renderSarif, sarifText, type SarifOptions } from './render-sarif.js';
import type { BehaviourReport } from './types.js';
import { validateBehaviourReport } from './validate-report.js';

export const BEHAVIOUR_REPORT_FILES = {
  json: 'behaviour-report.json',
  md: 'behaviour-report.md',
  html: 'behaviour-report.html',
} as const;

/** A complete run's SARIF: the file a workflow uploads to code scanning. */
export const SARIF_FILE = 'results.sarif';
/**
 * A partial run's (stopped, or filtered to some suites): code scanning would close the alerts of every case it did not
 * run, so it never takes the complete run's name, and the shipped workflow, which uploads that name only, leaves it.
 */
export const PARTIAL_SARIF_FILE = 'results.partial.sarif';

/** What the report's outputs render from. */
export interface ReportOutputRun extends OutputPlace {
  report: BehaviourReport;
  /** JUnit's failing cases of the suite `probe run`: the reasons the run fails that no case carries. */
  runFailures: readonly JunitRunFailure[];
  /** What SARIF points to; without it (no operation file known), no SARIF is written. */
  sarif?: SarifOptions;
  /** The run's exchanges for the HAR (lib/har/exchange-log.ts); without them, no HAR is written. */
  har?: { exchanges: readonly TaggedExchange[]; creator: HarCreator; redactor: Pick<Redactor, 'redact' | 'redactField'>; comment?: string };
}

/** The schema's complaints about the report, checked once for the three files made from it. */
const checked = new WeakMap<BehaviourReport, readonly string[]>();
export function reportProblems(report: BehaviourReport): readonly string[] {
  let problems = checked.get(report);
  if (problems === undefined) {
    const result = validateBehaviourReport(report);
    problems = result.valid ? [] : result.errors;
    checked.set(report, problems);
  }
  return problems;
}

const validated = { validate: (run: { report: BehaviourReport }) => reportProblems(run.report) };

const sarifPartial = (run: ReportOutputRun): string | undefined => partialReason(run.report, run.sarif?.partial);

/** The report's Markdown, rendered once for its file and the job summary. */
const markdowns = new WeakMap<BehaviourReport, string>();
export function reportMarkdown(report: BehaviourReport): string {
  let text = markdowns.get(report);
  if (text === undefined) {
    text = renderMarkdown(report);
    markdowns.set(report, text);
  }
  return text;
}

/** The behaviour report itself, as JSON, Markdown and HTML: none is written when the report breaks its schema. */
export const BEHAVIOUR_REPORT_OUTPUTS: readonly Output<Pick<ReportOutputRun, 'report' | 'reportDir'>>[] = [
  named(BEHAVIOUR_REPORT_FILES.json, (run) => `${JSON.stringify(run.report, null, 2)}\n`, validated),
  named(BEHAVIOUR_REPORT_FILES.md, (run) => reportMarkdown(run.report), validated),
  named(BEHAVIOUR_REPORT_FILES.html, (run) => renderHtml(run.report), validated),
];

export const REPORT_OUTPUTS: readonly Output<ReportOutputRun>[] = [
  ...BEHAVIOUR_REPORT_OUTPUTS,
  named('summary.json', ({ report }) => `${JSON.stringify({ run: report.run, counts: report.counts, cases: report.cases }, null, 2)}\n`),
  // JUnit carries every reason the run fails, so that a dashboard agrees with the exit code.
  named('junit.xml', (run) => renderJunit(run.report, run.runFailures)),
  {
    file: (run) => (run.sarif === undefined ? undefined : sarifPartial(run) === undefined ? SARIF_FILE : PARTIAL_SARIF_FILE),
    render: (run) => {
      const partial = sarifPartial(run);
      return run.sarif === undefined
        ? undefined
        : sarifText(renderSarif(run.report, { ...run.sarif, ...(partial !== undefined ? { partial } : {}) }));
    },
    // The other name is an earlier run's: left beside this run's reports, it would be taken for this run's.
    replaces: (run) => [sarifPartial(run) === undefined ? PARTIAL_SARIF_FILE : SARIF_FILE],
  },
  named('exchanges.har', ({ har }) =>
    har === undefined ? undefined : harText(buildHar(har.exchanges, har.creator, har.redactor, har.comment)),
  ),
];
