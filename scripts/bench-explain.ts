/**
 * What `npm run explain` costs on the spec's five-field body (changeType, notificationUrl, resource,
 * expirationDateTime, clientState; values good, the notificationUrl a receiver this script starts), as a
 * user runs it: the CLI as a child process against the embedded reference, per profile and REPEATS.
 * Each profile is explained without a hint, with `--hint` of a report of the same profile (made first by
 * a fast probe run into a temporary REPORT_DIR), and with `--hint` of the default profile's report: for
 * another profile that report is of another target, and explain says it does not use it. The last rows
 * give that report with its profile rewritten to the one asked, as a stale report of the same target
 * would be: used, its prediction wrong, the answer must still be the profile's own.
 *
 * `benchExplain()` returns the rows (`npm run bench` puts them in reports/bench.json). Run directly it
 * prints them as a table:
 *   npx tsx scripts/bench-explain.ts
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startReceiver } from '../lib/receiver/server.js';
import { runTool } from '../test/run-tool.js';
import { fiveFieldBody } from '../test/support/five-field-body.js';

export interface ExplainBenchRow {
  profile: string;
  /** The --hint given: none, or the profile whose probe report it is. */
  hint: string;
  /** Whether explain used the hint (its `hint:` line does not say "not used"). */
  hintUsed: boolean;
  repeats: number;
  creates: number | undefined;
  deletes: number | undefined;
  /** Creates that asked a question again (REPEATS >= 2). */
  askedAgain: number;
  exitCode: number | null;
  /** The explanation's first sentence, up to its colon or semicolon ("Either changeType or resource makes it 400"). */
  cause: string;
}

/** Profiles that answer the five-field body's presence differently, or in another error shape. */
const PROFILES = ['default', 'v2-together', 'fastapi-like'] as const;

/** The report at `path` as if made against `profile`: a stale report of the target asked. */
function staleAs(path: string, profile: string): string {
  const report = JSON.parse(readFileSync(path, 'utf8')) as { run: { referenceProfile?: string } };
  report.run.referenceProfile = profile;
  const out = join(mkdtempSync(join(tmpdir(), 'bench-explain-stale-')), 'behaviour-report.json');
  writeFileSync(out, JSON.stringify(report));
  return out;
}

/** A probe run of the profile at a fast rate, as a user would make the report a hint is; its path. */
async function probeReport(profile: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), `bench-explain-report-${profile}-`));
  const run = await runTool('probe', {
    cwd: dir,
    env: { REFERENCE_PROFILE: profile, REPORT_DIR: dir, REQUESTS_PER_SECOND: '1000', CONCURRENCY: '8' },
    timeoutMs: 300_000,
  });
  const path = join(dir, 'behaviour-report.json');
  if (!existsSync(path))
    throw new Error(`bench-explain: the probe of profile ${profile} wrote no report (exit ${String(run.code)}): ${run.stderr.slice(-400)}`);
  return path;
}

export async function benchExplain(repeatsList: readonly number[] = [1, 2]): Promise<ExplainBenchRow[]> {
  const receiver = await startReceiver();
  const rows: ExplainBenchRow[] = [];
  try {
    const body = fiveFieldBody(receiver.url);
    const reports = new Map<string, string>();
    for (const profile of PROFILES) reports.set(profile, await probeReport(profile));
    const stale = (profile: string): string => `default's report, stale as ${profile}'s`;
    for (const profile of PROFILES.filter((p) => p !== 'default'))
      reports.set(stale(profile), staleAs(reports.get('default') ?? '', profile));
    for (const profile of PROFILES) {
      const hints = [undefined, ...new Set([profile, 'default']), ...(profile === 'default' ? [] : [stale(profile)])];
      for (const hint of hints) {
        for (const repeats of repeatsList) {
          const hintArgs = hint === undefined ? [] : ['--hint', reports.get(hint) ?? ''];
          const run = await runTool('explain', {
            cwd: mkdtempSync(join(tmpdir(), 'bench-explain-')),
            env: { REFERENCE_PROFILE: profile, REPEATS: String(repeats), NOTIFICATION_URL: receiver.url },
            args: [...hintArgs, '-'],
            stdin: JSON.stringify(body),
            timeoutMs: 120_000,
          });
          const counts =
            /^Requests: \d+ of the budget of \d+ \((\d+) creates?, (\d+) deletes?(?:; (\d+) of the creates? asked again)?/m.exec(
              run.stdout,
            );
          const cause =
            (/^Cause: ([^:]+):/m.exec(run.stdout) ?? /^([^:;\n]*? (?:causes? the|makes? it) \d{3})/m.exec(run.stdout))?.[1] ?? '';
          rows.push({
            profile,
            hint: hint === undefined ? 'none' : PROFILES.some((p) => p === hint) ? `${hint}'s report` : hint,
            hintUsed: hint !== undefined && /^hint: /m.test(run.stdout) && !/^hint: .* not used: /m.test(run.stdout),
            repeats,
            creates: counts?.[1] === undefined ? undefined : Number(counts[1]),
            deletes: counts?.[2] === undefined ? undefined : Number(counts[2]),
            askedAgain: Number(counts?.[3] ?? 0),
            exitCode: run.code,
            cause,
          });
        }
      }
    }
  } finally {
    await receiver.close();
  }
  return rows;
}

export function formatExplainBench(rows: readonly ExplainBenchRow[]): string {
  const header = ['profile', '--hint', 'used', 'REPEATS', 'creates', 'deletes', 'asked again', 'exit', 'cause'];
  const lines = rows.map((r) => [
    r.profile,
    r.hint,
    r.hint === 'none' ? '-' : r.hintUsed ? 'yes' : 'no',
    String(r.repeats),
    String(r.creates ?? '?'),
    String(r.deletes ?? '?'),
    String(r.askedAgain),
    String(r.exitCode),
    r.cause,
  ]);
  const widths = header.map((h, k) => Math.max(h.length, ...lines.map((l) => (l[k] ?? '').length)));
  const row = (cells: readonly string[]): string =>
    cells.map((c, k) => (k === cells.length - 1 ? c : k <= 2 ? c.padEnd(widths[k] ?? 0) : c.padStart(widths[k] ?? 0))).join('  ');
  return [row(header), ...lines.map(row)].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(formatExplainBench(await benchExplain()));
}
