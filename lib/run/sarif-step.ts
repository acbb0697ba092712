/**
 * reports/results.sarif, written beside the other reports: where its results point (the operation description the
 * run probed, as the repository names it) and the text, passed through the run's redaction step once more.
 */
import { readFileSync, rmSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { resolveOperationPath } from '../config/operation-parser.js';
import type { Settings } from '../config/types.js';
import { runRedactor } from '../redaction/run-redactor.js';
import { writeFileAtomic } from '../report/atomic-write.js';
import { fieldLines, partialReason, renderSarif, sarifText, type SarifArtifact } from '../report/render-sarif.js';
import type { BehaviourReport } from '../report/types.js';

/** The operation's file: the OpenAPI document it was built from, else its description file; as given when none is known. */
export interface OperationFile {
  /** Where to read it, when there is a file. */
  path?: string;
  /** As SARIF names it: relative to the working folder (the repository's root in CI), `/`-separated. */
  uri: string;
}

export function operationFile(settings: Settings, cwd: string): OperationFile {
  const { openapi, operation } = settings.target;
  const path = openapi ?? (operation.source !== undefined ? resolveOperationPath(operation.source, cwd) : undefined);
  if (path === undefined) return { uri: `${operation.id}.operation.json` };
  const rel = relative(cwd, path);
  // A file outside the working folder (a tool installed elsewhere) is named as it was given: code scanning shows
  // results on files of the repository only, and an absolute path names a machine's folders.
  const inside = rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
  return { path, uri: (inside ? rel : (operation.source ?? rel)).split(sep).join('/') };
}

/** A complete run's SARIF: the file a workflow uploads to code scanning. */
export const SARIF_FILE = 'results.sarif';
/**
 * A partial run's (stopped, or filtered to some suites): code scanning would close the alerts of every case it did not
 * run, so it never takes the complete run's name, and the shipped workflow, which uploads that name only, leaves it.
 */
export const PARTIAL_SARIF_FILE = 'results.partial.sarif';

export async function writeSarif(
  report: BehaviourReport,
  reportDir: string,
  file: OperationFile,
  toolVersion: string,
  partial?: string,
): Promise<string> {
  let text = '';
  try {
    if (file.path !== undefined) text = readFileSync(file.path, 'utf8');
  } catch {
    // Without the file's text, results point to the file, not to a line of it.
  }
  const artifact: SarifArtifact = { uri: file.uri, fieldLines: fieldLines(text, report.operation.fields) };
  const reason = partialReason(report, partial);
  const path = join(reportDir, reason === undefined ? SARIF_FILE : PARTIAL_SARIF_FILE);
  await writeFileAtomic(
    path,
    runRedactor().redact(sarifText(renderSarif(report, { toolVersion, artifact, ...(reason !== undefined ? { partial: reason } : {}) }))),
  );
  // The other name is an earlier run's: left beside this run's reports, it would be taken for this run's.
  rmSync(join(reportDir, reason === undefined ? PARTIAL_SARIF_FILE : SARIF_FILE), { force: true });
  return path;
}
