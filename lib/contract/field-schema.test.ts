import { describe, expect, test } from 'vitest';
import { contractAjv } from './contract-ajv.js';
import { deriveFieldSchema, type ValueSample } from './field-schema.js';

const NOW = new Date(Date.UTC(2030, 0, 1));
const at = (minutes: number, spell: (iso: string) => string = (s) => s): string =>
  spell(new Date(NOW.getTime() + minutes * 60_000).toISOString());
const ok = (value: unknown, varies = false): ValueSample => ({ value, outcome: 'accepted', varies, subject: JSON.stringify(value) });
const no = (value: unknown, varies = false): ValueSample => ({ value, outcome: 'rejected', varies, subject: JSON.stringify(value) });

/** Every sample is judged by the derived schema as the target judged it. */
function expectExact(schema: Record<string, unknown>, samples: readonly ValueSample[]): void {
  const validate = contractAjv(NOW).compile(schema);
  for (const s of samples) expect(validate(s.value), `${s.subject} ${s.outcome}`).toBe(s.outcome === 'accepted');
}

describe('deriveFieldSchema', () => {
  test('only the millisecond Z spelling accepted: format date-time plus a pattern; lifetime bounds from the limit and the samples', () => {
    const samples = [
      ok(at(2880), true),
      ok(at(1), true),
      no(
        at(2880, (s) => s.replace(/\.\d{3}Z$/, 'Z')),
        true,
      ),
      no(
        at(2880, (s) => s.replace(/Z$/, '+00:00')),
        true,
      ),
      no(
        at(2880, (s) => s.slice(0, 10)),
        true,
      ),
      no(at(-1440), true),
      no(at(42301), true),
      no(42),
    ];
    const { schema, unexplained } = deriveFieldSchema(samples, [{ kind: 'lifetime', unit: 'minutes', value: 42300 }], NOW);
    expect(schema).toMatchObject({
      type: 'string',
      format: 'date-time',
      pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$',
      'x-lifetime': { unit: 'minutes', minimum: 1, maximum: 42300 },
    });
    expect(unexplained).toEqual([]);
    expectExact(schema, samples);
  });

  test('a lifetime search that stopped short: the maximum is the value below its first refusal, never one under a lifetime accepted', () => {
    // Two days accepted by a value class, ten years refused; the search saw 3850 accepted and 4491 refused, then stopped.
    const samples = [ok(at(2880), true), no(at(5_256_000), true), ok(at(3850), true), no(at(4491), true), no(at(-1440), true)];
    const { schema, gaps } = deriveFieldSchema(
      samples,
      [{ kind: 'lifetime', unit: 'minutes', value: undefined, firstRejected: 4491 }],
      NOW,
    );
    expect(schema).toMatchObject({ 'x-lifetime': { unit: 'minutes', minimum: 2880, maximum: 4490 } });
    expect(gaps).toContain(
      "lifetime: 3850 minutes accepted, 4491 refused; the limit's search stopped between them (the maximum is the last value not refused)",
    );
    expectExact(schema, samples);
  });

  test('a length search that stopped short: maxLength is the value below its first refusal', () => {
    const samples = [ok('x'.repeat(100)), no('x'.repeat(104)), no('x'.repeat(4096))];
    const { schema } = deriveFieldSchema(samples, [{ kind: 'length', unit: 'characters', value: undefined, firstRejected: 104 }], NOW);
    expect(schema).toEqual({ type: 'string', maxLength: 103 });
    expectExact(schema, samples);
  });

  test('every spelling with a zone accepted: format date-time and no pattern', () => {
    const samples = [
      ok(at(60), true),
      ok(
        at(60, (s) => s.replace(/Z$/, '+00:00')),
        true,
      ),
      no(
        at(60, (s) => s.replace(/Z$/, '')),
        true,
      ),
    ];
    const { schema } = deriveFieldSchema(samples, [], NOW);
    expect(schema).toEqual({ type: 'string', format: 'date-time' });
    expectExact(schema, samples);
  });

  test('a length limit is maxLength; an empty string rejected is minLength', () => {
    const samples = [ok('p'), ok('x'.repeat(128)), no('x'.repeat(129)), no('')];
    const { schema } = deriveFieldSchema(samples, [{ kind: 'length', unit: 'characters', value: 128 }], NOW);
    expect(schema).toEqual({ type: 'string', maxLength: 128, minLength: 1 });
    expectExact(schema, samples);
  });

  test('some values of an enumeration accepted: enum of those', () => {
    const samples = [ok('updated'), no('created'), no('deleted'), no('Updated'), no(''), no(42)];
    const { schema } = deriveFieldSchema(samples, [], NOW);
    expect(schema).toEqual({ type: 'string', enum: ['updated'] });
    expectExact(schema, samples);
  });

  test('values that vary by run accepted, a fixed one the spec does not give the form of rejected: not enum of it', () => {
    const samples = [
      ok('https://127.0.0.1:4711/n', true),
      ok('http://127.0.0.1:4711/n', true),
      no('https://192.0.2.10/n'),
      no('/n', true),
      no(''),
    ];
    const { schema, unexplained } = deriveFieldSchema(samples, [], NOW);
    expect(schema).toEqual({ type: 'string', format: 'uri', not: { enum: ['https://192.0.2.10/n'] } });
    expect(unexplained).toEqual([]);
    expectExact(schema, samples);
  });

  test("a value of the spec's own form refused is the target's reason, never a rule: unexplained, no not enum", () => {
    const ipLiteral: ValueSample = { ...no('https://192.0.2.10/n'), specForm: true };
    const samples = [ok('https://127.0.0.1:4711/n', true), ipLiteral, no('/n', true)];
    const { schema, unexplained } = deriveFieldSchema(samples, [], NOW);
    expect(schema).toEqual({ type: 'string', format: 'uri' });
    expect(unexplained).toEqual(['"https://192.0.2.10/n"']);
  });

  test('a value refused with a message about other fields only is no evidence about this field: no enum, no not enum, unexplained', () => {
    const refusedForOthers: ValueSample = { ...no('weekly'), aboutOthers: true };
    const samples = [ok('daily'), ok('hourly'), refusedForOthers];
    const { schema, unexplained } = deriveFieldSchema(samples, [], NOW);
    expect(schema).toEqual({ type: 'string' });
    expect(unexplained).toEqual(['"weekly"']);
    // The same refusal, with no message about other fields, is this field's own: a rule against the value.
    expect(deriveFieldSchema([ok('daily'), ok('hourly'), no('weekly')], [], NOW).schema).toEqual({
      type: 'string',
      not: { enum: ['weekly'] },
    });
  });

  test('a field that takes a string or null keeps its string limits', () => {
    const samples = [ok('p'), ok(null), ok('x'.repeat(128)), no('x'.repeat(129)), no(42)];
    const { schema } = deriveFieldSchema(samples, [{ kind: 'length', unit: 'characters', value: 128 }], NOW);
    expect(schema).toEqual({ type: ['string', 'null'], maxLength: 128 });
    expectExact(schema, samples);
  });

  test('only https accepted, an http URL refused: a scheme pattern', () => {
    const samples = [
      ok('https://127.0.0.1:4711/n', true),
      ok('https://127.0.0.1:4711/n?q=1', true),
      no('http://127.0.0.1:4711/n', true),
      no('/n', true),
    ];
    const { schema, unexplained } = deriveFieldSchema(samples, [], NOW);
    expect(schema).toEqual({ type: 'string', format: 'uri', pattern: '^(?:https):' });
    expect(unexplained).toEqual([]);
    expectExact(schema, samples);
  });

  test('a run-dependent value rejected for no stated reason stays unexplained, never guessed', () => {
    const { unexplained } = deriveFieldSchema([ok('a-1', true), no('b-2', true), ok('c-3', true)], [], NOW);
    expect(unexplained).toEqual(['"b-2"']);
  });

  test('the type is the JSON type seen accepted', () => {
    expect(deriveFieldSchema([ok(1), ok(2.5), no('x')], [], NOW).schema).toEqual({ type: 'number' });
    expect(deriveFieldSchema([ok('a'), ok(null), no(3)], [], NOW).schema).toEqual({ type: ['string', 'null'] });
  });

  test('a whole number accepted is a number: integer only where a fraction was refused', () => {
    // A target that coerces types (Fastify's default ajv) took 42 for a string field; 1.5 was never sent.
    expect(deriveFieldSchema([ok('x'), ok(42), no(true)], [], NOW).schema).toEqual({ type: ['string', 'number'] });
    const refusedFraction = [ok(1), ok(7), no(1.5), no('x')];
    const { schema } = deriveFieldSchema(refusedFraction, [], NOW);
    expect(schema).toEqual({ type: 'integer' });
    expectExact(schema, refusedFraction);
  });

  test('a one-element array accepted: no claim about longer ones unless one was refused', () => {
    expect(deriveFieldSchema([ok('x'), ok(['x']), no(42)], [], NOW).schema).toEqual({ type: ['string', 'array'] });
    const samples = [ok('x'), ok(['x']), no(['x', 'y']), no([]), no([3]), no(42)];
    const { schema, unexplained } = deriveFieldSchema(samples, [], NOW);
    expect(schema).toEqual({ type: ['string', 'array'], maxItems: 1, minItems: 1, items: { type: 'string' } });
    expect(unexplained).toEqual([]);
    expectExact(schema, samples);
  });
});
