import type { Settings } from '../config/types.js';
import { isLoopbackHost } from '../net/loopback.js';
import { startReceiver, type Receiver } from './server.js';

/**
 * The run's receiver, when NOTIFICATION_URL names none: on RECEIVER_PORT (any free port by default),
 * announced under RECEIVER_PUBLIC_URL when a tunnel forwards to it. Warns when a target that is not on
 * this machine is given a loopback URL it cannot reach.
 */
export async function startRunReceiver(
  settings: Pick<Settings, 'target' | 'receiver'>,
  log: (line: string) => void = (l) => console.log(l),
): Promise<Receiver | undefined> {
  const config = settings.receiver;
  const baseUrl = settings.target.baseUrl;
  if (config.notificationUrl !== undefined) return undefined;
  // https on loopback (self-signed; plain http still answered on the same port): targets that follow
  // Graph's rules take only https notification URLs, and a target on this machine need not verify it.
  const receiver = await startReceiver({
    tls: true,
    port: config.receiverPort,
    ...(config.receiverPublicUrl !== undefined ? { publicUrl: config.receiverPublicUrl } : {}),
  });
  const via = config.receiverPublicUrl !== undefined ? ` (forwarded to ${receiver.localUrl})` : '';
  log(`receiver: notifications to ${receiver.url}${via}`);
  if (baseUrl !== undefined && config.receiverPublicUrl === undefined && !isLoopbackHost(new URL(baseUrl).hostname)) {
    log(
      `receiver: WARNING: ${new URL(baseUrl).hostname} cannot reach ${receiver.url}; a target that validates the ` +
        'notification URL will refuse every create. Set RECEIVER_PUBLIC_URL (a tunnel to RECEIVER_PORT) or NOTIFICATION_URL',
    );
  }
  return receiver;
}
