import { describe, expect, test } from 'vitest';
import { diffBaseline } from '../baseline/diff-baseline.js';
import { extractBaseline } from '../baseline/extract-baseline.js';
import type { CaseRecord, ExplorationRecord } from '../case-record.js';
import { explorePresence } from '../presence/explore.js';
import { judgeExploration } from '../presence/judge-exploration.js';
import { RuleSender, syntheticOperation } from '../presence/test-support.js';
import { buildBehaviourReport } from './build-report.js';
import { formatConsoleSummary } from '../vitest/console-summary.js';
import { EXPLORER_CLASS_ASSUMPTION } from './explored-rule.js';
import { renderHtml } from './render-html.js';
import { renderMarkdown } from './render-markdown.js';
import type { BehaviourReport } from './types.js';
import { validateBehaviourReport } from './validate-report.js';

const FIELDS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];
const RULE = 'a && !b && (!c || d)';
const values = () => ({ now: new Date(0), notificationUrl: 'https://r.example/n', unique: 'u' });

describe("the report's roles and rule after an adaptive exploration", async () => {
  // Arrange: one real exploration of a 10-field rule (1024 combinations), far fewer of them sent.
  const operation = syntheticOperation(FIELDS);
  const { result, observations } = await explorePresence(new RuleSender(RULE), operation, { repeats: 1, values, exhaustiveMaxFields: 3 });
  const judged = judgeExploration(result, observations);
  const reportOf = (exploration: ExplorationRecord, merged = false): BehaviourReport => {
    const record: CaseRecord = {
      id: 'matrix/adaptive-exploration',
      kind: 'exploration',
      requests: result.requests,
      target: { baseUrl: 'http://127.0.0.1:1', kind: 'configured' },
      ...judged,
      exploration,
    };
    return buildBehaviourReport({
      operation: { id: operation.id, method: 'POST', path: operation.path, fields: FIELDS },
      cases: [{ name: 'adaptive', record }],
      startedAt: '2026-01-01T00:00:00.000Z',
      endedAt: '2026-01-01T00:00:01.000Z',
      suiteVersion: 'test',
      repeats: 1,
      merged,
    });
  };
  const presences = (report: BehaviourReport): Record<string, string> =>
    Object.fromEntries(Object.entries(report.fields).map(([name, role]) => [name, role.presence]));

  test('exact: the roles the answers leave open, the rule and the dependencies are the explorer’s, marked with basis and assumptions', () => {
    expect(result.exact).toBe(true);
    const report = reportOf(judged.exploration);
    expect(report.matrix.length).toBeLessThan(2 ** FIELDS.length / 4);
    expect(validateBehaviourReport(report)).toMatchObject({ valid: true });
    expect(presences(report)).toEqual(result.roles);
    expect(report.fields['a']).toMatchObject({
      presence: 'required',
      basis: 'explorer',
      assumptions: [EXPLORER_CLASS_ASSUMPTION, ...result.assumptions],
    });
    expect(report.fields['a']).not.toHaveProperty('possible');
    expect(report.fields['a']?.explanation).toMatch(
      /^a is in every body the explorer's rule accepts; the answers alone leave it .*required.*, hanging on \d+ combinations not answered\.$/,
    );
    expect(report.rule).toMatchObject({
      expression: result.rule,
      dependencies: ['IF c THEN d;'],
      dependenciesExact: true,
      basis: 'explorer',
    });
    expect(report.rule.explorerNotUsed).toBeUndefined();
    // Every role taken from the explorer was one the answers allowed.
    const answersOnly = reportOf({ ...judged.exploration, exact: false });
    for (const [name, role] of Object.entries(report.fields)) {
      const open = answersOnly.fields[name];
      if (role.basis === 'explorer') expect(open?.possible, name).toContain(role.presence);
      else expect(role).toEqual(open);
    }
  });

  test('Markdown, HTML and the console summary say the basis in a few words', () => {
    const report = reportOf(judged.exploration);
    const assuming = `By the explorer's rule, assuming ${EXPLORER_CLASS_ASSUMPTION}`;
    const markdown = renderMarkdown(report);
    expect(markdown).toContain(assuming);
    expect(markdown).toMatch(/^\| `a` \| \*\*required\*\* \(must be present; by the explorer's rule, assuming what the rule assumes\) \|/m);
    expect(renderHtml(report)).toContain('must be present; by the explorer&#39;s rule, assuming what the rule assumes');
    const console = formatConsoleSummary(report);
    expect(console).toContain(`  by the explorer's rule, assuming ${[EXPLORER_CLASS_ASSUMPTION, ...result.assumptions].join('; ')}`);
    expect(console.find((l) => l.startsWith('  a '))).toMatch(/^ {2}a +required \(by the explorer's rule\)$/);
    // Without the basis none of it appears.
    const answersOnly = reportOf({ ...judged.exploration, exact: false });
    expect(renderMarkdown(answersOnly)).not.toContain("explorer's rule");
    expect(formatConsoleSummary(answersOnly).join('\n')).not.toContain("explorer's rule");
  });

  test("a baseline compares roles on the explorer's basis like any determined role", () => {
    const report = reportOf(judged.exploration);
    const baseline = extractBaseline(report, 'explored');
    expect(baseline.fields).toEqual(result.roles);
    // A later run where the explorer found e required: a role change, as between two roles the answers decide.
    const later = {
      ...report,
      fields: { ...report.fields, e: { presence: 'required' as const, explanation: 'e', basis: 'explorer' as const, assumptions: ['x'] } },
    };
    expect(diffBaseline(baseline, extractBaseline(later, 'explored')).changes).toContainEqual({
      kind: 'role',
      field: 'e',
      from: 'optional',
      to: 'required',
    });
    // Against a run whose exploration was not exact, the open roles are left out of the comparison, not drift.
    const open = diffBaseline(baseline, extractBaseline(reportOf({ ...judged.exploration, exact: false }), 'explored'));
    expect(open.changes.filter((c) => c.kind === 'role')).toEqual([]);
  });

  test('not exact: nothing is taken from the explorer (every role rests on the answers alone)', () => {
    const report = reportOf({ ...judged.exploration, exact: false, unresolved: ['2 rules fit'] });
    expect(validateBehaviourReport(report)).toMatchObject({ valid: true });
    expect(Object.values(report.fields).some((r) => r.basis !== undefined)).toBe(false);
    expect(report.fields['a']?.presence).toBe('undetermined');
    expect(report.rule.basis).toBeUndefined();
    expect(report.rule.assumptions).toBeUndefined();
  });

  test('an exact rule that an answer contradicts is not taken, and the report says why', () => {
    // The explorer's rule made wrong on purpose: it forgets that b is forbidden.
    const report = reportOf({ ...judged.exploration, rule: 'a && (!c || d)', roles: { ...result.roles, b: 'optional' } });
    expect(validateBehaviourReport(report)).toMatchObject({ valid: true });
    expect(report.rule.basis).toBeUndefined();
    expect(report.rule.explorerNotUsed).toMatch(
      /^the explorer's exact rule a && \(!c \|\| d\) is not used: it accepts \{.*b.*\}, which the target rejected$/,
    );
    expect(report.rule.expression).not.toBe('a && (!c || d)');
    expect(Object.values(report.fields).some((r) => r.basis !== undefined)).toBe(false);
  });

  test("the worker's decision travels in its record: outside a merge the report takes it without checking again", () => {
    // A rule the worker decided it could state (wrong on purpose, to show which side decides): taken as decided.
    const wrong = {
      ...judged.exploration,
      rule: 'a && (!c || d)',
      roles: { ...result.roles, b: 'optional' as const },
      decidedInWorker: true as const,
    };
    expect(reportOf(wrong).rule).toMatchObject({ expression: 'a && (!c || d)', basis: 'explorer' });
    // A merge's answers may hold another shard's: there the check runs again, and refuses it.
    expect(reportOf(wrong, true).rule.explorerNotUsed).toMatch(/^the explorer's exact rule a && \(!c \|\| d\) is not used/);
    // A refusal the worker made stands either way.
    const refused = { ...judged.exploration, explorerNotUsed: 'the worker said no', decidedInWorker: true as const };
    expect(reportOf(refused).rule.explorerNotUsed).toBe('the worker said no');
  });

  test('the validator refuses a rule with basis explorer that an answer in the matrix contradicts', () => {
    const report = reportOf(judged.exploration);
    const edited = { ...report, rule: { ...report.rule, expression: 'a' } };
    const validation = validateBehaviourReport(edited);
    expect(validation.valid).toBe(false);
    if (!validation.valid)
      expect(validation.errors.join('\n')).toMatch(/^\/matrix\/\d+: rejected, but the rule with basis explorer says otherwise$/m);
  });
});
