/**
 * The embedded target of a run with no BASE_URL: the reference service on loopback, accepting exactly one
 * token, the configured one or one made for this run. The probe's globalSetup and `npm run explain` start it
 * here, so both hold the same token the same way, and the run's redaction step knows it before any request.
 */
import { randomBytes } from 'node:crypto';
import type { Redactor } from '../lib/redaction/redactor.js';
import { Secret } from '../lib/secret.js';
import { startReferenceService } from './server.js';
import type { ReferenceService } from './service-types.js';

export interface EmbeddedTarget {
  service: ReferenceService;
  /** The one token the service accepts. */
  token: Secret;
}

/** Throws what startReferenceService throws for an unknown profile; the caller says it in one line. */
export async function startEmbeddedTarget(options: {
  profile: string;
  accessToken: Secret | undefined;
  redactor: Redactor;
}): Promise<EmbeddedTarget> {
  const token = options.accessToken ?? new Secret(`ref-${randomBytes(16).toString('hex')}`);
  options.redactor.add(token);
  const service = await startReferenceService({ profile: options.profile, tokens: [token.reveal()] });
  return { service, token };
}
