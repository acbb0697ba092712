/**
 * A campaign in a GitHub Actions job says itself what the job shows: one job summary (the index, then the campaign's
 * exit line) and one set of annotations over every operation's run, each titled with its operation. Its runs write
 * neither (their settings say they are not in Actions): four runs' reports in a summary bury the index, and GitHub
 * drops annotations past 10 of a type per step without a word, so the later operations' failures would go unseen.
 */
import { appendFile } from 'node:fs/promises';
import type { CiSettings } from '../config/types.js';
import { runRedactor } from '../redaction/run-redactor.js';
import type { CampaignJunitRun } from '../report/render-campaign-junit.js';
import { annotationLines, githubSummary, runAnnotations } from './github-output.js';

/** The settings of a campaign's run: it writes no job summary and no annotations of its own. */
export const quietCi = (ci: CiSettings): CiSettings => ({ ...ci, githubActions: false, stepSummary: undefined });

/** The annotation lines over every run, and the job summary written; nothing outside GitHub Actions. */
export async function campaignCi(
  ci: CiSettings,
  runs: readonly CampaignJunitRun[],
  indexMarkdown: string,
  exitLine: string,
): Promise<{ annotations: string[]; written: string[] }> {
  // The index counts each operation's failures; each is told in its operation's report.
  const restIn = 'reports of the operations (operations/<id>/behaviour-report.html)';
  const annotations = ci.githubActions
    ? annotationLines(
        runs.flatMap((r) => runAnnotations(r.report, r.runFailures, `${r.id}: `)),
        restIn,
      ).map((l) => runRedactor().redact(l))
    : [];
  if (ci.stepSummary === undefined) return { annotations, written: [] };
  await appendFile(ci.stepSummary, runRedactor().redact(githubSummary(indexMarkdown, exitLine)));
  return { annotations, written: [ci.stepSummary] };
}

/** A campaign stopped at its setup, before any run: the job summary says so, its exit line last. */
export async function campaignSetupSummary(ci: CiSettings, exitLine: string): Promise<string[]> {
  if (ci.stepSummary === undefined) return [];
  const words = 'No campaign index was written.';
  await appendFile(ci.stepSummary, runRedactor().redact(githubSummary(words, exitLine)));
  return [ci.stepSummary];
}
