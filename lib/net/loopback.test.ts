import { expect, test } from 'vitest';
import { HttpEngine } from '../http/engine.js';
import { fastOptions } from '../../test/support/http-server.js';
import { Secret } from '../secret.js';
import { loopbackTarget } from '../../reference/loopback.js';
import { isLoopbackAddress, isLoopbackHost } from './loopback.js';
import { HttpEngineUsageError } from '../errors.js';

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
  ['::ffff:7f00:1'],
  ['::ffff:127.0.0.1'],
  ['[::ffff:127.0.0.1]'],
  ['0:0:0:0:0:ffff:7f01:203'],
])('loopback: %s', (host) => {
  expect(isLoopbackHost(host)).toBe(true);
});

test.each([
  ['staging.example.com'],
  ['localhost.example.com'],
  ['localhost.'],
  ['foo.localhost'],
  ['128.0.0.1'],
  ['10.0.0.1'],
  ['0.0.0.0'],
  ['::'],
  ['[fe80::1]'],
  ['fe80::1%lo'],
  ['::ffff:10.0.0.1'],
  ['::ffff:a00:1'],
  ['::127.0.0.1'],
  ['127.1'],
  [''],
])('not loopback: %s', (host) => {
  expect(isLoopbackHost(host)).toBe(false);
});

test('an address is never a name: localhost is a loopback host, not a loopback address', () => {
  expect(isLoopbackAddress('localhost')).toBe(false);
  expect(isLoopbackAddress('::ffff:7f00:1')).toBe(true);
});

// The three places that used to have their own test (config, reference, engine) now agree on every
// URL spelling of a loopback host, the IPv4-mapped one included (they did not on ::ffff:127.0.0.1).
test.each([
  ['http://127.1:9/'],
  ['http://0x7f.0.0.1:9/'],
  ['http://2130706433:9/'],
  ['http://[0::1]:9/'],
  ['http://LocalHost:9/'],
  ['http://[::ffff:127.0.0.1]:9/'],
  ['http://[::ffff:7f00:1]:9/'],
])('%s is loopback for URL hosts, the reference and the engine alike', async (url) => {
  expect(isLoopbackHost(new URL(url).hostname)).toBe(true);
  expect(loopbackTarget(url).ok).toBe(true);
  const engine = new HttpEngine({ ...fastOptions, baseUrl: url, token: new Secret('tok-loopback-1234') });
  await engine.close();
});

test('the engine still refuses the token over plain http to a host that only looks local', () => {
  for (const url of ['http://[::ffff:a00:1]/', 'http://localhost.example.com/', 'http://127.0.0.1.nip.io/']) {
    expect(() => new HttpEngine({ ...fastOptions, baseUrl: url, token: new Secret('tok-loopback-1234') }), url).toThrow(
      HttpEngineUsageError,
    );
  }
});
