import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { harSchemaErrors } from '../../test/support/har-schema.js';
import { HttpEngine } from '../http/engine.js';
import { fakeExchange } from '../../test/support/fake-exchange.js';
import { closedPort, fastOptions, startServer } from '../../test/support/http-server.js';
import type { Exchange } from '../http/types.js';
import { Redactor } from '../redaction/redactor.js';
import { Secret } from '../secret.js';
import { buildHar, harText } from './build-har.js';
import { appendExchangeLog, ExchangeLog, HAR_BODY_BYTES, readExchangeLogs } from './exchange-log.js';

// + / = _ -: what base64 tokens hold, so that its spellings differ from it.
const TOKEN = 'Zq+/9=_-Ab+/Cd=_Ef-7c3Rk9WmXpTj';
const CREATOR = { name: 'subscription-conformance', version: '0.0.0' };

/** Every 8-character piece of the token a text holds, as is, JSON-unescaped or percent-decoded, in plain,
 * base64 and base64url: an oracle that shares no code with the redaction. */
function pieces(text: string): number {
  const unescaped = text.replace(/\\u([0-9a-fA-F]{4})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))).replaceAll('\\/', '/');
  const decoded = unescaped.replace(/%([0-9a-fA-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  const spellings = [
    TOKEN,
    Buffer.from(TOKEN).toString('base64'),
    Buffer.from(`user:${TOKEN}`).toString('base64url'),
    Buffer.from(`user:${TOKEN}`).toString('base64'),
  ];
  let found = 0;
  for (const spelt of spellings) {
    for (let i = 0; i + 8 <= spelt.length; i += 1) {
      const piece = spelt.slice(i, i + 8);
      if (text.includes(piece) || unescaped.includes(piece) || decoded.includes(piece)) found += 1;
    }
  }
  return found;
}

describe('exchanges recorded by the engine, through the worker log, as HAR 1.2', () => {
  test('valid against the published schema; the token in no spelling; failures, retries and cut bodies said', async () => {
    let retryCalls = 0;
    // A target that echoes the token in a header and in bodies, plain, base64 and percent-encoded; throttles
    // once; and pads one answer past the recording cap.
    const server = await startServer((req, res) => {
      const auth = String(req.headers.authorization);
      if (req.url === '/retry' && (retryCalls += 1) <= 2) {
        res.writeHead(503, { 'retry-after': '0' });
        res.end();
        return;
      }
      if (req.url === '/big') {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'invalidRequest', message: 'x'.repeat(4000) } }));
        return;
      }
      res.writeHead(400, { 'content-type': 'application/json', 'x-echo': auth, 'x-echo-b64': Buffer.from(auth).toString('base64') });
      res.end(
        JSON.stringify({
          error: {
            code: 'invalidRequest',
            message: `you sent ${auth} ${encodeURIComponent(auth)} ${Buffer.from(`user:${TOKEN}`).toString('base64')}`,
          },
        }),
      );
    });
    const dir = mkdtempSync(join(tmpdir(), 'har-log-'));
    const log = join(dir, 'exchanges.jsonl');
    const worker = new ExchangeLog(log, 'r1');
    const engine: HttpEngine = new HttpEngine({
      ...fastOptions,
      baseUrl: server.url,
      token: new Secret(TOKEN),
      maxRecordedBodyBytes: 1024,
      onExchange: (e) => worker.exchange(e, (cut) => engine.redactor.redactDeep(cut)),
    });
    const other = new ExchangeLog(log, 'r2');
    const down = new HttpEngine({
      ...fastOptions,
      baseUrl: `http://127.0.0.1:${await closedPort()}`,
      maxRetries: 0,
      onExchange: (e) => other.exchange(e, (x) => x),
    });
    try {
      const echoed = await engine.send({
        method: 'POST',
        path: '/subs?x=1',
        headers: { 'content-type': 'application/json' },
        body: '{"a":1}',
      });
      const retried = await engine.send({ method: 'POST', path: '/retry', body: '{}' });
      await engine.send({ method: 'POST', path: '/big', body: `{"pad":"${'p'.repeat(HAR_BODY_BYTES)}"}` });
      await down.send({ method: 'GET', path: '/' });
      worker.case('spec-7/echo', '05-protocol', [echoed.seq, retried.seq]);

      const har = buildHar(readExchangeLogs([log]), CREATOR, Redactor.of(new Secret(TOKEN)));
      const text = harText(har);
      expect(JSON.parse(text)).toEqual(har);

      expect(harSchemaErrors(har)).toEqual([]);
      expect(pieces(text)).toBe(0);
      const entries = har.log.entries;
      expect(entries).toHaveLength(4);
      const echo = entries.find((e) => e.request.url.endsWith('/subs?x=1'));
      expect(echo?.request.headers).toContainEqual({ name: 'authorization', value: 'Bearer $ACCESS_TOKEN' });
      expect(echo?.request.postData).toEqual({ mimeType: 'application/json', text: '{"a":1}' });
      expect(echo?.request.queryString).toEqual([{ name: 'x', value: '1' }]);
      expect(echo?._case).toBe('spec-7/echo');
      expect(echo?._suite).toBe('05-protocol');
      expect(echo?.response.status).toBe(400);
      expect(echo?.response.content.text).toContain('invalidRequest');
      const retry = entries.find((e) => e.request.url.endsWith('/retry'));
      expect(retry).toMatchObject({ _attempts: 3, _retriedStatuses: [503, 503], _case: 'spec-7/echo' });
      expect(retry?.response.status).toBe(400);
      const big = entries.find((e) => e.request.url.endsWith('/big'));
      expect(big?.response.content.comment).toMatch(/^body cut after 1024 bytes \(MAX_RECORDED_BODY_BYTES\)/);
      expect(big?.response.bodySize).toBe(-1);
      // A body longer than the HAR keeps: its start, its real size, and a comment saying so.
      expect(big?.request.bodySize).toBe(HAR_BODY_BYTES + 10);
      expect(Buffer.byteLength(big?.request.postData?.text ?? '')).toBe(HAR_BODY_BYTES);
      expect(big?.request.postData?.comment).toBe(
        `body cut after ${HAR_BODY_BYTES} bytes in this HAR; ${HAR_BODY_BYTES + 10} bytes were sent`,
      );
      expect(big?._case).toBeUndefined();
      const failed = entries.find((e) => e._failure !== undefined);
      expect(failed?.response.status).toBe(0);
      expect(failed?._failure?.kind).toBe('network');
      expect(entries.map((e) => e.startedDateTime)).toEqual([...entries.map((e) => e.startedDateTime)].sort());
    } finally {
      await engine.close();
      await down.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the HAR redacts again: a token the worker did not know yet is caught in every field', () => {
    const b64 = Buffer.from(`user:${TOKEN}`).toString('base64');
    const raw: Exchange = fakeExchange({
      url: `http://127.0.0.1:1/subs?access_token=${encodeURIComponent(TOKEN)}`,
      requestHeaders: { authorization: `Bearer ${TOKEN}`, 'x-basic': `Basic ${b64}` },
      requestBody: JSON.stringify({ clientState: TOKEN }),
      responseHeaders: { 'x-echo': TOKEN, 'content-type': 'text/plain' },
      responseBody: `echo ${TOKEN} ${b64} ${encodeURIComponent(TOKEN)}`,
      failure: { kind: 'server', message: `500 for ${TOKEN}` },
    });
    expect(pieces(JSON.stringify(raw))).toBeGreaterThan(0);
    const har = buildHar([{ exchange: raw, tags: {} }], CREATOR, Redactor.of(new Secret(TOKEN)));
    expect(pieces(JSON.stringify(har))).toBe(0);
    expect(har.log.entries[0]?.request.headers).toContainEqual({ name: 'authorization', value: 'Bearer $ACCESS_TOKEN' });
    expect(harSchemaErrors(har)).toEqual([]);
  });

  test('a log line torn by a kill is skipped, and shards join by run', () => {
    const dir = mkdtempSync(join(tmpdir(), 'har-log-'));
    try {
      const one = join(dir, 'shard-1-2.jsonl');
      const two = join(dir, 'shard-2-2.jsonl');
      // Shard 1: a whole line, then the same kind of line cut short, as a kill mid-write leaves it.
      const torn = JSON.stringify({ run: 'a', exchange: fakeExchange({ seq: 2 }) }).slice(0, 60);
      appendFileSync(one, `${JSON.stringify({ run: 'a', exchange: fakeExchange({ seq: 1 }) })}\n${torn}`);
      // Shard 2: its own seq 1, claimed by a case.
      appendExchangeLog(two, { run: 'b', exchange: fakeExchange({ seq: 1 }) });
      appendExchangeLog(two, { run: 'b', case: { id: 'matrix/x', suite: '02-presence-matrix', seqs: [1] } });
      appendExchangeLog(two, { run: 'b', case: { id: 'matrix/x/judged', suite: '02-presence-matrix', seqs: [1] } });
      const read = readExchangeLogs([one, two, join(dir, 'absent.jsonl')]);
      expect(read.map((t) => `${t.exchange.seq}:${t.tags.cases?.join('+') ?? '-'}`).sort()).toEqual(['1:-', '1:matrix/x+matrix/x/judged']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
