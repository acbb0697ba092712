/**
 * A rule's value beside the text a report keeps of it. Whoever makes a rule (the inference: the acceptance rule, each
 * rejection group's condition) attaches its value to the object that holds the text; whoever reads it takes the value
 * (`ruleOf`), never the text. Text becomes a value only where it comes from outside the run: a file read back (a
 * report given to explain, contract or expectations, an earlier run's report), which attaches what it parsed.
 * Plain data stays plain: the value lives beside the object, not in it, so JSON, the schema and copies of the data
 * see the text alone (a copy gets the value when its maker carries it over: lib/report/report-rules.ts).
 */
import type { Rule } from './rule.js';

const values = new WeakMap<object, Rule>();

/** The holder, with `rule` as the value of the text it holds. */
export function withRule<T extends object>(holder: T, rule: Rule | undefined): T {
  if (rule !== undefined) values.set(holder, rule);
  return holder;
}

/** The value of the rule this object holds the text of; undefined when no maker or reader attached one. */
export function ruleOf(holder: object): Rule | undefined {
  return values.get(holder);
}
