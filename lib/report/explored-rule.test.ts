import { describe, expect, test } from 'vitest';
import type { CaseRecord } from '../case-record.js';
import { evidenceFromExploration } from '../evidence/build.js';
import { explorePresence } from '../evidence/explore-presence.js';
import { judgeExploration } from '../evidence/judge-exploration.js';
import { RuleSender, syntheticOperation } from '../evidence/test-support.js';
import { buildBehaviourReport } from './build-report.js';

const FIELDS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];
const RULE = 'a && !b && (!c || d)';
const values = () => ({ now: new Date(0), notificationUrl: 'https://r.example/n', unique: 'u' });

describe('a report of an adaptive exploration', async () => {
  const operation = syntheticOperation(FIELDS);
  const { result, observations } = await explorePresence(new RuleSender(RULE), operation, { repeats: 1, values, exhaustiveMaxFields: 3 });
  const record: CaseRecord = {
    id: 'matrix/adaptive-exploration',
    kind: 'matrix',
    requests: result.requests,
    target: { baseUrl: 'http://127.0.0.1:1', kind: 'configured' },
    ...judgeExploration(result, observations),
  };
  const report = buildBehaviourReport({
    operation: { id: operation.id, method: 'POST', path: operation.path, fields: FIELDS },
    cases: [{ name: 'adaptive', record }],
    startedAt: '2026-01-01T00:00:00.000Z',
    endedAt: '2026-01-01T00:00:01.000Z',
    suiteVersion: 'test',
    repeats: 1,
  });

  test("takes the explorer's rule, roles and dependencies, not the smallest rule that fits its few observations", () => {
    expect(result.exact).toBe(true);
    expect(report.matrix.length).toBeLessThan(2 ** FIELDS.length);
    expect(report.rule.expression).toBe(result.rule);
    expect(report.rule.dependencies).toEqual(['IF c THEN d;']);
    expect(report.rule.dependenciesExact).toBe(true);
    expect(report.rule.unknown).toEqual([]); // never-sent combinations are most of 2^n: not listed
    expect(Object.fromEntries(Object.entries(report.fields).map(([name, role]) => [name, role.presence]))).toEqual(result.roles);
    expect(report.fields['a']?.explanation).toMatch(/^a is in every body the explored rule accepts \(adaptive exploration, \d+ of 1024 combinations answered, exact\)\.$/);
  });

  test('the evidence built from the same exploration answers like the rule the report shows', () => {
    const evidence = evidenceFromExploration(FIELDS, result, observations);
    expect(evidence.accepts(['a', 'c', 'd', 'j'])).toBe('yes');
    expect(evidence.accepts(['a', 'c', 'j'])).toBe('no');
    expect(evidence.smallestAccepted('c')?.present).toEqual(['a', 'c', 'd']);
  });
});
