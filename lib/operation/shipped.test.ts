import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { shippedOperation, TOOL_ROOT } from './shipped.js';
import type { ValueContext } from './types.js';

const ctx: ValueContext = { now: new Date('2026-03-01T10:00:00.000Z'), notificationUrl: 'https://receiver.example/hook', unique: 'run1-7' };

/** The operation descriptions shipped; an OpenAPI document beside them (drive-api.yaml) is test/reference-drive-operations.test.ts's. */
const descriptions = readdirSync(join(TOOL_ROOT, 'operations')).filter(
  (f) => /\.(json|ya?ml)$/.test(f) && !/^\s*"?openapi"?\s*:/m.test(readFileSync(join(TOOL_ROOT, 'operations', f), 'utf8')),
);

test('the folder ships both descriptions and an OpenAPI document', () => {
  expect(descriptions).toEqual(expect.arrayContaining(['drive-subscription-v2.json', 'graph-subscription-v1.json']));
  expect(descriptions).not.toContain('drive-api.yaml');
});

test.each(descriptions)('operations/%s is a valid description', (file) => {
  const op = shippedOperation(`operations/${file}`);
  expect(op.fields.length).toBeGreaterThan(0);
  for (const f of op.fields) for (const c of f.classes) expect(() => JSON.stringify(c.value(ctx))).not.toThrow();
});

test('the Graph description: the writable properties of microsoft.graph.subscription, with the types Graph publishes', () => {
  const op = shippedOperation('operations/graph-subscription-v1.json');
  expect([op.method, op.path]).toEqual(['POST', '/subscriptions']);
  expect(op.fields.map((f) => f.name)).toEqual([
    'changeType',
    'notificationUrl',
    'resource',
    'expirationDateTime',
    'clientState',
    'lifecycleNotificationUrl',
    'includeResourceData',
    'encryptionCertificate',
    'encryptionCertificateId',
    'latestSupportedTlsVersion',
    'notificationQueryOptions',
    'notificationUrlAppId',
  ]);
  const good = Object.fromEntries(op.fields.map((f) => [f.name, f.good(ctx)]));
  expect(typeof good['includeResourceData']).toBe('boolean');
  for (const [name, value] of Object.entries(good)) if (name !== 'includeResourceData') expect(typeof value, name).toBe('string');
  // The published pattern: 1-12 fraction digits, then Z or +hh:mm.
  const dateTimeOffset =
    /^[0-9]{4,}-(0[1-9]|1[012])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]([.][0-9]{1,12})?(Z|[+-][0-9][0-9]:[0-9][0-9])$/;
  const expiration = op.fields.find((f) => f.name === 'expirationDateTime');
  expect(good['expirationDateTime']).toMatch(dateTimeOffset);
  // A class sent under another name has the good value; only the values of the field are of its form or not.
  for (const c of (expiration?.classes ?? []).filter((k) => k.sendAs === undefined)) {
    const v = c.value(ctx);
    if (c.expectation === 'spec-form') expect(v, c.id).toMatch(dateTimeOffset);
    if (c.expectation === 'not-spec-form' && typeof v === 'string') expect(v, c.id).not.toMatch(dateTimeOffset);
  }
  expect(Buffer.from(String(good['encryptionCertificate']), 'base64').toString('base64')).toBe(good['encryptionCertificate']);
  expect(['v1_0', 'v1_1', 'v1_2', 'v1_3']).toContain(good['latestSupportedTlsVersion']);
  expect(op.cleanup?.deletePath('abc')).toBe('/subscriptions/abc');
  expect(op.reportedAccepted).toEqual(['changeType', 'notificationUrl', 'resource', 'expirationDateTime']);
});

test('the example description in docs/operation-descriptions.md is a valid one', async () => {
  const { readFileSync } = await import('node:fs');
  const { validateDescription } = await import('./description/validate.js');
  const section = readFileSync(join(TOOL_ROOT, 'docs/operation-descriptions.md'), 'utf8');
  const example = /```json\n([\s\S]*?)\n```/.exec(section)?.[1];
  expect(example).toBeDefined();
  const checked = validateDescription(JSON.parse(example ?? 'null'));
  expect(checked.valid ? [] : checked.problems).toEqual([]);
});

test.each([
  'operations/drive-subscription-v2.json',
  'operations/graph-subscription-v1.json',
  'lib/operation/description/operation.schema.json',
])('%s is written as formatJson writes it (as npm run operation does), so a diff shows only what changed', async (file) => {
  const { readFileSync } = await import('node:fs');
  const { formatJson } = await import('./description/format.js');
  const text = readFileSync(join(TOOL_ROOT, file), 'utf8');
  expect(text).toBe(`${formatJson(JSON.parse(text))}\n`);
});
