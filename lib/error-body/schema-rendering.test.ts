import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { fieldsInText } from './field-names.js';
import { readErrorBody } from './read-error-body.js';
import { rendersSchema, withoutSchemaRendering } from './schema-rendering.js';

const FIELDS = ['changeType', 'notificationUrl', 'resource', 'expirationDateTime', 'clientState'];
const TYPE =
  '{ readonly changeType: string; readonly notificationUrl: string; readonly resource: string; readonly clientState?: string | undefined }';

describe('a text that renders a schema', () => {
  test.each<[string, string, boolean]>([
    ["Effect's TypeLiteral", TYPE, true],
    ['io-ts, commas and no readonly', '{ changeType: string, resource: string }', true],
    ['a nested type', '{ readonly a: { readonly b: string; readonly c: number } }', true],
    ['quoted keys', '{ "@odata.type": string; "resource": string }', true],
    ['one member is a label, not a type', '{ resource: string }', false],
    ['a sentence without braces', 'resource: must not be blank; clientState: too long', false],
    ['braces without members', "Expected { but found 'x'", false],
  ])('%s', (_, text, expected) => {
    expect(rendersSchema(text)).toBe(expected);
  });

  test('only the rendering is taken out; the path after it stays', () => {
    expect(withoutSchemaRendering(`${TYPE}\n└─ ["resource"]\n   └─ is missing`)).toBe('{…}\n└─ ["resource"]\n   └─ is missing');
  });

  test("field names: none from the rendered type's members, the one its path names", () => {
    expect(fieldsInText(TYPE, FIELDS)).toEqual([]);
    expect(fieldsInText(`${TYPE}\n└─ ["resource"]\n   └─ is missing`, FIELDS)).toEqual(['resource']);
    // A text body (Effect's tree as plain text): the message stays what the target said, the names come from its path.
    const reading = readErrorBody(`${TYPE}\n└─ ["clientState"]\n   └─ Expected string, actual 1`, 'text/plain');
    expect(reading.message).toContain('readonly changeType');
    expect(fieldsInText(reading.message ?? '', FIELDS)).toEqual(['clientState']);
  });

  test('without a list of issues beside it, a rendering is kept as the message: it is all the target said', () => {
    expect(readErrorBody(JSON.stringify({ message: TYPE })).message).toBe(TYPE);
  });

  test('hostile text: linear, never throws', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 3000 }), (text) => {
        expect(typeof withoutSchemaRendering(text)).toBe('string');
      }),
      { numRuns: 300 },
    );
    const deep = `${'{ a: b; '.repeat(20_000)}${'}'.repeat(20_000)}`;
    const open = `${'{ x: y; '.repeat(50_000)}`;
    const started = performance.now();
    expect(rendersSchema(deep)).toBe(true);
    expect(rendersSchema(open)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
