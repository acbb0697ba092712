/**
 * Helpers for the reference's own tests: start a service on a loopback port, send requests through a
 * private undici Agent (closed after the file, so no pooled socket outlives a test), build bodies.
 */
import { Agent, request } from 'undici';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { FaultOptions, ReferenceProfile, ReferenceService } from '../../reference/index.js';
import { startReferenceService } from '../../reference/index.js';

export const TOKEN = 'test-token-0123456789';
export const CREATE_PATH = '/_api/v2.0/drive/root/subscriptions';
const HOUR_MS = 60 * 60 * 1000;

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** Parsed body, or undefined when it is not JSON. */
  json: unknown;
}

export interface SendOptions {
  /** A string or bytes are sent as they are; anything else as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Bearer token; null sends no Authorization header. Default: TOKEN. */
  token?: string | null;
}

export class Client {
  readonly agent = new Agent({ keepAliveTimeout: 1000 });

  constructor(readonly baseUrl: () => string) {}

  async send(method: string, path: string, options: SendOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = {};
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const token = options.token === undefined ? TOKEN : options.token;
    if (token !== null) headers['authorization'] = `Bearer ${token}`;
    Object.assign(headers, options.headers);
    const raw = options.body;
    const body = raw === undefined ? undefined : typeof raw === 'string' || raw instanceof Uint8Array ? raw : JSON.stringify(raw);
    const res = await request(`${this.baseUrl()}${path}`, {
      method: method as 'GET',
      headers,
      ...(body !== undefined ? { body } : {}),
      dispatcher: this.agent,
      headersTimeout: 10_000,
      bodyTimeout: 10_000,
    });
    const text = await res.body.text();
    let json: unknown;
    try {
      json = JSON.parse(text) as unknown;
    } catch {
      json = undefined;
    }
    return { status: res.statusCode, headers: res.headers, text, json };
  }

  create(body: unknown, options: Omit<SendOptions, 'body'> = {}): Promise<Reply> {
    return this.send('POST', CREATE_PATH, { ...options, body });
  }
}

/**
 * Starts one service for the test file (port 0) and a client for it; closes both after the file.
 * Between tests the profile, faults, handshake mode, counters and subscriptions are put back.
 * The validation handshake is off unless `handshake` says otherwise: most tests use example URLs off the
 * machine, which the handshake refuses (handshake.test.ts covers it).
 */
export function useService(
  options: {
    profile?: ReferenceProfile | string;
    faults?: FaultOptions;
    seed?: number;
    requestTimeoutMs?: number;
    handshake?: boolean;
  } = {},
): {
  service: () => ReferenceService;
  client: Client;
} {
  let service: ReferenceService | undefined;
  const get = (): ReferenceService => {
    if (service === undefined) throw new Error('useService: the service is not started (use it inside a test)');
    return service;
  };
  const client = new Client(() => get().url);
  beforeAll(async () => {
    service = await startReferenceService({ tokens: [TOKEN], ...options, handshake: options.handshake ?? false });
  });
  afterEach(() => {
    get().setProfile(options.profile ?? 'default');
    get().setFaults(options.faults ?? {});
    get().setHandshake(options.handshake ?? false);
    get().resetStats();
    get().clearSubscriptions();
  });
  afterAll(async () => {
    await client.agent.close();
    await service?.close();
  });
  return { service: get, client };
}

export function inHours(hours: number, from = Date.now()): string {
  return new Date(from + hours * HOUR_MS).toISOString();
}

/** All five fields of spec §2 with values every known profile finds well formed. */
export function fiveFields(): Record<string, string> {
  return {
    changeType: 'updated',
    notificationUrl: 'https://receiver.example/notify',
    resource: '/me/drive/root',
    expirationDateTime: inHours(48),
    clientState: 'state-1',
  };
}

/** The body of spec §4's accepted observation: all five without changeType and resource. */
export function v2Body(): Record<string, string> {
  return without(fiveFields(), 'changeType', 'resource');
}

/** A copy of the body without the given fields. */
export function without(body: Record<string, string>, ...fields: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(body).filter(([key]) => !fields.includes(key)));
}

export function errorOf(reply: Reply): {
  code?: unknown;
  message?: unknown;
  innererror?: { code?: unknown };
  innerError?: Record<string, unknown>;
} {
  return ((reply.json as { error?: object } | undefined)?.error ?? {}) as ReturnType<typeof errorOf>;
}
