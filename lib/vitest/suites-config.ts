/**
 * The suites' vitest settings, in one place for the two ways they run: a probe run gives them to vitest inline, and
 * vitest.config.ts lists the same project beside the tool's own (`npx vitest --project suites`, an editor's runner).
 *
 * Inline, because a config file is bundled (rolldown), written to a temporary file and imported again at every
 * start of vitest: a probe of 01-spec took 3.1 to 3.5 s of CPU with the file and takes 2.5 to 2.9 s without it, and
 * each later run of a process that runs several (a campaign, the self-tests) paid 30 to 40 ms more again.
 */
import { accessSync, constants, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin, TestProjectInlineConfiguration, ViteUserConfig } from 'vitest/config';
import type { CacheKeyIdGenerator } from 'vitest/node';
import { compiledLib } from './compiled-lib.js';
import { keptThreads } from './kept-threads.js';
import { nameOrderSequencer } from './name-order-sequencer.js';

/**
 * vitest keeps the modules it compiled on disk (`experimental.fsModuleCache`), so a later run, and every probe child
 * the self-tests start, skips compiling them again (docs/development.md). An entry's key is the module's path and
 * content and vite's settings; the cache is emptied when package-lock.json changes. Not in the key is
 * tsconfig.json, whose target and class-field options change how vite compiles TypeScript, nor whether and how the
 * suites read lib/ compiled (a suite's compiled code names its imports as resolved): the key generator below adds them.
 * Where the folder cannot be written (a read-only install of the command), vitest would stop at its first write: the
 * cache is then off.
 *
 * Only the test workers' modules are cached. vitest 4.1.12's runner in its own process (environment `__vitest__`:
 * globalSetup, and so the embedded reference service and everything it imports) reads a cached module as bytes
 * instead of text, and then throws "code.charCodeAt is not a function" while mapping any stack trace that passes
 * through it, which failed probes whose reference dropped connections or answered a DELETE with 500.
 */
export function moduleCache(
  root: string,
  libCompiled: boolean,
): { plugin: Plugin; settings: { fsModuleCache: boolean; fsModuleCachePath: string } } {
  const folder = join(root, 'node_modules', '.experimental-vitest-cache');
  const tsconfig = readFileSync(join(root, 'tsconfig.json'), 'utf8');
  // vitest's own key has a config file's text and its imports', and no file is read here: the resolver that points
  // lib/ at the build is in the key as its code.
  const resolver = libCompiled ? String(compiledLib(root).plugin.resolveId) : 'none';
  const cacheKey: CacheKeyIdGenerator = ({ environment }) =>
    environment.name === '__vitest__' ? false : `${tsconfig}\ncompiled lib: ${libCompiled}\n${resolver}`;
  return {
    plugin: {
      name: 'module-cache-key',
      configureVitest: ({ experimental_defineCacheKeyGenerator }) => experimental_defineCacheKeyGenerator(cacheKey),
    },
    settings: { fsModuleCache: writable(folder), fsModuleCachePath: folder },
  };
}

function writable(folder: string): boolean {
  try {
    mkdirSync(folder, { recursive: true });
    accessSync(folder, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The conformance suites that probe a target. They run in one worker without isolation so that every file shares
 * one HTTP engine: the configured rate, concurrency and request budget then hold for the whole run, not per file.
 * Files run in name order (numbered, by the root's sequencer) so later suites can use what the presence matrix
 * found. With `libCompiled` (dist/ fresh, the launcher's rule) they read lib/ from the build (./compiled-lib.ts).
 */
export function suitesProject(root: string, libCompiled: boolean, keepThread = false): TestProjectInlineConfiguration {
  const compiled = compiledLib(root);
  return {
    extends: true,
    plugins: libCompiled ? [compiled.plugin] : [],
    test: {
      name: 'suites',
      include: ['suites/**/*.test.ts'],
      // The build's modules are node's to load, as packages are.
      ...(libCompiled ? { server: { deps: { external: [compiled.external] } } } : {}),
      globalSetup: ['suites/support/global-setup.ts'],
      // A process that runs the suites again keeps their thread for the next run (./kept-threads.ts).
      pool: keepThread ? keptThreads() : 'threads',
      isolate: false,
      fileParallelism: false,
      maxWorkers: 1,
      // Concurrent cases share the engine, whose concurrency cap is the real limit.
      maxConcurrency: 16,
      // A backstop only: the engine bounds every request and the run by MAX_RUN_SECONDS.
      testTimeout: 15 * 60_000,
      hookTimeout: 15 * 60_000,
    },
  };
}

/** What a probe run gives vitest instead of a config file: the root's settings and the suites' project alone. */
export function suitesRunConfig(root: string, libCompiled: boolean, keepThread = false): ViteUserConfig {
  const cache = moduleCache(root, libCompiled);
  return {
    plugins: [cache.plugin],
    test: {
      experimental: cache.settings,
      // vitest 4.1 reads the sequencer from the root only.
      sequence: { sequencer: nameOrderSequencer(['suites']) },
      projects: [suitesProject(root, libCompiled, keepThread)],
    },
  };
}
