/**
 * One probe context per worker. The suites project runs every file in one worker without
 * isolation, so this module is evaluated once: one engine, one rate limit, one budget per run.
 */
import { inject } from 'vitest';
import { loadConfig } from '../../lib/config/load-config.js';
import { EMBEDDED_TARGET } from '../../lib/config/parsers.js';
import type { ProbeConfig } from '../../lib/config/types.js';
import { HttpEngine } from '../../lib/http/engine.js';
import { subscriptionCreate } from '../../lib/operation/index.js';
import type { OperationSpec, ValueContext } from '../../lib/operation/types.js';
import { Secret } from '../../lib/secret.js';
import type { TargetInfo } from './global-setup.js';

export interface ProbeContext {
  config: ProbeConfig;
  target: TargetInfo;
  engine: HttpEngine;
  operation: OperationSpec;
  /** A fresh value context: current time, the notification URL, a unique tag. */
  values(): ValueContext;
}

let context: ProbeContext | undefined;
let uniqueCounter = 0;
const runTag = Date.now().toString(36);

export function probeContext(): ProbeContext {
  if (context !== undefined) return context;
  // The target comes from globalSetup; BASE_URL in a worker's environment is vite's "/" (see
  // vitest.config.ts), so it is not read here. Every other setting is.
  const config = loadConfig({ ...process.env, BASE_URL: EMBEDDED_TARGET });
  const target = inject('target');
  const token = target.kind === 'embedded-reference' ? new Secret(inject('referenceToken')) : config.accessToken;
  const engine = HttpEngine.fromConfig(config, target.baseUrl, token);
  const notificationUrl = config.notificationUrl ?? 'https://receiver.invalid/notifications';
  context = {
    config,
    target,
    engine,
    operation: subscriptionCreate,
    values: () => {
      uniqueCounter += 1;
      return { now: new Date(), notificationUrl, unique: `${runTag}-${uniqueCounter}` };
    },
  };
  return context;
}
