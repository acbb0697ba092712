/**
 * A server command's stop on SIGINT or SIGTERM, once however many come: started through the package's
 * command, one Ctrl-C may arrive twice (to the process group, and passed on when no terminal is attached),
 * and a handler that went after the first would leave the second to end the process before the server closed.
 */
import type { EventEmitter } from 'node:events';

export function stopOnSignals(stop: (signal: 'SIGINT' | 'SIGTERM') => void, target: Pick<EventEmitter, 'on'> = process): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    target.on(signal, () => {
      if (stopping) return;
      stopping = true;
      stop(signal);
    });
  }
}
