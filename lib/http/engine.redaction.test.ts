import { inspect } from 'node:util';
import { describe, expect, test } from 'vitest';
import { Redactor } from '../redaction/redactor.js';
import { Secret } from '../secret.js';
import { curlForRequest, toCurl } from './curl.js';
import { HttpEngine } from './engine.js';
import { closedPort, fastOptions, startServer } from '../../test/support/http-server.js';
import type { Exchange } from './types.js';
import { HttpEngineUsageError } from '../errors.js';

const SENTINEL = 'tok-SENTINEL-7f3a9c5e';

describe('the token', () => {
  test('reaches the target and appears in no exchange, stat, message or cURL command', async () => {
    // A target that echoes the credentials back in a header and in the body.
    const server = await startServer((req, res) => {
      res.writeHead(200, { 'x-echo': String(req.headers.authorization) });
      res.end(`you sent ${String(req.headers.authorization)} to ${String(req.url)}`);
    });
    const recorded: Exchange[] = [];
    const engine = new HttpEngine({
      ...fastOptions,
      baseUrl: server.url,
      token: new Secret(SENTINEL),
      onExchange: (x) => recorded.push(x),
    });
    const unreachable = new HttpEngine({
      ...fastOptions,
      baseUrl: `http://127.0.0.1:${await closedPort()}`,
      token: new Secret(SENTINEL),
      maxRetries: 0,
    });
    try {
      const plain = await engine.send({ method: 'POST', path: '/subs', body: '{"a":1}' });
      const inQuery = await engine.send({ method: 'GET', path: `/subs?access_token=${SENTINEL}` });
      const ownHeader = await engine.send({
        method: 'POST',
        path: '/subs',
        auth: false,
        headers: { Authorization: `Basic ${SENTINEL}` },
      });
      const bareToken = await engine.send({ method: 'GET', path: '/', auth: false, headers: { authorization: SENTINEL } });
      const none = await engine.send({ method: 'GET', path: '/', auth: false });
      const failed = await unreachable.send({ method: 'GET', path: '/' });

      expect(server.hits.map((h) => h.headers.authorization)).toEqual([
        `Bearer ${SENTINEL}`,
        `Bearer ${SENTINEL}`,
        `Basic ${SENTINEL}`,
        SENTINEL,
        undefined,
      ]);
      expect(plain.requestHeaders).toEqual({ authorization: 'Bearer [redacted]' });
      expect(plain.responseHeaders['x-echo']).toBe('Bearer [redacted]');
      expect(plain.responseBody).toBe('you sent Bearer [redacted] to /subs');
      expect(ownHeader.requestHeaders).toEqual({ Authorization: 'Basic [redacted]' });
      expect(bareToken.requestHeaders).toEqual({ authorization: '[redacted]' });
      expect(none.requestHeaders).toEqual({});
      expect(failed.failure?.kind).toBe('network');

      const exchanges = [plain, inQuery, ownHeader, bareToken, none, failed];
      expect(recorded).toEqual(exchanges.slice(0, 5));
      const everything = [
        JSON.stringify(exchanges),
        JSON.stringify(engine.stats()),
        JSON.stringify(unreachable.stats()),
        ...exchanges.map((x) => toCurl(x)),
        curlForRequest(server.url, { method: 'POST', path: '/subs', body: '{}' }),
        toCurl({ method: 'GET', url: server.url, headers: { Authorization: `Bearer ${SENTINEL}` } }),
        inspect(engine, { depth: 10, showHidden: true }),
        String(failed.failure?.message),
      ].join('\n');
      expect(everything).not.toContain(SENTINEL);
      expect(toCurl(plain)).toContain('-H "Authorization: Bearer $ACCESS_TOKEN"');
    } finally {
      await engine.close();
      await unreachable.close();
      await server.close();
    }
  });

  test('is refused over plain http to a host that is not loopback, unless allowed', () => {
    const token = new Secret(SENTINEL);
    expect(() => new HttpEngine({ ...fastOptions, baseUrl: 'http://drive.example.com', token })).toThrow(HttpEngineUsageError);
    const allowed = new HttpEngine({
      ...fastOptions,
      baseUrl: 'http://drive.example.com',
      token,
      allowInsecureToken: true,
    });
    const tls = new HttpEngine({ ...fastOptions, baseUrl: 'https://drive.example.com', token });
    return Promise.all([allowed.close(), tls.close()]);
  });
});

describe('a target that echoes the token in every spelling', () => {
  // + / = _ - and a Latin-1 letter: what base64 tokens and client secrets hold, and what a header can carry.
  const TOKEN = 'Ab+/Cd=_Ef-Gh+ij/KL=mn_op-qré+STUV/wxyz';
  const dotnet = (s: string): string =>
    JSON.stringify(s)
      .slice(1, -1)
      .replace(/[+<>&'\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
  const lowerAll = (s: string): string => [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
  const php = (s: string): string => JSON.stringify(s).slice(1, -1).replaceAll('/', '\\/');
  /** Every 8-character piece of the token, in the text as is: an oracle that shares no code with the redaction. */
  const pieces = (text: string): string[] => {
    const found: string[] = [];
    for (let i = 0; i + 8 <= TOKEN.length; i += 1) if (text.includes(TOKEN.slice(i, i + 8))) found.push(TOKEN.slice(i, i + 8));
    return found;
  };
  const CAP = 4096;

  test('records none of it: headers, error message, 2xx field, URL-encoded, base64, and a token cut by MAX_RECORDED_BODY_BYTES', async () => {
    const server = await startServer((req, res) => {
      const token = String(req.headers.authorization).slice('Bearer '.length);
      if (req.url === '/cut') {
        // A valid JSON error body longer than the cap, the token straddling the cap.
        const head = `{"error":{"code":"invalidRequest","message":"`;
        const pad = 'p'.repeat(CAP - head.length - 15);
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(`${head}${pad}${token} and ${dotnet(token)}"}}${' '.repeat(100_000)}`);
        return;
      }
      res.writeHead(req.url === '/ok' ? 201 : 400, {
        'content-type': 'application/json',
        'x-echo-latin1': token, // Latin-1 on the wire, as a header can only be
        'x-echo-url': encodeURIComponent(token),
        'www-authenticate': `Bearer error="invalid_token", token="${Buffer.from(token).toString('base64')}"`,
      });
      res.end(
        req.url === '/ok'
          ? `{"id":"sub-1","token":"${php(token)}","b64":"${Buffer.from(`u:${token}`).toString('base64url')}"}`
          : `{"error":{"code":"invalidRequest","message":"The token ${dotnet(token)} / ${lowerAll(token)} is not valid; see ?t=${encodeURIComponent(token).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase())}"}}`,
      );
    });
    const engine = new HttpEngine({ ...fastOptions, baseUrl: server.url, token: new Secret(TOKEN), maxRecordedBodyBytes: CAP });
    try {
      const rejected = await engine.send({ method: 'POST', path: '/bad', body: '{}' });
      const accepted = await engine.send({ method: 'POST', path: '/ok', body: '{}' });
      const cut = await engine.send({ method: 'POST', path: '/cut', body: '{}' });
      expect(server.hits.map((h) => h.headers.authorization)).toEqual([`Bearer ${TOKEN}`, `Bearer ${TOKEN}`, `Bearer ${TOKEN}`]);
      expect(cut.responseBodyTruncated).toBe(true);
      expect(Buffer.byteLength(cut.responseBody)).toBeLessThanOrEqual(CAP);
      expect(accepted.status).toBe(201);
      expect((JSON.parse(accepted.responseBody) as { id: string }).id).toBe('sub-1');
      const message = (JSON.parse(rejected.responseBody) as { error: { message: string } }).error.message;
      expect(message).toMatch(/^The token \[redacted\] \/ \[redacted\] is not valid; see \?t=\[redacted\]$/);
      for (const exchange of [rejected, accepted, cut]) {
        const recorded = JSON.stringify(exchange);
        // As recorded, as JSON decodes it, as a URL decodes it, and each header as bytes read back as UTF-8.
        const views = [
          recorded,
          JSON.parse(exchange.responseBody === '' || exchange.responseBodyTruncated ? '""' : exchange.responseBody) as unknown,
        ]
          .map((v) => (typeof v === 'string' ? v : JSON.stringify(v)))
          .concat(
            Object.values(exchange.responseHeaders).flatMap((v) => [
              v,
              Buffer.from(v, 'latin1').toString('utf8'),
              decodeURIComponent(v.replace(/%(?![0-9a-fA-F]{2})/g, '%25')),
            ]),
          )
          .concat([toCurl(exchange)]);
        for (const view of views) expect(pieces(view)).toEqual([]);
        for (const b64 of recorded.match(/[A-Za-z0-9+/_-]{12,}/g) ?? []) {
          expect(pieces(Buffer.from(b64, 'base64').toString('utf8'))).toEqual([]);
          expect(pieces(Buffer.from(b64.slice(1), 'base64').toString('utf8'))).toEqual([]);
        }
      }
    } finally {
      await engine.close();
      await server.close();
    }
  });
});

test("a secret added to the engine's redactor during the run (a renewed token) is redacted from then on", async () => {
  const renewed = 'renewed-Tok+/=9f2c7a1e';
  const server = await startServer((_req, res) => {
    res.writeHead(200, { 'x-issued': renewed });
    res.end(`{"access_token":"${renewed.replaceAll('/', '\\/')}"}`);
  });
  const redactor = Redactor.of();
  const engine = new HttpEngine({ ...fastOptions, baseUrl: server.url, token: new Secret(SENTINEL), redactor });
  try {
    expect(engine.redactor).toBe(redactor);
    expect(redactor.secrets.map((s) => s.reveal())).toEqual([SENTINEL]); // the engine adds its own token
    const before = await engine.send({ method: 'GET', path: '/' });
    expect(before.responseHeaders['x-issued']).toBe(renewed);
    redactor.add(new Secret(renewed));
    const after = await engine.send({ method: 'GET', path: '/' });
    expect(after.responseHeaders['x-issued']).toBe('[redacted]');
    expect(after.responseBody).toBe('{"access_token":"[redacted]"}');
  } finally {
    await engine.close();
    await server.close();
  }
});
