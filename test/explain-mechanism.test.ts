/**
 * Explain names the mechanism behind a refused value, over HTTP on loopback: a date-time without a zone against the
 * embedded reference (default profile: an ISO 8601 date-time with a zone), and a notification URL refused for its port
 * against a small target started here (SharePoint answers a URL on another port as it does a failed handshake).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { explain } from '../lib/explain/explain.js';
import { renderResult } from '../lib/explain/render.js';
import { subscriptionCreate } from '../lib/operation/index.js';
import type { ValueContext } from '../lib/operation/types.js';
import { startReferenceService, type ReferenceService } from '../reference/index.js';
import { startServer, type TestServer } from './support/http-server.js';
import { loopbackEngine } from './support/synthetic.js';

const TOKEN = 'explain-mechanism-token';
const BUDGET = 64;
const DAY = 24 * 3600_000;
const RECEIVER = 'https://hooks.example.test/notify';
let unique = 0;
const values = (): ValueContext => ({ now: new Date(), notificationUrl: RECEIVER, unique: String((unique += 1)) });

async function explainAt(baseUrl: string, body: Record<string, unknown>): Promise<string> {
  const engine = loopbackEngine(baseUrl, TOKEN, { maxRequests: BUDGET });
  try {
    const result = await explain({ operation: subscriptionCreate, body, send: (r) => engine.send(r), values, budget: BUDGET, repeats: 2 });
    return renderResult(result).join('\n');
  } finally {
    await engine.close();
  }
}

describe('explain names the mechanism of a refused value, end to end', () => {
  let service: ReferenceService;
  let portTarget: TestServer;
  beforeAll(async () => {
    service = await startReferenceService({ tokens: [TOKEN], handshake: false });
    // The v2.0 rules that matter here: a notification URL on another port than its scheme's is refused with the
    // handshake's words; every other body is created.
    portTarget = await startServer(async (req, res) => {
      if (req.method === 'DELETE') return void res.writeHead(204).end();
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8').slice(0, 10_000)) as Record<string, unknown>;
      const url =
        typeof body['notificationUrl'] === 'string' && URL.canParse(body['notificationUrl']) ? new URL(body['notificationUrl']) : undefined;
      if (url === undefined || url.port !== '') {
        res.writeHead(400, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ error: { code: 'invalidRequest', message: 'Failed to validate the notification URL.' } }));
      }
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: `sub-${(unique += 1)}` }));
    });
  });
  afterAll(async () => {
    await service.close();
    await portTarget.close();
  });

  test("a date-time without a zone: the reference takes the user's instant with Z, and explain says so", async () => {
    const at = new Date(Date.now() + 30 * DAY).toISOString().slice(0, 19);
    const text = await explainAt(service.url, { notificationUrl: RECEIVER, expirationDateTime: at });
    expect(text).toContain('What is wrong with the value: expirationDateTime has no time-zone offset; with Z it is accepted.');
    expect(text).toContain(`After "add the zone Z to expirationDateTime (${JSON.stringify(`${at}Z`)})" (201`);
    expect(service.liveSubscriptions()).toEqual([]);
  });

  test('a notification URL refused for its port alone: explain says the port, not "replace the value"', async () => {
    const text = await explainAt(portTarget.url, {
      notificationUrl: 'https://hooks.example.test:37377/notify',
      expirationDateTime: new Date(Date.now() + 2 * DAY).toISOString(),
    });
    expect(text).toContain(
      'Smallest change that gets a 2xx, of one field each: the accepted notification URL differs only in its port (443, not 37377).',
    );
    expect(text).not.toContain('replace the value of notificationUrl');
  });
});
