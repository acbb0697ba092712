/**
 * Hands the token broker from bin/probe.ts to globalSetup. Both run in the main process but load
 * modules through different loaders (tsx, vite's module runner), so a module-level variable would be
 * two variables; a global registered symbol is one. Only the broker object passes: never through
 * the environment, which the worker threads inherit.
 */
import type { TokenBroker } from './broker.js';

const KEY = Symbol.for('subscription-conformance.token-broker');

export function shareTokenBroker(broker: TokenBroker | undefined): void {
  (globalThis as Record<symbol, unknown>)[KEY] = broker;
}

export function sharedTokenBroker(): TokenBroker | undefined {
  return (globalThis as Record<symbol, unknown>)[KEY] as TokenBroker | undefined;
}
