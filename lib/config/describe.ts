import { networkInfo, networkLines } from './network-info.js';
import { isLoopbackHost } from '../net/loopback.js';
import { MIN_FRAGMENT } from '../redaction/spellings.js';
import { notASubscriptionCreate } from '../operation/notification-field.js';
import { servedByReference, type CredentialSettings, type ReceiverSettings, type Settings, type TargetSettings } from './types.js';

const seconds = (ms: number): string => `${ms / 1000} s`;

/** Lines for the console at probe start. Never reveals the token: it only says whether and where from. */
export function describeSettingsAtStart(settings: Settings): string[] {
  const { target: t, credentials: c, pacing: p, exploration: x, receiver: r, reports } = settings;
  const target =
    t.baseUrl === undefined
      ? `target: embedded reference service (profile "${t.referenceProfile}")`
      : `target: ${t.operation.method} ${t.baseUrl}${t.operation.path}`;
  const endpoint = c.tokenEndpoint === undefined ? '?' : new URL(c.tokenEndpoint.url).host;
  const token =
    c.accessToken === undefined
      ? c.clientId === undefined
        ? 'token: not set'
        : `token: requested by client credentials from ${endpoint} (${c.tokenEndpoint?.setting ?? 'TOKEN_URL'})`
      : `token: set${c.accessTokenSource === undefined ? '' : ` (from ${c.accessTokenSource})`}`;
  const lines = [
    target,
    operationLine(t),
    token,
    `limits: ${p.requestsPerSecond} requests/s, concurrency ${p.concurrency}, ` +
      `budget ${p.maxRequests} requests, max run time ${seconds(p.maxRunTimeMs)}, ` +
      `request timeout ${p.requestTimeoutMs} ms`,
    `retries: up to ${p.maxRetries} per exchange; wait ${seconds(p.defaultRetryAfterMs)} ` +
      `without Retry-After, at most ${seconds(p.maxRetryAfterMs)}`,
    x.repeats === 'auto'
      ? 'repeats: each combination once, asked again where a finding rests on its answer alone, and a sample of the rest'
      : `repeats: ${x.repeats} per combination` + (x.repeats < 2 ? ' (an unstable answer cannot be detected with fewer than 2)' : ''),
    `notification URL: ${r.notificationUrl ?? ownReceiver(r)}`,
    events(t, r),
    `reports: ${reports.reportDir}`,
    `cleanup ledger: ${reports.ledgerDir}`,
  ];
  if (reports.baseline !== undefined) lines.push(`baseline: ${reports.baseline} (any drift from it fails the run)`);
  if (reports.expectations !== undefined)
    lines.push(`expectations: ${reports.expectations} (the deviations it names, each with its reason, do not fail the run)`);
  lines.push(...networkLines(networkInfo(settings)));
  lines.push(...shortSecretWarnings(c));
  if ((c.accessToken !== undefined || c.clientId !== undefined) && t.baseUrl !== undefined) {
    const url = new URL(t.baseUrl);
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
export function shortSecretWarnings(config: Pick<CredentialSettings, 'accessToken' | 'accessTokenSource' | 'clientCredential'>): string[] {
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
function events(target: TargetSettings, receiver: ReceiverSettings): string {
  const notApplicable = notASubscriptionCreate(target.operation);
  if (notApplicable !== undefined) return `events: ${notApplicable}; its cases are skipped`;
  const wait = `wait up to ${seconds(receiver.notificationWaitMs)} for a notification`;
  if (servedByReference(target)) return `events: the embedded reference's trigger makes the change; ${wait}`;
  const change = receiver.change;
  if (change === undefined) return 'events: no CHANGE_COMMAND or CHANGE_REQUEST, so the notification cases are skipped';
  if (change.kind === 'command')
    return `events: CHANGE_COMMAND makes the change (at most ${seconds(receiver.changeCommandTimeoutMs)}); ${wait}`;
  return `events: CHANGE_REQUEST ${change.method} ${change.path}${change.body === undefined ? '' : ' (with a body)'} makes the change; ${wait}`;
}

function operationLine(target: TargetSettings): string {
  const { operation: op } = target;
  if (target.openapi !== undefined) return `operation: ${target.operationId ?? '?'} from the OpenAPI document ${target.openapi}`;
  return `operation: ${op.id}${op.source === undefined ? '' : ` (${op.source})`}: ${op.method} ${op.path}, ${op.fields.length} fields`;
}

function ownReceiver(receiver: ReceiverSettings): string {
  // Each create has its own path there, so that the run's subscriptions never share a notification URL (docs/target-state.md).
  const ownPaths = 'a path of its own for each create';
  if (receiver.receiverPublicUrl === undefined) return `the probe's own receiver, ${ownPaths}`;
  return `the probe's own receiver, as ${receiver.receiverPublicUrl} (forwarded to loopback port ${receiver.receiverPort}), ${ownPaths}`;
}
