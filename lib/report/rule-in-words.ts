/**
 * The report's rule and conditions in words, from their values (lib/report/report-rules.ts), never from their text:
 * a report without a value (edited by hand) has its expression said as it is. The sentences themselves are
 * lib/rule/in-words.ts's, whose grammar reads one way only.
 */
import { conditionInWords as condition, ruleInWords as rule, type RuleWordsOptions } from '../rule/in-words.js';
import { ruleOf } from '../rule/rule-value.js';

/**
 * The acceptance rule as a sentence, e.g. "Accepted exactly when notificationUrl and expirationDateTime are
 * present and changeType and resource are absent; clientState does not matter." `fields` (the operation's fields)
 * fixes the order of names and lets the sentence name the fields the rule ignores; `undetermined` names the
 * fields the evidence leaves open, which are never said not to matter.
 */
export function ruleInWords(stated: { expression: string }, fields: readonly string[], options: RuleWordsOptions = {}): string {
  const value = ruleOf(stated);
  if (value === undefined) return `Accepted exactly when the expression ${stated.expression} holds.`;
  return rule(value.expr, fields, options);
}

/**
 * A condition over fields in words, without the "Accepted exactly when" frame: "at least one of changeType and
 * resource is present". For rejection groups. Falls back to the expression itself.
 */
export function conditionInWords(group: { explanation: string }, fields: readonly string[]): string {
  const value = ruleOf(group);
  return value === undefined ? group.explanation : condition(value.expr, fields);
}
