/**
 * The report's rule and conditions in words, from their text as the report keeps it. The sentences themselves
 * are lib/rule/in-words.ts's, whose grammar reads one way only.
 */
import { conditionInWords as condition, ruleInWords as rule, type RuleWordsOptions } from '../rule/in-words.js';
import { Rule } from '../rule/rule.js';

/**
 * The acceptance rule as a sentence, e.g. "Accepted exactly when notificationUrl and expirationDateTime are
 * present and changeType and resource are absent; clientState does not matter." `fields` (the operation's fields)
 * fixes the order of names and lets the sentence name the fields the rule ignores; `undetermined` names the
 * fields the evidence leaves open, which are never said not to matter.
 */
export function ruleInWords(expression: string, fields: readonly string[], options: RuleWordsOptions = {}): string {
  const parsed = Rule.tryOf(expression);
  if (parsed === undefined) return `Accepted exactly when the expression ${expression} holds.`;
  return rule(parsed.expr, fields, options);
}

/**
 * A condition over fields in words, without the "Accepted exactly when" frame: "at least one of changeType and
 * resource is present". For rejection groups. Falls back to the expression itself.
 */
export function conditionInWords(expression: string, fields: readonly string[]): string {
  const parsed = Rule.tryOf(expression);
  return parsed === undefined ? expression : condition(parsed.expr, fields);
}
