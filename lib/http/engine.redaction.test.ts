import { inspect } from 'node:util';
import { describe, expect, test } from 'vitest';
import { Secret } from '../secret.js';
import { curlForRequest, toCurl } from './curl.js';
import { HttpEngine, HttpEngineUsageError } from './engine.js';
import { closedPort, fastOptions, startServer } from './test-server.js';
import type { Exchange } from './types.js';

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
    expect(() => new HttpEngine({ ...fastOptions, baseUrl: 'http://drive.example.com', token })).toThrow(
      HttpEngineUsageError,
    );
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
