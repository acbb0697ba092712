import { expect, test } from 'vitest';
import { bypassesProxy } from './no-proxy.js';
import { proxyFor } from './transport.js';

test.each<[string, string, boolean]>([
  ['https://api.example.com/x', '', false],
  ['https://api.example.com/x', '*', true],
  ['https://api.example.com/x', 'example.com', true],
  ['https://api.example.com/x', '.example.com', true],
  ['https://api.example.com/x', '*.example.com', true],
  ['https://example.com/x', '.example.com', true],
  ['https://notexample.com/x', 'example.com', false],
  ['https://API.Example.COM/x', 'EXAMPLE.com', true],
  ['https://api.example.com/x', 'other.org, example.com', true],
  ['https://api.example.com/x', 'other.org example.com', true],
  ['https://api.example.com:8443/x', 'example.com:8443', true],
  ['https://api.example.com/x', 'example.com:8443', false],
  ['https://api.example.com/x', 'example.com:443', true],
  ['http://127.0.0.1:8080/x', '127.0.0.1', true],
  ['http://127.0.0.1:8080/x', 'localhost', false],
  ['http://10.1.2.3/x', '10.0.0.0/8', true],
  ['http://11.1.2.3/x', '10.0.0.0/8', false],
  ['http://[::1]:9000/x', '::1', true],
  ['http://[::1]:9000/x', '[::1]:9000', true],
  ['http://[fd00::5]/x', 'fd00::/8', true],
  ['http://10.1.2.3/x', '10.1.2.33', false],
])('%s with NO_PROXY=%j: direct %s', (url, noProxy, direct) => {
  expect(bypassesProxy(new URL(url), noProxy)).toBe(direct);
});

test('the proxy is chosen by the scheme, as curl does: HTTPS_PROXY for https, HTTP_PROXY for http, never one for the other', () => {
  const proxy = { https: 'http://secure-proxy:3128', http: 'http://plain-proxy:3128', noProxy: 'internal.example' };
  expect(proxyFor('https://api.example.com', proxy)).toBe('http://secure-proxy:3128');
  expect(proxyFor('http://api.example.com', proxy)).toBe('http://plain-proxy:3128');
  expect(proxyFor('https://svc.internal.example', proxy)).toBeUndefined();
  expect(proxyFor('https://api.example.com', { http: 'http://plain-proxy:3128' })).toBeUndefined();
  expect(proxyFor('https://api.example.com', undefined)).toBeUndefined();
});
