/**
 * explain on a request refused for what exists on the target, not for its body: a subscription with the same
 * resource and notification URL already live, the app's quota full of another client's subscriptions, a count limit
 * answered 429 until 9999. Each is named with what the target said inside its answer, no field is blamed, nothing is
 * left live, and it costs one create (a full quota: and one list).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { explain } from '../lib/explain/explain.js';
import { renderResult } from '../lib/explain/render.js';
import { subscriptionCreate } from '../lib/operation/index.js';
import { PROFILES, startReferenceService, type ReferenceProfile, type ReferenceService, type StateRules } from '../reference/index.js';
import { loopbackEngine, values } from './support/synthetic.js';

const TOKEN = 'explain-state-token-5b2c';
const BUDGET = 64;
let service: ReferenceService;
beforeAll(async () => {
  service = await startReferenceService({ tokens: [TOKEN], profile: 'default', handshake: false });
});
afterAll(() => service.close());

const body = (): Record<string, unknown> => ({
  notificationUrl: 'https://hooks.example.com/drive',
  expirationDateTime: new Date(Date.now() + 3600_000).toISOString(),
  clientState: 'explain-state',
});

async function explained(state: StateRules, before?: Record<string, unknown>): Promise<{ text: string; creates: number; outcome: string }> {
  service.setProfile({ ...(PROFILES['default'] as ReferenceProfile), state });
  service.clearSubscriptions();
  const engine = loopbackEngine(service.url, TOKEN);
  try {
    if (before !== undefined) {
      const made = await engine.send({
        method: 'POST',
        path: subscriptionCreate.path,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(before),
      });
      expect(made.status).toBe(201);
    }
    const liveBefore = service.liveSubscriptions().length;
    const result = await explain({
      operation: subscriptionCreate,
      body: before ?? body(),
      send: (r) => engine.send(r),
      values,
      budget: BUDGET,
      repeats: 2,
    });
    expect(service.liveSubscriptions()).toHaveLength(liveBefore);
    return { text: renderResult(result).join('\n'), creates: result.requests.creates, outcome: result.outcome };
  } finally {
    await engine.close();
  }
}

describe('explain names what on the target refused a request, and blames no field', () => {
  test('a subscription with the same resource and notificationUrl is live: the conflict inside the 400', async () => {
    const seen = await explained({ conflictKey: ['resource', 'notificationUrl'] }, body());
    expect(seen.outcome).toBe('state');
    expect(seen.text).toContain('Cause: a subscription with this notificationUrl already exists (Conflict inside the 400)');
    expect(seen.text).toContain('delete the existing subscription, or use another notification URL');
    expect(seen.text).not.toMatch(/take out|is refused in this body|Smallest change/);
    expect(seen.creates).toBe(1);
  });

  test("the app's quota is full of another client's subscriptions: Forbidden inside the 403, with the live count", async () => {
    const seen = await explained({ quota: { max: 3, foreign: 3 } });
    expect(seen.outcome).toBe('state');
    expect(seen.text).toContain("Cause: the app's subscription quota is full (Forbidden inside the 403): 3 live");
    expect(seen.text).not.toMatch(/token is not allowed|take out|Smallest change/);
    expect(seen.creates).toBe(1);
  });

  test('the count limit of the resource is reached: 429 until the year 9999, sent at once', async () => {
    const started = Date.now();
    const seen = await explained({ countLimit: { max: 0 } });
    expect(seen.outcome).toBe('state');
    expect(seen.text).toContain('Cause: the count limit of the resource is reached (429 until 9999-12-31)');
    expect(seen.creates).toBe(1);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
