import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { describe, expect, test, vi } from 'vitest';
import { load } from './dependency-hooks.js';

const vitestEntry = pathToFileURL(
  createRequire(import.meta.url)
    .resolve('vitest/package.json')
    .replace('package.json', 'dist/index.js'),
).href;

describe('dependency hooks: the dependencies ES modules as on disk, the rest to the next loader (tsx)', () => {
  test('an ES module under node_modules is read from disk and the next loader is not called', async () => {
    const next = vi.fn();
    const result = await load(vitestEntry, { format: 'module' }, next);
    expect(next).not.toHaveBeenCalled();
    expect(result).toMatchObject({ format: 'module', shortCircuit: true });
    expect(Buffer.from(result.source as Uint8Array).toString('utf8')).toBe(readFileSync(new URL(vitestEntry), 'utf8'));
  });

  test.each([
    ['our TypeScript', pathToFileURL(`${process.cwd()}/bin/probe.ts`).href, 'module'],
    ['a CommonJS dependency', vitestEntry.replace('index.js', 'index.cjs'), 'commonjs'],
    ['a dependency not yet given a format', vitestEntry, undefined],
    ['a TypeScript file under node_modules', 'file:///x/node_modules/pkg/index.ts', 'module'],
    ['a built-in module', 'node:fs', 'builtin'],
  ])('%s goes to the next loader', async (_what, url, format) => {
    const next = vi.fn(async () => ({ format: 'next' }));
    const result = await load(url, { format }, next);
    expect(next).toHaveBeenCalledWith(url, { format });
    expect(result).toEqual({ format: 'next' });
  });
});
