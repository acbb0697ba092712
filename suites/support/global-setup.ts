/**
 * globalSetup of the `suites` project: decides the target. With BASE_URL set, that is the target;
 * without it, the embedded reference service is started here on loopback and stopped at the end.
 */
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../lib/config/load-config.js';
import { startReferenceService } from '../../reference/index.js';
import type { TargetRef } from '../../lib/case-record.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The probe CLI has validated the configuration already; a plain `vitest --project suites` has not,
  // and a ConfigError here stops the run before any request with its one-line problems.
  const config = loadConfig();
  if (config.baseUrl !== undefined) {
    project.provide('target', { baseUrl: config.baseUrl, kind: 'configured' });
    return async () => {};
  }
  // The reference accepts exactly one token: the configured one, or one generated for this run.
  const token = config.accessToken?.reveal() ?? `ref-${randomBytes(16).toString('hex')}`;
  const reference = await startReferenceService({ profile: config.referenceProfile, tokens: [token] });
  project.provide('target', {
    baseUrl: reference.url,
    kind: 'embedded-reference',
    referenceProfile: config.referenceProfile,
  });
  project.provide('referenceToken', token);
  console.log(`target: embedded reference service at ${reference.url} (profile ${config.referenceProfile})`);
  return async () => {
    await reference.close();
  };
}

export type TargetInfo = TargetRef;

declare module 'vitest' {
  export interface ProvidedContext {
    target: TargetInfo;
    /** Only for the embedded reference service: the token it was started with. */
    referenceToken: string;
  }
}
