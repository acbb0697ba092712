/**
 * `npx tsx scripts/bench-start.ts [--runs 5]`: how fast the package's command starts, compiled (dist/, through
 * bin/subscription-conformance.mjs as `npx subscription-conformance` runs it) against the TypeScript sources
 * under tsx (`node --import <tsx> bin/cli.ts`, what the launcher runs when dist/ is missing or stale).
 * Builds dist/ first when it is not fresh. The two ways alternate, run by run, so that a change of load
 * between them weighs on both. Medians, in seconds from the spawn:
 *
 *   --help          the command's usage printed and the process gone (no child process);
 *   first request   `probe` against BASE_URL, a loopback server here that times the first request to arrive
 *                   (the setup check's), then the probe is stopped;
 *   embedded ready  `probe 01-spec` with no BASE_URL: the line naming the embedded reference's address, printed
 *                   once the run has it listening (before vitest starts: lib/run/run-environment.ts).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { compiledCli } from '../bin/support/compiled-entry.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { values: opts } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(opts.runs);

const WAYS = {
  compiled: [join(ROOT, 'bin', 'subscription-conformance.mjs')],
  tsx: ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href, join(ROOT, 'bin', 'cli.ts')],
} as const;
type Way = keyof typeof WAYS;

if (compiledCli(ROOT) === undefined) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

/**
 * Seconds from spawning `node <way> <args>` until `done` says so (given each output chunk and the time), or the
 * process exits; the process group is then stopped.
 */
function timeUntil(way: Way, args: string[], env: Record<string, string>, until: 'exit' | RegExp | Promise<number>): Promise<number> {
  const cwd = mkdtempSync(join(tmpdir(), 'bench-start-'));
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [...WAYS[way], ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    let measured: number | undefined;
    // The time is taken at `at`; the measure ends once the process group is gone, so that a killed process's
    // teardown (freeing its memory) does not run during the next measure's start.
    const finish = (at: number): void => {
      measured ??= (at - started) / 1000;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (until instanceof RegExp && until.test(output)) finish(performance.now());
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    if (until instanceof Promise) void until.then(finish);
    child.on('exit', (code) => {
      if (measured !== undefined) resolve(measured);
      else if (until === 'exit' && code === 0) resolve((performance.now() - started) / 1000);
      else reject(new Error(`${way} ${args.join(' ')}: exit ${code}\n${output}`));
    });
  });
}

async function firstRequest(way: Way): Promise<number> {
  let arrived: (at: number) => void = () => undefined;
  const first = new Promise<number>((resolve) => (arrived = resolve));
  const server = createServer((request, response) => {
    arrived(performance.now());
    request.resume();
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  try {
    return await timeUntil(way, ['probe'], { BASE_URL: `http://127.0.0.1:${port}`, ACCESS_TOKEN: 'bench-start' }, first);
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const measures = {
  '--help': (way: Way) => timeUntil(way, ['--help'], {}, 'exit'),
  'first request': firstRequest,
  'embedded ready': (way: Way) => timeUntil(way, ['probe', '01-spec'], {}, /target: embedded reference service at http/),
};
console.log(`median of ${runs} runs, seconds from the spawn`);
console.log('| measure | compiled | tsx |');
console.log('|---|---|---|');
for (const [name, measure] of Object.entries(measures)) {
  const times: Record<Way, number[]> = { compiled: [], tsx: [] };
  for (let i = 0; i < runs; i += 1) {
    for (const way of ['compiled', 'tsx'] as const) times[way].push(await measure(way));
  }
  console.log(`| ${name} | ${median(times.compiled).toFixed(2)} | ${median(times.tsx).toFixed(2)} |`);
}
