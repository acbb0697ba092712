import type { ValueClass, ValueContext } from '../types.js';

/**
 * Every field of spec §2 is a JSON string, so a number, boolean, null, object or array in its
 * place is not the spec's form. The object and array wrap the good value, so that a service that
 * unwraps them (or takes the first element) shows it.
 */
export function wrongJsonTypes(
  good: (ctx: ValueContext) => unknown,
  number: (ctx: ValueContext) => number = () => 42,
): ValueClass[] {
  const specRef = 'spec §2 (the field is of type string)';
  return [
    { id: 'json-number', description: 'JSON number instead of a string', value: number, specRef, expectation: 'not-spec-form' },
    { id: 'json-boolean', description: 'JSON boolean instead of a string', value: () => true, specRef, expectation: 'not-spec-form' },
    { id: 'json-null', description: 'JSON null instead of a string', value: () => null, specRef, expectation: 'not-spec-form' },
    {
      id: 'json-object',
      description: 'JSON object wrapping the good value',
      value: (ctx) => ({ value: good(ctx) }),
      specRef,
      expectation: 'not-spec-form',
    },
    {
      id: 'json-array',
      description: 'JSON array holding the good value',
      value: (ctx) => [good(ctx)],
      specRef,
      expectation: 'not-spec-form',
    },
  ];
}
