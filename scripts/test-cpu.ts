/**
 * `npx tsx scripts/test-cpu.ts [filters]`: where the CPU of the `tool` project goes, test file by test file (Linux).
 * Runs the project as `npm test` does (dist/ built first when stale, so the self-tests start the compiled command),
 * with a setup file (test/support/file-cpu.ts) that reads each worker's CPU before and after each file, and prints
 * the files by CPU, their own and their children's (probe, explain, cleanup ... children), with the totals.
 * On 2 cores the CPU is what bounds `npm test`'s wall time (docs/development.md, where the time goes).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiledCli } from '../bin/support/compiled-entry.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
if (compiledCli(ROOT) === undefined && spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);

const folder = mkdtempSync(join(tmpdir(), 'test-cpu-'));
const log = join(folder, 'files.jsonl');
// Read by vitest.config.ts, which then adds the setup file to the tool project.
process.env.FILE_CPU_LOG = log;
const { startVitest } = await import('vitest/node');
const vitest = await startVitest('test', process.argv.slice(2), { project: ['tool'], run: true, watch: false, reporters: ['dot'] });
await vitest.close();

type Row = [file: string, wall: number, own: number, children: number];
const rows = readFileSync(log, 'utf8')
  .split('\n')
  .filter((l) => l !== '')
  .map((l) => JSON.parse(l) as Row)
  .sort((a, b) => b[2] + b[3] - (a[2] + a[3]));
rmSync(folder, { recursive: true, force: true });
const sum = (i: 1 | 2 | 3): number => rows.reduce((n, r) => n + r[i], 0);
const s = (x: number): string => x.toFixed(1).padStart(7);
console.log(
  `\n${rows.length} files: ${s(sum(2))} s of CPU in the workers, ${s(sum(3))} s in their children, ${s(sum(1))} s of wall time summed`,
);
console.log('    cpu   children     wall  file');
for (const [file, wall, own, children] of rows.slice(0, 40))
  console.log(`${s(own)}    ${s(children)}  ${s(wall)}  ${relative(ROOT, file)}`);
