import { describe, expect, test } from 'vitest';
import {
  caseSentence,
  caseVariantOf,
  portOnlyDifference,
  portSentence,
  unpaddedParts,
  valueFault,
  withZone,
  zoneSentence,
} from './what-is-wrong.js';

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

  test.each([
    ['2030-01-05T10:00:00', '2030-01-05T10:00:00Z'],
    ['2030-01-05T10:00', '2030-01-05T10:00Z'],
    ['2016-10-20T23:24:00.606708', '2016-10-20T23:24:00.606708Z'],
    ['2030-01-05T10:00:00Z', undefined],
    ['2030-01-05T10:00:00+02:00', undefined],
    ['2030-01-05T10:00:00-0500', undefined],
    ['2030-01-05', undefined],
    ['2030-1-5T10:00:00', undefined],
    [' 2030-01-05T10:00:00', undefined],
    [1_893_456_000_000, undefined],
  ])('a date-time without a zone: %j with Z is %j', (value, zoned) => {
    expect(withZone(value)).toBe(zoned);
  });

  test('the sentence said when Z alone makes the value accepted', () => {
    expect(zoneSentence('expirationDateTime')).toBe('expirationDateTime has no time-zone offset; with Z it is accepted');
  });

  test.each([
    ['https://hooks.example.com:37377/notify', 'https://hooks.example.com/notify', { given: '37377', accepted: '443' }],
    ['http://hooks.example.com:8080/n?a=1', 'http://hooks.example.com/n?a=1', { given: '8080', accepted: '80' }],
    ['https://hooks.example.com/notify', 'https://hooks.example.com:8443/notify', { given: '443', accepted: '8443' }],
    ['https://hooks.example.com:443/notify', 'https://hooks.example.com/notify', undefined],
    ['https://hooks.example.com:37377/notify', 'https://hooks.example.com/other', undefined],
    ['https://hooks.example.com:37377/notify', 'https://receiver.example.com/notify', undefined],
    ['http://hooks.example.com:443/notify', 'https://hooks.example.com/notify', undefined],
    ['not a url', 'https://hooks.example.com/notify', undefined],
    [42, 'https://hooks.example.com/notify', undefined],
  ])('%s beside the accepted %s: ports %j', (given, accepted, ports) => {
    expect(portOnlyDifference(given, accepted)).toEqual(ports);
  });

  test('the sentence said of a notification URL refused only for its port', () => {
    expect(portSentence('notificationUrl', { given: '37377', accepted: '443' })).toBe(
      'the accepted notification URL differs only in its port (443, not 37377)',
    );
    expect(portSentence('lifecycleNotificationUrl', { given: '8080', accepted: '443' })).toBe(
      'the accepted value of lifecycleNotificationUrl differs only in its port (443, not 8080)',
    );
  });
});
