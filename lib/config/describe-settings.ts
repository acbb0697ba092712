/**
 * The settings value as `--settings` prints it: by concern, each setting with the value the command will use and
 * where it came from (a flag, the environment, .env or the default), so that "which BASE_URL does this run
 * probe?" has one answer before anything is sent. Secrets are never shown: only that one is set, and from where.
 */
import type { SettingOrigin } from './load-config.js';
import { SECRET_SETTINGS, SETTINGS, type AnySetting, type SettingGroup } from './settings.js';
import type { Settings } from './types.js';
import { shownProxy } from '../http/transport.js';

const GROUP_TITLES: Readonly<Record<SettingGroup, string>> = {
  target: 'target',
  credentials: 'credentials',
  pacing: 'pacing and budget',
  exploration: 'exploration',
  receiver: 'receiver and events',
  reports: 'reports',
  network: 'network (proxy, TLS)',
  ci: 'CI',
};

const ORIGIN_WORDS: Readonly<Record<SettingOrigin, string>> = {
  default: 'default',
  '.env': 'from .env',
  environment: 'from the environment',
  flag: 'from its flag',
};

/** Settings whose value names a secret's file or holds one: shown as set or not, never as the value. */
const MASKED = new Set([
  ...SECRET_SETTINGS,
  'ACCESS_TOKEN_FILE',
  'CLIENT_SECRET_FILE',
  'CLIENT_CERTIFICATE_FILE',
  'CLIENT_ASSERTION_FILE',
  'CHANGE_COMMAND',
  'CHANGE_REQUEST',
]);

/** Lines of `--settings`: a heading per concern, a line per setting read (`only`), alternatives once. */
export function describeSettings(
  settings: Settings,
  origins: ReadonlyMap<string, SettingOrigin>,
  only?: ReadonlySet<string>,
  /** The paths given to `_FILE` settings: shown, as the path is not the secret (its content is). */
  paths: ReadonlyMap<string, string> = new Map(),
): string[] {
  const lines: string[] = [];
  for (const group of Object.keys(GROUP_TITLES) as SettingGroup[]) {
    const read = SETTINGS.filter((s) => s.group === group && (only === undefined || only.has(s.name)));
    if (read.length === 0) continue;
    lines.push(`${GROUP_TITLES[group]}:`);
    const shown = new Set<string>();
    for (const s of read) {
      const field = `${s.group}.${s.key}`;
      const origin = origins.get(s.name) ?? 'default';
      // Of alternatives (ACCESS_TOKEN, ACCESS_TOKEN_FILE) the one given is shown, or the first when none is.
      const alternatives = read.filter((o) => `${o.group}.${o.key}` === field);
      const given = alternatives.find((o) => (origins.get(o.name) ?? 'default') !== 'default');
      if (shown.has(field) || (given !== undefined && given !== s)) continue;
      shown.add(field);
      const value = (settings[s.group] as unknown as Record<string, unknown>)[s.key];
      const names = alternatives.length > 1 && given === undefined ? alternatives.map((o) => o.name).join(' / ') : s.name;
      const path = paths.get(s.name);
      const shownAs = path !== undefined && MASKED.has(s.name) ? `${path} (its content is not shown)` : shownValue(s, value, origin);
      lines.push(`  ${names.padEnd(31)} ${shownAs} (${ORIGIN_WORDS[origin]})`);
    }
  }
  return lines;
}

function shownValue(s: AnySetting, value: unknown, origin: SettingOrigin): string {
  if (value === undefined) return `unset: ${s.whenUnset ?? 'none'}`;
  if (MASKED.has(s.name)) return origin === 'default' ? 'unset' : 'set (not shown)';
  if (s.name === 'OPERATION') {
    const op = value as Settings['target']['operation'];
    return `${op.source ?? op.id}: ${op.method} ${op.path}, ${op.fields.length} fields`;
  }
  // A setting given in seconds is kept in the unit its key names: milliseconds (`...Ms`) or seconds (`...Seconds`).
  if (s.name.endsWith('_SECONDS') && typeof value === 'number') return `${s.key.endsWith('Ms') ? value / 1000 : value} s`;
  if (s.name.endsWith('_PROXY') && typeof value === 'string') return shownProxy(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
