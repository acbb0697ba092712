/**
 * The parts of undici the engine uses, each loaded from its own file rather than through undici's index. The index also
 * loads fetch, WebSocket, EventSource, the HTTP cache, the mocks and every interceptor: 110 files and about 105 ms in
 * every process and in every run's suites thread, where these parts are 35 files and about 45 ms. The files are undici's
 * own (its package has no `exports` map that would hide them); lib/http/undici-parts.test.ts checks that each is the
 * very class or function undici's index exports, so a release that moves one fails there, not in a run.
 */
import { createRequire } from 'node:module';
import type * as Undici from 'undici';

const require = createRequire(import.meta.url);

// What undici's index does besides loading: every dispatcher gets request, stream, pipeline, connect and upgrade. A
// ProxyAgent opens its tunnels with `connect`. Done again by the index, if something else loads it, with the same
// functions.
const Dispatcher = require('undici/lib/dispatcher/dispatcher.js') as typeof Undici.Dispatcher;
Object.assign(Dispatcher.prototype, require('undici/lib/api/index.js'));

export const Client = require('undici/lib/dispatcher/client.js') as typeof Undici.Client;
export type Client = Undici.Client;
export const Pool = require('undici/lib/dispatcher/pool.js') as typeof Undici.Pool;
export type Pool = Undici.Pool;
export type PoolOptions = Undici.Pool.Options;
export const Agent = require('undici/lib/dispatcher/agent.js') as typeof Undici.Agent;
export type Agent = Undici.Agent;
export const ProxyAgent = require('undici/lib/dispatcher/proxy-agent.js') as typeof Undici.ProxyAgent;
export type ProxyAgent = Undici.ProxyAgent;
export const buildConnector = require('undici/lib/core/connect.js') as typeof Undici.buildConnector;
export type Connector = Undici.buildConnector.connector;
export type { Dispatcher } from 'undici';
