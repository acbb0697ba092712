import { describe, expect, test } from 'vitest';
import type { ExploreResult } from '../explore/types.js';
import type { Observation } from '../inference/types.js';
import { parseExpression } from '../rule/expression.js';
import { evidenceFromExploration } from './build.js';
import { explorerRuleProblem } from './explorer-check.js';

const fields = ['a', 'b', 'c'];
const seen = (present: string[], outcome: 'accepted' | 'rejected'): Observation => ({
  present,
  outcome,
  status: outcome === 'accepted' ? 201 : 400,
});
// The target accepted {a} and {a, b} and rejected {b} and {}: "a" fits, "a && !b" does not.
const observations = [seen(['a'], 'accepted'), seen(['a', 'b'], 'accepted'), seen(['b'], 'rejected'), seen([], 'rejected')];
const claim = (rule: string, roles: ExploreResult['roles']): ExploreResult => ({
  strategy: 'adaptive',
  rule,
  ruleExpr: parseExpression(rule),
  roles,
  dependencies: [],
  requests: 4,
  confirmed: 4,
  possible: 8,
  exact: true,
  unresolved: [],
  assumptions: [],
  observations: [],
});

describe('the explorer rule is decided once, in the worker', () => {
  test('a rule that fits every answer is used', () => {
    expect(explorerRuleProblem(fields, observations, claim('a', { a: 'required', b: 'optional', c: 'optional' }))).toBeUndefined();
  });

  test('a rule that rejects an accepted combination is refused, naming it', () => {
    const problem = explorerRuleProblem(fields, observations, claim('a && !b', { a: 'required', b: 'forbidden', c: 'optional' }));
    expect(problem).toMatch(/rejects \{a, b\}, which the target accepted/);
  });

  test('the suites after the presence step then answer only from what was observed', () => {
    const refused = claim('a && !b', { a: 'required', b: 'forbidden', c: 'optional' });
    const problem = explorerRuleProblem(fields, observations, refused);
    const evidence = evidenceFromExploration(fields, refused, observations, problem);
    expect(evidence.rule.exact).toBe(false);
    expect(evidence.rule.unresolved).toContain(problem);
    expect(evidence.accepts(['a', 'c'])).toBe('unknown');
    const trusted = evidenceFromExploration(fields, claim('a', { a: 'required', b: 'optional', c: 'optional' }), observations);
    expect(trusted.accepts(['a', 'c'])).toBe('yes');
  });
});
