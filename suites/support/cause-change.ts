/**
 * Making the watched drive change, so that a subscription has something to notify (spec §6). The
 * embedded reference has a trigger for it (POST /_reference/trigger: notifies every live subscription);
 * on a configured target the user says how: CHANGE_COMMAND (a shell command) or CHANGE_REQUEST (a request
 * sent through the engine). Without either, cases that need a change are skipped and say why.
 */
import { isLoopbackHost } from '../../lib/net/loopback.js';
import { changeRequestSpec } from '../../lib/events/change-request.js';
import { describeCommandResult, runCommand } from '../../lib/events/run-command.js';
import { answerText } from '../../lib/http/answer-text.js';
import { isSuccessStatus } from '../../lib/http/status.js';
import type { Exchange } from '../../lib/http/types.js';
import type { SubscriptionUnderTest } from '../../lib/events/judge-delivery.js';
import type { CaseRun } from './case-run.js';
import type { ProbeContext } from './context.js';
import { eventsSuite } from '../../lib/plan/suites/index.js';

export type ChangeOutcome =
  | { kind: 'made'; how: string; startedAtMs: number; durationMs: number; exchange?: Exchange }
  | { kind: 'failed'; how: string; message: string; exchange?: Exchange };

/** Why a case cannot run here, and what would let it. */
export interface Unavailable {
  reason: string;
  toTest?: string;
}

/** Why the target cannot be seen notifying the probe's receiver; undefined when it can. */
export function receiverUnavailable(probe: ProbeContext): Unavailable | undefined {
  // The plan skips the suite's cases for the same words where it does not apply (lib/plan/suites/events.ts).
  const applies = eventsSuite.appliesTo(probe.operation);
  if (applies !== true) return { reason: applies };
  if (probe.receiver === undefined) {
    return {
      reason: 'NOTIFICATION_URL names another receiver, so the probe cannot see what arrives there',
      toTest: "unset NOTIFICATION_URL, so that notifications come to the probe's own receiver",
    };
  }
  const host = new URL(probe.target.baseUrl).hostname;
  if (probe.target.kind === 'configured' && !isLoopbackHost(host) && probe.settings.receiver.receiverPublicUrl === undefined) {
    return {
      reason: `${host} cannot reach the receiver's loopback URL`,
      toTest:
        'set RECEIVER_PUBLIC_URL (a public URL, e.g. a tunnel, forwarding to the receiver) and RECEIVER_PORT (the local port it forwards to)',
    };
  }
  return undefined;
}

/** Why no change can be made on this target; undefined when one can. */
export function changeUnavailable(probe: ProbeContext): Unavailable | undefined {
  const receiver = receiverUnavailable(probe);
  if (receiver !== undefined) return receiver;
  if (probe.target.kind === 'configured' && probe.settings.receiver.change === undefined) {
    return {
      reason: 'nothing can make the watched drive change on a configured target',
      toTest:
        'set CHANGE_COMMAND (a shell command, e.g. one that uploads a file to the drive) or CHANGE_REQUEST (e.g. "PUT /_api/v2.0/drive/root:/probe.txt:/content hello")',
    };
  }
  return undefined;
}

const TRIGGER_PATH = '/_reference/trigger';

/** Makes one change. Call only when changeUnavailable(probe) is undefined. */
export async function makeChange(probe: ProbeContext, run: CaseRun, subscription: SubscriptionUnderTest): Promise<ChangeOutcome> {
  const startedAtMs = Date.now();
  const took = (): number => Date.now() - startedAtMs;
  const change = probe.settings.receiver.change;
  if (probe.target.kind === 'embedded-reference') {
    const how = `POST ${TRIGGER_PATH} on the embedded reference`;
    try {
      // The reference's own admin endpoint (no token, no faults, not counted): not a probe request, so not through the engine.
      // It answers once every notification is delivered or given up, within the profile's bounded retries.
      const response = await fetch(`${probe.target.baseUrl}${TRIGGER_PATH}`, {
        method: 'POST',
        signal: AbortSignal.timeout(Math.max(60_000, probe.settings.receiver.notificationWaitMs)),
      });
      await response.text();
      if (!response.ok) return { kind: 'failed', how, message: `the trigger answered ${response.status}` };
      return { kind: 'made', how, startedAtMs, durationMs: took() };
    } catch (error) {
      return { kind: 'failed', how, message: `the trigger failed: ${(error as Error).message}` };
    }
  }
  if (change === undefined) throw new Error('makeChange: no change is configured (check changeUnavailable first)');
  if (change.kind === 'command') {
    const timeoutMs = probe.settings.receiver.changeCommandTimeoutMs;
    const result = await runCommand(change.command, {
      env: {
        BASE_URL: probe.target.baseUrl,
        CHANGE_SUBSCRIPTION_ID: subscription.subscriptionId ?? '',
        CHANGE_CLIENT_STATE: subscription.clientState,
      },
      timeoutMs,
      secret: probe.settings.credentials.accessToken,
    });
    const how = 'CHANGE_COMMAND';
    return result.ok
      ? { kind: 'made', how, startedAtMs, durationMs: took() }
      : { kind: 'failed', how, message: describeCommandResult(result, timeoutMs) };
  }
  const how = `CHANGE_REQUEST ${change.method} ${change.path}`;
  const exchange = await run.client.send(changeRequestSpec(change));
  if (isSuccessStatus(exchange.status)) return { kind: 'made', how, startedAtMs, durationMs: took(), exchange };
  const answer = answerText(exchange);
  return { kind: 'failed', how, message: `${how} ${answer}`, exchange };
}
