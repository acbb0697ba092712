/**
 * Every file a probe run writes, as one list of outputs (lib/report/outputs.ts): the report's and the observed
 * contract's entries, the description of an operation built from OpenAPI, and GitHub's job summary. The output step
 * renders them from the run's result and conclusion, checks them (a secret in any, a schema refusing one), concludes
 * again with what the checks found, and writes each once.
 */
import type { Settings } from '../config/types.js';
import { CONTRACT_OUTPUTS, type ContractOutputRun } from '../contract/contract-outputs.js';
import { descriptionOf } from '../operation/description/compile.js';
import { formatJson } from '../operation/description/format.js';
import { runRedactor } from '../redaction/run-redactor.js';
import { describeScan, scanFilesForSecrets } from '../redaction/scan-files.js';
import { named, renderOutputs, writeRendered, type Output, type OutputPlace, type RenderedOutput } from '../report/outputs.js';
import { REPORT_OUTPUTS, reportMarkdown, type ReportOutputRun } from '../report/report-outputs.js';
import { concludeRun, type Conclusion } from './conclude-run.js';
import { suiteVersion, type RunResult } from './execute-run.js';
import { exitLine, type ExitDecision } from './exit-decision.js';
import { githubSummary } from './github-output.js';
import { operationFile, sarifArtifact } from './sarif-step.js';

/** GitHub's job summary: the report's Markdown (a shard's says where its results are) and the exit line. */
export interface JobSummaryRun extends OutputPlace {
  jobSummary?: { file: string; markdown?: string; exitLine: string; shard?: string };
}

/** Appended to GITHUB_STEP_SUMMARY, one file for every step of the job; not in CI, none. */
export const JOB_SUMMARY_OUTPUT: Output<JobSummaryRun> = {
  file: (run) => run.jobSummary?.file,
  render: ({ jobSummary: s }) =>
    s === undefined ? undefined : githubSummary(s.markdown, s.exitLine, s.shard === undefined ? undefined : { shard: s.shard }),
  append: true,
};

/** An operation built from OPENAPI, in the description format: what was probed, written as the run starts. */
export const OPERATION_OUTPUT: Output<OutputPlace & { settings: Settings }> = named('operation.json', ({ settings }) => {
  const description = settings.target.openapi === undefined ? undefined : descriptionOf(settings.target.operation);
  return description === undefined ? undefined : `${formatJson(description)}\n`;
});

export interface ProbeOutputRun extends ReportOutputRun, ContractOutputRun, JobSummaryRun {}

/** What a run that built its report writes at its end. */
export const PROBE_OUTPUTS: readonly Output<ProbeOutputRun>[] = [...REPORT_OUTPUTS, ...CONTRACT_OUTPUTS, JOB_SUMMARY_OUTPUT];

/** What the output step gives back: the final conclusion, every file written, and the lines of its checks. */
export interface RunOutputs {
  conclusion: Conclusion;
  written: string[];
  /** The secret check's lines (stderr). */
  checkLines: string[];
}

/**
 * Renders every output from the run and its conclusion, and writes the ones that pass their checks. The other files
 * the run wrote (the ledger's, a shard's blob) are read back for secrets first, so that JUnit and the job summary,
 * which say why the run fails, are rendered once with every reason and written once.
 */
export async function writeRunOutputs(
  result: RunResult,
  settings: Settings,
  options: { cwd: string; startedAt: number },
): Promise<RunOutputs> {
  const scan = await scanOtherFiles(settings, options.startedAt);
  const render = (conclusion: Conclusion): Promise<RenderedOutput[]> => {
    const summary = summaryRun(result, conclusion.decision);
    const finished = result.finished;
    return finished === undefined
      ? renderOutputs([JOB_SUMMARY_OUTPUT], summary, runRedactor())
      : renderOutputs(PROBE_OUTPUTS, { ...summary, ...reportRun(finished, result, conclusion, settings, options.cwd) }, runRedactor());
  };
  let rendered = await render(concludeRun(result, { secretFound: scan.failed }));
  const leaked = rendered.some((r) => r.leak);
  if (leaked) rendered = await render(concludeRun(result, { secretFound: true }));
  const { written, leaks, invalid } = await writeRendered(rendered);
  const conclusion = concludeRun(result, { secretFound: scan.failed || leaked, invalidOutputs: invalid.map((i) => i.path) });
  const checkLines = [
    ...scan.lines,
    ...leakLines(leaks),
    ...invalid.map((i) => `probe: ${i.path} not written: its schema refuses it: ${i.problems[0] ?? ''}`),
  ];
  return { conclusion, written, checkLines };
}

/** What every run's outputs read: where they go, and the job summary in a GitHub Actions job. */
function summaryRun(result: RunResult, decision: ExitDecision): JobSummaryRun {
  const stepSummary = result.ci.stepSummary;
  return { reportDir: result.reportDir, ...(stepSummary !== undefined ? { jobSummary: jobSummary(stepSummary, result, decision) } : {}) };
}

/** What the report's and the contract's outputs read of a run that built its report. */
function reportRun(
  finished: NonNullable<RunResult['finished']>,
  result: RunResult,
  conclusion: Conclusion,
  settings: Settings,
  cwd: string,
): Omit<ProbeOutputRun, keyof JobSummaryRun> {
  const { report } = finished;
  const partial =
    result.filters.length === 0 ? undefined : `only the suites matching ${result.filters.map((f) => JSON.stringify(f)).join(', ')} ran`;
  const version = suiteVersion();
  const har = finished.exchanges;
  return {
    report,
    runFailures: conclusion.decision.runFailures,
    sarif: {
      toolVersion: version,
      artifact: sarifArtifact(operationFile(settings, cwd), report.operation.fields),
      ...(partial !== undefined ? { partial } : {}),
    },
    contract: finished.contract,
    ...(har !== undefined
      ? {
          har: {
            exchanges: har.entries,
            creator: { name: 'subscription-conformance', version },
            redactor: runRedactor(),
            ...(har.comment !== undefined ? { comment: har.comment } : {}),
          },
        }
      : {}),
  };
}

function jobSummary(file: string, result: RunResult, decision: ExitDecision): NonNullable<JobSummaryRun['jobSummary']> {
  const report = result.finished?.report;
  return {
    file,
    exitLine: exitLine(decision),
    ...(report !== undefined ? { markdown: reportMarkdown(report) } : {}),
    ...(result.shard !== undefined ? { shard: result.shard } : {}),
  };
}

/**
 * The files the run wrote that are not its outputs (the ledger's, a shard's blob and logs), read back for a fragment
 * of a secret in any spelling: whatever path let one past the redaction, the run then fails. A second back: file
 * times may be rounded down to the second.
 */
async function scanOtherFiles(settings: Settings, startedAt: number): Promise<{ failed: boolean; lines: string[] }> {
  const { reportDir, ledgerDir } = settings.reports;
  const scan = await scanFilesForSecrets([reportDir, ledgerDir], runRedactor(), { since: startedAt - 1000 });
  return describeScan(scan);
}

function leakLines(leaks: readonly string[]): string[] {
  return leaks.length === 0
    ? []
    : [
        `probe: SECRET IN OUTPUT: a fragment of the token (or another secret) reached ${leaks.join(', ')}; ` +
          'written with it redacted, but a redaction before it missed it: the run fails',
      ];
}

/** What a run stopped before any case says to CI: the job summary, with no report. */
export async function writeSetupOutputs(settings: Settings, decision: ExitDecision): Promise<string[]> {
  const stepSummary = settings.ci.stepSummary;
  const run: JobSummaryRun = {
    reportDir: settings.reports.reportDir,
    ...(stepSummary !== undefined ? { jobSummary: { file: stepSummary, exitLine: exitLine(decision) } } : {}),
  };
  return (await writeRendered(await renderOutputs([JOB_SUMMARY_OUTPUT], run, runRedactor()))).written;
}

/** Written as the run starts: the description of an operation built from OpenAPI. */
export async function writeStartOutputs(settings: Settings): Promise<void> {
  await writeRendered(await renderOutputs([OPERATION_OUTPUT], { reportDir: settings.reports.reportDir, settings }, runRedactor()));
}
