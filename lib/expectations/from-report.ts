/**
 * An expectations file written from a report's failing cases (the `expectations` command): one entry per DEVIATES
 * and ERROR case, its reason the placeholder the reader refuses, so that nobody accepts a deviation without saying
 * why. Entries of an existing file keep their reason, until and link; an entry whose case now passes is dropped
 * (it would fail the next run as no longer holding); one whose case did not run in the report is kept.
 */
import { stringify as toYaml } from 'yaml';
import { REASON_PLACEHOLDER, type Expectation, type ExpectationsFile } from './types.js';

type Verdict = 'CONFORMS' | 'DEVIATES' | 'INFORMATIONAL' | 'ERROR';

export interface ExpectationsFromReport {
  file: ExpectationsFile;
  /** Cases added with the placeholder reason. */
  added: string[];
  /** Entries of the existing file kept with their reason. */
  kept: string[];
  /** Entries of the existing file dropped, with why. */
  dropped: { case: string; why: string }[];
}

export function expectationsFromReport(
  cases: readonly { id: string; verdict: Verdict }[],
  existing: readonly Expectation[] = [],
): ExpectationsFromReport {
  const verdictOf = new Map(cases.map((c) => [c.id, c.verdict] as const));
  const previous = new Map(existing.map((e) => [e.case, e] as const));
  const added: string[] = [];
  const kept: string[] = [];
  const dropped: { case: string; why: string }[] = [];
  const entries: Expectation[] = [];
  for (const c of cases) {
    if (c.verdict !== 'DEVIATES' && c.verdict !== 'ERROR') continue;
    const before = previous.get(c.id);
    if (before !== undefined) {
      entries.push({ ...before, verdict: c.verdict });
      kept.push(c.id);
    } else {
      entries.push({ case: c.id, verdict: c.verdict, reason: REASON_PLACEHOLDER });
      added.push(c.id);
    }
  }
  for (const e of existing) {
    const verdict = verdictOf.get(e.case);
    if (verdict === undefined) {
      entries.push(e);
      kept.push(e.case);
    } else if (verdict === 'CONFORMS' || verdict === 'INFORMATIONAL') {
      dropped.push({ case: e.case, why: `it is ${verdict} in the report` });
    }
  }
  return { file: { expectations: entries }, added, kept, dropped };
}

/** The file's text: YAML for a .yaml or .yml name, else JSON with one entry per line block. */
export function expectationsText(file: ExpectationsFile, path: string): string {
  if (/\.ya?ml$/i.test(path)) return toYaml(file, { lineWidth: 0 });
  return `${JSON.stringify(file, null, 2)}\n`;
}
