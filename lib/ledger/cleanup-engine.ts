import { HttpEngine, type EngineLimits } from '../http/engine.js';
import type { Secret } from '../secret.js';
import type { BearerSource } from '../http/bearer.js';
import { SWEEP_ROUNDS } from './sweep.js';

/** The longest a cleanup may take, whatever MAX_RUN_SECONDS says. */
export const CLEANUP_MAX_MS = 5 * 60_000;

/**
 * An engine for deleting `count` leftovers: the run's rate, timeouts and retries, and a budget of one
 * DELETE per leftover and round (./sweep.ts: a parent refused while it holds children is asked again)
 * with its retries, within min(MAX_RUN_SECONDS, 5 min).
 * It never runs at the same time as the run's own engine (before the run, or after it), so the
 * target never sees more than the configured rate from one probe.
 */
export function cleanupEngine(limits: EngineLimits, baseUrl: string, token: Secret | BearerSource | undefined, count: number): HttpEngine {
  return HttpEngine.fromConfig(
    {
      ...limits,
      maxRequests: Math.max(1, count * (limits.maxRetries + 1) * SWEEP_ROUNDS),
      maxRunTimeMs: Math.min(limits.maxRunTimeMs, CLEANUP_MAX_MS),
    },
    baseUrl,
    token,
  );
}
