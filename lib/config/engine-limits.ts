import type { EngineLimits } from '../http/engine.js';
import type { Settings } from './types.js';

/**
 * What an engine of this run takes from the settings: the pace and budget, whether the token may go in clear, and
 * the ledger's folder, beside which the wait a target asks for is kept for the next process (lib/http/wait-file.ts).
 */
export function engineLimits(
  settings: Pick<Settings, 'pacing' | 'credentials'> & { reports?: Pick<Settings['reports'], 'ledgerDir'> },
): EngineLimits {
  return {
    ...settings.pacing,
    allowInsecureToken: settings.credentials.allowInsecureToken,
    ...(settings.reports !== undefined ? { ledgerDir: settings.reports.ledgerDir } : {}),
  };
}
