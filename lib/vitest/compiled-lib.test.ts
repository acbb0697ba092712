import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { compiledCli } from '../../bin/support/compiled-entry.mjs';
import { compiledLib } from './compiled-lib.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const { plugin, external } = compiledLib(ROOT);
const resolveId = (source: string, importer?: string): unknown =>
  (plugin.resolveId as (source: string, importer?: string) => unknown).call({}, source, importer);

/** Every relative import of the suites' files (their values and their types), as written, with its importer. */
function suiteImports(): { importer: string; source: string }[] {
  const files = readdirSync(join(ROOT, 'suites'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  return files.flatMap((f) => {
    const importer = join(ROOT, 'suites', f);
    return [...readFileSync(importer, 'utf8').matchAll(/^import [^'"]*['"](\.{1,2}\/[^'"]+)['"]/gm)].map((m) => ({
      importer,
      source: m[1] ?? '',
    }));
  });
}

test("a suite's import of lib/ is the build's module; one of the suites' own files, a package or a built-in is left to vite", () => {
  const suite = join(ROOT, 'suites', '02-presence-matrix.test.ts');
  expect(resolveId('../lib/http/engine.js', suite)).toBe(join(ROOT, 'dist', 'lib', 'http', 'engine.js'));
  expect(resolveId('../../lib/matrix/support-asks.js', join(ROOT, 'suites', 'support', 'context.ts'))).toBe(
    join(ROOT, 'dist', 'lib', 'matrix', 'support-asks.js'),
  );
  expect(resolveId('./support/context.js', suite)).toBeNull();
  expect(resolveId('vitest', suite)).toBeNull();
  expect(resolveId('node:fs', suite)).toBeNull();
  expect(resolveId('../lib/http/engine.js', undefined)).toBeNull();
  // A folder merely named like lib/ elsewhere is not the tool's.
  expect(resolveId('../other/lib/x.js', suite)).toBeNull();
  expect(external.test(join(ROOT, 'dist', 'lib', 'http', 'engine.js'))).toBe(true);
  expect(external.test(join(ROOT, 'lib', 'http', 'engine.ts'))).toBe(false);
});

// With a fresh build, every module of lib/ the suites import exists in it: a file the build does not write (a JSON
// file, a .mjs) would fail the first run that reads lib/ compiled.
test.runIf(compiledCli(ROOT) !== undefined)('every module of lib/ the suites import is in the fresh build', () => {
  const intoLib = suiteImports().filter(({ importer, source }) => resolve(dirname(importer), source).startsWith(join(ROOT, 'lib')));
  expect(intoLib.length).toBeGreaterThan(50);
  const missing = intoLib.map(({ importer, source }) => resolveId(source, importer) as string).filter((path) => !existsSync(path));
  expect(missing).toEqual([]);
});
