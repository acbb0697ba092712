import { expect, test } from 'vitest';
import { bodyCut, keptTopLevelFields, parseRecordedBody } from './recorded-body.js';

test('a whole body is parsed as JSON; a cut one keeps the top-level fields that end before the cut', () => {
  const body =
    '{"id":"sub-1","resource":{"id":"other","x":[1,2]},"n":12,"ok":true,"expirationDateTime":"2026-11-23T00:00:00Z","pad":"' +
    'x'.repeat(50) +
    '"}';
  expect(parseRecordedBody({ responseBody: body, responseBodyTruncated: false })).toEqual(JSON.parse(body));
  expect(parseRecordedBody({ responseBody: body.slice(0, 60), responseBodyTruncated: false })).toBeUndefined();
  expect(parseRecordedBody({ responseBody: body.slice(0, 60), responseBodyTruncated: true })).toEqual({
    id: 'sub-1',
    resource: { id: 'other', x: [1, 2] },
    n: 12,
  });
  expect(keptTopLevelFields(body.slice(0, 56))).toEqual({ id: 'sub-1', resource: { id: 'other', x: [1, 2] } }); // "n":1 of 12: unfinished
  expect(keptTopLevelFields(body.slice(0, 40))).toEqual({ id: 'sub-1' }); // inside the nested object
  expect(keptTopLevelFields(body.slice(0, 8))).toEqual({});
  expect(keptTopLevelFields('{"id":"a\\"b", "')).toEqual({ id: 'a"b' });
  expect(keptTopLevelFields('["id"]')).toBeUndefined();
  expect(keptTopLevelFields('')).toBeUndefined();
});

test('bodyCut names the bytes kept, only for a cut body', () => {
  expect(bodyCut({ responseBody: 'é'.repeat(10), responseBodyTruncated: true })).toBe('body cut at 20 bytes (MAX_RECORDED_BODY_BYTES)');
  expect(bodyCut({ responseBody: 'abc', responseBodyTruncated: false })).toBeUndefined();
});
