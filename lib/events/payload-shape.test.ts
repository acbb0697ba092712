import { expect, test } from 'vitest';
import type { ReceivedNotification } from '../receiver/types.js';
import { describePayloadShape, judgePayloadShape, payloadShape } from './payload-shape.js';

const notification = (body: unknown, contentType: string | null = 'application/json'): ReceivedNotification => ({
  seq: 1,
  receivedAt: '2026-01-01T00:00:00.000Z',
  method: 'POST',
  url: '/notifications',
  headers: contentType === null ? {} : { 'content-type': contentType },
  body,
  rawBody: '',
  bodyTruncated: false,
  answeredStatus: 202,
});

test('the SharePoint and Graph shapes are named exactly', () => {
  const sharepoint = {
    subscriptionId: 's',
    clientState: 'c',
    expirationDateTime: 'e',
    resource: 'r',
    tenantId: 't',
    siteUrl: 'u',
    webId: 'w',
  };
  expect(describePayloadShape(payloadShape(notification({ value: [sharepoint] })))).toBe(
    '{"value": [1 item]} with keys subscriptionId, clientState, expirationDateTime, resource, tenantId, siteUrl, webId: exactly the SharePoint shape; Content-Type application/json',
  );
  const graph = {
    subscriptionId: 's',
    clientState: 'c',
    changeType: 'updated',
    resource: 'r',
    subscriptionExpirationDateTime: 'e',
    tenantId: 't',
  };
  expect(payloadShape(notification({ value: [graph] })).closest).toEqual({ name: 'Graph', exact: true, missing: [], extra: [] });
});

test('another shape says what it lacks and adds', () => {
  const shape = payloadShape(
    notification({ value: [{ subscriptionId: 's', changeType: 'updated', lifecycleEvent: 'x' }], validationTokens: [] }),
  );
  expect(describePayloadShape(shape)).toBe(
    '{"value": [1 item] + validationTokens} with keys subscriptionId, changeType, lifecycleEvent: closest to the Graph shape, without clientState, resource, subscriptionExpirationDateTime, tenantId, with lifecycleEvent besides; Content-Type application/json',
  );
});

test('bare objects, unknown keys and bodies that are not JSON', () => {
  expect(describePayloadShape(payloadShape(notification({ foo: 1 }, null)))).toBe(
    'a bare object with keys foo: neither the SharePoint nor the Graph shape; Content-Type (none)',
  );
  expect(describePayloadShape(payloadShape(notification(undefined, 'text/plain')))).toBe(
    'a body that is not a JSON object; Content-Type text/plain',
  );
});

test('the payload-shape case records what the notification carried: the spec shows no payload (§6)', () => {
  const judged = judgePayloadShape(notification({ value: [{ subscriptionId: 's', clientState: 'c' }] }));
  expect(judged.verdict).toBe('INFORMATIONAL');
  expect(judged.specRef).toMatch(/notification payload/);
  expect(judged.finding).toBe(`notification body: ${judged.observed}`);
});
