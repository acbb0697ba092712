import { Client } from 'undici';

export interface ConnectionOptions {
  /** Most connections open at once: the engine's concurrency, so that no request waits inside undici. */
  size: number;
  connectTimeoutMs: number;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
}

/**
 * The engine's connections to its one origin: `size` undici Clients (one keep-alive connection each,
 * pipelining 1), lent to one attempt at a time. The engine's dispatcher already caps the attempts in
 * flight at `size`, so an undici Pool's own queue, its per-answer `drain` events and its search for a free
 * client were work done twice; lending the most recently returned client first keeps connections warm.
 */
export class Connections {
  readonly #origin: string;
  readonly #options: ConnectionOptions;
  readonly #all: Client[] = [];
  readonly #free: Client[] = [];

  constructor(origin: string, options: ConnectionOptions) {
    this.#origin = origin;
    this.#options = options;
  }

  /** A client no other attempt is using; made on first need, never more than `size`. */
  take(): Client {
    const free = this.#free.pop();
    if (free !== undefined) return free;
    if (this.#all.length >= this.#options.size) {
      // The dispatcher's concurrency cap makes this unreachable; a shared client would only queue in undici.
      return this.#all[this.#all.length - 1]!;
    }
    const client = new Client(this.#origin, {
      pipelining: 1,
      connect: { timeout: this.#options.connectTimeoutMs },
      headersTimeout: this.#options.headersTimeoutMs,
      bodyTimeout: this.#options.bodyTimeoutMs,
    });
    this.#all.push(client);
    return client;
  }

  /** Back from an attempt that has settled (its answer read, or its connection dropped). */
  give(client: Client): void {
    this.#free.push(client);
  }

  /** Aborts whatever is in flight and closes every connection. */
  async destroy(): Promise<void> {
    this.#free.length = 0;
    await Promise.all(this.#all.map((client) => client.destroy()));
  }
}
