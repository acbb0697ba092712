/**
 * The run's stop, told to the suites' worker. Vitest's cancel skips the cases not started and abandons the ones running
 * (it aborts their signal and moves on), then ends the worker: a create such a case had on the wire would be answered
 * after the worker is gone, never recorded, never deleted. Told first, the worker sends nothing new and lets what is on
 * the wire end before its file does (suites/support/stop.ts). The worker is a thread of the run's process, so a
 * BroadcastChannel of the run's own name carries it, as it carries the request count (./request-progress.ts).
 */
import { BroadcastChannel } from 'node:worker_threads';

const STOP = 'stop';

/** The run's side: a channel name for the worker, and the call that says the run stops. */
export class StopChannel {
  readonly name = `subscription-conformance/stop/${process.pid}/${Math.random().toString(36).slice(2)}`;
  readonly #port = new BroadcastChannel(this.name);
  #closed = false;

  constructor() {
    this.#port.unref();
  }

  /** Says the run stops; after the run (the channel closed), a stop has no worker to tell. */
  announce(): void {
    if (!this.#closed) this.#port.postMessage(STOP);
  }

  close(): void {
    this.#closed = true;
    this.#port.close();
  }
}

/** The worker's side: calls `stopped` once, when the run says it stops. */
export function onRunStop(name: string, stopped: () => void): void {
  const port = new BroadcastChannel(name);
  port.unref();
  port.onmessage = (event) => {
    if ((event as MessageEvent).data !== STOP) return;
    port.close();
    stopped();
  };
}
