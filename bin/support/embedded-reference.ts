/**
 * The embedded reference service a run with no BASE_URL probes, started by the run (lib/run/run-environment.ts) with
 * the one token it accepts, and stopped at the end of the run. Here because lib does not import the reference service.
 */
import type { StartEmbedded } from '../../lib/run/run-environment.js';

export const startEmbedded: StartEmbedded = async (profile, token) => {
  const { startEmbeddedTarget } = await import('../../reference/embedded-target.js');
  const { service } = await startEmbeddedTarget({ profile, token });
  return { url: service.url, close: () => service.close() };
};
