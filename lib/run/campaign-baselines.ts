/**
 * Baselines over a campaign. Each operation run fit to be a baseline (lib/baseline/extract-baseline.ts) leaves one in
 * its folder, REPORT_DIR/operations/<id>/baseline.json, as `npm run baseline` would write it from that run's report.
 * BASELINE given as an earlier campaign's REPORT_DIR (or its index.json) gives each operation its own baseline from
 * there; a baseline file given instead applies to the operation it names only. A run with no earlier baseline is not
 * compared, and its index entry says so.
 */
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { readBaseline, writeBaseline } from '../baseline/baseline-file.js';
import { defaultTargetName, extractBaseline, unfitForBaseline } from '../baseline/extract-baseline.js';
import { BaselineFileError } from '../errors.js';
import type { BehaviourReport } from '../report/types.js';
import type { IndexEntry } from './campaign-index.js';

/** The baseline file a campaign leaves in each operation's folder. */
export const OPERATION_BASELINE_FILE = 'baseline.json';

const INDEX_FILE = 'index.json';

/** Is this BASELINE an earlier campaign's: its REPORT_DIR or its index.json. */
export function isCampaignBaseline(given: string): boolean {
  return basename(given) === INDEX_FILE || (existsSync(given) && statSync(given).isDirectory());
}

/** The baseline files of an earlier campaign's operations, from its index; or the one line that says why not. */
async function indexedBaselines(given: string): Promise<string[] | string> {
  const indexPath = basename(given) === INDEX_FILE ? given : join(given, INDEX_FILE);
  let operations: unknown;
  try {
    operations = (JSON.parse(await readFile(indexPath, 'utf8')) as { operations?: unknown }).operations;
  } catch (error) {
    return `${indexPath}: not a campaign's index (${error instanceof Error ? error.message : String(error)})`;
  }
  if (!Array.isArray(operations)) return `${indexPath}: not a campaign's index (no operations)`;
  return operations
    .map((e) => (e as { folder?: unknown }).folder)
    .filter((folder): folder is string => typeof folder === 'string')
    .map((folder) => join(dirname(indexPath), folder, OPERATION_BASELINE_FILE))
    .filter((file) => existsSync(file));
}

/**
 * Each operation's baseline file, by the operation's id as its baseline names it (an OperationSpec's id), read and
 * checked before anything is sent; or the one line that stops the campaign. None given: none.
 */
export async function earlierBaselines(given: string | undefined): Promise<Map<string, string> | string> {
  const byOperation = new Map<string, string>();
  if (given === undefined) return byOperation;
  const files = isCampaignBaseline(given) ? await indexedBaselines(given) : [given];
  if (typeof files === 'string') return `baseline ${files}`;
  for (const file of files) {
    try {
      byOperation.set((await readBaseline(file)).operation.id, file);
    } catch (error) {
      if (!(error instanceof BaselineFileError)) throw error;
      return `baseline ${file}: ${error.problems.join('; ')}`;
    }
  }
  return byOperation;
}

/**
 * The run's baseline written in its folder when its report is fit to be one, under TARGET_NAME or the name
 * `npm run baseline` would give it; what the index says of it: the file (relative to REPORT_DIR), or why there is none.
 */
export async function keepOperationBaseline(
  report: BehaviourReport | undefined,
  reportDir: string,
  folder: string,
  targetName: string | undefined,
): Promise<Pick<IndexEntry, 'baseline' | 'noBaseline'>> {
  if (report === undefined) return { noBaseline: 'the run wrote no report' };
  const unfit = unfitForBaseline(report);
  if (unfit !== undefined) return { noBaseline: unfit };
  const file = join(folder, OPERATION_BASELINE_FILE);
  await writeBaseline(join(reportDir, file), extractBaseline(report, targetName ?? defaultTargetName(report.run)));
  return { baseline: file };
}
