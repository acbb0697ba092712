/** Every command gets its token the same way: client credentials when configured, the first token before any request. */
import type { ClientCredentialsTokenSource } from '../../lib/auth/token-source.js';
import type { Settings } from '../../lib/config/types.js';
import { openRunToken } from '../../lib/run/run-inputs.js';
import { EXIT_CONFIG } from './cli.js';

/**
 * The command's token source, with its first token; undefined without client credentials (ACCESS_TOKEN or
 * none). A token endpoint error is one line `<command>: token: ...` naming the setting to check, and exit 2.
 */
export async function openTokenSourceOrExit(
  settings: Settings,
  command: string,
  log: (line: string) => void = (l) => console.log(l),
): Promise<ClientCredentialsTokenSource | undefined> {
  const source = await openRunToken(settings, log);
  if (typeof source !== 'string') return source;
  console.error(`${command}: ${source}`);
  process.exit(EXIT_CONFIG);
}
