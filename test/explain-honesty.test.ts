/**
 * Explain finds exactly the causes the ground truth implies. Random rules are served by
 * the reference service as rule profiles (handshake off); random bodies are explained over HTTP.
 *
 * What the truth implies, precisely. The service accepts a body exactly when the rule R holds on its
 * set of present fields P and every present value is a JSON string (ruleProfile: presence first, then
 * "strings only"). Explain's answer is a set S of toggles (fields taken out of P, or added) and a set V
 * of fields whose values it replaced by known-good strings. The truth implies:
 *   - accepted as given  iff  R(P) and every value is a string;
 *   - otherwise, when no set of fields satisfies R: no change of fields can get a 2xx (no-accepted-body);
 *   - otherwise `explained`, with S one of the 1-minimal toggle sets of P for R:
 *       R(P △ S)  and, for every s in S, not R(P △ (S \ {s}))
 *     (the removed part is the "minimal set of present fields whose removal makes the rule true" when
 *     no field has to be added), and V exactly the fields kept (in P \ S) whose value is not a string:
 *     each such value alone gets a 400, a string value never does;
 *   - and never more requests than the budget.
 * The same holds when explain is given any prediction (explain --hint): a report's prediction only
 * orders the questions.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { explain } from '../lib/explain/explain.js';
import { combinations } from '../lib/rule/field-set.js';
import { evaluate, parseExpression } from '../lib/rule/expression.js';
import { ruleProfile, startReferenceService, type ReferenceService } from '../reference/index.js';
import { arbitraryRule, idlRule, loopbackEngine, syntheticOperation, values } from './support/synthetic.js';

const TOKEN = 'explain-honesty-token';
const SEED = 20261122;
const BUDGET = 64;
let service: ReferenceService;

beforeAll(async () => {
  service = await startReferenceService({ tokens: [TOKEN], handshake: false });
});
afterAll(async () => {
  await service.close();
});

const NOT_STRINGS = [42, null, true, [], { a: 1 }] as const;

/** n fields, a rule over them, a body: each field absent, a string, or another JSON value. */
const cases = fc.integer({ min: 2, max: 5 }).chain((n) => {
  const fields = Array.from({ length: n }, (_, i) => `f${i}`);
  const value = fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: fc.string({ maxLength: 8 }) },
    { weight: 1, arbitrary: fc.constantFrom(...NOT_STRINGS) },
  );
  return fc.record({
    n: fc.constant(n),
    rule: fc.oneof(idlRule(fields), arbitraryRule(fields)),
    values: fc.array(value, { minLength: n, maxLength: n }),
    order: fc.shuffledSubarray(fields, { minLength: n, maxLength: n }),
  });
});

type Case = typeof cases extends fc.Arbitrary<infer C> ? C : never;

/** A case and toggle sets a report might predict for it, right or wrong (none, one, or two as near). */
const predictedCases = cases.chain((c) =>
  fc.record({
    c: fc.constant(c),
    predicted: fc.array(
      fc.subarray(
        Array.from({ length: c.n }, (_, i) => `f${i}`),
        { minLength: 1 },
      ),
      { maxLength: 2 },
    ),
  }),
);

async function explainOver(n: number, rule: string, body: Record<string, unknown>, predicted: string[][] = []) {
  const operation = syntheticOperation(n);
  service.setProfile(
    ruleProfile(
      operation.fields.map((f) => f.name),
      rule,
    ),
  );
  const engine = loopbackEngine(service.url, TOKEN, { maxRequests: BUDGET });
  try {
    const result = await explain({ operation, body, send: (r) => engine.send(r), values, budget: BUDGET, repeats: 2, predicted });
    return { result, sent: engine.stats().requestsSent };
  } finally {
    await engine.close();
  }
}

/** Explains the case's body (with `predicted` as a report's prediction) and holds the answer to the truth. */
async function explainsTheTruth({ n, rule, values: given, order }: Case, predicted: string[][]): Promise<void> {
  // Arrange: the body and what the truth says of it.
  const body: Record<string, unknown> = {};
  for (const field of order) {
    const v = given[Number(field.slice(1))];
    if (v !== undefined) body[field] = v;
  }
  const P = new Set(Object.keys(body));
  const expr = parseExpression(rule);
  const R = (present: ReadonlySet<string>): boolean => evaluate(expr, present);
  const flip = (set: ReadonlySet<string>, toggles: readonly string[]): Set<string> => {
    const out = new Set(set);
    for (const t of toggles) if (!out.delete(t)) out.add(t);
    return out;
  };
  const allStrings = [...P].every((f) => typeof body[f] === 'string');
  const satisfiable = combinations(Array.from({ length: n }, (_, i) => `f${i}`)).some((c) => R(new Set(c)));

  // Act
  const { result, sent } = await explainOver(n, rule, body, predicted);

  // Assert
  expect(sent).toBeLessThanOrEqual(BUDGET);
  expect(result.requests.total).toBe(sent);
  expect(service.liveSubscriptions()).toEqual([]);
  if (R(P) && allStrings) {
    expect(result.outcome).toBe('accepted');
    return;
  }
  if (!satisfiable) {
    expect(result.outcome).toBe('no-accepted-body');
    return;
  }
  expect(result.outcome, `${rule} on ${JSON.stringify(body)}: ${result.reason ?? ''}`).toBe('explained');
  const S = [...result.removed, ...result.added];
  expect(result.removed.every((f) => P.has(f))).toBe(true);
  expect(result.added.every((f) => !P.has(f))).toBe(true);
  expect(R(flip(P, S)), `R(P △ S) for S = ${S.join(',')}`).toBe(true);
  for (const s of S)
    expect(
      R(
        flip(
          P,
          S.filter((t) => t !== s),
        ),
      ),
      `${s} is needed`,
    ).toBe(false);
  const kept = [...P].filter((f) => !S.includes(f));
  expect(new Set(result.replaced)).toEqual(new Set(kept.filter((f) => typeof body[f] !== 'string')));
  // Every change of one field that gets a 2xx is found, and nothing else: an added field comes at a string value,
  // a replaced value becomes one (asked for a field whose removal is a fix, or found by the values step).
  const strings = (present: ReadonlySet<string>): boolean => [...present].every((f) => !P.has(f) || typeof body[f] === 'string');
  const fields = Array.from({ length: n }, (_, i) => `f${i}`);
  const expected = [
    ...fields.filter((f) => !P.has(f) && R(flip(P, [f])) && strings(P)).map((f) => `add ${f}`),
    ...[...P].filter((f) => typeof body[f] !== 'string' && R(P) && strings(flip(P, [f]))).map((f) => `replace-value ${f}`),
    ...[...P].filter((f) => R(flip(P, [f])) && strings(flip(P, [f]))).map((f) => `remove ${f}`),
  ];
  expect(new Set(result.singles.fixes.map((x) => `${x.change.kind} ${x.change.field}`)), `${rule} on ${JSON.stringify(body)}`).toEqual(
    new Set(expected),
  );
}

test('explain finds exactly the causes the rule implies, within budget (random rules and bodies, over HTTP)', async () => {
  await fc.assert(
    fc.asyncProperty(cases, (c) => explainsTheTruth(c, [])),
    { seed: SEED, numRuns: 150 },
  );
}, 300_000);

test('the same with any prediction, right or wrong: a report only orders the questions', async () => {
  await fc.assert(
    fc.asyncProperty(predictedCases, ({ c, predicted }) => explainsTheTruth(c, predicted)),
    { seed: SEED + 1, numRuns: 150 },
  );
}, 300_000);

test("with the rule's presence fine, only values are named", async () => {
  const { result } = await explainOver(3, 'f0 && !f2', { f0: 'a', f1: 7 });
  expect(result).toMatchObject({ outcome: 'explained', removed: [], added: [], replaced: ['f1'] });
});

test('a target that flips its answer on the accepted body is unstable, not explained', async () => {
  service.setFaults({ flip: { present: ['f0'] } });
  try {
    const { result } = await explainOver(3, 'f0 && !f1', { f0: 'a', f1: 'b' });
    expect(result.outcome).toBe('unstable');
  } finally {
    service.setFaults({});
  }
});
