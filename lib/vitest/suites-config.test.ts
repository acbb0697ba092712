import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import type { CacheKeyIdGenerator } from 'vitest/node';
import { moduleCache, suitesProject, suitesRunConfig } from './suites-config.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The key generator the plugin hands vitest, called as vitest calls it. */
function keyOf(libCompiled: boolean, environment: string): string | false | undefined {
  let generator: CacheKeyIdGenerator | undefined;
  const { plugin } = moduleCache(ROOT, libCompiled);
  const configure = plugin.configureVitest as (context: { experimental_defineCacheKeyGenerator: (g: CacheKeyIdGenerator) => void }) => void;
  configure({ experimental_defineCacheKeyGenerator: (g) => (generator = g) });
  if (generator === undefined) throw new Error('no key generator defined');
  return generator({ environment: { name: environment }, id: '/x.ts', sourceCode: '' } as never) as string | false | undefined;
}

test("the module cache's key: nothing of vitest's own process is cached; the suites' modules read lib/ one way or the other under different keys", () => {
  expect(keyOf(true, '__vitest__')).toBe(false);
  const compiled = keyOf(true, 'node');
  const sources = keyOf(false, 'node');
  expect(typeof compiled).toBe('string');
  expect(compiled).not.toBe(sources);
  // The resolver that points lib/ at the build is in the key as its code: a change to it is a new key.
  expect(compiled).toContain('resolveId(source, importer)');
  expect(sources).not.toContain('resolveId(source, importer)');
});

test("a probe run's inline settings hold the suites' project exactly as vitest.config.ts lists it, and no other", () => {
  for (const libCompiled of [true, false]) {
    const config = suitesRunConfig(ROOT, libCompiled);
    expect(JSON.stringify(config.test?.projects)).toBe(JSON.stringify([suitesProject(ROOT, libCompiled)]));
    expect(config.test?.sequence?.sequencer).toBeDefined();
  }
});
