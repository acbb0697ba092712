/**
 * The inference is honest. Random ground-truth rules are served by the reference
 * service as data-defined profiles; the suite's matrix step probes it over HTTP and the
 * inference must give back exactly the truth: the rule on every combination, and the roles.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { combinations } from '../lib/rule/field-set.js';
import { evaluate, parseExpression } from '../lib/rule/expression.js';
import { inferPresence } from '../lib/inference/infer-presence.js';
import { rolesFromRule } from './support/truth-table.js';
import { runMatrix } from './support/run-matrix.js';
import { ruleProfile, startReferenceService, type ReferenceService } from '../reference/index.js';
import { arbitraryRule, clientFor, idlRule, loopbackEngine, syntheticOperation, values } from './support/synthetic.js';

const TOKEN = 'honesty-token';
const SEED = 20261121;
/** fast-check's own default number of runs; with the seed fixed they are the first 100 of the same sequence every time. */
const RULES = 100;
let service: ReferenceService;

beforeAll(async () => {
  service = await startReferenceService({ tokens: [TOKEN], handshake: false });
});
afterAll(async () => {
  await service.close();
});

/** Probes the service (serving `truth` over `n` fields) and infers; returns what to compare. */
async function probeAndInfer(n: number, truth: string, repeats = 2) {
  const operation = syntheticOperation(n);
  const fields = operation.fields.map((f) => f.name);
  service.setProfile(ruleProfile(fields, truth));
  // Enough retries that a 30% share of 429/503 cannot leave a combination without a verdict.
  const engine = loopbackEngine(service.url, TOKEN, { maxRetries: 10 });
  try {
    const observations = await runMatrix(clientFor(engine, operation), operation, { repeats, values, parallel: 8 });
    return { fields, observations, inference: inferPresence(fields, observations) };
  } finally {
    await engine.close();
  }
}

function agreesOnEveryCombination(fields: string[], inferred: string, truth: string, except: string[] = []): boolean {
  const a = parseExpression(inferred);
  const b = parseExpression(truth);
  return combinations(fields).every(
    (present) => except.includes(present.join('+')) || evaluate(a, new Set(present)) === evaluate(b, new Set(present)),
  );
}

describe('inferred rule and roles equal the ground truth the reference serves', () => {
  test(`${RULES} random rules over 3 to 8 fields (arbitrary and IDL-built), probed over HTTP`, async () => {
    const rule = fc.integer({ min: 3, max: 8 }).chain((n) => {
      const fields = Array.from({ length: n }, (_, i) => `f${i}`);
      return fc.tuple(fc.constant(n), n <= 6 ? fc.oneof(idlRule(fields), arbitraryRule(fields)) : idlRule(fields));
    });
    await fc.assert(
      fc.asyncProperty(rule, async ([n, truth]) => {
        // Once per combination: on a target that always answers the same the rule cannot depend on repeats; what a
        // second ask is for (an answer that flips) is the next test's, at the default 2.
        const { fields, inference, observations } = await probeAndInfer(n, truth, 1);
        expect(observations.every((o) => o.outcome === 'accepted' || o.outcome === 'rejected')).toBe(true);
        expect(agreesOnEveryCombination(fields, inference.rule.expression, truth), `${inference.rule.expression} vs ${truth}`).toBe(true);
        const roles = rolesFromRule(fields, truth);
        expect(inference.roles && Object.fromEntries(Object.entries(inference.roles).map(([f, r]) => [f, r.presence]))).toEqual(
          roles && Object.fromEntries(Object.entries(roles).map(([f, r]) => [f, r.presence])),
        );
      }),
      { seed: SEED, numRuns: RULES },
    );
  }, 600_000);

  test('a flipping combination is unstable and never evidence; the rest stays exact', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .integer({ min: 3, max: 6 })
          .chain((n) => fc.tuple(fc.constant(n), idlRule(Array.from({ length: n }, (_, i) => `f${i}`)), fc.nat(2 ** n - 1))),
        async ([n, truth, mask]) => {
          const fields = Array.from({ length: n }, (_, i) => `f${i}`);
          const flipped = fields.filter((_, i) => (mask >> i) & 1);
          service.setFaults({ flip: { present: flipped } });
          try {
            const { inference, observations } = await probeAndInfer(n, truth);
            const unstable = observations.filter((o) => o.outcome === 'unstable').map((o) => o.present.join('+'));
            expect(unstable).toEqual([flipped.join('+')]);
            expect(inference.rule.unknown.map((p) => p.join('+'))).toEqual([flipped.join('+')]);
            expect(agreesOnEveryCombination(fields, inference.rule.expression, truth, unstable)).toBe(true);
          } finally {
            service.setFaults({});
          }
        },
      ),
      { seed: SEED, numRuns: 25 },
    );
  }, 300_000);

  test('with 429 and 503 faults the rule and roles equal those of a fault-free run', async () => {
    const truth = 'f0 && (!f1 || f2) && !f3';
    const clean = await probeAndInfer(5, truth);
    service.setFaults({ throttle429Share: 0.2, unavailable503Share: 0.1, retryAfterSeconds: 0, seed: 7 });
    try {
      const faulty = await probeAndInfer(5, truth);
      expect(service.stats().throttled).toBeGreaterThan(0);
      expect(faulty.inference.rule.expression).toBe(clean.inference.rule.expression);
      expect(faulty.inference.roles).toEqual(clean.inference.roles);
    } finally {
      service.setFaults({});
    }
  });
});
