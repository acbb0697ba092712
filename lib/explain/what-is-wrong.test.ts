import { describe, expect, test } from 'vitest';
import { caseSentence, caseVariantOf, unpaddedParts, valueFault } from './what-is-wrong.js';

describe('what is wrong with a value or a name explain blames', () => {
  test.each([
    ['expirationDateTime', '2018-09-5', 'expirationDateTime is not a full ISO 8601 date-time: its day has one digit'],
    ['expirationDateTime', '2018-9-5T10:00:00Z', 'expirationDateTime is not a full ISO 8601 date-time: its month and day have one digit'],
    ['expirationDateTime', '2030-01-01T5:00:00Z', 'expirationDateTime is not a full ISO 8601 date-time: its hour has one digit'],
    ['at', '2030-01-01T5:3:7.120+02:00', 'at is not a full ISO 8601 date-time: its hour, minute and second have one digit'],
    ['expirationDateTime', '2030-01-01T05:00:00Z', undefined],
    ['expirationDateTime', 'tomorrow', undefined],
    ['expirationDateTime', 1_893_456_000_000, undefined],
  ])('%s %j: %s', (field, value, sentence) => {
    expect(valueFault(field, value)).toBe(sentence);
  });

  test('unpadded parts are read only from text shaped as an ISO 8601 date', () => {
    expect(unpaddedParts('2030-1-5')).toEqual(['month', 'day']);
    expect(unpaddedParts('30-1-5')).toBeUndefined();
    expect(unpaddedParts(null)).toBeUndefined();
  });

  test('a name in another letter case, and the sentence said when renaming it gets a 2xx', () => {
    const fields = ['changeType', 'notificationUrl', 'resource'];
    expect(caseVariantOf('Resource', fields)).toBe('resource');
    expect(caseVariantOf('CHANGETYPE', fields)).toBe('changeType');
    expect(caseVariantOf('resource', fields)).toBeUndefined();
    expect(caseVariantOf('resources', fields)).toBeUndefined();
    expect(caseSentence('resource', 'Resource')).toBe('the target reads property names case-sensitively: resource, not Resource');
  });
});
