import { describe, expect, test } from 'vitest';
import { inferPresence } from '../inference/infer-presence.js';
import { explore } from './explore.js';
import { classRule, fieldNames, namingOracleFor, oracleFor, type RoleSpec } from '../../test/support/random-rule.js';
import { seededRng } from './rng.js';
import { sameRule } from '../../test/support/rule-check.js';
import type { Oracle } from './types.js';

/** An oracle from a predicate over the present fields. */
const oracle =
  (accepts: (present: ReadonlySet<string>) => boolean): Oracle =>
  async (present) =>
    accepts(present) ? 'accepted' : 'rejected';

const GRAPH_FIELDS = [
  'changeType',
  'notificationUrl',
  'resource',
  'expirationDateTime',
  'clientState',
  'lifecycleNotificationUrl',
  'includeResourceData',
  'encryptionCertificate',
  'encryptionCertificateId',
  'latestSupportedTlsVersion',
  'notificationQueryOptions',
  'id',
  'applicationId',
  'creatorId',
];
const REQUIRED = ['changeType', 'notificationUrl', 'resource', 'expirationDateTime'];

/** Four required fields, three read-only ones, and the encryption pair that rich notifications need. */
const graph = oracle(
  (p) =>
    REQUIRED.every((f) => p.has(f)) &&
    !['id', 'applicationId', 'creatorId'].some((f) => p.has(f)) &&
    (!p.has('includeResourceData') || p.has('encryptionCertificate')) &&
    p.has('encryptionCertificate') === p.has('encryptionCertificateId'),
);

describe('exhaustive up to 8 fields', () => {
  const fields = ['changeType', 'notificationUrl', 'resource', 'expirationDateTime', 'clientState'];
  const spec = oracle((p) => p.has('notificationUrl') && p.has('expirationDateTime') && !p.has('changeType') && !p.has('resource'));

  test('sends every combination once and reports what inferPresence infers from them', async () => {
    const result = await explore(fields, spec);

    expect(result.strategy).toBe('exhaustive');
    expect(result.requests).toBe(32);
    expect(result.confirmed).toBe(32);
    expect(result.possible).toBe(32);
    const inference = inferPresence(fields, result.observations);
    expect(result.rule).toBe(inference.rule.expression);
    expect(result.rule).toBe('notificationUrl && expirationDateTime && !changeType && !resource');
    expect(result.roles).toEqual({
      changeType: 'forbidden',
      notificationUrl: 'required',
      resource: 'forbidden',
      expirationDateTime: 'required',
      clientState: 'optional',
    });
    expect([result.exact, result.unresolved, result.assumptions]).toEqual([true, [], []]);
  });

  test('a budget below 2^n hands over to the adaptive strategy', async () => {
    const result = await explore(fields, spec, { maxRequests: 20, startFrom: ['notificationUrl', 'expirationDateTime'] });

    expect(result.strategy).toBe('adaptive');
    expect(result.requests).toBeLessThanOrEqual(20);
  });
});

describe('adaptive above 8 fields', () => {
  test('a Graph-like rule of 14 fields: required, read-only and the encryption dependencies, within 140 requests', async () => {
    const result = await explore(GRAPH_FIELDS, graph, { startFrom: REQUIRED });

    expect(result.strategy).toBe('adaptive');
    expect(result.requests).toBeLessThanOrEqual(140);
    expect(result.exact).toBe(true);
    expect(result.dependencies.map((d) => d.text)).toEqual([
      'IF includeResourceData THEN encryptionCertificate;',
      'AllOrNone(encryptionCertificate, encryptionCertificateId);',
    ]);
    expect(result.roles).toMatchObject({
      changeType: 'required',
      clientState: 'optional',
      includeResourceData: 'conditional',
      encryptionCertificate: 'conditional',
      id: 'forbidden',
    });
    expect(result.rule).toBe(
      '(changeType && notificationUrl && resource && expirationDateTime && !includeResourceData && !encryptionCertificate && !encryptionCertificateId && !id && !applicationId && !creatorId) || ' +
        '(changeType && notificationUrl && resource && expirationDateTime && encryptionCertificate && encryptionCertificateId && !id && !applicationId && !creatorId)',
    );
    expect(result.confirmed).toBeLessThan(result.possible);
    expect(result.assumptions).toHaveLength(1);
    expect(result.assumptions[0]).toMatch(
      /^changeType, notificationUrl, resource, expirationDateTime, id, applicationId and creatorId rejected every change tried \(alone, in pairs/,
    );
  });

  test('parity of 3 fields among 12 fits no rule of the class: not exact, says so, within budget', async () => {
    const fields = fieldNames(12);
    const parity = oracle((p) => ['f2', 'f5', 'f9'].filter((f) => p.has(f)).length % 2 === 1);

    const result = await explore(fields, parity);

    expect(result.requests).toBeLessThanOrEqual(120);
    expect(result.exact).toBe(false);
    expect(result.unresolved).toHaveLength(1);
    expect(result.unresolved[0]).toMatch(/^the answers fit no rule of the supported class .* \(f2, f5 and f9\)/);
  });

  test('the budget is a hard cap, and running out is reported', async () => {
    const rule = classRule(
      fieldNames(30),
      Array.from({ length: 30 }, (_, i) => (i < 10 ? 'required' : 'optional')),
      [{ kind: 'OnlyOne', members: [20, 21, 22] }],
    );
    let calls = 0;
    const counted: Oracle = async (present) => {
      calls += 1;
      return oracleFor(rule)(present);
    };

    const result = await explore(rule.fields, counted, {
      maxRequests: 25,
      startFrom: ['f0', 'f1', 'f2', 'f3', 'f4', 'f5', 'f6', 'f7', 'f8', 'f9', 'f20'],
    });

    expect(calls).toBe(result.requests);
    expect(result.requests).toBeLessThanOrEqual(25);
    expect(result.exact).toBe(false);
    expect(result.unresolved.join(' ')).toMatch(/request budget \(25 requests\) ran out/);
  });

  test('a tight AllOrNone of 4 among 14 fields that reject every change of their own: found through the fields the errors leave unnamed', async () => {
    // Six required and four forbidden fields, and AllOrNone(f10..f13) with all four absent in the
    // start: 14 fields reject every change of their own, and the group of 4 is one of C(14, 4) = 1001.
    const roles = Array.from({ length: 20 }, (_, i): RoleSpec => (i < 6 ? 'required' : i < 10 ? 'forbidden' : 'optional'));
    const rule = classRule(fieldNames(20), roles, [{ kind: 'AllOrNone', members: [10, 11, 12, 13] }]);
    const startFrom = ['f0', 'f1', 'f2', 'f3', 'f4', 'f5', 'f15'];

    const silent = await explore(rule.fields, oracleFor(rule), { startFrom });
    const named = await explore(rule.fields, namingOracleFor(rule), { startFrom });

    // A per-field schema names f0..f9 on their own change and refuses the group without a name.
    expect(named.requests).toBeLessThanOrEqual(200);
    expect(sameRule(20, rule, named.rule, rule.fields).equal).toBe(true);
    expect(named.dependencies.map((d) => d.text)).toEqual(['AllOrNone(f10, f11, f12, f13);']);
    // Without names no request singles the group out: the rule is wrong, and its assumption says where.
    expect(sameRule(20, rule, silent.rule, rule.fields).equal).toBe(false);
    expect(silent.assumptions.join(' ')).toMatch(/f10, f11, f12 and f13 rejected every change tried .* would have been missed/);
  });

  test('the same seed sends the same requests', async () => {
    const rule = classRule(
      fieldNames(16),
      Array.from({ length: 16 }, (_, i) => (i % 4 === 0 ? 'required' : 'optional')),
      [
        { kind: 'Or', members: [1, 2, 3] },
        { kind: 'Requires', members: [5, 6] },
      ],
    );
    const run = (): ReturnType<typeof explore> =>
      explore(rule.fields, oracleFor(rule), { seed: 42, startFrom: ['f0', 'f4', 'f8', 'f12', 'f1'] });

    const [a, b] = [await run(), await run()];

    expect(a.observations).toEqual(b.observations);
    expect(a.rule).toBe(b.rule);
    expect(sameRule(16, rule, a.rule, rule.fields).equal).toBe(true);
  });
});

describe('the start', () => {
  test('without startFrom, every field, none, then one change away from them are tried', async () => {
    // f0 needed, f3 refused: the full and the empty body are rejected, the empty one plus f0 is not.
    const fields = fieldNames(10);
    const result = await explore(
      fields,
      oracle((p) => !p.has('f3') && p.has('f0')),
    );

    expect(result.observations.slice(0, 2).map((o) => [o.present.length, o.outcome])).toEqual([
      [10, 'rejected'],
      [0, 'rejected'],
    ]);
    expect(result.observations.find((o) => o.outcome === 'accepted')?.present).toEqual(['f0']);
    expect(result.rule).toBe('f0 && !f3');
    expect(result.exact).toBe(true);
  });

  test('when no start is found, the rule is what was seen and the report asks for startFrom', async () => {
    const fields = fieldNames(10);
    const result = await explore(
      fields,
      oracle(() => false),
    );

    expect(result.exact).toBe(false);
    expect(result.rule).toBe('false');
    expect(result.roles).toEqual({});
    expect(result.unresolved).toEqual([
      'no accepted combination was found in 90 requests (every field, none, one change away from those, then larger jumps and samples): pass startFrom, a body known to be accepted',
    ]);
  });

  test('an island two changes from the full and the empty body is found without a start', async () => {
    const fields = fieldNames(10);
    const result = await explore(
      fields,
      oracle((p) => p.has('f0') && p.has('f1') && !p.has('f2') && !p.has('f3')),
    );

    expect(result.rule).toBe('f0 && f1 && !f2 && !f3');
    expect(result.exact).toBe(true);
    expect(result.requests).toBeLessThanOrEqual(100);
  });

  test('a rejected startFrom is no dead end', async () => {
    const fields = fieldNames(10);
    const result = await explore(
      fields,
      oracle((p) => !p.has('f3')),
      { startFrom: ['f3'] },
    );

    expect(result.observations[0]).toEqual({ present: ['f3'], outcome: 'rejected', status: null });
    expect(result.rule).toBe('!f3');
    expect(result.exact).toBe(true);
  });
});

describe('known bodies first', () => {
  test('the known bodies are asked in order before every field and none; the report says which led to the start', async () => {
    const fields = fieldNames(10);
    const result = await explore(
      fields,
      oracle((p) => p.has('f1') && !p.has('f9')),
      {
        starts: [
          { fields: ['f0', 'f9'], source: 'ACCEPTED_BODY' },
          { fields: ['f1', 'f2'], source: "the description's reportedAccepted" },
        ],
      },
    );

    expect(result.observations.slice(0, 2).map((o) => [o.present, o.outcome])).toEqual([
      [['f0', 'f9'], 'rejected'],
      [['f1', 'f2'], 'accepted'],
    ]);
    expect(result.firstAccepted).toEqual({
      from: "the description's reportedAccepted",
      removed: [],
      added: [],
      requests: 2,
      present: ['f1', 'f2'],
    });
    expect(result.exact).toBe(true);
  });

  // Five required fields (f4 missing from the known body), two forbidden (f19 in it), OnlyOne(f10, f11): no
  // change of one field from the known body, the full or the empty body is accepted, and the errors name nothing.
  const n = 20;
  const roles = Array.from({ length: n }, (_, i): RoleSpec => (i < 5 ? 'required' : i >= 18 ? 'forbidden' : 'optional'));
  const island = classRule(fieldNames(n), roles, [{ kind: 'OnlyOne', members: [10, 11] }]);
  const known = ['f0', 'f1', 'f2', 'f3', 'f5', 'f10', 'f19'];

  test('an island two changes from the known body at 20 fields: found in its neighbourhood and exact within 10 x n, for 10 seeds', async () => {
    for (let seed = 1; seed <= 10; seed += 1) {
      const result = await explore(island.fields, oracleFor(island), { starts: [{ fields: known, source: 'the known body' }], seed });

      expect(result.requests).toBeLessThanOrEqual(10 * n);
      expect(result.firstAccepted).toMatchObject({ from: 'the known body', removed: ['f19'], added: ['f4'] });
      // Found among the 7 x 13 changes of one field taken out and one added, which are asked first.
      expect(result.firstAccepted?.requests).toBeLessThanOrEqual(3 + n + 7 * 13);
      expect(result.exact).toBe(true);
      expect(sameRule(n, island, result.rule, island.fields).equal).toBe(true);
    }
  });
});

describe("answers that are 'unknown'", () => {
  test('are retried once, recorded as errors when they stay unknown, and never taken as evidence', async () => {
    const rule = classRule(
      fieldNames(12),
      Array.from({ length: 12 }, (_, i) => (i < 2 ? 'required' : i < 4 ? 'forbidden' : 'optional')),
      [{ kind: 'Or', members: [6, 7] }],
    );
    const rng = seededRng(3);
    const flaky: Oracle = async (present) => (rng.next() < 0.3 ? 'unknown' : oracleFor(rule)(present));

    const result = await explore(rule.fields, flaky, { startFrom: ['f0', 'f1', 'f6'] });

    expect(result.requests).toBeLessThanOrEqual(120);
    expect(result.observations.some((o) => o.outcome === 'error')).toBe(true);
    expect(result.confirmed).toBe(result.observations.filter((o) => o.outcome !== 'error').length);
    if (result.exact) expect(sameRule(12, rule, result.rule, rule.fields).equal).toBe(true);
  });

  test('a field whose single change never gets an answer is unresolved', async () => {
    const fields = fieldNames(10);
    const stubborn: Oracle = async (present) => {
      if (present.has('f0') && !present.has('f5')) return 'unknown';
      return present.has('f0') ? 'accepted' : 'rejected';
    };

    const result = await explore(fields, stubborn, { startFrom: ['f0', 'f5'] });

    expect(result.exact).toBe(false);
    expect(result.unresolved[0]).toMatch(/^changing f5 alone from the start got no usable answer \(unknown\)/);
  });
});

describe('inputs are checked at the edge', () => {
  const any = oracle(() => true);
  test.each([
    [['a', 'a'], {}, 'explore fields should be distinct, got a, a'],
    [fieldNames(31), {}, 'explore supports at most 30 fields, got 31'],
    [['a', 'b'], { startFrom: ['c'] }, "explore startFrom names 'c', which is not one of the fields"],
    [
      ['a', 'b'],
      {
        starts: [
          { fields: ['a'], source: 's' },
          { fields: ['d'], source: 't' },
        ],
      },
      "explore starts[1] names 'd', which is not one of the fields",
    ],
    [['a', 'b'], { maxRequests: 0 }, 'explore maxRequests should be a positive integer, got 0'],
    [['a', 'b'], { exhaustiveMaxFields: 21 }, 'explore exhaustiveMaxFields should be an integer from 0 to 20, got 21'],
  ])('%j with %j', async (fields, options, message) => {
    await expect(explore(fields, any, options)).rejects.toThrow(message);
  });
});
