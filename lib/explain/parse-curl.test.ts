import { describe, expect, test } from 'vitest';
import { looksLikeCurl, parseCurl } from './parse-curl.js';
import { shellWords } from './shell-words.js';
import { CurlParseError } from '../errors.js';

const SENTINEL = 'eyJSENTINEL-token-4f1c9a';
const BODY = '{"changeType":"updated","notificationUrl":"https://x.example/n","resource":"/me/drive/root"}';

/** Whatever a parse gives, as text: the sentinel must never be in it. */
const shown = (value: unknown): string => JSON.stringify(value);

describe('shellWords', () => {
  test('quotes, escapes and continuations as a POSIX shell reads them', () => {
    expect(shellWords(`curl 'a b' "c \\"d\\" \\$e" f\\ g \\\n  h`)).toEqual(['curl', 'a b', 'c "d" $e', 'f g', 'h']);
    expect(shellWords(`echo $'x\\ny\\'z' # a comment`)).toEqual(['echo', "x\ny'z"]);
    expect(shellWords('curl x | jq .')).toEqual(['curl', 'x']);
    expect(shellWords('a "$ACCESS_TOKEN" ${T}')).toEqual(['a', '$ACCESS_TOKEN', '${T}']);
  });

  test('an unclosed quote is an error that does not quote the input', () => {
    expect(() => shellWords(`curl -H 'Authorization: Bearer ${SENTINEL}`)).toThrow(/single quote is not closed/);
    try {
      shellWords(`curl -H "Authorization: Bearer ${SENTINEL}`);
    } catch (error) {
      expect((error as Error).message).not.toContain(SENTINEL);
    }
  });
});

describe('parseCurl: paste styles', () => {
  test('multi-line with backslashes, -X, -H and --data-raw in single quotes', () => {
    const parsed = parseCurl(`curl -i -X POST 'https://contoso-my.sharepoint.com/_api/v2.0/drive/root/subscriptions' \\
  -H 'Content-Type: application/json' \\
  -H "Authorization: Bearer $ACCESS_TOKEN" \\
  --data-raw '${BODY}'`);
    expect(parsed).toMatchObject({
      method: 'POST',
      url: { origin: 'https://contoso-my.sharepoint.com', path: '/_api/v2.0/drive/root/subscriptions', hadQuery: false },
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      credentials: [{ where: 'Authorization header', form: 'variable' }],
      body: BODY,
    });
  });

  test('double-quoted JSON with escaped quotes, --request, --header, --data (cmd.exe style with ^)', () => {
    const parsed = parseCurl(
      `curl --request POST ^\r\n --header "Content-Type: application/json" ^\r\n --data "{\\"clientState\\":\\"a b\\"}" https://x.example/_api/v2.0/drive/root/subscriptions`,
    );
    expect(parsed.method).toBe('POST');
    expect(parsed.body).toBe('{"clientState":"a b"}');
  });

  test('a shell prompt, attached values (-XPOST, -HName:v), combined flags and a pipe after', () => {
    const parsed = parseCurl(
      `$ curl -sSL -XPOST -HContent-Type:application/json -d'{"a":1}' http://127.0.0.1:8080/_api/v2.0/drive/root/subscriptions | jq .`,
    );
    expect(parsed).toMatchObject({ method: 'POST', body: '{"a":1}', headers: [{ name: 'Content-Type', value: 'application/json' }] });
  });

  test("Chrome's Copy as cURL: URL first, lower-case headers, --data-raw, --compressed", () => {
    const parsed = parseCurl(
      `curl 'https://contoso.sharepoint.com/sites/x/_api/v2.0/drive/root/subscriptions' -H 'accept: */*' -H 'authorization: Bearer ${SENTINEL}' -H 'content-type: application/json' --data-raw $'{"clientState":"it\\'s"}' --compressed`,
    );
    expect(parsed.method).toBe('POST');
    expect(parsed.url?.path).toBe('/sites/x/_api/v2.0/drive/root/subscriptions');
    expect(parsed.body).toBe(`{"clientState":"it's"}`);
    expect(parsed.credentials).toEqual([{ where: 'Authorization header', form: 'literal' }]);
    expect(parsed.headers.map((h) => h.name)).toEqual(['accept', 'content-type']);
    expect(shown(parsed)).not.toContain(SENTINEL);
  });

  test('--json sets the body and the JSON content type; --data-binary keeps newlines', () => {
    expect(parseCurl(`curl --json '{"a":1}' https://x.example/p`)).toMatchObject({
      method: 'POST',
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      body: '{"a":1}',
    });
    expect(parseCurl(`curl --data-binary '{\n"a":1}' https://x.example/p`).body).toBe('{\n"a":1}');
  });

  test('several -d are joined with & as curl does; -G moves them to the query', () => {
    expect(parseCurl('curl -d a=1 -d b=2 https://x.example/p').body).toBe('a=1&b=2');
    const get = parseCurl('curl -G -d a=1 https://x.example/p');
    expect(get.body).toBeUndefined();
    expect(get.method).toBe('GET');
    expect(get.notes.join(' ')).toMatch(/-G/);
  });

  test('-d @file is read through the given reader, newlines dropped as curl does; @- is refused', () => {
    const parsed = parseCurl('curl -d @body.json https://x.example/p', { readFile: (p) => (p === 'body.json' ? '{\n"a": 1\n}' : '') });
    expect(parsed.body).toBe('{"a": 1}');
    expect(() => parseCurl('curl -d @- https://x.example/p')).toThrow(/standard input/);
    expect(() => parseCurl('curl -d @body.json https://x.example/p')).toThrow(/from a file/);
  });

  test('options it does not know are named in a note and skipped; -o and friends take their argument', () => {
    const parsed = parseCurl(`curl --frobnicate -o out.txt --max-time 5 -d '{}' https://x.example/p`);
    expect(parsed.body).toBe('{}');
    expect(parsed.notes).toContain('option --frobnicate is not known to explain and was ignored');
  });

  test('the method: -X wins, else POST with a body, GET without, HEAD with -I', () => {
    expect(parseCurl('curl -X put -d x https://x.example/').method).toBe('PUT');
    expect(parseCurl('curl https://x.example/').method).toBe('GET');
    expect(parseCurl('curl -I https://x.example/').method).toBe('HEAD');
  });

  test('looksLikeCurl tells a command from a JSON body', () => {
    expect(looksLikeCurl('curl https://x')).toBe(true);
    expect(looksLikeCurl('  $ curl -X POST x')).toBe(true);
    expect(looksLikeCurl('/usr/bin/curl x')).toBe(true);
    expect(looksLikeCurl('{"curl": 1}')).toBe(false);
    expect(looksLikeCurl('curlx')).toBe(false);
  });
});

describe('parseCurl: credentials are never kept', () => {
  const pastes = [
    `curl -H 'Authorization: Bearer ${SENTINEL}' -d '{}' https://x.example/p`,
    `curl -H "authorization:Bearer ${SENTINEL}" -d '{}' https://x.example/p`,
    `curl --oauth2-bearer ${SENTINEL} -d '{}' https://x.example/p`,
    `curl -u user:${SENTINEL} -d '{}' https://x.example/p`,
    `curl -b 'session=${SENTINEL}' -d '{}' https://x.example/p`,
    `curl -H 'Cookie: FedAuth=${SENTINEL}' -d '{}' https://x.example/p`,
    `curl -d '{}' 'https://x.example/p?access_token=${SENTINEL}'`,
    `curl -d '{}' 'https://me:${SENTINEL}@x.example/p'`,
    `curl -H 'Proxy-Authorization: Basic ${SENTINEL}' -d '{}' https://x.example/p`,
  ];
  test.each(pastes)('%#: the parse holds no trace of the token', (paste) => {
    const parsed = parseCurl(paste);
    expect(shown(parsed)).not.toContain(SENTINEL);
    expect(parsed.body).toBe('{}');
  });

  test('says where a credential was and whether it was written out or a variable', () => {
    const parsed = parseCurl(
      `curl -H 'Authorization: Bearer $ACCESS_TOKEN' --oauth2-bearer ${SENTINEL} -u "$USER:$PASS" -d x https://x.example/`,
    );
    expect(parsed.credentials).toEqual([
      { where: 'Authorization header', form: 'variable' },
      { where: '--oauth2-bearer', form: 'literal' },
      { where: '-u/--user', form: 'variable' },
    ]);
  });

  test('a URL query and user info are dropped, and said', () => {
    const parsed = parseCurl(`curl -d '{}' 'https://me:${SENTINEL}@x.example/p?access_token=${SENTINEL}'`);
    expect(parsed.url).toEqual({ origin: 'https://x.example', path: '/p', hadQuery: true, hadUserInfo: true });
  });

  test('an error after a token names no argument', () => {
    const bad = [
      `curl -H 'Authorization: Bearer ${SENTINEL}'`,
      `curl -H 'Authorization: Bearer ${SENTINEL}' -X`,
      `curl -H 'Authorization: Bearer ${SENTINEL}' -F a=b x`,
    ];
    for (const paste of bad) {
      let message = '';
      try {
        parseCurl(paste);
      } catch (error) {
        expect(error).toBeInstanceOf(CurlParseError);
        message = (error as Error).message;
      }
      expect(message).not.toBe('');
      expect(message).not.toContain(SENTINEL);
    }
  });

  test('a token pasted without quotes becomes stray words that are counted, never shown', () => {
    const parsed = parseCurl(`curl -X POST https://x.example/p -H Authorization: Bearer ${SENTINEL} -d '{}'`);
    expect(shown(parsed)).not.toContain(SENTINEL);
    expect(parsed.notes.join(' ')).toMatch(/3 URLs/);
  });
});
