/**
 * `npm run build` (and "prepare", so `npm ci` builds too): compiles lib/, bin/ and reference/ to dist/ with
 * tsconfig.build.json and copies beside the compiled modules the files they read from their own folder
 * (the JSON Schemas, found with `new URL('./x.json', import.meta.url)`), so that the published command
 * runs as plain JavaScript and no TypeScript is compiled when it starts (bin/subscription-conformance.mjs).
 *
 * dist/ is made anew each time, so that a module deleted from the sources does not live on in the build; it is
 * compiled into a staging folder and put in place at the end, so a command started meanwhile finds either the
 * whole previous build or none (and then runs the sources), never half of one.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, copyFileSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILD_STAMP } from '../bin/support/compiled-entry.mjs';
import { SHIPPED_SCHEMAS, standaloneFile, standaloneSource, type ShippedSchemaName } from '../lib/schema/shipped-schema.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist');
const STAGING = join(ROOT, 'dist.partial');
/** Folders the compiled code reads files from at run time, beside its modules. */
const ASSET_FOLDERS = ['lib', 'bin', 'reference'];
/** Run-time files other than modules; tests' fixtures are not shipped. */
const isAsset = (name: string): boolean => name.endsWith('.json') && !name.includes('.test.');

// Taken before compiling: a source saved while tsc runs is then newer than the stamp, and dist/ counts as stale.
const startedAt = new Date();
rmSync(STAGING, { recursive: true, force: true });
// TypeScript 7 (native; `typescript-native` in package.json): the same files as 5.9 wrote, byte for byte, for a
// seventh of its CPU (1.9 s against 14 s).
const tsc = spawnSync(
  process.execPath,
  [join(ROOT, 'node_modules', 'typescript-native', 'bin', 'tsc'), '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', STAGING],
  { stdio: 'inherit' },
);
if (tsc.status !== 0) {
  rmSync(STAGING, { recursive: true, force: true });
  console.error('build: tsc failed; dist/ is unchanged');
  process.exit(1);
}

function copyAssets(folder: string): number {
  let copied = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) copied += copyAssets(path);
    else if (isAsset(entry.name)) {
      const target = join(STAGING, relative(ROOT, path));
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(path, target);
      copied += 1;
    }
  }
  return copied;
}
const copied = ASSET_FOLDERS.reduce((sum, folder) => sum + copyAssets(join(ROOT, folder)), 0);

// Each shipped schema's validator as standalone code beside the module that loads it, so that a compiled run does not
// compile them (lib/schema/shipped-schema.ts).
const schemas = Object.keys(SHIPPED_SCHEMAS) as ShippedSchemaName[];
for (const name of schemas) writeFileSync(join(STAGING, 'lib', 'schema', standaloneFile(name)), standaloneSource(name));

const stamp = join(STAGING, relative('dist', BUILD_STAMP));
closeSync(openSync(stamp, 'w'));
utimesSync(stamp, startedAt, startedAt);
rmSync(DIST, { recursive: true, force: true });
renameSync(STAGING, DIST);
console.log(`build: dist/ compiled, ${copied} asset files copied, ${schemas.length} schema validators written`);
