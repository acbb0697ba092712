import { describe, expect, test } from 'vitest';
import { chooseCandidate, harCandidates } from './read-har.js';
import { HarReadError } from '../errors.js';

const OPERATION = { method: 'POST', path: '/_api/v2.0/drive/root/subscriptions' };
const URL_OF = 'https://contoso.sharepoint.com/sites/dev/_api/v2.0/drive/root/subscriptions';

/** An entry as a browser's developer tools export it: cookies, credentials, timings and all. */
function browserEntry(o: { method?: string; url?: string; status: number; body?: string; at?: string }): object {
  return {
    startedDateTime: o.at ?? '2026-11-20T10:00:00.000Z',
    time: 120,
    request: {
      method: o.method ?? 'POST',
      url: o.url ?? URL_OF,
      httpVersion: 'http/2.0',
      headers: [
        { name: 'authorization', value: 'Bearer browser-SECRET' },
        { name: 'cookie', value: 'FedAuth=cookie-SECRET' },
      ],
      cookies: [{ name: 'FedAuth', value: 'cookie-SECRET' }],
      queryString: [],
      ...(o.body !== undefined ? { postData: { mimeType: 'application/json', text: o.body } } : {}),
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: o.status,
      statusText: '',
      httpVersion: 'http/2.0',
      headers: [],
      cookies: [],
      content: { size: 0, mimeType: 'application/json' },
      redirectURL: '',
      headersSize: -1,
      bodySize: 0,
    },
    cache: {},
    timings: { send: 0, wait: 100, receive: 20 },
  };
}

const harOf = (...entries: object[]): string =>
  JSON.stringify({ log: { version: '1.2', creator: { name: 'WebInspector', version: '537.36' }, pages: [], entries } });

describe('harCandidates', () => {
  test("picks the operation's 4xx requests, by method and path under any prefix, and keeps none of their headers", () => {
    const text = harOf(
      browserEntry({ method: 'GET', status: 400 }),
      browserEntry({ status: 201, body: '{}' }),
      browserEntry({ status: 400, body: '{"changeType":"updated"}' }),
      browserEntry({ url: 'https://contoso.sharepoint.com/_api/web/lists', status: 400, body: '{}' }),
      browserEntry({ url: `${URL_OF}?access_token=query-SECRET`, status: 403, body: '{"a":1}', at: '2026-11-20T10:00:05.000Z' }),
    );
    const found = harCandidates(text, 'session.har', OPERATION);
    expect(found.map((c) => [c.entry, c.status])).toEqual([
      [3, 400],
      [5, 403],
    ]);
    expect(found[1]).toMatchObject({
      origin: 'https://contoso.sharepoint.com',
      path: '/sites/dev/_api/v2.0/drive/root/subscriptions',
      hadQuery: true,
      body: '{"a":1}',
    });
    expect(JSON.stringify(found)).not.toMatch(/SECRET/);
  });

  test.each([
    ['not JSON', 'HTTP/1.1 400 Bad Request', /^session\.har: not valid JSON/],
    ['JSON but not a HAR', '{"request":{}}', /^session\.har: JSON but not a HAR \(no log\.entries\)/],
    [
      'no matching request',
      harOf(browserEntry({ status: 201, body: '{}' })),
      /^session\.har: none of its 1 entries is a POST to \/_api\/v2\.0\/drive\/root\/subscriptions answered 4xx/,
    ],
  ])('%s: one line naming the file, never quoting it', (_, text, message) => {
    let error: unknown;
    try {
      harCandidates(text, 'session.har', OPERATION);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(HarReadError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });
});

describe('chooseCandidate', () => {
  const found = harCandidates(
    harOf(
      browserEntry({ status: 400, body: '{}', at: '2026-11-20T10:00:01.000Z' }),
      browserEntry({ status: 401, body: '{}', at: '2026-11-20T10:00:02.000Z' }),
    ),
    'session.har',
    OPERATION,
  );

  test('several: lists each with its entry number, status and time, and asks for --entry', () => {
    expect(() => chooseCandidate(found, 'session.har', undefined)).toThrow(
      'session.har: 2 requests to the operation got a 4xx; pick one with --entry N:\n  --entry 1: 400 at 2026-11-20T10:00:01.000Z\n  --entry 2: 401 at 2026-11-20T10:00:02.000Z',
    );
  });

  test('--entry N picks that one; a number not listed is an error', () => {
    expect(chooseCandidate(found, 'session.har', 2).status).toBe(401);
    expect(() => chooseCandidate(found, 'session.har', 3)).toThrow(/entry 3 is not one of its 4xx requests to the operation \(1, 2\)/);
  });
});
