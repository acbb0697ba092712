// Which build of the command to run: the compiled JavaScript in dist/ (`npm run build`, run by `npm ci`
// through "prepare") when it is at least as new as every source it was built from, else none, and the
// launcher runs the TypeScript under tsx. Plain JavaScript, because it decides whether tsx is loaded at all.
//
// Why a freshness check and not merely "dist/ exists": in a working copy, an edited source or a `git pull`
// after the last build would otherwise run yesterday's code without a word. The check is a walk of the
// source folders' modification times (a few milliseconds), against the stamp the build writes with the
// time the build started, so that a file saved while the compiler ran also counts as newer.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Folders and files the build compiles or copies from; a change to any of them makes dist/ stale. */
export const BUILD_SOURCES = ['lib', 'bin', 'reference', 'tsconfig.json', 'tsconfig.build.json'];

/** The stamp the build writes last, with its start time as modification time. */
export const BUILD_STAMP = join('dist', '.built');

/** A test beside the code is not built (tsconfig.build.json): an edited test leaves the build fresh. */
const NOT_BUILT = /\.test\.ts$/;

/** The newest modification time (ms) of a file under `path` that the build reads, or 0 when there is none. */
function newest(path) {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let latest = stats.mtimeMs;
  // A third of the files under lib/, bin/ and reference/ are tests: not stat-ed, at every start of the command.
  for (const entry of readdirSync(path)) if (!NOT_BUILT.test(entry)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/** The compiled command's entry point under `root` when dist/ is fresh, else undefined. */
export function compiledCli(root) {
  const cli = join(root, 'dist', 'bin', 'cli.js');
  const stamp = join(root, BUILD_STAMP);
  if (!existsSync(cli) || !existsSync(stamp)) return undefined;
  const built = statSync(stamp).mtimeMs;
  return BUILD_SOURCES.every((source) => newest(join(root, source)) <= built) ? cli : undefined;
}
