/**
 * The report's rule and its rejection groups' conditions as values (lib/rule/rule-value.ts), beside the text the
 * report keeps. The builder attaches the values the inference made; a copy of a report (the assembly's, the ledger
 * step's) carries them over; a report read back from a file gets them where it is read (readBehaviourReport), the one
 * place at the run's end that turns a report's text into a rule.
 */
import { Rule } from '../rule/rule.js';
import { ruleOf, withRule } from '../rule/rule-value.js';
import type { BehaviourReport } from './types.js';

/** `to`, a copy of `from`, with `from`'s rule values. */
export function carryRuleValues(from: BehaviourReport, to: BehaviourReport): BehaviourReport {
  withRule(to.rule, ruleOf(from.rule));
  to.rejectionGroups.forEach((group, i) => {
    const original = from.rejectionGroups[i];
    if (original !== undefined && original.explanation === group.explanation) withRule(group, ruleOf(original));
  });
  return to;
}

/**
 * A report read back from a file, with its rule and its groups' conditions parsed once, as values. A text that is not
 * an expression (a report edited by hand) gets none: readers then say the expression as it is.
 */
export function ruleValuesReadBack<T extends Pick<BehaviourReport, 'rule' | 'rejectionGroups'>>(report: T): T {
  withRule(report.rule, Rule.tryOf(report.rule.expression));
  for (const group of report.rejectionGroups) withRule(group, Rule.tryOf(group.explanation));
  return report;
}
