import { execFileSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { curlForRequest, shellQuote, toCurl } from './curl.js';
import { fakeExchange } from '../../test/support/fake-exchange.js';

const exchange = fakeExchange({
  url: 'https://drive.example.com/_api/v2.0/drive/root/subscriptions',
  requestBody: `{"clientState":"it's \\"quoted\\" $HOME \`x\`"}`,
  status: 400,
});

/** What a POSIX shell makes of a command line: its arguments, one per line (no curl needed). */
function shellWords(command: string): string[] {
  const script = command.replace(/^curl/, 'printf "%s\\n"');
  const out = execFileSync('sh', ['-c', script], { env: { ACCESS_TOKEN: 'tok' } }).toString();
  return out.split('\n').slice(0, -1);
}

describe('toCurl', () => {
  test('renders method, URL, headers and body, with the token as $ACCESS_TOKEN', () => {
    expect(toCurl(exchange)).toBe(
      [
        `curl -i -X POST 'https://drive.example.com/_api/v2.0/drive/root/subscriptions'`,
        `-H 'content-type: application/json'`,
        `-H "Authorization: Bearer $ACCESS_TOKEN"`,
        `--data-raw '{"clientState":"it'\\''s \\"quoted\\" $HOME \`x\`"}'`,
      ].join(' \\\n  '),
    );
  });

  test('a shell reads back exactly the arguments meant', () => {
    expect(shellWords(toCurl(exchange))).toEqual([
      '-i',
      '-X',
      'POST',
      exchange.url,
      '-H',
      'content-type: application/json',
      '-H',
      'Authorization: Bearer tok',
      '--data-raw',
      exchange.requestBody,
    ]);
  });

  test('one line on request; no Content-Type means curl must not add its own', () => {
    const line = toCurl({ method: 'PUT', url: 'http://x/a', body: 'a=1' }, { multiline: false });
    expect(line).toBe(`curl -i -X PUT 'http://x/a' -H 'Content-Type:' --data-raw 'a=1'`);
  });

  test('credential headers keep their scheme; odd characters stay literal around the variable', () => {
    const basic = toCurl({ method: 'GET', url: 'http://x/', headers: { Authorization: 'Basic abc' } });
    expect(basic).toContain(`-H "Authorization: Basic $ACCESS_TOKEN"`);
    const odd = toCurl({ method: 'GET', url: 'http://x/', headers: { authorization: 'Be$r!er abc' } });
    expect(odd).toContain(`-H 'Authorization: Be$r!er '"$ACCESS_TOKEN"`);
    expect(shellWords(odd)).toContain('Authorization: Be$r!er tok');
    const bare = toCurl({ method: 'GET', url: 'http://x/', headers: { authorization: 'Bearer' } });
    expect(bare).toContain(`-H 'Authorization: Bearer'`);
  });
});

describe('curlForRequest', () => {
  test('adds the token header unless auth is off, and joins base and path', () => {
    const withAuth = curlForRequest('http://127.0.0.1:8080/api/', { method: 'GET', path: '/subs' });
    expect(withAuth).toBe(`curl -i -X GET 'http://127.0.0.1:8080/api/subs' \\\n  -H "Authorization: Bearer $ACCESS_TOKEN"`);
    const without = curlForRequest('http://h', { method: 'DELETE', path: 'subs/1', auth: false }, { multiline: false });
    expect(without).toBe(`curl -i -X DELETE 'http://h/subs/1'`);
  });
});

test('shellQuote', () => {
  expect(shellQuote(`a'b`)).toBe(`'a'\\''b'`);
  expect(shellQuote('')).toBe(`''`);
});
