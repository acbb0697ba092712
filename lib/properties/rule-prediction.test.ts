import { describe, expect, test } from 'vitest';
import { combinations } from '../rule/field-set.js';
import type { Observation } from '../inference/types.js';
import { rulePredictor } from './rule-prediction.js';

const fields = ['a', 'b', 'c'];
/** A target that accepts exactly when `a` is present and `b` absent; {a, c} answered unstably. */
const observations: Observation[] = combinations(fields).map((present): Observation => {
  if (present.join('+') === 'a+c') return { present, outcome: 'unstable', status: 201, statuses: [201, 400] };
  return present.includes('a') && !present.includes('b')
    ? { present, outcome: 'accepted', status: 201 }
    : { present, outcome: 'rejected', status: 400, errorCode: 'invalidRequest' };
});

describe('rulePredictor', () => {
  test('predicts from the rule inferred over the observations', () => {
    const predictor = rulePredictor(fields, observations);
    expect(predictor.expression).toBe('a && !b');
    expect(predictor.predict(['a'])).toBe(true);
    expect(predictor.predict(['a', 'b'])).toBe(false);
    expect(predictor.predict([])).toBe(false);
  });

  test('predicts nothing where the matrix has no usable evidence, in any field order', () => {
    const predictor = rulePredictor(fields, observations);
    expect(predictor.predict(['a', 'c'])).toBeUndefined();
    expect(predictor.predict(['c', 'a'])).toBeUndefined();
  });
});
