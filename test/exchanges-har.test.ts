/**
 * Every probe run writes reports/exchanges.har: HAR 1.2 by the published schema, one entry per exchange,
 * tied to the report's cases, without the token; a run in which no case ran leaves the last one.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HTTPSnippet } from 'httpsnippet';
import { expect, test } from 'vitest';
import type { Har } from '../lib/har/types.js';
import type { BehaviourReport } from '../lib/report/types.js';
import { harSchemaErrors } from './support/har-schema.js';
import { runProbe } from './run-probe.js';

const TOKEN = 'har-token-Zq+/9=_-Ab+/Cd=_Ef';

test('a probe run writes a valid HAR of every exchange; a run in which no case ran leaves it as it was', async () => {
  const run = await runProbe({ ACCESS_TOKEN: TOKEN }, ['01-spec', '05-protocol']);
  expect(run.code, run.stdout + run.stderr).toBe(0);
  const text = readFileSync(join(run.reportDir, 'exchanges.har'), 'utf8');
  const har = JSON.parse(text) as Har;
  const report = JSON.parse(readFileSync(join(run.reportDir, 'behaviour-report.json'), 'utf8')) as BehaviourReport;

  expect(harSchemaErrors(har)).toEqual([]);
  expect(har.log.version).toBe('1.2');
  // Every request put on the wire is in an entry (retries as its _attempts).
  expect(har.log.entries.reduce((sum, e) => sum + (e._attempts ?? 0), 0)).toBe(report.run.requestsSent);
  // Entries name the report's cases: every case that sent a request (a refusal case describes the answer its
  // verdict case got, and sends none), and no case the report does not have.
  const named = new Set(har.log.entries.flatMap((e) => [e._case, ...(e._cases ?? [])]));
  const ids = report.cases.map((c) => c.id);
  expect(ids.length).toBeGreaterThan(5);
  expect(ids.filter((id) => !named.has(id) && !id.endsWith('/refusal'))).toEqual([]);
  expect([...named].filter((id) => id !== undefined && !ids.includes(id))).toEqual([]);
  expect(new Set(har.log.entries.map((e) => e._suite))).toEqual(new Set(['01-spec-observations', '05-protocol']));
  // The token: never, not even in the protocol cases that send it another way.
  expect(text).not.toContain(TOKEN);
  expect(text).not.toContain(Buffer.from(TOKEN).toString('base64').slice(0, 16));
  expect(text).not.toContain(encodeURIComponent(TOKEN));
  const auths = har.log.entries.flatMap((e) =>
    e.request.headers.filter((h) => h.name.toLowerCase() === 'authorization').map((h) => h.value),
  );
  expect(auths).toContain('Bearer $ACCESS_TOKEN');
  expect(auths.filter((v) => v.includes('$ACCESS_TOKEN')).length).toBeGreaterThan(har.log.entries.length / 2);

  // An independent reader (httpsnippet, which validates each request against the HAR spec as it reads it)
  // opens every entry and writes it as a cURL command with the placeholder, never the token.
  const created = har.log.entries.filter(
    (e) =>
      e.request.method === 'POST' && e.request.postData !== undefined && e.request.headers.some((h) => h.value === 'Bearer $ACCESS_TOKEN'),
  );
  expect(created.length).toBeGreaterThan(0);
  for (const entry of created) {
    const curl = new HTTPSnippet(entry.request as unknown as ConstructorParameters<typeof HTTPSnippet>[0]).convert('shell', 'curl');
    expect(curl).toEqual(expect.stringContaining(`--url ${entry.request.url}`));
    expect(curl).toEqual(expect.stringContaining('Bearer $ACCESS_TOKEN'));
    expect(String(curl)).not.toContain(TOKEN);
  }

  // No case ran: the HAR is the last run's, byte for byte.
  writeFileSync(join(run.reportDir, 'exchanges.har'), text);
  const none = await runProbe({ REPORT_DIR: run.reportDir, ACCESS_TOKEN: TOKEN }, ['presense']);
  expect(none.code, none.stdout + none.stderr).toBe(2);
  expect(readFileSync(join(run.reportDir, 'exchanges.har'), 'utf8')).toBe(text);
}, 300_000);
