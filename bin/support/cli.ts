/** What every command-line entry point does the same way: its --help text and its configuration. */
import { readFileSync } from 'node:fs';
import { ConfigError, loadConfig } from '../../lib/config/load-config.js';
import type { ProbeConfig } from '../../lib/config/types.js';

/** Exit code of a configuration or usage error, for every command. */
export const EXIT_CONFIG = 2;

/** The entry point's header comment, which is its usage text. */
export function headerHelp(entryPointUrl: string): string {
  return readFileSync(new URL(entryPointUrl), 'utf8').split('*/')[0]?.replace(/^\/\*\*?|^ \* ?/gm, '') ?? '';
}

/** The validated configuration, or one `config error:` line per problem and exit 2 before any request. */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): ProbeConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const problem of error.problems) console.error(`config error: ${problem}`);
      process.exit(EXIT_CONFIG);
    }
    throw error;
  }
}

/** The environment with each given command-line flag as the setting it stands for (the flag wins). */
export function withFlags(env: Record<string, string | undefined>, flags: Record<string, string | undefined>): Record<string, string | undefined> {
  const given = Object.entries(flags).filter((e): e is [string, string] => e[1] !== undefined);
  return given.length === 0 ? env : { ...env, ...Object.fromEntries(given) };
}
