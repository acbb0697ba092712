/**
 * What a GitHub Actions job shows of a run, written by the tool itself so that a recipe need not: the job
 * summary (the behaviour report's Markdown and the exit line, appended to GITHUB_STEP_SUMMARY) and one
 * annotation per failing case and per reason the run fails (`::error`), which the run's page lists first.
 */
import type { BehaviourReport } from '../report/types.js';
import type { ExitDecision } from './exit-decision.js';

/** Annotation text: GitHub reads `%`, CR and LF as escapes in workflow commands. */
const escapeData = (text: string): string => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string): string => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** Most annotations GitHub shows for one step; the rest are in the reports. */
const MAX_ANNOTATIONS = 10;

export function githubAnnotations(report: BehaviourReport | undefined, decision: ExitDecision): string[] {
  const failing = (report?.cases ?? []).filter((c) => c.verdict === 'DEVIATES' || c.verdict === 'ERROR');
  const lines = [
    ...decision.runFailures.map((f) => `::error title=${escapeProperty(f.id)}::${escapeData(f.message)}`),
    ...failing.map(
      (c) => `::error title=${escapeProperty(`${c.verdict} ${c.id}`)}::${escapeData(`${c.specRef}: ${c.finding ?? c.observed ?? c.name}`)}`,
    ),
  ];
  return lines.length <= MAX_ANNOTATIONS
    ? lines
    : [
        ...lines.slice(0, MAX_ANNOTATIONS - 1),
        `::error title=more::${lines.length - MAX_ANNOTATIONS + 1} more (see behaviour-report.html)`,
      ];
}

/** The job summary: the report's Markdown when one was written, and the exit line last. */
export function githubSummary(markdown: string | undefined, exitLine: string): string {
  return `${markdown === undefined ? 'No behaviour report was written.' : markdown.trimEnd()}\n\n**${exitLine}**\n`;
}
