import { buildConnector, Client, Pool, ProxyAgent, type Connector, type Dispatcher, type PoolOptions } from './undici-parts.js';
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
  /** The last TLS error a connection's socket gave, and when (Date.now()). */
  #tlsError: { error: Error; at: number } | undefined;

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
        // The tunnel's TLS socket is watched as a direct one is (#watched); one Client per connection, as without a proxy.
        factory: (origin: string | URL, o: PoolOptions) => {
          const connect = o.connect;
          const watched = typeof connect === 'function' ? { ...o, connect: this.#watched(connect) } : o;
          return o.connections === 1 ? new Client(origin, watched) : new Pool(origin, watched);
        },
      });
    }
  }

  /**
   * The TLS error a connection's socket gave within the last `withinMs`, taken (asked once). A target that wants a
   * client certificate under TLS 1.3 sends its alert after the handshake; undici then reports the socket closed
   * ("other side closed"), while the socket itself said why.
   */
  takeTlsError(withinMs: number): Error | undefined {
    const seen = this.#tlsError;
    this.#tlsError = undefined;
    return seen !== undefined && Date.now() - seen.at <= withinMs ? seen.error : undefined;
  }

  /** A connector whose sockets' TLS errors are kept for takeTlsError. */
  #watched(connect: Connector): Connector {
    return (opts, callback) =>
      connect(opts, (...result) => {
        const socket = result[1];
        socket?.on('error', (error: Error & { code?: unknown }) => {
          if (typeof error.code === 'string' && /^(ERR_SSL_|ERR_TLS_)/.test(error.code)) this.#tlsError = { error, at: Date.now() };
        });
        callback(...result);
      });
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
      connect: this.#watched(buildConnector({ ...tlsOptions(this.#options.transport?.tls), timeout: this.#options.connectTimeoutMs })),
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
