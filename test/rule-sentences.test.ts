/**
 * The sentences a person acts on, for every profile of the reference: the rule in words, and each rejection
 * group's "when", read back by a parser of their grammar, must state exactly what the profile does on every
 * combination of good values. Pure: the profile's own body check decides, no server is started.
 */
import { describe, expect, test } from 'vitest';
import { readCondition, readRuleSentence } from './support/read-words.js';
import { inferPresence } from '../lib/inference/infer-presence.js';
import type { Observation } from '../lib/inference/types.js';
import { shippedOperation, subscriptionCreate } from '../lib/operation/index.js';
import { groupWhen, ruleSentence } from '../lib/report/report-facts.js';
import { evaluate, type Expr } from '../lib/rule/expression.js';
import { combinations } from '../lib/rule/field-set.js';
import { PROFILES } from '../reference/index.js';
import { validateCreateBody } from '../reference/validate-body.js';

const NOW = Date.parse('2026-11-27T12:00:00.000Z');

function observe(profileName: string): { fields: string[]; observations: Observation[] } {
  const profile = PROFILES[profileName];
  if (profile === undefined) throw new Error(profileName);
  const operation = profileName === 'graph-v1-rules' ? shippedOperation('operations/graph-subscription-v1.json') : subscriptionCreate;
  const fields = operation.fields.map((f) => f.name);
  const ctx = { now: new Date(NOW), notificationUrl: 'https://receiver.example.com/notify', unique: 'u1' };
  const observations = combinations(fields).map((present): Observation => {
    const body = Object.fromEntries(present.map((name) => [name, operation.fields.find((f) => f.name === name)?.good(ctx)]));
    const verdict = validateCreateBody(profile, body, NOW);
    return verdict.ok
      ? { present, outcome: 'accepted', status: 201 }
      : { present, outcome: 'rejected', status: 400, errorCode: 'invalidRequest', errorMessage: verdict.problem.message };
  });
  return { fields, observations };
}

const holds = (expr: Expr, present: readonly string[]): boolean => evaluate(expr, new Set(present));

describe.each(Object.keys(PROFILES))('profile %s', (name) => {
  const { fields, observations } = observe(name);
  const inference = inferPresence(fields, observations);
  const report = {
    rule: { expression: inference.rule.expression },
    matrix: observations,
    operation: { fields },
    fields: inference.roles ?? {},
  };

  test('the rule in words accepts exactly what the profile accepted', () => {
    const sentence = ruleSentence(report);
    const read = readRuleSentence(sentence);
    const wrong = observations.filter((o) => holds(read.rule, o.present) !== (o.outcome === 'accepted'));
    expect(
      wrong.map((o) => o.present.join('+')),
      sentence,
    ).toEqual([]);
  });

  test("each kind of refusal's condition holds on exactly its combinations", () => {
    for (const group of inference.rejectionGroups) {
      const when = groupWhen(group, fields);
      const condition = readCondition(when.replace(/^when /, '').replace(/^for every combination$/, 'every combination'));
      const inGroup = new Set(group.combinations.map((c) => c.join('+')));
      const wrong = observations.filter((o) => holds(condition, o.present) !== inGroup.has(o.present.join('+')));
      expect(
        wrong.map((o) => o.present.join('+')),
        when,
      ).toEqual([]);
    }
  });
});

test('the rule that was read the other way round now reads one way', () => {
  const { fields, observations } = observe('v2-change-needs-resource');
  const inference = inferPresence(fields, observations);
  expect(inference.rule.dependencies.map((d) => d.text)).toEqual(['IF changeType THEN resource;']);
  expect(
    ruleSentence({ rule: inference.rule, matrix: observations, operation: { fields }, fields: inference.roles } as Parameters<
      typeof ruleSentence
    >[0]),
  ).toBe(
    'Accepted exactly when notificationUrl and expirationDateTime are present, and either resource is present or changeType is absent; clientState does not matter.',
  );
});
