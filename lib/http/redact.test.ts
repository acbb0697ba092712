import { expect, test } from 'vitest';
import { Redactor } from '../redaction/redactor.js';
import { Secret } from '../secret.js';
import { redactAuthorization, redactHeaders } from './redact.js';

test.each([
  ['Bearer abc', 'Bearer [redacted]'],
  ['bearer  abc def', 'bearer  [redacted]'],
  ['Basic dXNlcjpwYXNz', 'Basic [redacted]'],
  ['abc', '[redacted]'],
  ['Bearer', 'Bearer'],
  ['', ''],
])('redactAuthorization(%s) is %s', (value, expected) => {
  expect(redactAuthorization(value)).toBe(expected);
});

test('redactHeaders hides credentials and scrubs the secret from every other header', () => {
  const secret = new Secret('s3cret+token/value');
  expect(
    redactHeaders(
      {
        Authorization: 'Bearer s3cret',
        'Proxy-Authorization': 'Basic x',
        'x-echo': 'got s3cret+token/value',
        'x-s3cret+token/value': 'name',
        'x-url': 's3cret%2Btoken%2Fvalue',
      },
      Redactor.of(secret),
    ),
  ).toEqual({
    Authorization: 'Bearer [redacted]',
    'Proxy-Authorization': 'Basic [redacted]',
    'x-echo': 'got [redacted]',
    'x-[redacted]': 'name',
    'x-url': '[redacted]',
  });
});
