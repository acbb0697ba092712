/**
 * The exhaustive strategy: every combination once (then the unknown ones again while the budget
 * lasts), and lib/inference's inferPresence on what came back.
 */
import { ruleOf } from '../rule/rule-value.js';
import { formatCombination, presentOf } from '../rule/field-set.js';
import { inferPresence } from '../inference/infer-presence.js';
import { count } from '../inference/words.js';
import { ProbeSession } from './session.js';
import type { ExploreResult, Oracle } from './types.js';

/** Combinations without an answer named in the unresolved note, at most. */
const NAMED = 5;

export async function exploreExhaustive(fields: readonly string[], oracle: Oracle, maxRequests: number): Promise<ExploreResult> {
  const session = new ProbeSession(fields, oracle, maxRequests);
  const total = 2 ** fields.length;
  for (let mask = 0; mask < total; mask += 1) await session.ask(mask, 0);
  for (const mask of session.unusableMasks()) {
    if (session.left() === 0) break;
    await session.retry(mask);
  }
  const observations = session.observations();
  const inference = inferPresence([...fields], observations);
  const missing = session.unusableMasks().sort((a, b) => a - b);
  const named = missing.slice(0, NAMED).map((m) => formatCombination(presentOf(fields, m)));
  const unresolved =
    missing.length === 0
      ? []
      : [
          `${count(missing.length, 'combination')} of ${total} got no usable answer (${named.join(', ')}${missing.length > NAMED ? ', …' : ''}); the rule treats ${missing.length === 1 ? 'it' : 'them'} as don't-cares`,
        ];
  const rule = ruleOf(inference.rule);
  if (rule === undefined) throw new Error('exhaustive: the inference attaches the value of its rule');
  return {
    strategy: 'exhaustive',
    rule: inference.rule.expression,
    ruleExpr: rule.expr,
    roles: Object.fromEntries(Object.entries(inference.roles ?? {}).map(([name, role]) => [name, role.presence])),
    dependencies: inference.rule.dependencies,
    requests: session.requests,
    confirmed: session.usableCount(),
    possible: total,
    exact: missing.length === 0,
    unresolved,
    assumptions: [],
    observations,
  };
}
