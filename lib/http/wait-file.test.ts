import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { HttpEngine } from './engine.js';
import { clockNow, fastOptions, startServer } from '../../test/support/http-server.js';
import { clearPassedWait, readWait, waitFilePath, writeWait } from './wait-file.js';

const root = mkdtempSync(join(tmpdir(), 'wait-file-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const freshDir = (): string => join(root, `ledger-${(n += 1)}`);
const ORIGIN = 'https://tenant.example.com';
const NOW = Date.parse('2026-01-01T00:00:00.000Z');

describe('the wait file: one per target origin, read as untrusted input', () => {
  test('a wait written is read back by the same origin only, and only while it is ahead', () => {
    const dir = freshDir();
    const file = waitFilePath(dir, ORIGIN);
    writeWait(file, ORIGIN, NOW + 2_000, 429, NOW);

    expect(file.startsWith(join(dir, 'waits'))).toBe(true);
    expect(readWait(file, ORIGIN, NOW, 120_000)).toBe(NOW + 2_000);
    expect(readWait(file, 'https://other.example.com', NOW, 120_000)).toBeUndefined();
    expect(readWait(file, ORIGIN, NOW + 2_000, 120_000)).toBeUndefined();
    // An earlier wait never replaces a later one.
    writeWait(file, ORIGIN, NOW + 1_000, 503, NOW);
    expect(readWait(file, ORIGIN, NOW, 120_000)).toBe(NOW + 2_000);
  });

  test('a wait far in the future is cut to the longest the probe waits; garbage, another shape, a huge file are ignored', () => {
    const dir = freshDir();
    const file = waitFilePath(dir, ORIGIN);
    mkdirSync(join(dir, 'waits'), { recursive: true });
    writeFileSync(file, JSON.stringify({ v: 1, origin: ORIGIN, notBefore: '9999-01-01T00:00:00Z', status: 429 }));
    expect(readWait(file, ORIGIN, NOW, 120_000)).toBe(NOW + 120_000);

    for (const text of [
      'not json',
      '[]',
      'null',
      JSON.stringify({ v: 2, origin: ORIGIN, notBefore: '2026-01-01T00:01:00Z' }),
      JSON.stringify({ v: 1, origin: ORIGIN, notBefore: 'tomorrow' }),
      JSON.stringify({ v: 1, origin: ORIGIN, notBefore: 12 }),
      JSON.stringify({ v: 1, origin: ORIGIN, notBefore: '2026-01-01T00:01:00Z', pad: 'x'.repeat(5_000) }),
    ]) {
      writeFileSync(file, text);
      expect(readWait(file, ORIGIN, NOW, 120_000), text.slice(0, 40)).toBeUndefined();
    }
  });

  test('a passed wait is removed with the folders it leaves empty; one still ahead is kept', () => {
    const dir = freshDir();
    const file = waitFilePath(dir, ORIGIN);
    writeWait(file, ORIGIN, NOW + 1_000, 429, NOW);
    clearPassedWait(file, ORIGIN, NOW);
    expect(existsSync(file)).toBe(true);
    clearPassedWait(file, ORIGIN, NOW + 1_000);
    expect(existsSync(dir)).toBe(false);
  });
});

describe('the engine keeps the wait across processes (waitDir)', () => {
  test('a new engine sends nothing before the wait an earlier one was asked for, as a process after a killed one', async () => {
    let throttled = 0;
    const server = await startServer((_req, res, index) => {
      if (index === 0) {
        throttled = clockNow();
        res.writeHead(429, { 'retry-after': '1' }).end();
        return;
      }
      res.writeHead(201).end('{}');
    });
    const dir = freshDir();
    // The first engine gets the 429 and is never closed: its process died before it could wait.
    const first = new HttpEngine({ ...fastOptions, baseUrl: server.url, maxRetries: 0, waitDir: dir });
    const second = () => new HttpEngine({ ...fastOptions, baseUrl: server.url, waitDir: dir });
    try {
      expect((await first.send({ method: 'POST', path: '/a' })).failure?.kind).toBe('throttled');
      const record = JSON.parse(readFileSync(waitFilePath(dir, new URL(server.url).origin), 'utf8')) as Record<string, unknown>;
      expect(record).toMatchObject({ v: 1, origin: new URL(server.url).origin, status: 429 });

      const next = second();
      expect((await next.send({ method: 'POST', path: '/b' })).status).toBe(201);
      expect(server.hits[1]?.at).toBeGreaterThanOrEqual(throttled + 1_000 - 20);
      await next.close();
      // Closed after the wait: the file is gone, and the next engine starts at once.
      expect(existsSync(dir)).toBe(false);
    } finally {
      await first.close();
      await server.close();
    }
  });
});
