/**
 * The adaptive explorer under REPEATS=auto (explore.ts, `askAgain`): each combination once, then asked again only
 * what a finding rests on alone, and a sample. On a target that answers the same body the same way, the rule, roles,
 * dependencies and every combination's verdict are those of an exploration that sends each combination twice, for
 * fewer bodies; on one whose answer to a body changed, the exploration is made again twice over, so no rule rests on
 * the answer that changed.
 */
import { describe, expect, test } from 'vitest';
import type { Exchange } from '../http/types.js';
import { combinationKey } from '../rule/field-set.js';
import { evaluate, parseExpression } from '../rule/expression.js';
import { explorePresence } from './explore.js';
import { RuleSender, syntheticOperation } from '../../test/support/rule-sender.js';
import { fakeExchange } from '../../test/support/fake-exchange.js';
import { GRAPH_V1_FIELDS as GRAPH_FIELDS, GRAPH_V1_RULE as GRAPH_RULE } from '../../reference/profiles.js';

const values = () => ({ now: new Date(0), notificationUrl: 'https://r.example/n', unique: 'u' });
const operation = syntheticOperation(GRAPH_FIELDS);

/** What a finding of an exploration is: its rule, roles, dependencies and each combination's verdict. */
async function findings(repeats: number, askAgain: boolean, sender: RuleSender | FlakySender) {
  const explored = await explorePresence(sender, operation, {
    repeats,
    values,
    exhaustiveMaxFields: 8,
    ...(askAgain ? { askAgain: { seed: 7 } } : {}),
  });
  return {
    rule: explored.evidence.rule.expression,
    roles: explored.evidence.rule.roles,
    dependencies: explored.evidence.rule.dependencies.map((d) => d.text),
    exact: explored.evidence.rule.exact,
    verdicts: Object.fromEntries(explored.observations.map((o) => [combinationKey(o.present), o.outcome])),
    askedAgain: explored.askedAgain,
  };
}

/** The rule's answers, except the first answer to `flaky` bodies (by their fields): refused, as by chance. */
class FlakySender extends RuleSender {
  readonly #flaky: Set<string>;
  constructor(rule: string, flaky: readonly string[][]) {
    super(rule);
    this.#flaky = new Set(flaky.map((present) => combinationKey(GRAPH_FIELDS.filter((f) => present.includes(f)))));
  }
  get flakesLeft(): number {
    return this.#flaky.size;
  }
  override sendBody(body: unknown): Promise<Exchange> {
    const parsed = (typeof body === 'string' ? JSON.parse(body) : body) as Record<string, unknown>;
    const key = combinationKey(GRAPH_FIELDS.filter((f) => f in parsed));
    if (!this.#flaky.delete(key)) return super.sendBody(body);
    this.bodies.push(parsed);
    return Promise.resolve(fakeExchange({ status: 400, responseBody: '{"error":{"code":"invalidRequest","message":"busy"}}' }));
  }
}

describe('the explorer asked once, then again where a finding rests on one answer (REPEATS=auto)', () => {
  test('on a target that answers alike: the findings of an exploration asked twice over, for fewer bodies', async () => {
    const twiceSender = new RuleSender(GRAPH_RULE);
    const onceSender = new RuleSender(GRAPH_RULE);
    const twice = await findings(2, false, twiceSender);
    const once = await findings(1, true, onceSender);
    expect(once.askedAgain?.disagreed).toBe(0);
    expect(once.askedAgain?.explorationRepeated).toBe(false);
    expect({ ...once, askedAgain: undefined }).toEqual({ ...twice, askedAgain: undefined });
    expect(once.exact).toBe(true);
    expect(onceSender.bodies.length).toBeLessThan(0.75 * twiceSender.bodies.length);
  });

  test('an answer that changed when asked again: no finding rests on it, and the rule is the target rule', async () => {
    // The body of every field, the explorer's first, refused on its first ask as by chance: the path follows it.
    const sender = new FlakySender(GRAPH_RULE, [GRAPH_FIELDS]);
    const once = await findings(1, true, sender);
    expect(sender.flakesLeft).toBe(0);
    expect(once.askedAgain?.disagreed).toBeGreaterThan(0);
    expect(once.askedAgain?.explorationRepeated).toBe(true);
    const truth = parseExpression(GRAPH_RULE);
    for (const [key, outcome] of Object.entries(once.verdicts))
      if (outcome === 'accepted' || outcome === 'rejected')
        expect(outcome === 'accepted', key).toBe(evaluate(truth, new Set(key === '' ? [] : key.split('\u0000'))));
    expect(once.rule).toBe((await findings(2, false, new RuleSender(GRAPH_RULE))).rule);
  });
});
