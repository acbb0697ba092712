import { expect, test } from 'vitest';
import { isLoopbackAddress, isLoopbackHost, loopbackTarget } from './loopback.js';

test.each([
  ['127.0.0.1', true],
  ['127.255.3.4', true],
  ['::1', true],
  ['0:0:0:0:0:0:0:1', true],
  ['::ffff:127.0.0.1', true],
  ['128.0.0.1', false],
  ['10.0.0.1', false],
  ['::ffff:10.0.0.1', false],
  ['::', false],
  ['localhost', false], // a name, not an address
])('isLoopbackAddress(%s) is %s', (address, expected) => {
  expect(isLoopbackAddress(address)).toBe(expected);
});

test.each([
  ['localhost', true],
  ['LOCALHOST', true],
  ['[::1]', true],
  ['127.0.0.2', true],
  ['localhost.example', false],
  ['example.com', false],
  ['localhost.', false],
])('isLoopbackHost(%s) is %s', (host, expected) => {
  expect(isLoopbackHost(host)).toBe(expected);
});

test.each([
  ['http://127.0.0.1:8080/n', 'ok'],
  ['https://localhost/n', 'ok'],
  ['http://[::1]:9/n', 'ok'],
  ['http://2130706433:9/n', 'ok'], // 127.0.0.1 written as a number: the URL parser normalises it
  ['http://0x7f.1:9/n', 'ok'],
  ['http://127.0.0.1:4000/n', 'self'],
  ['https://receiver.example/n', 'not-loopback'],
  ['http://169.254.169.254/latest', 'not-loopback'],
  ['ftp://127.0.0.1/n', 'invalid-url'],
  ['/relative', 'invalid-url'],
  ['not a url', 'invalid-url'],
])('loopbackTarget(%s) -> %s', (url, expected) => {
  const target = loopbackTarget(url, 4000);

  expect(target.ok ? 'ok' : target.reason).toBe(expected);
});
