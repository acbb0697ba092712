/**
 * Admin endpoints under /_reference/, so that tests in another process can drive the reference:
 * no auth, no faults, not counted. They are the reference's own, not part of the modelled service.
 *
 *   GET    /_reference/stats          counters (ReferenceStats)
 *   POST   /_reference/reset          clears the counters -> 204
 *   GET    /_reference/profile        the active profile
 *   PUT    /_reference/profile        body: a profile name (JSON string or bare text), a rule
 *                                     `{"kind":"rule","fields":[...],"accept":"expr"}`, or a whole profile
 *   GET    /_reference/faults         the active fault options
 *   PUT    /_reference/faults         body: FaultOptions JSON (replaces, does not merge)
 *   GET    /_reference/subscriptions  live subscriptions `{value: [...]}`
 *   DELETE /_reference/subscriptions  forgets every subscription -> 204
 *   GET    /_reference/handshake      `{mode, effective}` (HandshakeSetting)
 *   PUT    /_reference/handshake      body: `on`, `off` or `profile` (JSON string or bare text), or true / false
 *   POST   /_reference/trigger        simulates a change: notifies every live subscription -> 200 DeliveryReport,
 *                                     once every notification is delivered or given up
 */
import { jsonAnswer, type Answer } from './answer.js';
import type { DeliveryReport } from './deliver.js';
import type { FaultOptions } from './faults.js';
import { parseProfileInput } from './profile-json.js';
import type { ReferenceProfile } from './profile-types.js';
import type { HandshakeMode, HandshakeSetting } from './service-types.js';
import type { ReferenceStats } from './stats.js';
import type { SubscriptionRecord } from './store.js';
import { ExpressionSyntaxError, ProfileError } from '../lib/errors.js';

export const ADMIN_PREFIX = '/_reference';

export interface AdminControls {
  stats(): ReferenceStats;
  resetStats(): void;
  profile(): ReferenceProfile;
  setProfile(p: ReferenceProfile | string): void;
  faults(): FaultOptions;
  setFaults(f: FaultOptions): void;
  liveSubscriptions(): SubscriptionRecord[];
  clearSubscriptions(): void;
  handshake(): HandshakeSetting;
  setHandshake(mode: HandshakeMode | boolean): void;
  trigger(): Promise<DeliveryReport>;
}

export function isAdminPath(path: string): boolean {
  return path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`);
}

function adminError(status: number, code: string, message: string, headers: Record<string, string> = {}): Answer {
  return jsonAnswer(status, { error: { code, message } }, headers);
}

function parseBody(body: Buffer): unknown {
  const text = body.toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text; // a bare profile name
  }
}

/** A handshake mode from JSON (`"on"`, `true`, ...) or bare text; throws a RangeError saying what is allowed. */
export function parseHandshakeMode(input: unknown, api = 'setHandshake'): HandshakeMode | boolean {
  if (typeof input === 'boolean') return input;
  const text = typeof input === 'string' ? input.trim() : undefined;
  if (text === 'on' || text === 'off' || text === 'profile') return text;
  throw new RangeError(
    `${api}: the handshake mode must be "on", "off", "profile", true or false, got ${JSON.stringify(input) ?? String(input)}`,
  );
}

type Handler = (controls: AdminControls, body: Buffer) => Answer | Promise<Answer>;

const ROUTES: Record<string, Partial<Record<string, Handler>>> = {
  '/_reference/stats': { GET: (c) => jsonAnswer(200, c.stats()) },
  '/_reference/reset': {
    POST: (c) => {
      c.resetStats();
      return { status: 204, headers: {} };
    },
  },
  '/_reference/profile': {
    GET: (c) => jsonAnswer(200, c.profile()),
    PUT: (c, body) => {
      c.setProfile(parseProfileInput(parseBody(body)));
      return jsonAnswer(200, c.profile());
    },
  },
  '/_reference/faults': {
    GET: (c) => jsonAnswer(200, c.faults()),
    PUT: (c, body) => {
      c.setFaults(parseBody(body) as FaultOptions); // setFaults checks it
      return jsonAnswer(200, c.faults());
    },
  },
  '/_reference/subscriptions': {
    GET: (c) => jsonAnswer(200, { value: c.liveSubscriptions() }),
    DELETE: (c) => {
      c.clearSubscriptions();
      return { status: 204, headers: {} };
    },
  },
  '/_reference/handshake': {
    GET: (c) => jsonAnswer(200, c.handshake()),
    PUT: (c, body) => {
      c.setHandshake(parseHandshakeMode(parseBody(body), 'PUT /_reference/handshake'));
      return jsonAnswer(200, c.handshake());
    },
  },
  '/_reference/trigger': { POST: async (c) => jsonAnswer(200, await c.trigger()) },
};

export async function handleAdmin(controls: AdminControls, method: string, path: string, body: Buffer): Promise<Answer> {
  const methods = ROUTES[path];
  if (methods === undefined) return adminError(404, 'notFound', `No admin endpoint ${path}; known: ${Object.keys(ROUTES).join(', ')}`);
  const handler = methods[method];
  if (handler === undefined) {
    const allow = Object.keys(methods).join(', ');
    return adminError(405, 'methodNotAllowed', `${method} is not allowed on ${path}; allowed: ${allow}`, { allow });
  }
  try {
    return await handler(controls, body);
  } catch (err) {
    // Bad input from the caller (unknown profile name, bad fault option, bad expression): say why.
    if (err instanceof RangeError || err instanceof ProfileError || err instanceof ExpressionSyntaxError) {
      return adminError(400, 'invalidInput', err.message);
    }
    throw err;
  }
}
