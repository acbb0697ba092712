import type { JsonType } from '../description/types.js';
import type { ValueClass, ValueContext } from '../types.js';

export interface WrongJsonTypesOptions {
  specRef: string;
  /** The field's own JSON type, which is left out. */
  type: JsonType;
  /** The number sent in place of the field (default 42), e.g. an instant as epoch milliseconds. */
  number?: (ctx: ValueContext) => unknown;
  numberDescription?: string;
}

const article = (type: string): string => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

/**
 * Every JSON type but the field's own is not its form. The object and array wrap the good value,
 * so that a service that unwraps them (or takes the first element) shows it; the string is the
 * good value's text, so that a service that converts shows it.
 */
export function wrongJsonTypeClasses(good: (ctx: ValueContext) => unknown, o: WrongJsonTypesOptions): ValueClass[] {
  const { specRef } = o;
  const instead = `instead of ${article(o.type)}`;
  const numeric = o.type === 'number' || o.type === 'integer';
  const classes: (ValueClass | undefined)[] = [
    numeric
      ? undefined
      : {
          id: 'json-number',
          description: o.numberDescription ?? `JSON number ${instead}`,
          value: o.number ?? (() => 42),
          specRef,
          expectation: 'not-spec-form',
        },
    o.type === 'string'
      ? undefined
      : {
          id: 'json-string',
          description: `JSON string ${instead}`,
          value: (ctx) => String(JSON.stringify(good(ctx)) ?? ''),
          specRef,
          expectation: 'not-spec-form',
        },
    o.type === 'boolean'
      ? undefined
      : { id: 'json-boolean', description: `JSON boolean ${instead}`, value: () => true, specRef, expectation: 'not-spec-form' },
    { id: 'json-null', description: `JSON null ${instead}`, value: () => null, specRef, expectation: 'not-spec-form' },
    o.type === 'object'
      ? undefined
      : {
          id: 'json-object',
          description: 'JSON object wrapping the good value',
          value: (ctx) => ({ value: good(ctx) }),
          specRef,
          expectation: 'not-spec-form',
        },
    o.type === 'array'
      ? undefined
      : {
          id: 'json-array',
          description: 'JSON array holding the good value',
          value: (ctx) => [good(ctx)],
          specRef,
          expectation: 'not-spec-form',
        },
  ];
  return classes.filter((c): c is ValueClass => c !== undefined);
}
