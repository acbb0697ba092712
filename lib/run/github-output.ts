/**
 * What a GitHub Actions job shows of a run, written by the tool itself so that a recipe need not: the job
 * summary (the behaviour report's Markdown and the exit line, appended to GITHUB_STEP_SUMMARY) and annotations:
 * an `::error` per failing case and per reason the run fails, a `::notice` per case that deviated as expected.
 * GitHub shows at most 10 annotations of a type per step and 50 per job and drops the rest without a word, so each
 * type is cut to fit, its last shown line saying how many more there are and where they are.
 */
import { failingCases, shownVerdict } from '../report/report-counts.js';
import type { BehaviourReport } from '../report/types.js';
import type { ExitDecision } from './exit-decision.js';

/** Annotation text: GitHub reads `%`, CR and LF as escapes in workflow commands. */
const escapeData = (text: string): string => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string): string => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** Most annotations of one type (error, warning, notice) GitHub shows for one step. */
export const MAX_ANNOTATIONS_PER_TYPE = 10;
/** Most annotations GitHub shows for one job. */
export const MAX_ANNOTATIONS_PER_JOB = 50;

type AnnotationType = 'error' | 'notice';
export interface Annotation {
  type: AnnotationType;
  title: string;
  message: string;
}

export interface AnnotationOptions {
  /** Where the rest are to be read: the job summary when there is one, else the HTML report. */
  restIn?: 'job summary' | 'behaviour-report.html';
}

export function githubAnnotations(report: BehaviourReport | undefined, decision: ExitDecision, options: AnnotationOptions = {}): string[] {
  return annotationLines(runAnnotations(report, decision.runFailures), options.restIn ?? 'behaviour-report.html');
}

/** A run's annotations before the caps: each reason it fails, each failing case, each case that deviated as expected. */
export function runAnnotations(
  report: BehaviourReport | undefined,
  runFailures: readonly { id: string; message: string }[],
  prefix = '',
): Annotation[] {
  const cases = report?.cases ?? [];
  return [
    ...runFailures.map((f): Annotation => ({ type: 'error', title: `${prefix}${f.id}`, message: f.message })),
    ...failingCases({ cases }).map(
      (c): Annotation => ({
        type: 'error',
        title: `${prefix}${c.verdict} ${c.id}`,
        message: `${c.specRef}: ${c.finding ?? c.observed ?? c.name}`,
      }),
    ),
    ...cases.flatMap((c): Annotation[] =>
      c.expectation === undefined
        ? []
        : [{ type: 'notice', title: `${prefix}${c.verdict} (expected) ${c.id}`, message: `${shownVerdict(c)} (${c.specRef})` }],
    ),
  ];
}

/** The workflow commands of these annotations, cut to GitHub's caps; the rest are said to be in `restIn`. */
export function annotationLines(annotations: readonly Annotation[], restIn: string): string[] {
  return capped(annotations, restIn).map((a) => `::${a.type} title=${escapeProperty(a.title)}::${escapeData(a.message)}`);
}

/** Each type cut to its cap, its last line summing up the rest; then the job's cap over all types. */
function capped(annotations: readonly Annotation[], restIn: string): Annotation[] {
  const byType = new Map<AnnotationType, Annotation[]>();
  for (const a of annotations) byType.set(a.type, [...(byType.get(a.type) ?? []), a]);
  const perJob = Math.floor(MAX_ANNOTATIONS_PER_JOB / Math.max(1, byType.size));
  const cap = Math.min(MAX_ANNOTATIONS_PER_TYPE, perJob);
  return [...byType].flatMap(([type, list]) => {
    if (list.length <= cap) return list;
    const rest = list.length - cap + 1;
    const what = type === 'error' ? 'failures' : 'expected deviations';
    return [
      ...list.slice(0, cap - 1),
      { type, title: `${rest} more ${what}`, message: `${rest} more ${what} not annotated here: see the ${restIn}` },
    ];
  });
}

/** What a shard's job summary says instead of a report: the shard writes none, the merge job does. */
export interface ShardSummary {
  shard: string;
}

/** The job summary: the report's Markdown when one was written (a shard's says where its results are), and the exit line last. */
export function githubSummary(markdown: string | undefined, exitLine: string, shard?: ShardSummary): string {
  const [k, n] = (shard?.shard ?? '').split('/');
  const body =
    markdown !== undefined
      ? markdown.trimEnd()
      : shard !== undefined
        ? `shard ${k ?? '?'} of ${n ?? '?'}: results in the merge job (this shard wrote its blob report; the merge job writes the behaviour report and its summary)`
        : 'No behaviour report was written.';
  return `${body}\n\n**${exitLine}**\n`;
}
