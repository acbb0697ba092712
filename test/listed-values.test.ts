/**
 * Values the operation lists for a field that the target refuses are a finding of their own, end to end: the value
 * suite alone against the embedded reference's graph-like profile, which takes changeType "updated" only, while the
 * drive operation lists "updated", "created" and "deleted". The JSON findings, the Markdown and the console say it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { PROFILES } from '../reference/index.js';
import { runProbe } from './run-probe.js';

test('changeType values the operation lists and the target refuses: in the JSON findings, the Markdown and the console', async () => {
  const rules = PROFILES['graph-like']?.values;
  const allowed = rules === undefined || rules === 'strings-only' ? [] : (rules.changeType?.allowed ?? []);
  const run = await runProbe({ ACCESS_TOKEN: 'listed-values-token', REFERENCE_PROFILE: 'graph-like' }, ['03-value'], 180_000);
  const report = JSON.parse(readFileSync(join(run.reportDir, 'behaviour-report.json'), 'utf8')) as {
    findings: string[];
    values: Record<string, { accepted: { description: string; listed?: true }[]; rejected: { description: string; listed?: true }[] }>;
  };
  const listed = (list: { description: string; listed?: true }[]): string[] =>
    list.filter((c) => c.listed === true).map((c) => JSON.parse(c.description) as string);
  const refused = listed(report.values['changeType']?.rejected ?? []);
  const accepted = listed(report.values['changeType']?.accepted ?? []);
  // What the reference refuses is what its profile does not allow; the words are read from that, not assumed.
  expect(accepted).toEqual(allowed);
  expect(refused.length).toBeGreaterThan(0);
  expect(refused.some((v) => allowed.includes(v))).toBe(false);
  const joined = (items: string[]): string =>
    items.length === 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
  const sentence =
    `${joined(refused)}, ${refused.length === 1 ? 'a value' : 'values'} the operation lists for changeType, ${refused.length === 1 ? 'is' : 'are'} refused; ` +
    `${joined(accepted)} ${accepted.length === 1 ? 'is' : 'are'} accepted`;
  expect(report.findings).toContain(sentence);
  expect(run.stdout).toContain(`  values: ${sentence}\n`);
  expect(readFileSync(join(run.reportDir, 'behaviour-report.md'), 'utf8')).toContain(`- ${sentence}\n`);
}, 200_000);
