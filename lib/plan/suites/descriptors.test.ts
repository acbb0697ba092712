import { readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { loadSettings } from '../../config/load-config.js';
import { notificationField } from '../../operation/notification-field.js';
import { operationFromOpenApi } from '../../operation/openapi/index.js';
import type { OperationSpec } from '../../operation/types.js';
import { planRun } from '../plan.js';
import { eventsSuite, specObservationsSuite, SUITE_DESCRIPTORS } from './index.js';

const settingsFor = (env: Record<string, string>) => loadSettings({ env, dotenvPath: false });
const DRIVE_API = 'operations/drive-api.yaml';

describe('the suites as the plan reads them', () => {
  test('one descriptor per suite file, in run order', () => {
    const files = readdirSync(new URL('../../../suites', import.meta.url))
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => f.replace(/\.test\.ts$/, ''))
      .sort();
    expect(files).toHaveLength(7);
    expect(SUITE_DESCRIPTORS.map((d) => d.id)).toEqual(files);
  });

  test.each([
    ['createSubscription', 'notificationUrl'],
    ['createFolder', undefined],
    ['createChildItem', undefined],
    ['inviteToItem', undefined],
  ])('%s of the drive API document: the notification field is %s, and the events cases run or are skipped by it', async (id, field) => {
    const { operation: op } = await operationFromOpenApi(DRIVE_API, id, DRIVE_API, { 'item-id': 'item-1' });
    const base = settingsFor({});
    const settings = { ...base, target: { ...base.target, operation: op } };
    expect(notificationField(op)).toBe(field);
    const plan = planRun(settings).suites;
    const events = plan.find((s) => s.suite === '06-events');
    const observations = plan.find((s) => s.suite === '01-spec-observations');
    const applies = eventsSuite.appliesTo(op);
    const observed = specObservationsSuite.appliesTo(op);
    if (field === undefined) {
      expect(applies).toMatch(new RegExp(`^not a subscription-create operation: no field of the ${id} body carries a URL`));
      expect(events?.cases.map((c) => c.skipped)).toEqual(events?.cases.map(() => applies));
      expect(events?.requests).toBe(0);
      // The spec's observations are of the subscription create: none to replay on a folder or an invitation.
      expect(observed).toMatch(/^not a subscription-create operation: spec §4's two observations are of the subscription create/);
      expect(observations?.requests).toBe(0);
    } else {
      expect(applies).toBe(true);
      expect(events?.cases.some((c) => c.skipped === undefined)).toBe(true);
      expect(events?.requests).toBeGreaterThan(0);
      expect(observed).toBe(true);
      expect(observations?.requests).toBeGreaterThan(0);
    }
  });

  test('the field is the one whose good value is the receiver URL, whatever its name; a fixed URL is not it', () => {
    const field = (name: string, good: OperationSpec['fields'][number]['good']) => ({ name, specRef: 'x', good, classes: [] });
    expect(notificationField({ fields: [field('hook', (ctx) => ctx.notificationUrl), field('name', () => 'a')] })).toBe('hook');
    expect(notificationField({ fields: [field('notificationUrl', () => 'https://example.com/hook')] })).toBeUndefined();
  });

  test('both shipped subscription operations carry one', () => {
    for (const file of ['operations/drive-subscription-v2.json', 'operations/graph-subscription-v1.json']) {
      expect(notificationField(settingsFor({ OPERATION: file }).target.operation), file).toBe('notificationUrl');
    }
  });
});
