import { describe, expect, test } from 'vitest';
import { combinations } from '../rule/field-set.js';
import { evaluate, parseExpression } from '../rule/expression.js';
import type { Observation } from '../inference/types.js';
import { evidenceFromMatrix } from './build.js';
import { explorePresence } from './explore.js';
import { PresenceEvidence } from './evidence.js';
import { ruleTerms } from '../rule/products.js';
import { RuleSender, syntheticOperation } from '../../test/support/rule-sender.js';
import { GRAPH_V1_FIELDS as GRAPH_FIELDS, GRAPH_V1_RULE as GRAPH_RULE } from '../../reference/profiles.js';

const REQUIRED = ['changeType', 'notificationUrl', 'resource', 'expirationDateTime'];
const values = () => ({ now: new Date(0), notificationUrl: 'https://r.example/n', unique: 'u' });

describe('explorePresence on twelve fields (adaptive)', async () => {
  const operation = syntheticOperation(GRAPH_FIELDS);
  const sender = new RuleSender(GRAPH_RULE);
  const { evidence, result } = await explorePresence(sender, operation, { repeats: 1, values, exhaustiveMaxFields: 8 });
  const truth = parseExpression(GRAPH_RULE);

  test('learns the exact rule, roles and dependencies within 10 x n bodies, not 2^n', () => {
    expect(result.strategy).toBe('adaptive');
    expect(evidence.rule.exact).toBe(true);
    expect(sender.bodies.length).toBeLessThanOrEqual(10 * GRAPH_FIELDS.length);
    expect(evidence.rule.roles).toMatchObject({
      changeType: 'required',
      expirationDateTime: 'required',
      clientState: 'optional',
      includeResourceData: 'conditional',
      encryptionCertificate: 'conditional',
    });
    expect(evidence.rule.dependencies.map((d) => d.text)).toEqual([
      'IF includeResourceData THEN encryptionCertificate;',
      'IF includeResourceData THEN encryptionCertificateId;',
    ]);
  });

  test('a budget per field caps the bodies sent (EXPLORE_COMBINATIONS_PER_FIELD), and the evidence says what it rests on', async () => {
    const capped = new RuleSender(GRAPH_RULE);
    const small = await explorePresence(capped, operation, { repeats: 1, values, exhaustiveMaxFields: 8, combinationsPerField: 3 });
    expect(capped.bodies.length).toBeLessThanOrEqual(3 * GRAPH_FIELDS.length);
    expect(capped.bodies.length).toBeLessThan(sender.bodies.length);
    expect(small.result.requests).toBe(capped.bodies.length);
    // Cut short, the rule either is still exact under the assumptions it states, or says it is not.
    expect(small.result.exact ? small.result.assumptions.length : small.result.unresolved.length).toBeGreaterThan(0);
  });

  test('accepts() agrees with the target on every one of the 4096 combinations, sent or not', () => {
    const wrong = combinations(GRAPH_FIELDS).filter(
      (present) => (evidence.accepts(present) === 'yes') !== evaluate(truth, new Set(present)),
    );
    expect(wrong).toEqual([]);
    expect(evidence.complete).toBe(false);
    // The four required fields rejected every change: exact, but only as far as that holds (lib/explore/explore.ts).
    expect(evidence.caveat()).toMatch(
      /^the presence rule assumes: changeType, notificationUrl, resource and expirationDateTime rejected every change tried/,
    );
  });

  test('the smallest accepted body with a field is read off the rule, with the fields it needs', () => {
    expect(evidence.smallestAccepted()?.present).toEqual(REQUIRED);
    expect(evidence.smallestAccepted('includeResourceData')?.present).toEqual([
      ...REQUIRED,
      'includeResourceData',
      'encryptionCertificate',
      'encryptionCertificateId',
    ]);
    expect(evidence.smallestAccepted('notificationUrlAppId')?.present).toEqual([...REQUIRED, 'notificationUrlAppId']);
  });
});

describe('evidence from a complete matrix', () => {
  const fields = ['a', 'b', 'c'];
  const observations: Observation[] = combinations(fields).map((present) => ({
    present,
    outcome: present.includes('a') && !present.includes('b') ? 'accepted' : 'rejected',
    status: 201,
  }));

  test('answers from the observations; the smallest accepted body is the fewest fields, then bitmask order', () => {
    const evidence = evidenceFromMatrix(fields, observations);
    expect(evidence.complete).toBe(true);
    expect(evidence.rule.expression).toBe('a && !b');
    expect(evidence.accepts(['a', 'c'])).toBe('yes');
    expect(evidence.accepts(['b'])).toBe('no');
    expect(evidence.smallestAccepted()).toEqual({ present: ['a'], basis: 'observed' });
    expect(evidence.smallestAccepted('c')).toEqual({ present: ['a', 'c'], basis: 'observed' });
    expect(evidence.smallestAccepted('b')).toBeUndefined();
    expect(evidence.caveat()).toBeUndefined();
  });

  test('an unstable combination is unknown, never read from the rule, and the rule says it is not exact', () => {
    const shaky = observations.map((o) => (o.present.join() === 'a,c' ? { ...o, outcome: 'unstable' as const } : o));
    const evidence = evidenceFromMatrix(fields, shaky);
    expect(evidence.accepts(['a', 'c'])).toBe('unknown');
    expect(evidence.rule.exact).toBe(false);
    expect(evidence.caveat()).toMatch(/not exact/);
  });
});

describe('an adaptive rule that is not exact, or that assumes', () => {
  const rule = { strategy: 'adaptive' as const, expression: 'a', expr: parseExpression('a'), roles: {}, dependencies: [] };
  const seen: Observation[] = [{ present: ['a'], outcome: 'accepted', status: 201 }];

  test('not exact: combinations never sent are unknown, and findings are told why', () => {
    const evidence = new PresenceEvidence(['a', 'b'], seen, { ...rule, exact: false, assumptions: [], unresolved: ['the budget ran out'] });
    expect(evidence.accepts(['a'])).toBe('yes');
    expect(evidence.accepts(['a', 'b'])).toBe('unknown');
    expect(evidence.smallestAccepted('b')).toBeUndefined();
    expect(evidence.caveat()).toContain('the budget ran out');
  });

  test('exact with assumptions: the rule answers, and the caveat names the assumptions', () => {
    const evidence = new PresenceEvidence(['a', 'b'], seen, {
      ...rule,
      exact: true,
      assumptions: ['b was only changed alone'],
      unresolved: [],
    });
    expect(evidence.accepts(['a', 'b'])).toBe('yes');
    expect(evidence.smallestAccepted('b')).toEqual({ present: ['a', 'b'], basis: 'rule' });
    expect(evidence.caveat()).toBe('the presence rule assumes: b was only changed alone');
  });
});

describe('ruleTerms', () => {
  test('multiplies a product of sums out, negations pushed to the fields, contradictions dropped', () => {
    const terms = ruleTerms(parseExpression('a && (!b || c) && !(d || !e)')) ?? [];
    expect(terms.map((t) => [[...t.present].sort(), [...t.absent].sort()])).toEqual([
      [
        ['a', 'e'],
        ['b', 'd'],
      ],
      [['a', 'c', 'e'], ['d']],
    ]);
    expect(ruleTerms(parseExpression('a && !a'))).toEqual([]);
  });

  test('refuses a rule that multiplies out to too many terms', () => {
    const wide = Array.from({ length: 13 }, (_, i) => `(x${i} || y${i})`).join(' && ');
    expect(ruleTerms(parseExpression(wide))).toBeUndefined();
  });
});

describe('a base for values where no combination with the field was accepted every time', () => {
  const FIELDS = ['notificationUrl', 'expirationDateTime', 'clientState'];
  const seen = (present: string[], outcome: Observation['outcome'], statuses: (number | null)[]): Observation => ({
    present,
    outcome,
    status: statuses[0] ?? null,
    statuses,
  });
  const matrix = (base: Observation): Observation[] =>
    combinations(FIELDS).map((present) =>
      present.join() === base.present.join()
        ? base
        : present.includes('notificationUrl') && present.includes('expirationDateTime')
          ? seen(present, 'accepted', [201])
          : seen(present, 'rejected', [400]),
    );

  test('the smallest combination accepted on some asks is the base; the rule does not take it as accepted', () => {
    const evidence = evidenceFromMatrix(FIELDS, matrix(seen(FIELDS, 'unstable', [400, 201, 400])));
    expect(evidence.smallestAccepted('clientState')).toBeUndefined();
    expect(evidence.accepts(FIELDS)).toBe('unknown');
    expect(evidence.unstableAccepted('clientState')).toEqual({ present: FIELDS, statuses: [400, 201, 400] });
    // A field with a body accepted every time has that one as its base (the caller asks for an unstable one only then).
    expect(evidence.smallestAccepted('notificationUrl')).toEqual({ present: ['notificationUrl', 'expirationDateTime'], basis: 'observed' });
  });

  test('one never accepted (a refusal and no answer) is no base', () => {
    const evidence = evidenceFromMatrix(FIELDS, matrix(seen(FIELDS, 'unstable', [400, null])));
    expect(evidence.unstableAccepted('clientState')).toBeUndefined();
  });
});
