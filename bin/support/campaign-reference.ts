/**
 * A campaign with no BASE_URL probes one embedded reference service, started here for all its runs and stopped after
 * them: a run's own embedded reference ends with the run, and with it any instance a producer made for its
 * consumers. Each run still reads the target as the embedded reference it is (TargetSettings.sharedReference).
 */
import type { Settings } from '../../lib/config/types.js';
import { madeToken } from '../../lib/secret.js';
import { startEmbeddedTarget } from '../../reference/embedded-target.js';

export interface CampaignReference {
  /** The campaign's settings, with the reference as their target and its one token. */
  settings: Settings;
  close: () => Promise<void>;
}

export async function startCampaignReference(settings: Settings): Promise<CampaignReference> {
  const token = settings.credentials.accessToken ?? madeToken();
  const { service } = await startEmbeddedTarget({ profile: settings.target.referenceProfile, token });
  return {
    settings: {
      ...settings,
      target: { ...settings.target, baseUrl: service.url, sharedReference: true },
      credentials: { ...settings.credentials, accessToken: token },
    },
    close: () => service.close(),
  };
}
