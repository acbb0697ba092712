/**
 * The lifecycle suite (suites/07-lifecycle.test.ts) end to end: `npm run probe -- 07-lifecycle` against reference
 * profiles that live differently, so that each report's `lifecycle` must say what that profile does; and against a
 * configured target whose list pages name another origin, which must be counted and never sent to.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BehaviourReport } from '../lib/report/types.js';
import { listen } from '../lib/net/listen.js';
import { startReferenceService, type ReferenceService } from '../reference/index.js';
import { resolveProfile, DEFAULT_LIFECYCLE } from '../reference/profiles.js';
import type { ValueRules } from '../reference/profile-types.js';
import { runBaseline } from './run-baseline.js';
import { runProbe, type ProbeRun } from './run-probe.js';

const RUN_MS = 120_000;
/** A renewal cap under the suite's first renewal of three days (Graph caps driveItem subscriptions at 42,300 minutes). */
const RENEWAL_CAP = 4_230;
// The presence matrix too: a baseline needs what the presence suite found, and the lifecycle starts from its accepted body.
const SUITES = ['02-presence', '07-lifecycle'];
const CASES = ['lifecycle/read', 'lifecycle/list', 'lifecycle/renew', 'lifecycle/patch-fields', 'lifecycle/delete', 'lifecycle/states'];

const read = (run: ProbeRun): BehaviourReport =>
  JSON.parse(readFileSync(join(run.reportDir, 'behaviour-report.json'), 'utf8')) as BehaviourReport;

// One after another: the second run is compared with the baseline written from the first.
describe('npm run probe -- 07-lifecycle on the embedded reference', () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'lifecycle-'));
  });
  afterAll(() => {
    rmSync(work, { recursive: true, force: true });
  });

  test(
    'default profile: read, list, renew and delete supported; the longest renewal 180 days; a deleted subscription is gone',
    async () => {
      mkdirSync(join(work, 'default'));
      const run = await runProbe({ REPORT_DIR: join(work, 'default') }, SUITES, RUN_MS);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      const baseline = await runBaseline(work, { REPORT_DIR: join(work, 'default'), BASELINE_DIR: join(work, 'baselines') });
      expect(baseline.code, baseline.stdout + baseline.stderr).toBe(0);
      const report = read(run);
      const lifecycle = report.lifecycle;

      expect(report.cases.filter((c) => c.id.startsWith('lifecycle/')).map((c) => [c.id, c.verdict])).toEqual(
        CASES.map((id) => [id, 'INFORMATIONAL']),
      );
      expect(lifecycle?.operations).toMatchObject({
        read: { method: 'GET', supported: true, status: 200 },
        list: { supported: true, status: 200, containsCreated: true },
        renew: { method: 'PATCH', supported: true, status: 200 },
        delete: { method: 'DELETE', supported: true, status: 204 },
      });
      expect(lifecycle?.record).toMatchObject({ readEqualsCreate: true, listEntryEqualsCreate: true });
      expect(lifecycle?.record.fields).toMatchObject({
        id: { origin: 'server' },
        createdBy: { type: 'object', origin: 'server' },
        notificationUrl: { origin: 'echoed' },
      });
      expect(lifecycle?.renewal).toEqual({
        longestAcceptedMinutes: 180 * 24 * 60,
        pastLimit: { status: 400, code: 'invalidRequest' },
        otherFields: { changeType: 'refused', notificationUrl: 'applied', resource: 'refused', clientState: 'ignored' },
      });
      expect(lifecycle?.afterDelete).toEqual({ read: 404, delete: 404, listed: false });
      expect(lifecycle?.states.map((m) => m.to)).toEqual([
        'active',
        'active',
        'active',
        'renewed',
        'renewed',
        'deleted',
        'deleted',
        'deleted',
        'deleted',
      ]);
      expect(lifecycle?.offOriginLinks).toBe(0);
      expect(run.stdout).toMatch(
        /ledger: this run created \d+ subscription\(s\): \d+ deleted by their cases, 0 at the end of the run, 0 could not be deleted/,
      );
      const md = readFileSync(join(run.reportDir, 'behaviour-report.md'), 'utf8');
      expect(md).toContain('| renew | `PATCH /_api/v2.0/drive/root/subscriptions/{id}` | supported (200) |');
      expect(readFileSync(join(run.reportDir, 'behaviour-report.html'), 'utf8')).toContain('<section id="lifecycle">');
    },
    RUN_MS,
  );

  test(
    'v2-delete-only: read, list and renew not supported (405), delete idempotent, nothing renewed; drift from the default baseline fails the run',
    async () => {
      mkdirSync(join(work, 'delete-only'));
      const baseline = join(work, 'baselines', 'embedded-default.json');
      const run = await runProbe(
        { REPORT_DIR: join(work, 'delete-only'), REFERENCE_PROFILE: 'v2-delete-only', BASELINE: baseline },
        SUITES,
        RUN_MS,
      );
      expect(run.code, run.stdout + run.stderr).toBe(1);
      // No case failed; the one reason the run fails counts in the line, as in JUnit.
      expect(run.stdout).toMatch(/^\d+ passed, 1 failed/m);
      // The create is the same in both profiles: only the lifecycle drifted.
      expect(read(run).drift?.changes.every((c) => c.kind === 'lifecycle')).toBe(true);
      expect(run.stdout).toContain('lifecycle operations.renew: supported 200 -> not supported 405 notSupported');
      expect(run.stdout).toContain('lifecycle afterDelete.delete: 404 -> 204');
      const lifecycle = read(run).lifecycle;

      expect(lifecycle?.operations).toMatchObject({
        read: { supported: false, status: 405 },
        list: { supported: false, status: 405, containsCreated: null, pages: 0 },
        renew: { supported: false, status: 405 },
        delete: { supported: true, status: 204 },
      });
      expect(lifecycle?.record.readEqualsCreate).toBeNull();
      expect(lifecycle?.record.fields['id']).toEqual({ type: 'string', origin: 'server' });
      expect(lifecycle?.renewal.longestAcceptedMinutes).toBeNull();
      expect(lifecycle?.afterDelete).toEqual({ read: 405, delete: 204, listed: null });
      expect(lifecycle?.states.map((m) => m.to)).not.toContain('renewed');
      // PATCH is not there at all: said once, not as each field "refused".
      expect(lifecycle?.renewal.otherFields).toEqual({});
      expect(read(run).cases.find((c) => c.id === 'lifecycle/patch-fields')?.finding).toMatch(
        /^PATCH of one field at a time on a second subscription: renew not supported \(405\): PATCH \S+ answered 405 for every field tried \(4\)$/,
      );
    },
    RUN_MS,
  );
});

describe('npm run probe -- 07-lifecycle on a configured target whose next links name another origin, whose deleted subscriptions stay readable and whose renewals stop under three days', () => {
  const token = 'lifecycle-token-41c7e2';
  let service: ReferenceService;
  let elsewhere: Server;
  const askedElsewhere: string[] = [];
  beforeAll(async () => {
    elsewhere = createServer((req, res) => {
      askedElsewhere.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
      res.end('{"value": []}');
    });
    const { url } = await listen(elsewhere, { host: '127.0.0.1', port: 0 }, 'elsewhere');
    const base = resolveProfile('default');
    const values = base.values as ValueRules;
    const profile = {
      ...base,
      // Renewals (and creates) at most 4,230 minutes ahead: the suite's first renewal, three days, is refused.
      values: { ...values, expirationDateTime: { ...values.expirationDateTime, maxLifetimeMinutes: RENEWAL_CAP } },
      // Newest first: the run's subscription is on the first page, and that page's next link names another origin.
      lifecycle: { ...DEFAULT_LIFECYCLE, listPageSize: 1, nextLinkOrigin: url, deletedStayReadable: true, newestFirst: true },
    };
    service = await startReferenceService({ tokens: [token], profile });
    // A subscription that is not the run's, first in the list: the run's own is behind the next link.
    service.setHandshake(false);
    const created = await fetch(`${service.url}/_api/v2.0/drive/root/subscriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        notificationUrl: 'https://receiver.example/n',
        expirationDateTime: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    });
    expect(created.status).toBe(201);
    service.setHandshake('profile');
  });
  afterAll(async () => {
    await service.close();
    await new Promise<void>((resolve) => elsewhere.close(() => resolve()));
  });

  test(
    'the off-origin next links are counted (the one on the page holding the subscription too), never sent to; a renewal cap under three days found exactly; a deleted subscription still read is marked; the other one is left alone',
    async () => {
      const run = await runProbe({ BASE_URL: service.url, ACCESS_TOKEN: token }, ['07-lifecycle'], RUN_MS);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      const report = read(run);
      const lifecycle = report.lifecycle;

      expect(askedElsewhere).toEqual([]);
      // Before the delete the run's subscription is on the first page, whose next link names another origin; after
      // it, the other one is, and the deleted one behind the link: whether it is listed stays open.
      expect(lifecycle?.offOriginLinks).toBe(2);
      expect(lifecycle?.operations.list).toMatchObject({ supported: true, pages: 1, containsCreated: true });
      // Three days refused, so the search went down to one minute; a shorter renewal was accepted: renew is there.
      expect(lifecycle?.renewal).toMatchObject({ longestAcceptedMinutes: RENEWAL_CAP, pastLimit: { status: 400, code: 'invalidRequest' } });
      expect(lifecycle?.operations.renew).toMatchObject({ supported: true, status: 200 });
      expect(report.cases.find((c) => c.id === 'lifecycle/renew')?.finding).toMatch(
        new RegExp(
          `answered 400; longest renewal accepted: ${RENEWAL_CAP} minutes, ${RENEWAL_CAP + 1} answered 400 invalidRequest, by bisection between 1 and 4320 minutes \\(\\d+ PATCHes\\)`,
        ),
      );
      expect(lifecycle?.afterDelete).toEqual({ read: 200, delete: 404, listed: null });
      expect(lifecycle?.states).toContainEqual({ from: 'deleted', action: 'read', status: 200, to: 'deleted, still readable' });
      expect(report.cases.find((c) => c.id === 'lifecycle/delete')?.finding).toContain('a deleted subscription is still readable');
      expect(service.liveSubscriptions().map((s) => s.notificationUrl)).toEqual(['https://receiver.example/n']);
    },
    RUN_MS,
  );
});
