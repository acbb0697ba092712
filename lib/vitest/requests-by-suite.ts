/**
 * Requests each suite file put on the wire (its cases' own counts, retries and deletes included; shared
 * evidence counts in the case that had to gather it) and the time its cases and hooks took, for the
 * console: how a run's cost splits by suite (npm run bench turns the two lines into its per-suite table).
 */
import { basename } from 'node:path';
import type { TestModule } from 'vitest/node';
import type { CaseRecord } from '../case-record.js';

export interface SuiteCost {
  suite: string;
  requests: number;
  /** vitest's duration of the file: its tests and hooks, not the collection before them. */
  seconds: number;
}

export function requestsBySuite(testModules: ReadonlyArray<TestModule>): SuiteCost[] {
  return testModules
    .map((module) => {
      let requests = 0;
      for (const testCase of module.children.allTests()) requests += (testCase.meta().probe as CaseRecord | undefined)?.requests ?? 0;
      return { suite: basename(module.moduleId).replace(/\.test\.ts$/, ''), requests, seconds: module.diagnostic().duration / 1000 };
    })
    .sort((a, b) => a.suite.localeCompare(b.suite));
}

/** `requests by suite: 01-spec-observations 2, 02-presence-matrix 128, ...` */
export function formatRequestsBySuite(rows: readonly { suite: string; requests: number }[]): string {
  return `requests by suite: ${rows.map((r) => `${r.suite} ${r.requests}`).join(', ')}`;
}

/** `seconds by suite: 01-spec-observations 0.1, 02-presence-matrix 0.2, ...` */
export function formatSecondsBySuite(rows: readonly SuiteCost[]): string {
  return `seconds by suite: ${rows.map((r) => `${r.suite} ${r.seconds.toFixed(1)}`).join(', ')}`;
}

/** The two lines back as rows (for npm run bench, which reads the probe's console); a suite without a time gets NaN. */
export function parseSuiteCosts(stdout: string): SuiteCost[] {
  const pairs = (label: string): Map<string, number> => {
    const line = new RegExp(`^${label} by suite: (.*)$`, 'm').exec(stdout)?.[1] ?? '';
    return new Map(
      line
        .split(', ')
        .filter((part) => part.includes(' '))
        .map((part) => [part.slice(0, part.lastIndexOf(' ')), Number(part.slice(part.lastIndexOf(' ') + 1))]),
    );
  };
  const seconds = pairs('seconds');
  return [...pairs('requests')].map(([suite, requests]) => ({ suite, requests, seconds: seconds.get(suite) ?? Number.NaN }));
}
