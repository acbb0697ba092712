/** A campaign as `probe ...args` runs it, in this process: the same command line and settings, its lines kept. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCommandLine, readSettings } from '../../bin/support/cli.js';
import { PROBE_OPTIONS } from '../../bin/support/probe-options.js';
import { isCampaign } from '../../lib/config/types.js';
import type { BehaviourReport } from '../../lib/report/types.js';
import type { CampaignIndex } from '../../lib/run/campaign-index.js';
import { runCampaign, type CampaignOutcome } from '../../lib/run/campaign.js';
import { FAST_PROBE_SETTINGS } from './fast-settings.js';
import { COMPILED } from '../run-tool.js';

export interface CampaignRun extends CampaignOutcome {
  reportDir: string;
  /** What the campaign printed, its last line included. */
  stdout: string[];
}

export interface CampaignCall {
  /** Stops the campaign as Ctrl-C would; by default a bound of 240 s. */
  stop?: AbortSignal;
  shard?: string;
  merge?: boolean;
  /** `probe --ui` over the document. */
  ui?: boolean;
  /** The name of the fresh report folder made when `env` gives no REPORT_DIR. */
  prefix?: string;
}

/** `probe ...args` with `env` over the fast test settings; REPORT_DIR in `env` wins over a fresh folder. */
export async function campaignLine(env: Record<string, string>, args: string[], call: CampaignCall = {}): Promise<CampaignRun> {
  const reportDir = env['REPORT_DIR'] ?? mkdtempSync(join(tmpdir(), call.prefix ?? 'campaign-'));
  const read = readCommandLine('probe', PROBE_OPTIONS, args);
  if (read.kind !== 'run') throw new Error(`probe line: ${read.kind}`);
  const settings = await readSettings('probe', read.line, {
    env: { ...FAST_PROBE_SETTINGS, REPORT_DIR: reportDir, ...env },
    cwd: reportDir,
  });
  if ('problems' in settings) throw new Error(settings.problems.join('\n'));
  if (!isCampaign(settings.settings)) throw new Error('not a campaign: OPENAPI without OPERATION_ID');
  const stdout: string[] = [];
  const outcome = await runCampaign(settings.settings, {
    filters: read.line.args.positionals,
    dryRun: read.line.args.values['dry-run'],
    out: { log: (line) => stdout.push(line), error: (line) => stdout.push(line) },
    cwd: reportDir,
    stop: call.stop ?? AbortSignal.timeout(240_000),
    suitesReadBuild: COMPILED,
    ...(call.shard !== undefined ? { shard: call.shard } : {}),
    ...(call.merge === true ? { mergeReports: true } : {}),
    ...(call.ui === true ? { ui: true } : {}),
    ...(read.line.args.values.contract !== undefined ? { contract: read.line.args.values.contract } : {}),
  });
  stdout.push(outcome.line);
  return { ...outcome, reportDir, stdout };
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

/** The campaign's index.json. */
export const campaignIndex = (run: CampaignRun): CampaignIndex => readJson<CampaignIndex>(join(run.reportDir, 'index.json'));

/** One operation's behaviour report in the campaign's folder. */
export const operationReport = (run: CampaignRun, id: string): BehaviourReport =>
  readJson<BehaviourReport>(join(run.reportDir, 'operations', id, 'behaviour-report.json'));
