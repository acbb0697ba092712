import { accessSync, constants, mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';
import type { CacheKeyIdGenerator } from 'vitest/node';
import { compiledCli } from './bin/support/compiled-entry.mjs';
import { compiledLib } from './lib/vitest/compiled-lib.js';
import { nameOrderSequencer } from './lib/vitest/name-order-sequencer.js';

/**
 * Two projects:
 * - `tool`: the tool's own tests (unit tests beside the code in lib/ and reference/, self-tests in test/).
 * - `suites`: the conformance suites that probe a target. They run in one worker without isolation so
 *   that every file shares one HTTP engine: the configured rate, concurrency and request budget then
 *   hold for the whole run, not per file. Files run in name order (numbered) so later suites can use
 *   what the presence matrix found.
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

/**
 * vitest keeps the modules it compiled on disk (`experimental.fsModuleCache`), so a later run, and every probe child
 * the self-tests start, skips compiling them again (docs/development.md). An entry's key is the module's path and
 * content, vite's settings, this file and what it imports; the cache is emptied when package-lock.json changes. Not
 * in the key is tsconfig.json, whose target and class-field options change how vite compiles TypeScript: the plugin
 * below adds it. Where the folder cannot be written (a read-only install of the command), vitest would stop at its
 * first write: the cache is then off.
 *
 * Only the test workers' modules are cached. vitest 4.1.12's runner in its own process (environment `__vitest__`:
 * globalSetup, and so the embedded reference service and everything it imports) reads a cached module as bytes
 * instead of text, and then throws "code.charCodeAt is not a function" while mapping any stack trace that passes
 * through it, which failed probes whose reference dropped connections or answered a DELETE with 500.
 */
const MODULE_CACHE = fileURLToPath(new URL('./node_modules/.experimental-vitest-cache', import.meta.url));
const TSCONFIG = readFileSync(new URL('./tsconfig.json', import.meta.url), 'utf8');
function writable(folder: string): boolean {
  try {
    mkdirSync(folder, { recursive: true });
    accessSync(folder, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
// The suites read lib/ compiled when dist/ is fresh (lib/vitest/compiled-lib.ts), decided once per run.
const ROOT = fileURLToPath(new URL('.', import.meta.url));
const COMPILED_LIB = compiledCli(ROOT) !== undefined;
const compiled = compiledLib(ROOT);

// A suite's compiled code names the modules it imports as resolved, so whether lib/ was the build's is in its key.
const cacheKey: CacheKeyIdGenerator = ({ environment }) =>
  environment.name === '__vitest__' ? false : `${TSCONFIG}\ncompiled lib: ${COMPILED_LIB}`;
const moduleCacheKey: Plugin = {
  name: 'module-cache-key',
  configureVitest: ({ experimental_defineCacheKeyGenerator }) => experimental_defineCacheKeyGenerator(cacheKey),
};

export default defineConfig({
  plugins: [moduleCacheKey],
  test: {
    experimental: { fsModuleCache: writable(MODULE_CACHE), fsModuleCachePath: MODULE_CACHE },
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
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        plugins: COMPILED_LIB ? [compiled.plugin] : [],
        test: {
          name: 'suites',
          include: ['suites/**/*.test.ts'],
          // The build's modules are node's to load, as packages are.
          ...(COMPILED_LIB ? { server: { deps: { external: [compiled.external] } } } : {}),
          globalSetup: ['suites/support/global-setup.ts'],
          pool: 'threads',
          isolate: false,
          fileParallelism: false,
          maxWorkers: 1,
          // Concurrent cases share the engine, whose concurrency cap is the real limit.
          maxConcurrency: 16,
          // A backstop only: the engine bounds every request and the run by MAX_RUN_SECONDS.
          testTimeout: 15 * 60_000,
          hookTimeout: 15 * 60_000,
        },
      },
    ],
  },
});
