/**
 * `npm run bench`: the suite's speed against the limits of this machine. Prints a table and writes
 * reports/bench.json. A script, not a timed test: the figures vary with the machine and its load.
 *
 *   0. the machine's speed (bin/support/machine-speed.ts), so that figures of different days compare;
 *   1. a full probe run against the embedded reference service (and 1b, the twelve-field Graph description against
 *      its rule profile): wall time, requests, peak memory (the
 *      probe process's own, vitest's worker thread included, and the sum over its process tree, npm-free),
 *      the load average around it, and per suite the requests and wall time, with what the
 *      same suite would take at the default 10 requests per second;
 *   2. the HTTP engine's sustained rate against the reference service versus autocannon's against
 *      the same service in the same run (goal: ratio >= 0.9);
 *   3. exploration: share of random rules recovered exactly and requests used, n = 5, 10, 20, 30;
 *   4. explain on the spec's five-field body: creates and deletes per reference profile, --hint and REPEATS.
 *
 * Options: --rps N (probe run's REQUESTS_PER_SECOND, default 1000), --seconds N (rate runs, default 5),
 *          --rounds N (alternating engine/autocannon rounds, default 2), --skip-probe, --skip-explore,
 *          --skip-explain.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { HttpEngine } from '../lib/http/engine.js';
import { classifyAnswer } from '../lib/answer/classify.js';
import { subscriptionCreate } from '../lib/operation/index.js';
import { Secret } from '../lib/secret.js';
import { parseSuiteCosts, type SuiteCost } from '../lib/vitest/requests-by-suite.js';
import { formatMachineSpeed, machineSpeed } from '../bin/support/machine-speed.js';
import { treeRssSampler } from './process-tree-rss.js';
import { benchExplore, benchNearKnown, formatBench, formatNearKnown, type BenchRow } from './bench-explore.js';
import { benchExplain, formatExplainBench } from './bench-explain.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const { values: opts } = parseArgs({
  options: {
    rps: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '2' },
    'skip-probe': { type: 'boolean', default: false },
    'skip-explore': { type: 'boolean', default: false },
    'skip-explain': { type: 'boolean', default: false },
  },
});
const seconds = Number(opts.seconds);
const rounds = Number(opts.rounds);

interface SuiteRow extends SuiteCost {
  /** What the suite would take at the default 10 requests/s: its requests at that rate plus the time it spent not sending (waits). */
  estimatedSecondsAt10: number;
}
interface ProbeFigures {
  wallSeconds: number;
  requests: number;
  /** Subscriptions the run created (the ledger's count): each one accepted create, a handshake and a delete. */
  acceptedCreates: number | undefined;
  /** The report's settled curve: the average request at which a finding settled, and the last. */
  settled: { findings: number; meanRequests: number; lastRequests: number } | undefined;
  /** The probe process's own peak (maxRSS: vitest's worker is a thread of it), as the probe prints it. */
  peakMemoryMb: number | undefined;
  /** Peak of the summed resident memory of the probe's process tree (node and tsx's esbuild service; sampled every 100 ms, Linux only). */
  treePeakMemoryMb: number | undefined;
  loadAverage: { before: number; after: number };
  suites: SuiteRow[];
  exitCode: number | null;
  rps: number;
}

/** At `rps` a suite's sending took about requests / rps; the rest of its time was waiting, which 10 req/s does not change. */
function estimateAt10(row: SuiteCost, rps: number): SuiteRow {
  const waiting = Math.max(0, row.seconds - row.requests / rps);
  return { ...row, estimatedSecondsAt10: row.requests / 10 + waiting };
}

/**
 * `npm run probe`'s command line (package.json), without npm: node's flags (the probe's memory settings)
 * and tsx, resolved from the project, so that the probe runs in the report folder and reads
 * no .env of the developer's.
 */
function probeCommand(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { probe: string } };
  const [command, ...args] = pkg.scripts.probe.split(/\s+/);
  if (command !== 'node') throw new Error(`bench: package.json's probe script does not start with node: ${pkg.scripts.probe}`);
  // The script's paths are the project's; the child runs in a report folder of its own.
  return args.map((word) =>
    word === 'tsx' ? import.meta.resolve('tsx') : word.includes('/') && existsSync(join(ROOT, word)) ? join(ROOT, word) : word,
  );
}

/** 1. The probe as a user runs it, in a child process with a fresh report folder; `env` adds settings (the Graph run's). */
async function benchProbe(rps: number, env: Record<string, string> = {}): Promise<ProbeFigures> {
  const reportDir = mkdtempSync(join(tmpdir(), 'bench-probe-'));
  const loadBefore = loadavg()[0] ?? 0;
  const started = performance.now();
  let sampler: ReturnType<typeof treeRssSampler> | undefined;
  const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
    const child = spawn(process.execPath, probeCommand(), {
      cwd: reportDir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        REPORT_DIR: reportDir,
        REQUESTS_PER_SECOND: String(rps),
        CONCURRENCY: '8',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    if (child.pid !== undefined) sampler = treeRssSampler(child.pid, 100);
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 15 * 60_000);
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      resolve({ code: exitCode, stdout: out });
    });
  });
  const wallSeconds = (performance.now() - started) / 1000;
  const treePeak = sampler?.stop();
  const report = JSON.parse(readFileSync(join(reportDir, 'behaviour-report.json'), 'utf8')) as {
    run: { requestsSent: number; settled?: { points: unknown[]; meanRequests: number; lastRequests: number } };
  };
  const memory = /peak memory: (\d+(?:\.\d+)?) MB/.exec(stdout);
  const created = /this run created (\d+) subscription/.exec(stdout);
  const settled = report.run.settled;
  return {
    wallSeconds,
    requests: report.run.requestsSent,
    acceptedCreates: created ? Number(created[1]) : undefined,
    settled:
      settled === undefined
        ? undefined
        : { findings: settled.points.length, meanRequests: settled.meanRequests, lastRequests: settled.lastRequests },
    peakMemoryMb: memory ? Number(memory[1]) : undefined,
    treePeakMemoryMb: treePeak === undefined ? undefined : Math.round(treePeak / 1024 / 1024),
    loadAverage: { before: loadBefore, after: loadavg()[0] ?? 0 },
    suites: parseSuiteCosts(stdout).map((row) => estimateAt10(row, rps)),
    exitCode: code,
    rps,
  };
}

/** Starts `npm run reference` as its own process, so load generator and server do not share a thread. */
async function startReferenceProcess(token: string): Promise<{ url: string; stop: () => void }> {
  const child = spawn(TSX, [join(ROOT, 'bin/reference.ts')], {
    env: { ...process.env, ACCESS_TOKEN: token },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('reference did not start within 30 s')), 30_000);
    child.stdout.once('data', (chunk: Buffer) => {
      clearTimeout(timer);
      resolve(chunk.toString().split('\n')[0]?.trim() ?? '');
    });
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

const CONNECTIONS = 10;
const BODY = '{}'; // rejected at once (400): no state on the server, every request costs the same

/** 2a. The engine: CONNECTIONS workers sending for `seconds`, classifying every answer as the suites do. */
async function engineRate(url: string, token: string): Promise<number> {
  const engine = new HttpEngine({
    baseUrl: url,
    token: new Secret(token),
    requestTimeoutMs: 10_000,
    requestsPerSecond: 1_000_000,
    concurrency: CONNECTIONS,
    maxRequests: 10_000_000,
    maxRunTimeMs: (seconds + 30) * 1000,
    maxRetries: 0,
    defaultRetryAfterMs: 1000,
    maxRetryAfterMs: 1000,
    maxRecordedBodyBytes: 65_536,
  });
  let done = 0;
  const until = performance.now() + seconds * 1000;
  const worker = async (): Promise<void> => {
    while (performance.now() < until) {
      const exchange = await engine.send({
        method: 'POST',
        path: subscriptionCreate.path,
        headers: { 'content-type': 'application/json' },
        body: BODY,
      });
      classifyAnswer(exchange);
      done += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const elapsed = (performance.now() - started) / 1000;
  await engine.close();
  return done / elapsed;
}

/** 2b. autocannon against the same endpoint with the same request. */
async function autocannonRate(url: string, token: string): Promise<number> {
  const result = await autocannon({
    url: `${url}${subscriptionCreate.path}`,
    connections: CONNECTIONS,
    duration: seconds,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: BODY,
  });
  return result.requests.total / (result.duration || seconds);
}

// First, while nothing of the bench runs: the figures below only compare across machines with it.
const speed = machineSpeed();
console.log(formatMachineSpeed(speed));
const results: Record<string, unknown> = { machine: { ...speed, node: process.version }, when: new Date().toISOString() };

/** Table 1's lines for one probe run. */
function printProbe(title: string, probe: ProbeFigures): void {
  console.log(`\n${title}`);
  console.log(
    `   wall ${probe.wallSeconds.toFixed(1)} s, ${probe.requests} requests, ${probe.acceptedCreates ?? '?'} accepted creates, peak memory ${probe.peakMemoryMb ?? '?'} MB (process tree ${probe.treePeakMemoryMb ?? '?'} MB), exit ${probe.exitCode}`,
  );
  console.log(
    probe.settled === undefined
      ? '   findings settled: no curve (the report has none)'
      : `   findings settled: ${probe.settled.findings}, on average after ${probe.settled.meanRequests} requests (the curve's area), the last after ${probe.settled.lastRequests}`,
  );
  console.log(
    `   load average ${probe.loadAverage.before.toFixed(2)} before, ${probe.loadAverage.after.toFixed(2)} after on ${availableParallelism()} cores`,
  );
  console.log(formatSuiteTable(probe.suites, probe.rps).replace(/^/gm, '   '));
}

/** The twelve-field Graph description against the reference's rule profile for it (docs/performance.md's second column). */
const GRAPH_RUN = { OPERATION: join(ROOT, 'operations/graph-subscription-v1.json'), REFERENCE_PROFILE: 'graph-v1-rules', SEED: '1' };

if (!opts['skip-probe']) {
  const probe = await benchProbe(Number(opts.rps));
  results.probe = probe;
  printProbe(`1. full probe run (embedded reference, REQUESTS_PER_SECOND=${probe.rps}, CONCURRENCY=8)`, probe);
  const graph = await benchProbe(Number(opts.rps), GRAPH_RUN);
  results.graphProbe = graph;
  printProbe(`1b. the Graph description, 12 fields (REFERENCE_PROFILE=graph-v1-rules, SEED=1, REQUESTS_PER_SECOND=${graph.rps})`, graph);
}

/** Per suite: requests, wall time at this run's rate, and the estimate at 10 requests/s. */
function formatSuiteTable(rows: readonly SuiteRow[], rps: number): string {
  const header = ['suite', 'requests', `seconds at ${rps}/s`, 'seconds at 10/s (estimate)'];
  const lines = rows.map((r) => [r.suite, String(r.requests), r.seconds.toFixed(1), r.estimatedSecondsAt10.toFixed(0)]);
  const total = rows.reduce(
    (sum, r) => ({ requests: sum.requests + r.requests, seconds: sum.seconds + r.seconds, at10: sum.at10 + r.estimatedSecondsAt10 }),
    { requests: 0, seconds: 0, at10: 0 },
  );
  lines.push(['all suites', String(total.requests), total.seconds.toFixed(1), total.at10.toFixed(0)]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  return [header, ...lines]
    .map((l) => l.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  '))
    .join('\n');
}

const token = randomBytes(16).toString('hex');
const reference = await startReferenceProcess(token);
try {
  const engine: number[] = [];
  const cannon: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    cannon.push(await autocannonRate(reference.url, token));
    engine.push(await engineRate(reference.url, token));
  }
  const best = (xs: number[]): number => Math.max(...xs);
  const rate = {
    engine: engine.map(Math.round),
    autocannon: cannon.map(Math.round),
    ratio: best(engine) / best(cannon),
    connections: CONNECTIONS,
    seconds,
    rounds,
  };
  results.rate = rate;
  console.log(`\n2. sustained rate, ${CONNECTIONS} connections, ${seconds} s x ${rounds} rounds (best of each)`);
  console.log(
    `   engine ${Math.round(best(engine))} req/s, autocannon ${Math.round(best(cannon))} req/s, ratio ${rate.ratio.toFixed(2)} (goal >= 0.90)`,
  );
} finally {
  reference.stop();
}

if (!opts['skip-explore']) {
  const rows: BenchRow[] = await benchExplore();
  results.explore = rows;
  console.log('\n3. exploration: 50 random rules per size (roles + up to 3 IDL dependencies)');
  console.log(formatBench(rows).replace(/^/gm, '   '));
  // Islands near a known body (a reported body one or two changes off): the explorer checks its neighbourhood first.
  const near = [...(await benchNearKnown({}, 1)), ...(await benchNearKnown({}, 2))];
  results.exploreNearKnown = near;
  console.log('\n   island rules, a known body one or two changes from an accepted combination (errors name nothing):');
  console.log(formatNearKnown(near).replace(/^/gm, '   '));
}

if (!opts['skip-explain']) {
  const rows = await benchExplain();
  results.explain = rows;
  console.log("\n4. explain on the spec's five-field body (embedded reference, values good)");
  console.log(formatExplainBench(rows).replace(/^/gm, '   '));
}

mkdirSync(join(ROOT, 'reports'), { recursive: true });
writeFileSync(join(ROOT, 'reports', 'bench.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log('\nwritten: reports/bench.json');
