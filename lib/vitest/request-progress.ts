/**
 * How many requests the suites' worker has put on the wire, as it sends them, for the progress line: the cases'
 * records arrive only when each case ends, and at a low rate a case may send for a minute, which read as a hang.
 * The worker is a thread of the run's process, so a BroadcastChannel of the run's own name carries the count.
 */
import { BroadcastChannel } from 'node:worker_threads';

/** How often the worker says its count, at most. */
const EVERY_MS = 500;

/** The worker's side: says `sent()` on the channel whenever it changed, until the returned function is called. */
export function publishRequests(channel: string, sent: () => number): () => void {
  const port = new BroadcastChannel(channel);
  port.unref();
  let said = -1;
  const timer = setInterval(() => {
    const now = sent();
    if (now === said) return;
    said = now;
    port.postMessage(now);
  }, EVERY_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    port.close();
  };
}

/** The run's side: the latest count the worker said. */
export class RequestProgress {
  readonly channel = `subscription-conformance/requests/${process.pid}/${Math.random().toString(36).slice(2)}`;
  readonly #port = new BroadcastChannel(this.channel);
  #sent = 0;

  constructor() {
    this.#port.unref();
    this.#port.onmessage = (event) => {
      const value = (event as MessageEvent).data;
      // A count only ever grows within a run; anything else on the channel is not the worker's.
      if (typeof value === 'number' && Number.isSafeInteger(value) && value > this.#sent) this.#sent = value;
    };
  }

  get sent(): number {
    return this.#sent;
  }

  close(): void {
    this.#port.close();
  }
}
