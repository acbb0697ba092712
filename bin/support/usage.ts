/**
 * What the launcher needs of the commands' support, in a module that imports nothing of the tool: the launcher
 * starts every command, and what it loads delays every command's first request and stays in its memory while the
 * command runs.
 */
import { readFileSync } from 'node:fs';

/** Exit code of a configuration or usage error, for every command. */
export const EXIT_CONFIG = 2;

/** The entry point's header comment, which is its usage text. */
export function headerHelp(entryPointUrl: string): string {
  return (
    readFileSync(new URL(entryPointUrl), 'utf8')
      .split('*/')[0]
      ?.replace(/^\/\*\*?|^ \* ?/gm, '') ?? ''
  );
}
