/**
 * A probe run's steps after its setup check: the suites in the run's mode, the outputs written and the run's lines
 * printed. Loaded once the setup check has answered, so that the first request goes out before this part of the
 * engine (vitest's runner, the reports) is read.
 */
import { pathToFileURL } from 'node:url';
import { BEHAVIOUR_REPORT_FILES } from '../report/report-outputs.js';
import type { Conclusion } from './conclude-run.js';
import { executeRun, type RunContext, type RunResult } from './execute-run.js';
import type { Out, ProbeRunOptions, ProbeRunOutcome } from './probe-options.js';
import type { RunMode } from './run-mode.js';
import { writeRunOutputs, type RunOutputs } from './run-outputs.js';

/** The run, its outputs and its lines; the UI tells each of its runs as it ends, and never returns. */
export async function runAndTell(mode: RunMode, ctx: RunContext, options: ProbeRunOptions & { out: Out }): Promise<ProbeRunOutcome> {
  const cwd = options.cwd ?? process.cwd();
  const tell = async (result: RunResult): Promise<ProbeRunOutcome> => {
    const outputs = await writeRunOutputs(result, ctx.settings, { cwd, startedAt: ctx.startedAt });
    printRun(result, outputs, ctx.out);
    return outcomeOf(result, outputs);
  };
  const result = await executeRun(mode, {
    ...ctx,
    ...(options.terminal !== undefined ? { terminal: options.terminal } : {}),
    ...(options.stop !== undefined ? { stop: options.stop } : {}),
    ...(options.startEmbedded !== undefined ? { startEmbedded: options.startEmbedded } : {}),
    ...(options.suitesReadBuild !== undefined ? { suitesReadBuild: options.suitesReadBuild } : {}),
    ...(options.keepSuitesThread !== undefined ? { keepSuitesThread: options.keepSuitesThread } : {}),
    onUiRun: async (run) => void (await tell(run)),
  });
  return tell(result);
}

/** The run's lines, in the order a reader wants them: what it found, where it is written, why it ends as it does. */
function printRun(result: RunResult, outputs: RunOutputs, out: Out): void {
  const { lines } = outputs.conclusion;
  for (const line of lines.findings) out.log(line);
  const reports = outputs.written.filter((path) => path.startsWith(result.reportDir));
  if (result.finished !== undefined) out.log(`reports: ${reports.join(', ')}`);
  for (const line of lines.remarks) out.log(line);
  for (const line of outputs.checkLines) out.error(line);
  for (const line of lines.annotations) out.log(line);
  const html = reports.find((path) => path.endsWith(BEHAVIOUR_REPORT_FILES.html));
  if (html !== undefined) out.log(`open: ${pathToFileURL(html).href}`);
  if (lines.counts !== undefined) out.log(lines.counts);
}

function outcomeOf(result: RunResult, outputs: RunOutputs): ProbeRunOutcome {
  const { decision, counts }: Conclusion = outputs.conclusion;
  const report = result.finished?.report;
  return {
    code: decision.code,
    reason: decision.reason,
    runFailures: decision.runFailures,
    ...(counts !== undefined ? { counts } : {}),
    ...(report !== undefined ? { report } : {}),
    written: outputs.written,
  };
}
