import { describe, expect, test } from 'vitest';
import { evaluate, parseExpression } from '../rule/expression.js';
import { inferPresence } from './infer-presence.js';
import { answeredAll, observe } from '../../test/support/observe.js';
import type { Observation, PresenceInference } from './types.js';

const SPEC_FIELDS = ['changeType', 'notificationUrl', 'resource', 'expirationDateTime', 'clientState'];

const presences = (inference: PresenceInference): Record<string, string> =>
  Object.fromEntries(Object.entries(inference.roles ?? {}).map(([name, role]) => [name, role.presence]));

describe('inferPresence on the spec case (accepted iff notificationUrl && expirationDateTime && !changeType && !resource)', () => {
  // Arrange: the service refuses changeType and resource by name, and misses the two it needs.
  const observations = observe(SPEC_FIELDS, 'notificationUrl && expirationDateTime && !changeType && !resource', (present) => {
    const refused = present.find((name) => name === 'changeType' || name === 'resource');
    return refused === undefined
      ? { status: 400, errorCode: 'invalidRequest', errorMessage: 'The request is malformed or incorrect.' }
      : { status: 400, errorCode: 'invalidRequest', errorMessage: `Property '${refused}' is not allowed on this type.` };
  });

  // Act
  const inference = inferPresence(SPEC_FIELDS, observations);

  test('the rule is that expression, with no unknowns', () => {
    expect(inference.rule.expression).toBe('notificationUrl && expirationDateTime && !changeType && !resource');
    expect(inference.rule.terms).toEqual([{ present: ['notificationUrl', 'expirationDateTime'], absent: ['changeType', 'resource'] }]);
    expect(inference.rule.unknown).toEqual([]);
    expect(inference.rule.notes).toBeUndefined();
  });

  test('roles: two required, two forbidden, clientState optional; no dependencies needed', () => {
    expect(presences(inference)).toEqual({
      changeType: 'forbidden',
      notificationUrl: 'required',
      resource: 'forbidden',
      expirationDateTime: 'required',
      clientState: 'optional',
    });
    expect(inference.roles?.['notificationUrl']?.explanation).toBe(
      'notificationUrl was present in every accepted combination (2); all 16 known combinations without it were rejected.',
    );
    expect(inference.rule.dependencies).toEqual([]);
    expect(inference.rule.dependenciesExact).toBe(true);
    expect(inference.diagnosis).toBeUndefined();
  });

  test('rejections split into "names a field" and "malformed", each explained by an expression', () => {
    expect(inference.rejectionGroups.map((g) => [g.messagePattern, g.explanation, g.combinations.length])).toEqual([
      ["Property '<field>' is not allowed on this type.", 'changeType || resource', 24],
      [
        'The request is malformed or incorrect.',
        '(!changeType && !notificationUrl && !resource) || (!changeType && !resource && !expirationDateTime)',
        6,
      ],
    ]);
    expect(inference.rejectionGroups[0]?.summary).toBe(
      "400 invalidRequest when at least one of changeType and resource is present (24 combinations); the messages name the properties 'changeType' and 'resource'",
    );
  });
});

test('a Graph-like rule: four required fields, clientState optional', () => {
  const inference = inferPresence(SPEC_FIELDS, observe(SPEC_FIELDS, 'changeType && notificationUrl && resource && expirationDateTime'));

  expect(inference.rule.expression).toBe('changeType && notificationUrl && resource && expirationDateTime');
  expect(presences(inference)).toEqual({
    changeType: 'required',
    notificationUrl: 'required',
    resource: 'required',
    expirationDateTime: 'required',
    clientState: 'optional',
  });
  expect(inference.rule.dependencies).toEqual([]);
  expect(inference.rule.dependenciesExact).toBe(true);
  expect(inference.rejectionGroups.map((g) => g.summary)).toEqual([
    '400 invalidRequest when at least one of changeType, notificationUrl, resource and expirationDateTime is absent (30 combinations)',
  ]);
});

describe('IDL dependencies come out as exactly the statement that makes the rule', () => {
  const FIELDS = ['a', 'b', 'c', 'd'];
  test.each([
    ['(a && !b) || (!a && b)', ['OnlyOne(a, b);'], 'conditional conditional optional optional'],
    ['(a && b && c) || (!a && !b && !c)', ['AllOrNone(a, b, c);'], 'conditional conditional conditional optional'],
    ['!a || b', ['IF a THEN b;'], 'conditional conditional optional optional'],
    ['a || b || c', ['Or(a, b, c);'], 'conditional conditional conditional optional'],
    ['(!a && !b) || (!a && !c) || (!b && !c)', ['ZeroOrOne(a, b, c);'], 'conditional conditional conditional optional'],
    ['d && (a || b || c) && (!a || !b) && (!a || !c) && (!b || !c)', ['OnlyOne(a, b, c);'], 'conditional conditional conditional required'],
    ['(!a || b) && (!b || c)', ['IF a THEN b;', 'IF b THEN c;'], 'conditional conditional conditional optional'],
    ['((a && b) || (!a && !b)) && (!c || d)', ['IF c THEN d;', 'AllOrNone(a, b);'], 'conditional conditional conditional conditional'],
    [
      '(a || b) && (c || d) && (!a || !c)',
      ['ZeroOrOne(a, c);', 'Or(a, b);', 'Or(c, d);'],
      'conditional conditional conditional conditional',
    ],
  ])('%s gives %j', (rule, statements, roles) => {
    const inference = inferPresence(FIELDS, observe(FIELDS, rule));

    expect(inference.rule.dependencies.map((d) => d.text)).toEqual(statements);
    expect(inference.rule.dependenciesExact).toBe(true);
    expect(
      Object.values(inference.roles ?? {})
        .map((r) => r.presence)
        .join(' '),
    ).toBe(roles);
  });

  test('a statement is reported with its kind and fields', () => {
    const [statement] = inferPresence(FIELDS, observe(FIELDS, '!a || b')).rule.dependencies;
    expect(statement).toEqual({ kind: 'Requires', fields: ['a', 'b'], text: 'IF a THEN b;' });
  });

  test('a rule no group statement captures is stated with compound IF ... THEN clauses', () => {
    // Odd parity of three fields: at least one is present (Or), and two present need the third.
    const inference = inferPresence(FIELDS, observe(FIELDS, '(a && !b && !c) || (!a && b && !c) || (!a && !b && c) || (a && b && c)'));
    expect(inference.rule.dependencies.map((d) => d.text)).toEqual([
      'Or(a, b, c);',
      'IF a AND b THEN c;',
      'IF a AND c THEN b;',
      'IF b AND c THEN a;',
    ]);
    expect(inference.rule.dependenciesExact).toBe(true);
  });
});

describe('nothing accepted: no roles, a diagnosis instead', () => {
  const FIELDS = ['a', 'b', 'c'];
  test.each([
    [
      401,
      'token',
      "every combination was answered 401: the access token was refused; check ACCESS_TOKEN or ACCESS_TOKEN_FILE (or, with client credentials, SCOPE and the app's permissions).",
    ],
    [
      404,
      'base-url-or-path',
      "every combination was answered 404: the base URL, or the operation's path with the values filled into it, does not exist on the target; check BASE_URL, and PATH_VALUES when the path has parameters.",
    ],
    [null, 'transport', undefined],
    [500, 'service', undefined],
  ] as const)('every answer %s -> %s', (status, cause, message) => {
    const inference = inferPresence(FIELDS, answeredAll(FIELDS, status));

    expect(inference.roles).toBeUndefined();
    expect(inference.rule.expression).toBe('false');
    expect(inference.diagnosis?.likelyCause).toBe(cause);
    if (message !== undefined) expect(inference.diagnosis?.message).toBe(message);
  });

  test('no combination known at all: every one is unknown', () => {
    const observations: Observation[] = answeredAll(FIELDS, 503).map((o) => ({ ...o, outcome: 'unstable', statuses: [503, 201] }));
    const inference = inferPresence(FIELDS, observations);

    expect(inference.rule.unknown).toHaveLength(8);
    expect(inference.rule.dependenciesExact).toBe(true);
    // Each was answered 201 on one repeat: not "the service failed whatever the body".
    expect(inference.diagnosis?.likelyCause).toBe('unknown');
    expect(inference.diagnosis?.message).toMatch(
      /^no combination was accepted on every repeat, but 8 combinations \(\{\}, \{a\}, \{b\}, …\) were accepted on some repeats/,
    );
  });

  test('mixed answers: unknown, with the counts', () => {
    const observations = answeredAll(FIELDS, 400).map((o, i) => (i < 2 ? { ...o, status: 401 } : o));
    expect(inferPresence(FIELDS, observations).diagnosis).toEqual({
      likelyCause: 'unknown',
      message: 'no combination was accepted, and the answers point to no single cause (400 x6, 401 x2).',
    });
  });
});

describe("unknown combinations are don't-cares", () => {
  test('unstable, error and unsent combinations are listed and the rule holds on the rest', () => {
    const FIELDS = ['a', 'b', 'c'];
    const observations = observe(FIELDS, 'a && !b')
      .filter((o) => o.present.join() !== 'a,c')
      .map((o): Observation => (o.present.join() === 'b' ? { ...o, outcome: 'unstable', statuses: [400, 201] } : o));

    const inference = inferPresence(FIELDS, observations);

    expect(inference.rule.unknown).toEqual([['b'], ['a', 'c']]);
    const expr = parseExpression(inference.rule.expression);
    for (const o of observations.filter((x) => x.outcome === 'accepted' || x.outcome === 'rejected')) {
      expect(evaluate(expr, new Set(o.present))).toBe(o.outcome === 'accepted');
    }
  });

  test('30 fields and a handful of bodies: quick, correct on what was seen, the rest noted', () => {
    const fields = Array.from({ length: 30 }, (_, i) => `f${i}`);
    const rule = parseExpression('f0 && !f1 && (f2 || f3)');
    const observations = Array.from({ length: 40 }, (_, k): Observation => {
      const present = fields.filter((_, i) => ((k * 2654435761 + i * 40503) >>> (i % 7)) % 3 === 0 || (i === 0 && k % 4 !== 0));
      return evaluate(rule, new Set(present))
        ? { present, outcome: 'accepted', status: 201 }
        : { present, outcome: 'rejected', status: 400 };
    });
    const unique = [...new Map(observations.map((o) => [o.present.join(), o])).values()];
    expect(unique.filter((o) => o.outcome === 'accepted').length).toBeGreaterThan(3);
    expect(unique.filter((o) => o.outcome === 'rejected').length).toBeGreaterThan(3);

    const started = performance.now();
    const inference = inferPresence(fields, unique);
    const elapsed = performance.now() - started;

    expect(elapsed).toBeLessThan(2_000);
    const expr = parseExpression(inference.rule.expression);
    for (const o of unique) expect(evaluate(expr, new Set(o.present))).toBe(o.outcome === 'accepted');
    expect(inference.rule.notes?.some((n) => n.includes('never sent'))).toBe(true);
  });
});

describe('the public edge checks its input', () => {
  test('a field outside the operation', () => {
    expect(() => inferPresence(['a'], [{ present: ['z'], outcome: 'accepted', status: 201 }])).toThrow(
      "inferPresence observation names 'z', which is not one of the fields (a)",
    );
  });
  test('the same combination twice', () => {
    const twice: Observation[] = [
      { present: ['a'], outcome: 'accepted', status: 201 },
      { present: ['a'], outcome: 'rejected', status: 400 },
    ];
    expect(() => inferPresence(['a'], twice)).toThrow('inferPresence combination {a} is observed twice');
  });
  test('too many fields', () => {
    expect(() =>
      inferPresence(
        Array.from({ length: 31 }, (_, i) => `f${i}`),
        [],
      ),
    ).toThrow(RangeError);
  });
});
