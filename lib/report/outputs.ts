/**
 * Every file a run writes is an output: where it goes and how it is rendered from the finished run. One writer renders
 * them all, looks in each rendered text for a fragment of a secret before anything reaches the disk, passes each
 * through the run's redaction step, holds back any a schema refuses, and writes each atomically. A secret in a
 * rendered text means a redaction upstream missed it (the records, the exchanges are redacted as they are made): the
 * file is written with it redacted, and the writer says which, so that the run fails. Adding a format is adding
 * one entry to a list: the report's (lib/report/report-outputs.ts), the observed contract's
 * (lib/contract/contract-outputs.ts), or the run's (lib/run/run-outputs.ts), which joins them.
 */
import { appendFile, mkdir, rm } from 'node:fs/promises';
import { dirname, isAbsolute, join } from 'node:path';
import { writeFileAtomic } from './atomic-write.js';

/** Where outputs go: the report folder, against which their file names are read. */
export interface OutputPlace {
  reportDir: string;
}

export interface Output<Run> {
  /**
   * The file: a name in the report folder, or an absolute path (the job summary's, which the settings name);
   * undefined when this run has none there.
   */
  file(run: Run): string | undefined;
  /** Its text, or undefined when this run has none (no exchange log, no contract document, not in CI). */
  render(run: Run): string | undefined;
  /** The schema's complaints about what it renders from (empty: valid); an output with any is not written. */
  validate?(run: Run): Promise<readonly string[]> | readonly string[];
  /** Added to the end of the file rather than replacing it (GitHub's job summary is one file for every step). */
  append?: boolean;
  /** Files of an earlier run it takes the place of, removed when it is written (a partial SARIF, a complete one's). */
  replaces?(run: Run): readonly string[];
}

/** What the redaction step offers the writer: the run's (lib/redaction/run-redactor.ts), or a test's. */
export interface OutputRedactor {
  redact(text: string): string;
  occursIn(text: string): boolean;
}

/** One output rendered, not yet written. */
export interface RenderedOutput {
  path: string;
  text: string;
  append: boolean;
  replaces: string[];
  /** A fragment of a secret was in its rendered text (written redacted). */
  leak: boolean;
  /** Held back: what its schema refused. */
  problems: readonly string[];
  /** This run has no such file (nothing to say): an earlier run's of the name is removed, so none is read as this run's. */
  none?: true;
}

export interface WrittenOutputs {
  /** Every file written, in the order of the list. */
  written: string[];
  /** Files whose rendered text held a fragment of a secret: written with it redacted. */
  leaks: string[];
  /** Files held back because their schema refused what they render. */
  invalid: { path: string; problems: readonly string[] }[];
}

/** Renders every output and checks each; nothing is written yet. */
export async function renderOutputs<Run extends OutputPlace>(
  outputs: readonly Output<Run>[],
  run: Run,
  redactor: OutputRedactor,
): Promise<RenderedOutput[]> {
  const rendered: RenderedOutput[] = [];
  for (const output of outputs) {
    const file = output.file(run);
    if (file === undefined) continue;
    const problems = (await output.validate?.(run)) ?? [];
    const raw = problems.length > 0 ? '' : output.render(run);
    const inFolder = (name: string): string => (isAbsolute(name) ? name : join(run.reportDir, name));
    if (raw === undefined) {
      // A file of the report folder that this run does not write; a file elsewhere (the job summary) is not the run's.
      if (output.append !== true && !isAbsolute(file))
        rendered.push({ path: inFolder(file), text: '', append: false, replaces: [], leak: false, problems: [], none: true });
      continue;
    }
    const leak = redactor.occursIn(raw);
    rendered.push({
      path: inFolder(file),
      text: leak ? redactor.redact(raw) : raw,
      append: output.append === true,
      replaces: (output.replaces?.(run) ?? []).map(inFolder),
      leak,
      problems,
    });
  }
  return rendered;
}

/**
 * Writes what was rendered and passed its checks: each file atomically (appended, for an output that appends). In the
 * report folder, a file this run has none of, or holds back, is removed: the folder holds this run's files only.
 */
export async function writeRendered(rendered: readonly RenderedOutput[]): Promise<WrittenOutputs> {
  const result: WrittenOutputs = { written: [], leaks: [], invalid: [] };
  for (const output of rendered) {
    // An earlier run's file of this name would be read as this run's: one this run has none of, or holds back, goes.
    if (output.none === true || (output.problems.length > 0 && !output.append)) await rm(output.path, { force: true });
    if (output.none === true) continue;
    if (output.problems.length > 0) {
      result.invalid.push({ path: output.path, problems: output.problems });
      continue;
    }
    if (output.leak) result.leaks.push(output.path);
    await mkdir(dirname(output.path), { recursive: true });
    if (output.append) await appendFile(output.path, output.text);
    else await writeFileAtomic(output.path, output.text);
    for (const old of output.replaces) await rm(old, { force: true });
    result.written.push(output.path);
  }
  return result;
}

/** Renders, checks and writes: the whole step, for a caller whose outputs do not depend on what the checks find. */
export async function writeOutputs<Run extends OutputPlace>(
  outputs: readonly Output<Run>[],
  run: Run,
  redactor: OutputRedactor,
): Promise<WrittenOutputs> {
  return writeRendered(await renderOutputs(outputs, run, redactor));
}

/** An output whose file is a fixed name in the report folder. */
export function named<Run>(
  file: string,
  render: (run: Run) => string | undefined,
  more: Omit<Output<Run>, 'file' | 'render'> = {},
): Output<Run> {
  return { file: () => file, render, ...more };
}
