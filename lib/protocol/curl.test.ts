import { execFileSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { toCurl } from '../http/curl.js';
import { curlWithAuthorization, curlWithCompactBody } from './curl.js';
import { padWithWhitespace } from './bodies.js';
import { fakeExchange } from '../../test/support/fake-exchange.js';

/**
 * Runs a rendered command in bash with `curl` replaced by a function that prints each argument on its
 * own line, and the contents of a `--data-binary @file` argument in place of the file.
 */
function run(command: string): string[] {
  const script = `curl() { while [ $# -gt 0 ]; do if [ "$1" = --data-binary ]; then shift; cat "\${1#@}"; printf '\\n'; else printf '%s\\n' "$1"; fi; shift; done; }\n${command}`;
  return execFileSync('bash', ['--norc', '--noprofile', '-c', script], {
    env: { ACCESS_TOKEN: 'tok', PATH: process.env.PATH ?? '' },
    maxBuffer: 8 * 1024 * 1024,
  })
    .toString()
    .split('\n')
    .slice(0, -1);
}

describe('curlWithAuthorization', () => {
  const sent = fakeExchange({ requestHeaders: { 'content-type': 'application/json', authorization: 'Bearer [redacted]' } });

  test('prints the made-up header as it was sent, not as $ACCESS_TOKEN', () => {
    const curl = curlWithAuthorization(sent, 'Bearer conformance-probe.not-a-valid-token.0000');

    expect(curl).not.toContain('ACCESS_TOKEN');
    expect(run(curl)).toContain('Authorization: Bearer conformance-probe.not-a-valid-token.0000');
  });

  test('prints no Authorization header when none was sent', () => {
    const curl = curlWithAuthorization(sent, undefined);

    expect(curl).not.toMatch(/authorization/i);
    expect(curl.startsWith('curl -i -X POST ')).toBe(true);
  });
});

describe('curlWithCompactBody', () => {
  test('rebuilds a 1 MiB body with printf, byte for byte, in a short command', () => {
    const body = padWithWhitespace(JSON.stringify({ notificationUrl: "https://r.example.com/it's" }), 1024 * 1024);
    const exchange = fakeExchange({
      requestBody: body,
      requestHeaders: { 'content-type': 'application/json', authorization: 'Bearer [redacted]' },
    });

    const curl = curlWithCompactBody(exchange);

    expect(curl.startsWith('curl ')).toBe(true);
    expect(curl.length).toBeLessThan(500);
    const args = run(curl);
    expect(args).toContain('Authorization: Bearer tok');
    expect(args.at(-1)).toBe(body);
  });

  test('adds an empty Content-Type when none was sent, as toCurl does', () => {
    const exchange = fakeExchange({ requestHeaders: {}, requestBody: padWithWhitespace('{}', 5000) });

    expect(run(curlWithCompactBody(exchange))).toContain('Content-Type:');
  });

  test('a run of 1024 spaces is rebuilt, one of 1023 is pasted', () => {
    const body = (spaces: number): string => `{"a":${' '.repeat(spaces)}1}`;
    const long = fakeExchange({ requestBody: body(1024) });
    const short = fakeExchange({ requestBody: body(1023) });

    expect(curlWithCompactBody(long)).toContain(' 1024 ');
    expect(run(curlWithCompactBody(long)).at(-1)).toBe(body(1024));
    expect(curlWithCompactBody(short)).toBe(toCurl(short));
  });

  test('leaves an ordinary body to toCurl', () => {
    const exchange = fakeExchange();

    expect(curlWithCompactBody(exchange)).toBe(toCurl(exchange));
  });
});
