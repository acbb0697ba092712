/**
 * `npm run ui` opens the vitest UI over the suites and runs no suite until a run is started there: none
 * when it opens, none when a file is saved (a run against a live target costs requests and creates
 * subscriptions). Only the setup check's two requests go out first, as before any run. Checked against a
 * reference service that counts what reaches it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startReferenceService, type ReferenceService } from '../reference/index.js';
import { toolCommand } from './run-tool.js';

const ROOT = new URL('..', import.meta.url).pathname;
let service: ReferenceService;
const token = 'ui-test-token-7d41c0a9e2';

beforeAll(async () => {
  service = await startReferenceService({ tokens: [token] });
});
afterAll(async () => {
  await service.close();
});

test('the UI opens, names its address, and runs no suite on opening nor when a suite file is saved', async () => {
  const [command, args] = toolCommand('probe', ['--ui']);
  const child = spawn(command, args, {
    cwd: mkdtempSync(join(tmpdir(), 'ui-')),
    env: {
      PATH: process.env.PATH ?? '',
      TMPDIR: tmpdir(),
      BASE_URL: service.url,
      ACCESS_TOKEN: token,
      BROWSER: 'none',
      REPORT_DIR: mkdtempSync(join(tmpdir(), 'ui-reports-')),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  try {
    const started = Date.now();
    while (
      !/^ui: http:\/\/\S+: no suite runs until one is started there/m.test(out) &&
      Date.now() - started < 90_000 &&
      child.exitCode === null
    ) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(out).toMatch(/^ui: http:\/\/\S+: no suite runs until one is started there/m);
    // The setup check (a GET and a POST of {}) and nothing else: no subscription was created.
    const before = service.stats().requests;
    expect(before).toBeLessThanOrEqual(2);
    expect(service.stats().creates).toBe(0);
    // "Save" a suite file: with a watcher, vitest would run it again.
    const suite = join(ROOT, 'suites', '01-spec-observations.test.ts');
    const now = new Date();
    utimesSync(suite, now, now);
    await new Promise((r) => setTimeout(r, 3_000));
    expect(service.stats().requests).toBe(before);
    expect(service.stats().creates).toBe(0);
  } finally {
    child.kill('SIGTERM');
  }
}, 120_000);
