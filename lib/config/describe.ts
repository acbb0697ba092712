import { isLoopbackHost } from './loopback.js';
import { SUBSCRIPTIONS_PATH } from './parsers.js';
import type { ProbeConfig } from './types.js';

const seconds = (ms: number): string => `${ms / 1000} s`;

/** Lines for the console at probe start. Never reveals the token: it only says whether and where from. */
export function describeConfig(config: ProbeConfig): string[] {
  const target =
    config.baseUrl === undefined
      ? `target: embedded reference service (profile "${config.referenceProfile}")`
      : `target: POST ${config.baseUrl}${SUBSCRIPTIONS_PATH}`;
  const token =
    config.accessToken === undefined
      ? 'token: not set'
      : `token: set${config.accessTokenSource === undefined ? '' : ` (from ${config.accessTokenSource})`}`;
  const lines = [
    target,
    token,
    `limits: ${config.requestsPerSecond} requests/s, concurrency ${config.concurrency}, ` +
      `budget ${config.maxRequests} requests, max run time ${seconds(config.maxRunTimeMs)}, ` +
      `request timeout ${config.requestTimeoutMs} ms`,
    `retries: up to ${config.maxRetries} per exchange; wait ${seconds(config.defaultRetryAfterMs)} ` +
      `without Retry-After, at most ${seconds(config.maxRetryAfterMs)}`,
    `repeats: ${config.repeats} per combination` +
      (config.repeats < 2 ? ' (an unstable answer cannot be detected with fewer than 2)' : ''),
    `notification URL: ${config.notificationUrl ?? ownReceiver(config)}`,
    `reports: ${config.reportDir}`,
    `cleanup ledger: ${config.ledgerDir}`,
  ];
  if (config.accessToken !== undefined && config.baseUrl !== undefined) {
    const url = new URL(config.baseUrl);
    if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
      lines.push(`WARNING: the token is sent over plain http to ${url.hostname} (ALLOW_INSECURE_TOKEN=true)`);
    }
  }
  return lines;
}

function ownReceiver(config: ProbeConfig): string {
  if (config.receiverPublicUrl === undefined) return "the probe's own receiver";
  return `the probe's own receiver, as ${config.receiverPublicUrl} (forwarded to loopback port ${config.receiverPort})`;
}
