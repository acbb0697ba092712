/** Test helper: the settings' groups as one object, so that a test reads `loaded.maxRequests` whatever its group. */
import { loadSettings, type SettingSources } from './load-config.js';
import type { Settings } from './types.js';

export type FlatSettings = Settings['target'] &
  Settings['credentials'] &
  Settings['pacing'] &
  Settings['exploration'] &
  Settings['receiver'] &
  Settings['reports'] &
  Settings['network'] &
  Settings['ci'];

export function flatSettings(s: Settings): FlatSettings {
  return { ...s.target, ...s.credentials, ...s.pacing, ...s.exploration, ...s.receiver, ...s.reports, ...s.network, ...s.ci };
}

/** Loads settings from `env` (and .env unless `dotenvPath` is false) and flattens them. */
export function loadFlat(env: Record<string, string | undefined>, options: Omit<SettingSources, 'env'> = {}): FlatSettings {
  return flatSettings(loadSettings({ ...options, env }));
}
