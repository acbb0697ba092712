import { isLoopbackHost } from '../net/loopback.js';
import { MIN_FRAGMENT } from '../redaction/spellings.js';
import type { ProbeConfig } from './types.js';

const seconds = (ms: number): string => `${ms / 1000} s`;

/** Lines for the console at probe start. Never reveals the token: it only says whether and where from. */
export function describeConfig(config: ProbeConfig): string[] {
  const target =
    config.baseUrl === undefined
      ? `target: embedded reference service (profile "${config.referenceProfile}")`
      : `target: ${config.operation.method} ${config.baseUrl}${config.operation.path}`;
  const token =
    config.accessToken === undefined
      ? config.clientId === undefined
        ? 'token: not set'
        : `token: requested by client credentials from ${config.tokenEndpoint === undefined ? '?' : new URL(config.tokenEndpoint.url).host} (${config.tokenEndpoint?.setting ?? 'TOKEN_URL'})`
      : `token: set${config.accessTokenSource === undefined ? '' : ` (from ${config.accessTokenSource})`}`;
  const lines = [
    target,
    operationLine(config),
    token,
    `limits: ${config.requestsPerSecond} requests/s, concurrency ${config.concurrency}, ` +
      `budget ${config.maxRequests} requests, max run time ${seconds(config.maxRunTimeMs)}, ` +
      `request timeout ${config.requestTimeoutMs} ms`,
    `retries: up to ${config.maxRetries} per exchange; wait ${seconds(config.defaultRetryAfterMs)} ` +
      `without Retry-After, at most ${seconds(config.maxRetryAfterMs)}`,
    `repeats: ${config.repeats} per combination` + (config.repeats < 2 ? ' (an unstable answer cannot be detected with fewer than 2)' : ''),
    `notification URL: ${config.notificationUrl ?? ownReceiver(config)}`,
    events(config),
    `reports: ${config.reportDir}`,
    `cleanup ledger: ${config.ledgerDir}`,
  ];
  if (config.baseline !== undefined) lines.push(`baseline: ${config.baseline} (any drift from it fails the run)`);
  lines.push(...shortSecretWarnings(config));
  if ((config.accessToken !== undefined || config.clientId !== undefined) && config.baseUrl !== undefined) {
    const url = new URL(config.baseUrl);
    if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
      lines.push(`WARNING: the token is sent over plain http to ${url.hostname} (ALLOW_INSECURE_TOKEN=true)`);
    }
  }
  return lines;
}

/**
 * A secret shorter than the redaction's fragment is redacted only where it stands as a value of its own (a word that
 * contains it stays readable: "tok" must not turn every "token" into "[redacted]en"), so it is said at the start.
 */
export function shortSecretWarnings(config: Pick<ProbeConfig, 'accessToken' | 'accessTokenSource' | 'clientCredential'>): string[] {
  const secrets = [
    { secret: config.accessToken, setting: config.accessTokenSource ?? 'ACCESS_TOKEN', what: 'the access token' },
    ...(config.clientCredential?.kind === 'secret'
      ? [{ secret: config.clientCredential.secret, setting: config.clientCredential.setting, what: 'the client secret' }]
      : []),
  ];
  return secrets
    .filter(({ secret }) => secret !== undefined && !secret.isEmpty && secret.reveal().length < MIN_FRAGMENT)
    .map(
      ({ setting, what }) =>
        `WARNING: ${what} (${setting}) is shorter than ${MIN_FRAGMENT} characters: it is redacted only where it stands as a value of its own, not inside a longer word; a real one is longer, check ${setting}`,
    );
}

/** How the events suite will cause a change. The command and the request body are not shown: they may hold a credential. */
function events(config: ProbeConfig): string {
  const wait = `wait up to ${seconds(config.notificationWaitMs)} for a notification`;
  if (config.baseUrl === undefined) return `events: the embedded reference's trigger makes the change; ${wait}`;
  const change = config.change;
  if (change === undefined) return 'events: no CHANGE_COMMAND or CHANGE_REQUEST, so the notification cases are skipped';
  if (change.kind === 'command')
    return `events: CHANGE_COMMAND makes the change (at most ${seconds(config.changeCommandTimeoutMs)}); ${wait}`;
  return `events: CHANGE_REQUEST ${change.method} ${change.path}${change.body === undefined ? '' : ' (with a body)'} makes the change; ${wait}`;
}

function operationLine(config: ProbeConfig): string {
  const { operation: op } = config;
  if (config.openapi !== undefined) return `operation: ${config.operationId ?? '?'} from the OpenAPI document ${config.openapi}`;
  return `operation: ${op.id}${op.source === undefined ? '' : ` (${op.source})`}: ${op.method} ${op.path}, ${op.fields.length} fields`;
}

function ownReceiver(config: ProbeConfig): string {
  if (config.receiverPublicUrl === undefined) return "the probe's own receiver";
  return `the probe's own receiver, as ${config.receiverPublicUrl} (forwarded to loopback port ${config.receiverPort})`;
}
