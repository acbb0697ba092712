/**
 * Requests each suite file put on the wire (its cases' own counts, retries and deletes included; shared
 * evidence counts in the case that had to gather it), for the console: how a run's cost splits by suite.
 */
import { basename } from 'node:path';
import type { TestModule } from 'vitest/node';
import type { CaseRecord } from '../case-record.js';

export function requestsBySuite(testModules: ReadonlyArray<TestModule>): { suite: string; requests: number }[] {
  return testModules
    .map((module) => {
      let requests = 0;
      for (const testCase of module.children.allTests()) requests += (testCase.meta().probe as CaseRecord | undefined)?.requests ?? 0;
      return { suite: basename(module.moduleId).replace(/\.test\.ts$/, ''), requests };
    })
    .sort((a, b) => a.suite.localeCompare(b.suite));
}

/** `requests by suite: 01-spec-observations 2, 02-presence-matrix 128, ...` */
export function formatRequestsBySuite(rows: readonly { suite: string; requests: number }[]): string {
  return `requests by suite: ${rows.map((r) => `${r.suite} ${r.requests}`).join(', ')}`;
}
