#!/usr/bin/env node
// The package's one command (package.json "bin"); bin/cli.ts's header is the usage text. It runs the compiled
// JavaScript in dist/ when that build is fresh (support/compiled-entry.mjs says what fresh means), so nothing
// is compiled at start; otherwise it loads tsx, a dependency, and runs the TypeScript sources.
import { fileURLToPath } from 'node:url';
import { compiledCli } from './support/compiled-entry.mjs';

const compiled = compiledCli(fileURLToPath(new URL('..', import.meta.url)));
let cli;
if (compiled !== undefined) {
  cli = await import(compiled);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  cli = await import('./cli.ts');
}
cli.main();
