/**
 * The property suites as a user runs them: `npm run probe -- 04-properties`, a child process, its
 * exit code, its console and its reports. Against the reference service every property holds; a
 * SEED replays the same bodies; against a stub that answers 500 to some bodies the never-5xx
 * property fails with its shrunk counterexample as a cURL command that never holds the token.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BehaviourReport } from '../lib/report/types.js';
import { runProbe, type ProbeRun } from './run-probe.js';

// REPEATS=2: the rule's property runs (under auto the exhaustive matrix has answered every body it could draw, and it
// is skipped: test/dry-run.test.ts holds that skip to the plan's).
const FAST = { PROPERTY_RUNS: '10', REPEATS: '2' };
const COLLECTION = '/_api/v2.0/drive/root/subscriptions';

const readReport = (dir: string): BehaviourReport =>
  JSON.parse(readFileSync(join(dir, 'behaviour-report.json'), 'utf8')) as BehaviourReport;
const propertyCases = (run: ProbeRun) => readReport(run.reportDir).cases.filter((c) => c.id.startsWith('property/'));
/** The plans digest each property case recorded, by case id. */
const digests = (run: ProbeRun): Record<string, string | undefined> =>
  Object.fromEntries(propertyCases(run).map((c) => [c.id, /plans digest ([0-9a-f]{16})/.exec(c.observed ?? '')?.[1]]));
const printed = (run: ProbeRun): string => `${run.stdout}\n${run.stderr}`;

describe('npm run probe -- 04-properties', () => {
  describe('against the default reference', () => {
    // One run without SEED; the replay test gives the seed it printed back.
    let first: ProbeRun;
    let seed: number;
    beforeAll(async () => {
      first = await runProbe(FAST, ['04-properties']);
      seed = Number(/property seed: (\d+) \(replay with SEED=\1\)/.exec(first.stdout)?.[1]);
    }, 200_000);

    test('every property holds; the seed is printed and recorded in the report', () => {
      expect(first.code, printed(first)).toBe(0);
      expect(Number.isInteger(seed), first.stdout).toBe(true);
      expect(readReport(first.reportDir).run.seed).toBe(seed);
      const cases = propertyCases(first);
      expect(cases.map((c) => c.id).sort()).toEqual([
        'property/answers-2xx-or-4xx',
        'property/error-body-spec-7',
        'property/matrix-rule-predicts-outcome',
        'property/same-request-same-status',
      ]);
      for (const c of cases) expect(['CONFORMS', 'INFORMATIONAL'], `${c.id}: ${c.finding ?? ''}`).toContain(c.verdict);
    });

    test("the answers taken from earlier asks: the properties' own counts, summed on the suite's line and in the report", () => {
      const taken = propertyCases(first).reduce(
        (n, c) =>
          n +
          Number(
            /\((\d+) bod(?:y|ies) answered by an earlier ask of the same body/.exec(`${c.finding ?? ''} ${c.observed ?? ''}`)?.[1] ?? 0,
          ),
        0,
      );
      // The determinism property asks again what the first property asked: some bodies are always taken.
      expect(taken).toBeGreaterThan(0);
      const suite = readReport(first.reportDir).suites?.find((s) => s.suite === '04-properties');
      expect(suite?.reused).toBe(taken);
      // The HTML's suite heading says the same count.
      expect(readFileSync(join(first.reportDir, 'behaviour-report.html'), 'utf8')).toMatch(
        new RegExp(`04-properties · \\d+ cases · \\d+ requests · ${taken} answers taken from earlier asks · `),
      );
      expect(first.stdout).toMatch(
        new RegExp(`^04-properties: .*; \\d+ requests \\(${taken} answers taken from earlier asks, not sent\\), `, 'm'),
      );
    });

    test('SEED=<the printed seed> sends the same bodies again; another seed draws others', async () => {
      const [replay, other] = await Promise.all([
        runProbe({ ...FAST, SEED: String(seed) }, ['04-properties'], 200_000),
        runProbe({ ...FAST, SEED: String((seed + 1) % 2 ** 31) }, ['04-properties'], 200_000),
      ]);
      expect(replay.code, printed(replay)).toBe(0);
      expect(replay.stdout).toContain(`property seed: ${seed} (replay with SEED=${seed})`);
      const original = digests(first);
      expect(Object.keys(original)).toHaveLength(4);
      expect(Object.values(original).every((d) => d !== undefined)).toBe(true);
      expect(digests(replay)).toEqual(original);
      expect(digests(other)).not.toEqual(original);
    }, 240_000);
  });

  describe('against a target that answers 500 to every body with a resource', () => {
    const token = 'sentinel-token-9d41c7e2a0b3';
    let server: Server;
    let url: string;
    let created = 0;
    let live = 0;

    beforeAll(async () => {
      server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          const answer = (status: number, body: unknown) => {
            res.writeHead(status, { 'content-type': 'application/json' });
            res.end(body === undefined ? undefined : JSON.stringify(body));
          };
          const invalid = { error: { code: 'invalidRequest', message: 'The request is malformed or incorrect.' } };
          if (req.headers.authorization !== `Bearer ${token}`) return answer(401, { error: { code: 'unauthenticated', message: 'no' } });
          if (req.method === 'DELETE' && req.url?.startsWith(`${COLLECTION}/`) === true) {
            live -= 1;
            return answer(204, undefined);
          }
          if (req.method !== 'POST' || req.url !== COLLECTION) return answer(404, { error: { code: 'itemNotFound', message: 'no' } });
          let body: unknown;
          try {
            body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            return answer(400, invalid);
          }
          if (typeof body !== 'object' || body === null) return answer(400, invalid);
          if ('resource' in body) {
            res.writeHead(500, { 'content-type': 'text/plain' });
            return res.end('internal error');
          }
          if (!('notificationUrl' in body)) return answer(400, invalid);
          created += 1;
          live += 1;
          return answer(201, { id: `sub-${created}` });
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    test('the never-5xx property fails with its shrunk counterexample as cURL; the token appears nowhere', async () => {
      const run = await runProbe({ ...FAST, MAX_RETRIES: '1', BASE_URL: url, ACCESS_TOKEN: token }, ['04-properties'], 200_000);
      const output = printed(run);
      expect(run.code, output).toBe(1);
      expect(output).toContain('DEVIATES (spec §7 rule 1');
      expect(output).toMatch(/Expected: every answer 2xx or 4xx/);
      expect(output).toMatch(/Actual: +\{resource: good\}: answered 500 on each of 2 attempts/);
      expect(output).toMatch(/curl -i -X POST '[^']+\/subscriptions'/);
      expect(output).toContain('"Authorization: Bearer $ACCESS_TOKEN"');
      const cases = propertyCases(run);
      const never5xx = cases.find((c) => c.id === 'property/answers-2xx-or-4xx');
      expect(never5xx?.verdict).toBe('DEVIATES');
      expect(never5xx?.finding).toMatch(/smallest counterexample \(after \d+ shrinks?\): \{resource: good\}: answered 500/);
      // Bodies that got 500 have no outcome: the other properties do not fail on them.
      expect(cases.filter((c) => c.id !== 'property/answers-2xx-or-4xx').map((c) => c.verdict)).not.toContain('DEVIATES');
      expect(live, 'every subscription created was deleted').toBe(0);
      expect(output).not.toContain(token);
      for (const file of readdirSync(run.reportDir, { withFileTypes: true })) {
        if (file.isFile()) expect(readFileSync(join(run.reportDir, file.name), 'utf8'), file.name).not.toContain(token);
      }
    }, 240_000);
  });
});
