import { expect, test } from 'vitest';
import { isLoopbackHost } from './loopback.js';

test.each([
  ['localhost'],
  ['LOCALHOST'],
  ['127.0.0.1'],
  ['127.0.0.2'],
  ['127.255.255.254'],
  ['::1'],
  ['[::1]'],
  ['0:0:0:0:0:0:0:1'],
  ['[::ffff:7f00:1]'],
  ['::ffff:127.0.0.1'],
])('loopback: %s', (host) => {
  expect(isLoopbackHost(host)).toBe(true);
});

test.each([
  ['staging.example.com'],
  ['localhost.example.com'],
  ['foo.localhost'],
  ['128.0.0.1'],
  ['10.0.0.1'],
  ['0.0.0.0'],
  ['::'],
  ['[fe80::1]'],
  ['::ffff:10.0.0.1'],
  ['127.1'],
  [''],
])('not loopback: %s', (host) => {
  expect(isLoopbackHost(host)).toBe(false);
});

test('agrees with what URL makes of the host', () => {
  for (const url of ['http://127.1/', 'http://0x7f.0.0.1/', 'http://[0::1]/', 'http://LocalHost:80/']) {
    expect(isLoopbackHost(new URL(url).hostname), url).toBe(true);
  }
});
