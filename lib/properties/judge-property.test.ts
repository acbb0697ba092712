import { expect, test } from 'vitest';
import { fakeExchange } from '../../test/support/fake-exchange.js';
import type { BodyPlan } from './body-plan.js';
import type { PropertyCheck } from './check-result.js';
import { judgeProperty, type PropertyPolicy, type PropertyResult } from './judge-property.js';

const plan: BodyPlan = { notificationUrl: { kind: 'good' }, clientState: { kind: 'class', id: 'length-4096' } };
const trial = (check: PropertyCheck, status: number) => ({
  value: plan,
  key: 'k',
  trial: { check, evidence: [fakeExchange({ status })] },
});

/** A run's result as the bounded runner gives it, each part overridable. */
function result(o: Partial<PropertyResult>): PropertyResult {
  return {
    outcome: 'held',
    keys: ['a', 'b'],
    counts: { holds: 2, violated: 0, 'not-judged': 0, 'no-answer': 0 },
    first: trial({ kind: 'holds' }, 201),
    notes: [],
    noteCount: 0,
    counterexample: undefined,
    noAnswer: undefined,
    runs: 2,
    shrinks: 0,
    stoppedBy: undefined,
    durationMs: 1500,
    ...o,
  };
}

const spec: PropertyPolicy = {
  onViolation: 'DEVIATES',
  violation: 'an answer that is neither 2xx nor 4xx',
  held: (r) => `every one of ${r.counts.holds} random bodies was answered 2xx or 4xx`,
};
const facts = { statuses: [201, 400], requests: 4, seed: 7 };

test('held: CONFORMS where the spec states the rule, with what was measured; the first trial shown', () => {
  const judged = judgeProperty(result({}), spec, facts);
  expect(judged).toMatchObject({ verdict: 'CONFORMS', finding: 'every one of 2 random bodies was answered 2xx or 4xx' });
  expect(judged.observed).toMatch(/^2 bodies \(2 runs, 0 shrinks, 0 not judged\), 4 requests in 1\.5 s, answers .*; seed 7, plans digest /);
  expect(judged.shown?.status).toBe(201);
});

test('violated: the policy decides the verdict; the finding names the smallest counterexample and its problem', () => {
  const counterexample = trial({ kind: 'violated', problem: 'answered 500' }, 500);
  const violated = result({
    outcome: 'violated',
    counterexample,
    shrinks: 3,
    counts: { holds: 1, violated: 4, 'not-judged': 0, 'no-answer': 0 },
  });
  const judged = judgeProperty(violated, spec, facts);
  expect(judged.verdict).toBe('DEVIATES');
  expect(judged.finding).toBe(
    'an answer that is neither 2xx nor 4xx; smallest counterexample (after 3 shrinks): {notificationUrl: good, clientState: class "length-4096"}: answered 500',
  );
  expect(judged.shown?.status).toBe(500);
  expect(judgeProperty(violated, { ...spec, onViolation: 'INFORMATIONAL' }, facts).verdict).toBe('INFORMATIONAL');
});

test('no answer: ERROR, the harness or the network, never the target; an earlier counterexample is said too', () => {
  const judged = judgeProperty(
    result({
      outcome: 'no-answer',
      noAnswer: { problem: 'the request budget is spent' },
      counterexample: trial({ kind: 'violated', problem: 'answered 503' }, 503),
    }),
    spec,
    facts,
  );
  expect(judged.verdict).toBe('ERROR');
  expect(judged.finding).toMatch(
    /^no verdict from the target, the property stopped: the request budget is spent; before that, \{.*\}: answered 503$/,
  );
});

test('held with notes, or with nothing judged: INFORMATIONAL, so that what was seen reaches the findings', () => {
  const noted = result({ notes: [trial({ kind: 'holds', note: 'a 413 whose body is not the §7 object' }, 413)], noteCount: 1 });
  expect(judgeProperty(noted, spec, facts)).toMatchObject({
    verdict: 'INFORMATIONAL',
    finding: expect.stringMatching(/; 1 noted, e\.g\. \{.*\}: a 413 whose body is not the §7 object$/),
  });
  expect(judgeProperty(result({ counts: { holds: 0, violated: 0, 'not-judged': 2, 'no-answer': 0 } }), spec, facts).verdict).toBe(
    'INFORMATIONAL',
  );
});
