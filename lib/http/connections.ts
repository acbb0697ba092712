import { Client, ProxyAgent, type Dispatcher } from 'undici';
import { proxyFor, proxyTlsOptions, tlsOptions, type Transport } from './transport.js';

export interface ConnectionOptions {
  /** Most connections open at once: the engine's concurrency, so that no request waits inside undici. */
  size: number;
  connectTimeoutMs: number;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  /** The proxy and TLS settings between the probe and the origin (./transport.ts); none: direct, Node's trust. */
  transport?: Transport | undefined;
}

/**
 * The engine's connections to its one origin: `size` undici Clients (one keep-alive connection each,
 * pipelining 1), lent to one attempt at a time. The engine's dispatcher already caps the attempts in
 * flight at `size`, so an undici Pool's own queue, its per-answer `drain` events and its search for a free
 * client were work done twice; lending the most recently returned client first keeps connections warm.
 * Through a proxy, one undici ProxyAgent holds them instead: it opens a CONNECT tunnel per connection.
 */
export class Connections {
  readonly #origin: string;
  readonly #options: ConnectionOptions;
  readonly #all: Client[] = [];
  readonly #free: Client[] = [];
  /** Set when the origin is reached through a proxy. */
  readonly #proxied: ProxyAgent | undefined;
  /** The proxy the origin is reached through, for messages; undefined: directly. */
  readonly proxy: string | undefined;

  constructor(origin: string, options: ConnectionOptions) {
    this.#origin = origin;
    this.#options = options;
    this.proxy = proxyFor(origin, options.transport?.proxy);
    if (this.proxy !== undefined) {
      const tls = options.transport?.tls;
      this.#proxied = new ProxyAgent({
        uri: this.proxy,
        requestTls: { ...tlsOptions(tls), timeout: options.connectTimeoutMs },
        proxyTls: { ...proxyTlsOptions(tls), timeout: options.connectTimeoutMs },
        connections: options.size,
        pipelining: 1,
        headersTimeout: options.headersTimeoutMs,
        bodyTimeout: options.bodyTimeoutMs,
      });
    }
  }

  /** A dispatcher no other attempt is using; made on first need, never more than `size`. */
  take(): Dispatcher {
    if (this.#proxied !== undefined) return this.#proxied;
    const free = this.#free.pop();
    if (free !== undefined) return free;
    if (this.#all.length >= this.#options.size) {
      // The dispatcher's concurrency cap makes this unreachable; a shared client would only queue in undici.
      return this.#all[this.#all.length - 1]!;
    }
    const client = new Client(this.#origin, {
      pipelining: 1,
      connect: { ...tlsOptions(this.#options.transport?.tls), timeout: this.#options.connectTimeoutMs },
      headersTimeout: this.#options.headersTimeoutMs,
      bodyTimeout: this.#options.bodyTimeoutMs,
    });
    this.#all.push(client);
    return client;
  }

  /** Back from an attempt that has settled (its answer read, or its connection dropped). */
  give(dispatcher: Dispatcher): void {
    if (dispatcher instanceof Client) this.#free.push(dispatcher);
  }

  /** Aborts whatever is in flight and closes every connection. */
  async destroy(): Promise<void> {
    this.#free.length = 0;
    await Promise.all([...this.#all.map((client) => client.destroy()), this.#proxied?.destroy()]);
  }
}
