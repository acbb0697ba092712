/** Every command gets its token the same way: client credentials when configured, the first token before any request. */
import { clientCredentialsOptions, describeProvenance, openTokenSource } from '../../lib/auth/from-config.js';
import { TokenRequestError } from '../../lib/auth/token-errors.js';
import type { ClientCredentialsTokenSource } from '../../lib/auth/token-source.js';
import type { ProbeConfig } from '../../lib/config/types.js';
import { EXIT_CONFIG } from './cli.js';

/**
 * The run's token source, with its first token; undefined without client credentials (ACCESS_TOKEN or
 * none). A token endpoint error is one line `<command>: token: ...` naming the setting to check, and exit 2.
 */
export async function openTokenSourceOrExit(
  config: ProbeConfig,
  command: string,
  log: (line: string) => void = (l) => console.log(l),
): Promise<ClientCredentialsTokenSource | undefined> {
  const options = clientCredentialsOptions(config);
  if (options === undefined) return undefined;
  if (config.baseUrl === undefined) {
    log('token: client credentials not used: the embedded reference service accepts only the token it generates (set BASE_URL)');
    return undefined;
  }
  try {
    const source = await openTokenSource(options);
    log(describeProvenance(source.provenance()));
    return source;
  } catch (error) {
    if (!(error instanceof TokenRequestError)) throw error;
    console.error(`${command}: ${error.message}`);
    process.exit(EXIT_CONFIG);
  }
}
