import { describe, expect, test } from 'vitest';
import { PROFILES, startReferenceService, type DeliveryReport, type ReferenceProfile } from './index.js';
import { useReceivers } from '../test/support/reference-receiver.js';
import { fiveFields, useService, v2Body, without } from '../test/support/reference-client.js';

const { service, client } = useService();
const receiver = useReceivers();

function profile(name: string): ReferenceProfile {
  const p = PROFILES[name];
  if (p === undefined) throw new Error(`no profile ${name}`);
  return structuredClone(p);
}

/** A profile whose notifications give up fast: a few short retries and a short timeout. */
function quick(name: string, retries: number, retryDelayMs = 20, timeoutMs = 300): ReferenceProfile {
  const p = profile(name);
  return { ...p, notifications: { ...p.notifications, retries, retryDelayMs, timeoutMs } };
}

async function subscribe(
  notificationUrl: string,
  body: Record<string, string> = v2Body(),
): Promise<{ id: string; expirationDateTime: string; resource: string }> {
  const reply = await client.create({ ...body, notificationUrl });
  if (reply.status !== 201) throw new Error(`create failed: ${reply.status} ${reply.text}`);
  return reply.json as { id: string; expirationDateTime: string; resource: string };
}

describe('trigger: notification shape', () => {
  test('default profile: SharePoint shape, one POST per subscription, clientState and subscriptionId', async () => {
    const r = await receiver();
    const withState = await subscribe(r.url);
    const withoutState = await subscribe(r.url, without(v2Body(), 'clientState'));
    const tenant = profile('default').notifications;

    const report = await service().trigger();

    expect(report).toMatchObject({ profile: 'default', shape: 'sharepoint', delivered: 2, failed: 0, refused: 0, notNotified: 0 });
    expect(r.received).toHaveLength(2);
    for (const got of r.received) {
      expect(got.method).toBe('POST');
      expect(got.headers['content-type']).toBe('application/json');
    }
    const bodies = r.received.map((got) => JSON.parse(got.body) as { value: unknown[] });
    expect(bodies).toEqual(
      expect.arrayContaining([
        {
          value: [
            {
              subscriptionId: withState.id,
              clientState: v2Body()['clientState'],
              expirationDateTime: withState.expirationDateTime,
              resource: withState.resource,
              tenantId: tenant.tenantId,
              siteUrl: tenant.siteUrl,
              webId: tenant.webId,
            },
          ],
        },
        {
          value: [expect.objectContaining({ subscriptionId: withoutState.id, clientState: null })],
        },
      ]),
    );
    expect(report.subscriptions.map((s) => [s.outcome, s.attempts, s.finalStatus])).toEqual([
      ['delivered', 1, 202],
      ['delivered', 1, 202],
    ]);
  });

  test('graph-like profile: Graph drive shape (https receiver)', async () => {
    service().setProfile('graph-like');
    const r = await receiver(undefined, { tls: true });
    const created = await subscribe(r.url, fiveFields());

    const report = await service().trigger();

    expect(report).toMatchObject({ shape: 'graph', delivered: 1 });
    expect(JSON.parse(r.received[0]?.body ?? '')).toEqual({
      value: [
        {
          subscriptionId: created.id,
          clientState: fiveFields()['clientState'],
          changeType: 'updated',
          resource: '/me/drive/root',
          subscriptionExpirationDateTime: created.expirationDateTime,
          tenantId: profile('graph-like').notifications.tenantId,
        },
      ],
    });
  });

  test('no live subscriptions: an empty report, nothing sent', async () => {
    const report = await service().trigger();

    expect(report).toMatchObject({ subscriptions: [], delivered: 0, failed: 0, refused: 0 });
  });
});

describe('trigger: retries and bounds', () => {
  test('a receiver that answers 500 once gets the notification again, and it counts as delivered', async () => {
    service().setProfile(quick('default', 3));
    const r = await receiver((_req, index) => ({ status: index === 0 ? 500 : 200 }));
    await subscribe(r.url);

    const report = await service().trigger();

    expect(report.subscriptions[0]).toMatchObject({ outcome: 'delivered', attempts: 2, finalStatus: 200, message: null });
    expect(report.subscriptions[0]?.log.map((a) => a.status)).toEqual([500, 200]);
    expect(r.received).toHaveLength(2);
    expect(r.received[1]?.body).toBe(r.received[0]?.body);
    expect(service().stats()).toMatchObject({ deliveryAttempts: 2, deliveries: 1, deliveryFailures: 0 });
  });

  test('a receiver that always fails gets 1 + retries attempts, the delay apart, then it is given up', async () => {
    service().setProfile(quick('default', 2, 100));
    const r = await receiver(() => ({ status: 503 }));
    await subscribe(r.url);
    const started = performance.now();

    const report = await service().trigger();

    const took = performance.now() - started;
    expect(report.subscriptions[0]).toMatchObject({ outcome: 'failed', attempts: 3, finalStatus: 503 });
    expect(report.subscriptions[0]?.message).toBe(
      'not delivered after 3 attempt(s): the receiver answered 503; a notification needs a 2xx',
    );
    expect(r.received).toHaveLength(3);
    expect(took).toBeGreaterThanOrEqual(190);
    expect(took).toBeLessThan(2_000);
    expect(service().stats()).toMatchObject({ deliveryAttempts: 3, deliveries: 0, deliveryFailures: 1 });
  });

  test('a receiver that never answers: each attempt ends at the timeout', async () => {
    service().setProfile(quick('default', 1, 10, 150));
    const r = await receiver(() => 'hang');
    await subscribe(r.url);
    const started = performance.now();

    const report = await service().trigger();

    expect(report.subscriptions[0]).toMatchObject({ outcome: 'failed', attempts: 2, finalStatus: null });
    expect(report.subscriptions[0]?.log.map((a) => a.error)).toEqual(['timeout', 'timeout']);
    expect(report.subscriptions[0]?.message).toMatch(/did not answer within 150 ms$/);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  test('retries are capped by the profile checks (at most 10)', () => {
    const p = profile('default');

    expect(() => service().setProfile({ ...p, notifications: { ...p.notifications, retries: 11 } })).toThrow(
      /notifications\.retries must be a whole number from 0 to 10/,
    );
  });

  test('a URL off the machine is refused: no attempt, counted as a failure', async () => {
    const r = await receiver();
    await subscribe('https://receiver.example/notify');
    await subscribe(r.url);

    const report = await service().trigger();

    expect(report).toMatchObject({ delivered: 1, refused: 1 });
    expect(report.subscriptions[0]).toMatchObject({ outcome: 'refused', attempts: 0, log: [] });
    expect(report.subscriptions[0]?.message).toMatch(/only delivers to loopback notification URLs/);
    expect(service().stats()).toMatchObject({ deliveryAttempts: 1, deliveries: 1, deliveryFailures: 1 });
  });

  test("the service's own URL is refused (a notification to /_reference/trigger would trigger again)", async () => {
    await subscribe(`${service().url}/_reference/trigger`);

    const report = await service().trigger();

    expect(report.subscriptions[0]).toMatchObject({ outcome: 'refused', attempts: 0 });
  });

  test('many failing receivers at once: bounded in time (parallel), every one given up', async () => {
    service().setProfile(quick('default', 1, 10, 200));
    const r = await receiver(() => 'hang');
    for (let i = 0; i < 16; i += 1) await subscribe(r.url);
    const started = performance.now();

    const report = await service().trigger();

    expect(report.failed).toBe(16);
    // 16 subscriptions, 8 at a time, 2 attempts of 200 ms each: about 0.8 s, far below 16 x 2 x 200 ms in a row.
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  test('closing the service ends a trigger under way', async () => {
    const s = await startReferenceService({ tokens: ['t'], handshake: false, profile: quick('default', 10, 1_000, 5_000) });
    const r = await receiver(() => 'hang');
    const created = await fetch(`${s.url}/_api/v2.0/drive/root/subscriptions`, {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: JSON.stringify({ ...v2Body(), notificationUrl: r.url }),
    });
    expect(created.status).toBe(201);
    const pending = s.trigger();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();

    await s.close();
    const report = await pending;

    expect(performance.now() - started).toBeLessThan(1_000);
    expect(report.subscriptions[0]).toMatchObject({ outcome: 'failed', attempts: 1 });
    await expect(s.trigger()).rejects.toThrow(/the reference service is closed/);
  });
});

describe('POST /_reference/trigger', () => {
  test('answers 200 with the delivery report once every notification is settled', async () => {
    const r = await receiver();
    const created = await subscribe(r.url);

    const reply = await client.send('POST', '/_reference/trigger', { token: null });

    expect(reply.status).toBe(200);
    const report = reply.json as DeliveryReport;
    expect(report).toMatchObject({
      delivered: 1,
      subscriptions: [{ subscriptionId: created.id, outcome: 'delivered', attempts: 1, finalStatus: 202 }],
    });
    expect(r.received).toHaveLength(1);
  });

  test('GET is not allowed', async () => {
    const reply = await client.send('GET', '/_reference/trigger', { token: null });

    expect(reply.status).toBe(405);
    expect(reply.headers['allow']).toBe('POST');
  });
});
