/**
 * The suites read the engine compiled when dist/ is fresh (bin/support/compiled-entry.mjs, the rule the command's
 * launcher follows): the suites' own files go through vite's module runner, and every module of lib/ they import is
 * the build's JavaScript, which node loads itself (`external`). Each probe run's worker then evaluates about a hundred
 * modules natively instead of through the runner (docs/performance.md). It is decided once per run, for every file of
 * it (./suites-config.ts: the probe's command, or vitest.config.ts), so no module of lib/ is loaded both ways in one
 * worker (two copies of the engine's state).
 */
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Plugin } from 'vitest/config';

/** What the suites' project is given (./suites-config.ts): the plugin that points lib/ at dist/lib/, and node's share. */
export function compiledLib(root: string): { plugin: Plugin; external: RegExp } {
  const lib = join(root, 'lib') + sep;
  const distLib = join(root, 'dist', 'lib') + sep;
  const plugin: Plugin = {
    name: 'suites-read-compiled-lib',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer === undefined || !source.startsWith('.')) return null;
      const path = resolve(dirname(importer), source);
      return path.startsWith(lib) ? join(distLib, relative(lib, path)) : null;
    },
  };
  return { plugin, external: /[\\/]dist[\\/]lib[\\/]/ };
}
