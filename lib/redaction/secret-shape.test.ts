import { describe, expect, test } from 'vitest';
import { looksLikeSecret } from './secret-shape.js';

describe('looksLikeSecret', () => {
  test.each([
    ['a bearer token', 'Bearer abcdefgh12345678'],
    ['a JWT', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl'],
    ['a SAS signature in a URL', 'https://hooks.example/n?sv=2024&sig=AbC123dEf456%3D'],
    ['credentials in a URL', 'https://user:hunter2@hooks.example/n'],
    ['a private key', '-----BEGIN RSA PRIVATE KEY-----\nMIIE'],
    ['a GitHub token', 'ghp_0123456789abcdefghijABCDEFGHIJ'],
    ['a random run', 'q8Zr2LmX0pVt7Kc4Nw1Hs9Bd'],
    ['a long hex run', '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b'],
  ])('%s is hidden', (_name, text) => {
    expect(looksLikeSecret(text)).toBe(true);
  });

  test.each([
    ['a probe clientState', `probe-mww9a3682x26-113-${'x'.repeat(200)}`],
    ['a URL', 'https://127.0.0.1:37721/notifications'],
    ['a date', '2026-11-27T15:05:50.547Z'],
    ['a UUID', '3f2a9c1e-7b4d-4e8a-9c0f-1d2e3f4a5b6c'],
    ['a resource path', '/me/drive/root'],
    ['words', 'updated,deleted'],
  ])('%s is shown', (_name, text) => {
    expect(looksLikeSecret(text)).toBe(false);
  });
});

test('a hostile value of 64 KiB is judged in one pass, not rescanned from each character (a HAR may hold many)', () => {
  // Unbounded, the URL-credentials shape took over 2 s on each such value; bounded, about a millisecond.
  const started = performance.now();
  // The last is hidden as a long run of hex digits, the second as a random-looking run.
  expect(['x'.repeat(65_536), 'aB1-'.repeat(16_384), `${'a'.repeat(65_536)}://`].map(looksLikeSecret)).toEqual([false, true, true]);
  expect(performance.now() - started).toBeLessThan(1_000);
});
