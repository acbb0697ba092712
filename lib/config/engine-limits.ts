import type { EngineLimits } from '../http/engine.js';
import { transportOf } from './transport.js';
import type { Settings } from './types.js';

/**
 * What an engine of this run takes from the settings: the pace and budget, whether the token may go in clear, the
 * ledger's folder, beside which the wait a target asks for is kept for the next process (lib/http/wait-file.ts), and
 * the network between the probe and a configured target (a proxy, a CA, a client certificate). The embedded
 * reference is the probe's own, on loopback: nothing of the network settings applies to it.
 */
export function engineLimits(
  settings: Pick<Settings, 'pacing' | 'credentials'> & {
    reports?: Pick<Settings['reports'], 'ledgerDir'>;
    network?: Settings['network'];
    target?: Pick<Settings['target'], 'baseUrl'>;
  },
): EngineLimits {
  const transport = settings.target?.baseUrl === undefined ? undefined : transportOf(settings.network);
  return {
    ...settings.pacing,
    allowInsecureToken: settings.credentials.allowInsecureToken,
    ...(settings.reports !== undefined ? { ledgerDir: settings.reports.ledgerDir } : {}),
    ...(transport !== undefined ? { transport } : {}),
  };
}
