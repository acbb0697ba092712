import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import type { Diagnosis } from '../inference/types.js';
import type { BehaviourReport } from '../report/types.js';
import { formatConsoleSummary } from './console-summary.js';

const recorded = JSON.parse(
  readFileSync(new URL('../../test/fixtures/drive-subscription-v2.before.behaviour-report.json', import.meta.url), 'utf8'),
) as BehaviourReport;
const diagnosis: Diagnosis = { likelyCause: 'unknown', message: 'no combination was observed, so nothing could be inferred.' };

test('a run without the presence matrix says presence was not probed, not that nothing was accepted', () => {
  const lines = formatConsoleSummary({ ...recorded, matrix: [], diagnosis });
  expect(lines).toContain('  presence: no combination is in this run (the presence matrix did not run), so no rule is inferred');
  expect(lines.join('\n')).not.toMatch(/no combination was accepted/);
});

test('a run whose matrix has answers and no accepted one gives the diagnosis', () => {
  const rejected = recorded.matrix.map((e) => ({ ...e, outcome: 'rejected' as const }));
  const lines = formatConsoleSummary({ ...recorded, matrix: rejected, diagnosis: { likelyCause: 'service', message: 'the values.' } });
  expect(lines).toContain('  no combination was accepted: the values.');
});

test('rejection groups: a line each for the first six, cut before the unanswered combinations they may cover; the rest counted', () => {
  const group = (k: number) => ({
    status: 400,
    errorCode: 'invalidRequest',
    messagePattern: undefined,
    combinations: [[`f${k}`]],
    explanation: `f${k}`,
    summary: `400 invalidRequest when f${k} is present (1 combination); exact on the known combinations only: 255 combinations without a usable answer ({f${k}, a}, …) also fit it`,
    unknownMatching: [[`f${k}`, 'a']],
    unknownMatchingCount: 255,
  });
  const lines = formatConsoleSummary({ ...recorded, rejectionGroups: Array.from({ length: 8 }, (_, k) => group(k)) }).filter((l) =>
    l.startsWith('  rejected: '),
  );
  expect(lines).toHaveLength(7);
  expect(lines[0]).toBe('  rejected: 400 invalidRequest when f0 is present (1 combination); 255 unanswered combination(s) may also be');
  expect(lines[6]).toBe('  rejected: 2 more kind(s) of rejection in the report');
  // A group exact on every combination is shown whole.
  const [whole] = recorded.rejectionGroups;
  expect(formatConsoleSummary(recorded)).toContain(`  rejected: ${whole?.summary ?? ''}`);
});

test('a limit that is only the largest value tried says so, as the report does; a pinned one is the value alone', () => {
  const report = structuredClone(recorded);
  const limit = {
    id: 'limit/expirationDateTime/longest-lifetime',
    field: 'expirationDateTime',
    name: 'longest accepted lifetime',
    unit: 'minutes',
    requests: 12,
    verdict: 'INFORMATIONAL' as const,
    specRef: 'open: spec §8',
  };
  report.values.expirationDateTime = {
    accepted: [],
    rejected: [],
    other: [],
    limits: [
      { ...limit, value: 5_256_000, note: 'accepted up to the largest value tried (5256000): the limit, if any, is higher' },
      { ...limit, name: 'longest renewal', value: 4230, firstRejected: 4231 },
    ],
  };
  const lines = formatConsoleSummary(report).filter((l) => l.startsWith('  limit: expirationDateTime'));
  expect(lines).toEqual([
    expect.stringMatching(
      /^ {2}limit: expirationDateTime longest accepted lifetime: 5256000 minutes.* \(accepted up to the largest value tried \(5256000\): the limit, if any, is higher\), 12 requests$/,
    ),
    expect.stringMatching(/^ {2}limit: expirationDateTime longest renewal: 4230 minutes[^(]*(\([^)]*\))?, 12 requests$/),
  ]);
});

test('every DEVIATES first, then the limits and the handshake findings, and the other findings counted with where they are', () => {
  const template = recorded.cases[0];
  if (template === undefined) throw new Error('the fixture has cases');
  const info = (id: string, finding: string) => ({ ...template, id, verdict: 'INFORMATIONAL' as const, finding });
  const cases = [
    info('value/clientState/length-1', 'clientState 1 character accepted (201)'),
    { ...template, id: 'matrix/refusals', verdict: 'DEVIATES' as const, finding: 'a 422 breaks spec §7 rule 1' },
    info('events/handshake-deadline', 'handshake deadline: between 4 and 5 s: ...'),
    info('events/handshake-slow', 'receiver that holds its answer to the validation request 6 s: ...'),
  ];
  // The recorded run's own validation line is another test's: these cases' handshake findings are the ones counted here.
  const run = withoutValidation(recorded.run);
  const lines = formatConsoleSummary({ ...recorded, run, cases });
  const at = (prefix: string): number => lines.findIndex((l) => l.startsWith(prefix));
  expect(lines[at('  DEVIATES')]).toBe('  DEVIATES matrix/refusals: a 422 breaks spec §7 rule 1');
  expect(at('  DEVIATES')).toBeLessThan(at('  limit: '));
  expect(lines.filter((l) => l.startsWith('  handshake: '))).toEqual([
    '  handshake: handshake deadline: between 4 and 5 s: ...',
    '  handshake: receiver that holds its answer to the validation request 6 s: ...',
  ]);
  expect(at('  handshake: ')).toBeGreaterThan(at('  limit: '));
  expect(lines).toContain('  1 other finding (INFORMATIONAL): in behaviour-report.md and .html');
});

test('dependencies read off part of the combinations say so, as the rule does', () => {
  const withDependency = {
    ...recorded,
    rule: { ...recorded.rule, dependencies: ['IF changeType THEN resource;'], dependenciesExact: true },
  };
  expect(formatConsoleSummary(withDependency)).toContain('  dependencies: IF changeType THEN resource;');
  const partial = { ...withDependency, matrix: recorded.matrix.map((e, i) => (i < 4 ? { ...e, outcome: 'unstable' as const } : e)) };
  expect(formatConsoleSummary(partial)).toContain(
    '  dependencies: IF changeType THEN resource; (on the 28 of 32 combinations with a usable answer; the others could break them)',
  );
});

test("the validation parameter's spelling, when the run's receiver got a validation request; nothing when it got none", () => {
  const validation = { requests: 2, parameters: [{ name: 'validationtoken', requests: 2 }] };
  const said =
    "  handshake: the target sent 2 validation requests to the run's receiver, with the token's query parameter spelled validationtoken";
  const none = withoutValidation(recorded.run);
  expect(formatConsoleSummary({ ...recorded, run: { ...none, validation } })).toContain(said);
  expect(formatConsoleSummary({ ...recorded, run: none }).join('\n')).not.toContain("to the run's receiver");
});

/** The run without the validation requests it recorded. */
function withoutValidation(run: BehaviourReport['run']): BehaviourReport['run'] {
  const copy = { ...run };
  delete copy.validation;
  return copy;
}
