/**
 * The probe against a hostile target: one that echoes the token in every spelling
 * real stacks produce, puts it across the recording cap, and pads every answer past the cap; and one
 * that streams 300 MB answers while MAX_RECORDED_BODY_BYTES is at its maximum.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SETTINGS } from '../lib/config/settings.js';
import type { BehaviourReport } from '../lib/report/types.js';
import { runProbeChild } from './run-probe.js';
import { startHostileTarget, type HostileTarget } from './support/hostile-target.js';

// + / = _ -: what base64 tokens hold, and what .NET (\u002B) and PHP (\/) escape.
const TOKEN = 'Zq+/9=_-Ab+/Cd=_Ef-7c3Rk9WmXpTj';

/** Every 8-character piece of `secret` that `text` holds, read as is, JSON-unescaped, percent-decoded
 * and against the secret's base64 and base64url: an oracle that shares no code with the redaction. */
function pieces(text: string, secret: string): number {
  const unescaped = text.replace(/\\u([0-9a-fA-F]{4})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))).replaceAll('\\/', '/');
  const decoded = unescaped.replace(/%([0-9a-fA-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  const encodings = [
    secret,
    Buffer.from(secret).toString('base64'),
    Buffer.from(`user:${secret}`).toString('base64url'),
    Buffer.from(`user:${secret}`).toString('base64'),
  ];
  let found = 0;
  for (const spelt of encodings) {
    for (let i = 0; i + 8 <= spelt.length; i += 1) {
      const piece = spelt.slice(i, i + 8);
      if (text.includes(piece) || unescaped.includes(piece) || decoded.includes(piece)) found += 1;
    }
  }
  return found;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile());
}

const readText = (file: string): string => {
  const bytes = readFileSync(file);
  return (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString('utf8');
};

describe('a target that echoes the token in every spelling and pads its answers past the cap', () => {
  let target: HostileTarget;
  beforeAll(async () => {
    target = await startHostileTarget({ token: TOKEN, echo: true, cutAt: 4096, padBytes: 8192 });
  });
  afterAll(async () => {
    await target.close();
  });

  test('no piece of the token in any output file (gzip unpacked) nor on the console; cut bodies are not judged', async () => {
    const run = await runProbeChild({ BASE_URL: target.url, ACCESS_TOKEN: TOKEN, MAX_RECORDED_BODY_BYTES: '4096' }, [], 240_000);
    // The target did echo it, every way.
    expect(target.echoed.header).toBeGreaterThan(50);
    expect(target.echoed.errorMessage).toBeGreaterThan(10);
    expect(target.echoed.successField).toBeGreaterThan(5);
    expect(target.echoed.acrossCut).toBeGreaterThanOrEqual(3);
    expect(target.padded).toBeGreaterThan(0);

    const files = filesUnder(run.reportDir);
    expect(files.map((f) => f.slice(run.reportDir.length + 1))).toEqual(
      expect.arrayContaining([
        'behaviour-report.json',
        'behaviour-report.md',
        'behaviour-report.html',
        'summary.json',
        'junit.xml',
        'exchanges.har',
      ]),
    );
    const leaking = files.filter((f) => pieces(readText(f), TOKEN) > 0).map((f) => f.slice(run.reportDir.length + 1));
    expect(leaking).toEqual([]);
    expect(pieces(run.stdout, TOKEN)).toBe(0);
    expect(pieces(run.stderr, TOKEN)).toBe(0);
    expect(run.stderr).not.toContain('SECRET IN OUTPUT');

    // §2: the padded 400s are valid error bodies cut at the cap: never "not JSON", never DEVIATES for it.
    const report = JSON.parse(readFileSync(join(run.reportDir, 'behaviour-report.json'), 'utf8')) as BehaviourReport;
    const text = JSON.stringify(report);
    expect(text).not.toContain('body is not JSON');
    expect(text).toContain('not judged: body cut at');
    expect(report.cases.filter((c) => c.verdict === 'DEVIATES').map((c) => c.id)).toEqual([]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(report.matrix.filter((m) => m.outcome === 'accepted').length).toBeGreaterThan(0);
    expect(run.stdout).toMatch(
      /ledger: this run created \d+ subscription\(s\): \d+ deleted by their cases, 0 at the end of the run, 0 could not be deleted/,
    );
  }, 300_000);
});

test('MAX_RECORDED_BODY_BYTES at its maximum against 300 MB answers: under 600 MB, a report, exit 0, 1 or 2', async () => {
  const setting = SETTINGS.find((s) => s.name === 'MAX_RECORDED_BODY_BYTES');
  const max = /at most (\d+)/.exec(setting?.parser.accepts ?? '')?.[1];
  expect(max).toBeDefined();
  const token = 'huge-token-0123456789+/=';
  const target = await startHostileTarget({ token, padBytes: 300 * 1024 * 1024 });
  try {
    const run = await runProbeChild({ BASE_URL: target.url, ACCESS_TOKEN: token, MAX_RECORDED_BODY_BYTES: max! }, [], 280_000);
    expect([0, 1, 2]).toContain(run.code);
    expect(existsSync(join(run.reportDir, 'behaviour-report.json'))).toBe(true);
    const peak = Number(/peak memory: (\d+) MB/.exec(run.stdout)?.[1]);
    expect(peak, run.stdout.slice(-2000) + run.stderr.slice(-2000)).toBeLessThan(600);
  } finally {
    await target.close();
  }
}, 300_000);
