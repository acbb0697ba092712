/**
 * Which target a run probes, as the settings name it and as a report's run recorded it, and when two are the same:
 * the embedded reference by its profile, a configured target by its base URL (without a trailing slash, with URL's
 * own spelling of scheme and host). One definition for every reader that takes an earlier report as being of this
 * target: explain's `--hint`, the dry run's figures of the last run, and a baseline's drift.
 */
import type { Settings } from './types.js';

export type RunTarget = { kind: 'embedded-reference'; profile: string } | { kind: 'configured'; url: string };

/** The target the settings probe. */
export function settingsTarget(target: Pick<Settings['target'], 'baseUrl' | 'referenceProfile'>): RunTarget {
  return target.baseUrl === undefined
    ? { kind: 'embedded-reference', profile: target.referenceProfile }
    : { kind: 'configured', url: target.baseUrl };
}

/**
 * The target a report's run names, or undefined when it names neither kind. A report from before the run recorded its
 * kind is of a configured target; one without a profile, of the default profile.
 */
export function reportTarget(run: { target: string; targetKind?: string; referenceProfile?: string }): RunTarget | undefined {
  if (run.targetKind === 'embedded-reference') return { kind: 'embedded-reference', profile: run.referenceProfile ?? 'default' };
  if (run.targetKind === 'configured' || run.targetKind === undefined) return { kind: 'configured', url: run.target };
  return undefined;
}

/** A base URL compared without a trailing slash and with URL's own spelling of scheme and host. */
function sameUrl(a: string, b: string): boolean {
  const norm = (u: string): string => (URL.canParse(u) ? new URL(u).href : u).replace(/\/+$/, '');
  return norm(a) === norm(b);
}

export function sameTarget(a: RunTarget, b: RunTarget): boolean {
  if (a.kind === 'embedded-reference' && b.kind === 'embedded-reference') return a.profile === b.profile;
  if (a.kind === 'configured' && b.kind === 'configured') return sameUrl(a.url, b.url);
  return false;
}

export const targetWords = (t: RunTarget): string =>
  t.kind === 'embedded-reference' ? `the embedded reference (profile ${t.profile})` : t.url;
