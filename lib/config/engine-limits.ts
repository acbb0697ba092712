import type { EngineLimits } from '../http/engine.js';
import type { Settings } from './types.js';

/** What an engine of this run takes from the settings: the pace and budget, and whether the token may go in clear. */
export function engineLimits(settings: Pick<Settings, 'pacing' | 'credentials'>): EngineLimits {
  return { ...settings.pacing, allowInsecureToken: settings.credentials.allowInsecureToken };
}
