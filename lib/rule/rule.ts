/**
 * The acceptance rule as one value: which combinations of present fields the target accepts, written in the
 * report's syntax (`notificationUrl && expirationDateTime && !changeType`). The report keeps the text; its maker
 * (the inference) makes the value with `Rule.made` and attaches it beside the text (./rule-value.ts), where every
 * reader takes it. `Rule.of(text)` parses a text from outside (a file read back, a profile, a rule given by hand)
 * once per process and gives the same value to every caller, so the text is parsed in this module only.
 */
import { evaluate, ExpressionSyntaxError, fieldsOf, formatExpression, parseExpression, type Expr } from './expression.js';
import { ruleTerms, type RuleTerm } from './products.js';

/** Texts kept parsed; past this many the oldest is dropped (a run reads a handful of rules). */
const CACHE_SIZE = 256;
const parsed = new Map<string, Rule>();

export class Rule {
  #products: { value: RuleTerm[] | undefined } | undefined;

  private constructor(
    /** The text as the report writes it. */
    readonly text: string,
    /** The parsed expression, for code that walks it (the rule in words, the HTML's grid). */
    readonly expr: Expr,
  ) {}

  /** The rule a text states; throws ExpressionSyntaxError, with the position, when it is not one. */
  static of(text: string): Rule {
    const known = parsed.get(text);
    if (known !== undefined) return known;
    const rule = new Rule(text, parseExpression(text));
    if (parsed.size >= CACHE_SIZE) parsed.delete(parsed.keys().next().value as string);
    parsed.set(text, rule);
    return rule;
  }

  /** The rule a text states, or undefined when the text is not a rule (a report edited by hand). */
  static tryOf(text: string): Rule | undefined {
    try {
      return Rule.of(text);
    } catch (error) {
      if (error instanceof ExpressionSyntaxError) return undefined;
      throw error;
    }
  }

  /** The rule an expression states (its text is the expression written back). */
  static fromExpr(expr: Expr): Rule {
    return Rule.of(formatExpression(expr));
  }

  /**
   * The rule as its maker has it, text and expression both (the inference writes the text from the terms it
   * found): nothing is parsed. The text must state the expression.
   */
  static made(text: string, expr: Expr): Rule {
    const known = parsed.get(text);
    if (known !== undefined) return known;
    const rule = new Rule(text, expr);
    if (parsed.size >= CACHE_SIZE) parsed.delete(parsed.keys().next().value as string);
    parsed.set(text, rule);
    return rule;
  }

  /** The fields the rule mentions, in first-seen order. */
  get fields(): string[] {
    return fieldsOf(this.expr);
  }

  /** True when a body with exactly these fields present is accepted. */
  accepts(present: ReadonlySet<string> | readonly string[]): boolean {
    return evaluate(this.expr, present instanceof Set ? present : new Set(present));
  }

  /**
   * The rule as a sum of products (each: fields present, fields absent; contradictory ones dropped);
   * undefined when multiplying out would give more than ./products.ts's cap, so a caller falls back instead
   * of running away.
   */
  products(): RuleTerm[] | undefined {
    this.#products ??= { value: ruleTerms(this.expr) };
    return this.#products.value;
  }
}

export { ExpressionSyntaxError } from './expression.js';
export type { RuleTerm } from './products.js';
