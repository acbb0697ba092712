import fc from 'fast-check';
import { expect, test } from 'vitest';
import { maskValues, quotesFieldValue, sentValues } from './mask-values.js';
import { messagePattern } from './message-pattern.js';

const FIELDS = ['changeType', 'notificationUrl', 'resource', 'expirationDateTime', 'clientState'];

test('three refused values, one kind: without the values sent they are three patterns, with them one', () => {
  const values = ['abc', 'not-a-state!', 'hello world'];
  const messages = values.map((v) => `The value '${v}' is not valid for clientState`);
  expect(new Set(messages.map((m) => messagePattern(m, FIELDS))).size).toBe(3);
  const masked = messages.map((m, i) => messagePattern(m, FIELDS, [values[i] as string]));
  expect(new Set(masked)).toEqual(new Set(["The value '<value>' is not valid for <field>"]));
});

test("OData's literal that cannot be converted, and a bare URL the message repeats", () => {
  const literal = (v: string): string => `Cannot convert the literal '${v}' to the expected type 'Edm.DateTimeOffset'.`;
  expect(messagePattern(literal('tomorrow'), FIELDS, ['tomorrow'])).toBe(
    messagePattern(literal('2030-1-5T00:00:00Z'), FIELDS, ['2030-1-5T00:00:00Z']),
  );
  expect(messagePattern(literal('tomorrow'), FIELDS, ['tomorrow'])).toBe(
    "Cannot convert the literal '<value>' to the expected type 'Edm.DateTimeOffset'.",
  );
  expect(maskValues('Failed to validate https://x.example/n: no answer', ['https://x.example/n'], FIELDS)).toBe(
    'Failed to validate <value>: no answer',
  );
});

test('what is not masked: a value inside a longer word, a short or numeric value unquoted, a value that is a field name', () => {
  expect(maskValues('the abcdef token', ['abc'], FIELDS)).toBe('the abcdef token');
  expect(maskValues('no is not a state; got "no"', ['no'], FIELDS)).toBe('no is not a state; got "<value>"');
  expect(maskValues('must be at most 128 characters', ['128'], FIELDS)).toBe('must be at most 128 characters');
  expect(maskValues("the value '128' is too long", ['128'], FIELDS)).toBe("the value '<value>' is too long");
  expect(maskValues("'resource' is not a change type", ['resource'], FIELDS)).toBe("'resource' is not a change type");
  // The longer value is masked whole, and no value is looked for inside another's mask.
  expect(maskValues("'value' and 'value one'", ['value', 'value one'], FIELDS)).toBe("'<value>' and '<value>'");
});

test('sentValues: the top-level strings, numbers and booleans of a JSON object; nothing from anything else', () => {
  expect(sentValues('{"changeType":"updated","n":5,"b":true,"o":{"x":"y"},"a":["z"],"nul":null}')).toEqual(['updated', '5', 'true']);
  expect([sentValues(undefined), sentValues('not json'), sentValues('[1]'), sentValues('"s"')]).toEqual([[], [], [], []]);
});

test('hostile: any message and values, never throws, regex characters taken literally', () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 500 }), fc.array(fc.string({ maxLength: 40 }), { maxLength: 8 }), (message, values) => {
      expect(typeof maskValues(message, values, FIELDS)).toBe('string');
    }),
    { numRuns: 300 },
  );
  expect(maskValues("the value '(.*)+[' is odd", ['(.*)+['], FIELDS)).toBe("the value '<value>' is odd");
});

test('quotesFieldValue: the value sent for the field, quoted right after its name, in any case of the name', () => {
  const body = JSON.stringify({ resource: '/drive/root', Resource: 'x', clientState: '', n: 7 });
  expect(quotesFieldValue("The resource '/drive/root' is not a resource that can be subscribed to.", body, 'resource')).toBe(true);
  expect(quotesFieldValue('Resource  "/drive/root" is unknown', body, 'resource')).toBe(true);
  expect(quotesFieldValue("The clientState '' is empty", body, 'clientState')).toBe(true);
  expect(quotesFieldValue("n '7' is too small", body, 'n')).toBe(true);
  // Letters whose lower case is longer (İ) before the name do not shift where the value is looked for.
  expect(quotesFieldValue("İİİ The resource '/drive/root' is not", body, 'resource')).toBe(true);
  // Not right after the name, another value, the value unquoted or cut, the name inside a longer word: no.
  expect(quotesFieldValue("The resource was '/drive/root'", body, 'resource')).toBe(false);
  expect(quotesFieldValue("The resource '/drive/other' is not", body, 'resource')).toBe(false);
  expect(quotesFieldValue('The resource /drive/root is not', body, 'resource')).toBe(false);
  expect(quotesFieldValue("The resource '/drive/ro' is not", body, 'resource')).toBe(false);
  expect(quotesFieldValue("myresource '/drive/root'", body, 'resource')).toBe(false);
  expect(quotesFieldValue("The resource '/drive/root' is not", 'not json', 'resource')).toBe(false);
  expect(quotesFieldValue("The resource '/drive/root' is not", JSON.stringify({ resource: { a: 1 } }), 'resource')).toBe(false);
});

test('quotesFieldValue, hostile: any message and body, never throws', () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 300 }), fc.string({ maxLength: 40 }), (message, value) => {
      const said = quotesFieldValue(message, JSON.stringify({ resource: value }), 'resource');
      expect(said).toBe(message.toLowerCase().includes('resource') && message.includes(value) ? said : false);
    }),
    { seed: 20261129, numRuns: 500 },
  );
});
