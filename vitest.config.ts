import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { compiledCli } from './bin/support/compiled-entry.mjs';
import { nameOrderSequencer } from './lib/vitest/name-order-sequencer.js';
import { moduleCache, suitesProject } from './lib/vitest/suites-config.js';

/**
 * Two projects:
 * - `tool`: the tool's own tests (unit tests beside the code in lib/ and reference/, self-tests in test/).
 * - `suites`: the conformance suites that probe a target (lib/vitest/suites-config.ts, which a probe run gives
 *   vitest inline instead of reading this file).
 * The sequencer is set at the root, the only place vitest 4.1 reads it; it orders the `suites`
 * project's files by name and leaves the `tool` project's order to vitest.
 */
// Vite fills process.env.BASE_URL with its own base ("/") when it is unset; our BASE_URL setting is read
// before vitest starts and reaches the suites by `provide` (lib/run/run-probe.ts), so nothing here reads it.

/**
 * The `tool` files that take longest, longest first (measured: docs/development.md, where the time
 * goes). Started first, they overlap the many short files instead of leaving one worker alone at the end.
 */
const TOOL_WORKERS = 3;
const SLOWEST_TOOL_FILES = [
  'test/contract-round-trip.test.ts',
  'test/events.test.ts',
  'test/campaign-producers.test.ts',
  'test/fault-drills.test.ts',
  'test/campaign.test.ts',
  'test/cleanup.test.ts',
  'test/auth.test.ts',
  'test/many-fields.test.ts',
  'test/sharding.test.ts',
  'test/transport-honesty.test.ts',
  'test/state-refusals.test.ts',
  'test/contract-tools.test.ts',
  'test/hostile-target.test.ts',
  'test/no-delete-path.test.ts',
  'test/contract-cli.test.ts',
  'test/explain-har.test.ts',
  'test/expectations.test.ts',
  'test/properties.test.ts',
  'test/baseline-drift.test.ts',
  'test/explain-cli.test.ts',
  'test/limits-nameless.test.ts',
  'test/quick-start.test.ts',
  'test/campaign-shards.test.ts',
  'test/interrupt.test.ts',
  'test/operation-file.test.ts',
  'test/lifecycle.test.ts',
  'test/dry-run.test.ts',
  'test/campaign-outputs.test.ts',
];

// The suites read lib/ compiled when dist/ is fresh (lib/vitest/compiled-lib.ts), decided once per run.
const ROOT = fileURLToPath(new URL('.', import.meta.url));
const COMPILED_LIB = compiledCli(ROOT) !== undefined;
const cache = moduleCache(ROOT, COMPILED_LIB);

export default defineConfig({
  plugins: [cache.plugin],
  test: {
    experimental: cache.settings,
    sequence: { sequencer: nameOrderSequencer(['suites'], SLOWEST_TOOL_FILES) },
    projects: [
      {
        extends: true,
        test: {
          name: 'tool',
          include: ['lib/**/*.test.ts', 'reference/**/*.test.ts', 'test/**/*.test.ts', 'bin/**/*.test.ts'],
          // vitest's default is one worker per core less one: a single worker on 2 cores. The self-tests
          // mostly wait (child processes, loopback servers, a Retry-After), so more files run at once than
          // there are cores; each test file starts its own servers on port 0, so they never collide.
          maxWorkers: TOOL_WORKERS,
          // Files share their worker's loaded modules instead of importing everything again each (the unit
          // tests of lib/, reference/ and bin/ took 53 s of CPU isolated and 23 s shared; the whole project
          // 55 s less). So a test file must leave no state behind: it restores what it sets in
          // process.env and closes what it starts, as every file here does (checked with shuffled file order).
          isolate: false,
          // Cases marked concurrent each start a probe child (tsx, then vitest: seconds of CPU to start); at
          // most this many at once per file, so that 2 cores are not buried in child start-ups.
          maxConcurrency: 3,
          // scripts/test-cpu.ts: each file's CPU, logged by a setup file.
          setupFiles: process.env.FILE_CPU_LOG === undefined ? [] : ['test/support/file-cpu.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      suitesProject(ROOT, COMPILED_LIB),
    ],
  },
});
