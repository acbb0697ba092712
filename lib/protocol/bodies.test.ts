import { describe, expect, test } from 'vitest';
import { cutShort, duplicateKeyBody, keptOccurrence, padWithWhitespace, pickDuplicate } from './bodies.js';

const body = { notificationUrl: 'https://r.example.com/n', expirationDateTime: '2026-01-03T00:00:00.000Z' };
const later = { notificationUrl: 'https://r.example.com/n', expirationDateTime: '2026-01-03T00:01:00.000Z' };

describe('cutShort', () => {
  test('is no longer JSON', () => {
    const cut = cutShort(JSON.stringify(body));

    expect(() => JSON.parse(cut) as unknown).toThrow(SyntaxError);
    expect(cut.endsWith('"')).toBe(true);
  });

  test('refuses text too short to cut', () => {
    expect(() => cutShort('1')).toThrow(/cutShort/);
  });
});

describe('duplicate keys', () => {
  test('pickDuplicate takes the first field whose two values differ', () => {
    expect(pickDuplicate(body, later)).toEqual({
      field: 'expirationDateTime',
      first: body.expirationDateTime,
      last: later.expirationDateTime,
    });
  });

  test('pickDuplicate falls back to the first field with one value; undefined for an empty body', () => {
    expect(pickDuplicate(body, body)).toEqual({ field: 'notificationUrl', first: body.notificationUrl, last: body.notificationUrl });
    expect(pickDuplicate({}, {})).toBeUndefined();
  });

  test('duplicateKeyBody keeps the first in place and appends the second', () => {
    const dup = { field: 'expirationDateTime', first: 'A', last: 'B' };

    const text = duplicateKeyBody(body, dup);

    expect(text).toBe('{"notificationUrl":"https://r.example.com/n","expirationDateTime":"A","expirationDateTime":"B"}');
    expect(JSON.parse(text)).toEqual({ notificationUrl: body.notificationUrl, expirationDateTime: 'B' });
  });

  test('duplicateKeyBody refuses a field the body does not have', () => {
    expect(() => duplicateKeyBody(body, { field: 'clientState', first: 1, last: 2 })).toThrow(/clientState/);
  });

  test.each([
    ['{"expirationDateTime":"B"}', 'the record kept the last expirationDateTime'],
    ['{"expirationDateTime":"A"}', 'the record kept the first expirationDateTime'],
    ['{"expirationDateTime":"C"}', "the record's expirationDateTime is neither value sent"],
    ['{"id":"x"}', 'the answer does not echo expirationDateTime'],
    ['not json', undefined],
  ])('keptOccurrence of %s: %s', (answer, words) => {
    expect(keptOccurrence(answer, { field: 'expirationDateTime', first: 'A', last: 'B' })).toBe(words);
  });

  test('keptOccurrence cannot tell when both values were the same', () => {
    expect(keptOccurrence('{"a":1}', { field: 'a', first: 1, last: 1 })).toBeUndefined();
  });
});

describe('padWithWhitespace', () => {
  test('pads to exactly the size in UTF-8 bytes and parses to the same object', () => {
    const json = JSON.stringify({ ...body, clientState: 'é€𝄞' });

    const padded = padWithWhitespace(json, 4096);

    expect(Buffer.byteLength(padded, 'utf8')).toBe(4096);
    expect(JSON.parse(padded)).toEqual(JSON.parse(json));
  });

  test('refuses a target smaller than the body, or a body that is not an object', () => {
    expect(() => padWithWhitespace('{"a":1}', 3)).toThrow(/at least 7/);
    expect(() => padWithWhitespace('[1]', 100)).toThrow(/JSON object/);
  });
});
