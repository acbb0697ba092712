/**
 * A field whose only accepted combination flipped in the matrix still has its values judged. A loopback proxy in front
 * of the reference refuses three of the first five creates of {notificationUrl, expirationDateTime, clientState} with a
 * message about nothing in the body (a backend failing now and then) and passes everything after: the matrix sees that
 * combination refused and accepted in turn (unstable), and no other combination with clientState is accepted. The value suite
 * must ask clientState's values on that body, say so in each finding, and judge them as on a stable one.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { listen } from '../lib/net/listen.js';
import type { BehaviourReport } from '../lib/report/types.js';
import { DEFAULT_INTERMITTENT_MESSAGE, startReferenceService, type ReferenceService } from '../reference/index.js';
import { runProbe, type ProbeRun } from './run-probe.js';

const TOKEN = 'unstable-base-token-5e1a';
const BASE = ['notificationUrl', 'expirationDateTime', 'clientState'];

let service: ReferenceService;
let proxy: http.Server;
let run: ProbeRun;
/** Creates of BASE's fields seen, and those refused: the matrix's ask, then two of its six asks again, never three 201s in a row. */
let seen = 0;
let refused = 0;
const REFUSED_ASKS = new Set([1, 2, 5]);

/** Forwards every request to the reference, but the creates of BASE's fields numbered in REFUSED_ASKS are refused. */
function startProxy(target: string): http.Server {
  return http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const body = Buffer.concat(parts);
      let keys: string[] = [];
      try {
        keys = Object.keys(JSON.parse(body.toString('utf8')) as object).sort();
      } catch {
        // Not JSON: forwarded as it is.
      }
      if (req.method === 'POST' && keys.join() === [...BASE].sort().join() && REFUSED_ASKS.has((seen += 1))) {
        refused += 1;
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'invalidRequest', message: DEFAULT_INTERMITTENT_MESSAGE } }));
        return;
      }
      const forward = http.request(`${target}${req.url ?? '/'}`, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      forward.on('error', () => res.writeHead(502).end());
      forward.end(body);
    });
  });
}

beforeAll(async () => {
  service = await startReferenceService({ tokens: [TOKEN], handshake: false });
  proxy = startProxy(service.url);
  const { url } = await listen(proxy, {}, 'unstable-base proxy');
  run = await runProbe({ BASE_URL: url, ACCESS_TOKEN: TOKEN, NOTIFICATION_URL: 'https://receiver.invalid/notifications' }, [
    '02-presence',
    '03-value',
  ]);
}, 250_000);
afterAll(async () => {
  await new Promise<void>((done) => proxy.close(() => done()));
  await service.close();
});

test("clientState's values are judged on the combination the matrix saw flip, and each finding says so", () => {
  const report = JSON.parse(readFileSync(join(run.reportDir, 'behaviour-report.json'), 'utf8')) as BehaviourReport;
  // The precondition: the only combination with clientState the reference accepts was refused once, then accepted.
  expect(refused).toBe(3);
  const base = report.matrix.find((o) => o.present.join() === BASE.join());
  expect(base, run.stdout).toMatchObject({ outcome: 'unstable', statuses: [400, 400, 201, 201, 400, 201, 201] });
  expect(report.cases.filter((c) => c.id.startsWith('value/clientState/') && c.verdict === undefined)).toEqual([]);
  const values = report.values['clientState'];
  expect(values?.accepted.map((v) => v.classId)).toEqual(expect.arrayContaining(['empty', 'length-1', 'length-255']));
  expect(values?.rejected.map((v) => v.classId)).toEqual(expect.arrayContaining(['length-256', 'json-number']));
  expect(values?.limits[0]).toMatchObject({ value: 255, firstRejected: 256 });
  const finding = report.cases.find((c) => c.id === 'value/clientState/length-256')?.finding;
  expect(finding).toContain(
    '(base {notificationUrl, expirationDateTime, clientState}; the presence matrix saw it accepted on some asks only (400, 400, 201, 201, 400, 201, 201)',
  );
  // Nothing about clientState was skipped for want of a base.
  expect((report.skipped ?? []).filter((s) => s.id.startsWith('value/clientState/'))).toEqual([]);
});
