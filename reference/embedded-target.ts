/**
 * The embedded target of a run with no BASE_URL: the reference service on loopback, accepting exactly one
 * token, the configured one or one made for this run (lib/secret.ts madeToken). The probe's globalSetup and
 * `npm run explain` start it here with the token the caller chose, so the caller's redaction step knows it before
 * the service does.
 */
import type { Secret } from '../lib/secret.js';
import { startReferenceService } from './server.js';
import type { ReferenceService } from './service-types.js';

export interface EmbeddedTarget {
  service: ReferenceService;
  /** The one token the service accepts. */
  token: Secret;
}

/** Throws what startReferenceService throws for an unknown profile; the caller says it in one line. */
export async function startEmbeddedTarget(options: { profile: string; token: Secret }): Promise<EmbeddedTarget> {
  const service = await startReferenceService({ profile: options.profile, tokens: [options.token.reveal()] });
  return { service, token: options.token };
}
