/**
 * The reference service's HTTP server: node:http on a loopback address. It reads requests, applies
 * faults and latency, counts, and hands fully read requests to the pure handlers (subscriptions.ts,
 * admin.ts). It must never crash or hang: every handler error becomes a 500, and node's own limits
 * (request timeout, header size) answer what never reaches a handler.
 */
import { listen } from '../lib/net/listen.js';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { answerClientError } from './client-error.js';
import { handleAdmin, isAdminPath, parseHandshakeMode, type AdminControls } from './admin.js';
import { sendAnswer, type Answer } from './answer.js';
import { deliverNotifications } from './deliver.js';
import { errorAnswer, requestIds, type RequestIds } from './errors.js';
import { FaultInjector, type FaultDecision } from './faults.js';
import { validateNotificationUrl, type HandshakeOutcome } from './handshake.js';
import { checkOptions } from './options.js';
import { parseProfileInput } from './profile-json.js';
import type { ReferenceProfile } from './profile-types.js';
import { randomAnswer } from './random-answer.js';
import { declaredTooLarge, readBody } from './read-body.js';
import type { HandshakeMode, ReferenceService, ReferenceServiceOptions } from './service-types.js';
import type { ApiContext } from './api-context.js';
import { fromWallClock, nowMs, StatsRecorder } from './stats.js';
import { seedForeign } from './state.js';
import { SubscriptionStore } from './store.js';
import { DriveStore } from './drive-store.js';
import { COLLECTION_PATH, handleApi } from './subscriptions.js';
import { unauthorizedAnswer } from './auth.js';
import { jwtVerifier } from './token-check.js';

const ADMIN_BODY_CAP = 1024 * 1024;

/** Path without query or fragment; an absolute-form target (`http://host/path`) gives its path. */
function pathOf(target: string): string {
  let path = target;
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return path;
    }
  }
  const cut = path.search(/[?#]/);
  return cut < 0 ? path : path.slice(0, cut);
}

/** The query of a request target, without `?` and any fragment. */
function queryOf(target: string): string {
  const at = target.indexOf('?');
  return at < 0 ? '' : target.slice(at + 1).replace(/#.*$/, '');
}

/** The `resetShare` fault: the status and headers, half the body, then the connection is reset. */
function cutOff(res: ServerResponse, answer: Answer): void {
  const body = Buffer.from(answer.body ?? '');
  res.writeHead(answer.status, { ...answer.headers, 'content-length': String(body.length) });
  res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.destroy());
}

/** The `omitCreatedId` fault: the created record without its id. */
function withoutId(answer: Answer): Answer {
  try {
    const record = JSON.parse(Buffer.from(answer.body ?? '').toString('utf8')) as Record<string, unknown>;
    delete record['id'];
    return { ...answer, body: JSON.stringify(record) };
  } catch {
    return answer;
  }
}

/** What one running service holds; the handlers below read and change it. */
interface Running {
  readonly tokens: string[];
  readonly verifyJwt: ApiContext['verifyJwt'];
  profile: ReferenceProfile;
  readonly faults: FaultInjector;
  readonly stats: StatsRecorder;
  readonly store: SubscriptionStore;
  /** The drive's items; undefined when the service option `driveItems` is false. */
  readonly drive: DriveStore | undefined;
  readonly closing: AbortController;
  /**
   * Every accepted socket: closeAllConnections only knows sockets the HTTP layer still owns, not those
   * handed over by CONNECT or Upgrade, nor the ones client-error.ts lets linger.
   */
  readonly sockets: Set<Socket>;
  /** The latest response on each connection, so that a client error knows whether a raw answer is safe. */
  readonly responses: WeakMap<object, ServerResponse>;
  readonly bodyTimeoutMs: number;
  baseUrl: string;
  /** Known once listening; handshakes and notifications never go to it (loopback.ts). */
  ownPort: number;
  handshakeMode: HandshakeMode;
}

function running(options: ReferenceServiceOptions): Running {
  const profile = parseProfileInput(options.profile ?? 'default');
  const store = new SubscriptionStore();
  seedForeign(profile, store, Date.now());
  return {
    tokens: [...options.tokens],
    verifyJwt: options.jwt === undefined ? undefined : jwtVerifier(options.jwt),
    profile,
    faults: new FaultInjector(options.faults ?? {}, options.seed ?? 1),
    stats: new StatsRecorder(),
    store,
    drive: options.driveItems === false ? undefined : new DriveStore(profile.record.rootItemId),
    closing: new AbortController(),
    sockets: new Set<Socket>(),
    responses: new WeakMap<object, ServerResponse>(),
    bodyTimeoutMs: options.requestTimeoutMs ?? 10_000,
    baseUrl: '',
    ownPort: 0,
    handshakeMode: options.handshake === undefined ? 'profile' : options.handshake ? 'on' : 'off',
  };
}

function handshakeOn(run: Running, p: ReferenceProfile): boolean {
  return run.handshakeMode === 'profile' ? p.validationHandshake.enabled : run.handshakeMode === 'on';
}

async function validate(run: Running, url: string, p: ReferenceProfile): Promise<HandshakeOutcome> {
  run.stats.count('handshakes');
  const outcome = await validateNotificationUrl(url, p.validationHandshake, { signal: run.closing.signal, ownPort: run.ownPort });
  if (!outcome.ok) run.stats.count('handshakeFailures');
  return outcome;
}

// The connection is kept: node reads and discards the rest of the body (bounded by the request timeout).
// Closing at once would reset a connection the client is still writing to, and a reset can discard
// the 413 before the client reads it.
function tooLarge(p: ReferenceProfile, ids: RequestIds, cap: number): Answer {
  return errorAnswer(
    p,
    p.request.oversizeStatus,
    p.errors.codes.tooLarge,
    `The request body is larger than ${cap} bytes.`,
    'requestTooLarge',
    ids,
  );
}

// The rest of the body is not coming: answer, and close since the connection is mid-request.
function timedOut(run: Running, p: ReferenceProfile, ids: RequestIds): Answer {
  return {
    ...errorAnswer(
      p,
      408,
      p.errors.codes.requestTimeout,
      `The request body did not arrive within ${run.bodyTimeoutMs} ms.`,
      'requestTimeout',
      ids,
    ),
    closeConnection: true,
  };
}

function answerFault(run: Running, decision: 'throttle' | 'unavailable', req: IncomingMessage, res: ServerResponse): void {
  const { faults, profile, stats } = run;
  const told = faults.retryAfter(Date.now());
  const [status, code, message] =
    decision === 'throttle'
      ? [429, profile.errors.codes.throttled, 'Too many requests. Retry after the time given in Retry-After.']
      : [503, profile.errors.codes.unavailable, 'The service is temporarily unavailable. Retry after the time given in Retry-After.'];
  const headers = told.header === undefined ? {} : { 'retry-after': told.header };
  stats.count('throttled');
  // Recorded when the answer is handed to the socket, not on 'finish': a client in the same process may read
  // the answer and send its next request before 'finish' is emitted.
  const sentAt = nowMs();
  if (told.told !== undefined)
    stats.told(req.socket, sentAt, told.told.kind === 'after' ? sentAt + told.told.ms : fromWallClock(told.told.wallMs));
  sendAnswer(res, errorAnswer(profile, status, code, message, decision, requestIds(req), headers));
}

/** Answers the request as the fault decided instead of the model; false when the decision leaves it to the model. */
function answeredByFault(run: Running, decision: FaultDecision, req: IncomingMessage, res: ServerResponse): boolean {
  const { faults, profile } = run;
  if (decision === 'none') return false;
  if (decision === 'drop') {
    run.stats.count('dropped');
    req.socket.destroy();
  } else if (decision === 'throttle' || decision === 'unavailable') answerFault(run, decision, req, res);
  else if (decision === 'random') {
    run.stats.count('randomAnswers');
    sendAnswer(res, randomAnswer(faults.random));
  } else if (decision === 'redirect') sendAnswer(res, { status: 302, headers: { location: faults.redirectTo, 'content-length': '0' } });
  else if (decision === 'unauthorized') sendAnswer(res, unauthorizedAnswer(profile, { ok: false, reason: 'unknown' }, requestIds(req)));
  else {
    const codes = profile.errors.codes;
    cutOff(
      res,
      errorAnswer(profile, 400, codes.invalidRequest, 'The request is malformed or incorrect.', 'invalidRequest', requestIds(req)),
    );
  }
  return true;
}

/** The `deleteStatus` fault: a DELETE of a subscription answered with that status; false for any other request. */
function answeredDeleteFault(
  run: Running,
  status: number | undefined,
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  path: string,
): boolean {
  if (status === undefined || method !== 'DELETE' || !path.startsWith(`${COLLECTION_PATH}/`)) return false;
  const codes = run.profile.errors.codes;
  const [code, message] = status === 404 ? [codes.notFound, 'The subscription was not found.'] : [codes.internal, 'The delete failed.'];
  sendAnswer(res, errorAnswer(run.profile, status, code, message, code, requestIds(req)));
  return true;
}

/** What the pure API handlers get for one request, on the profile the request started with. */
function apiContext(run: Running, active: ReferenceProfile, ids: RequestIds): ApiContext {
  const { faults, stats, verifyJwt } = run;
  return {
    profile: active,
    tokens: run.tokens,
    ...(verifyJwt !== undefined ? { verifyJwt, onExpiredToken: () => stats.count('expiredTokens') } : {}),
    store: run.store,
    ...(run.drive !== undefined ? { drive: run.drive } : {}),
    baseUrl: run.baseUrl,
    ids,
    newId: () => faults.nextCreatedId() ?? randomUUID(),
    shouldFlip: (present: string[]) => faults.shouldFlip(present),
    intermittentRefusal: (present: string[]) => faults.intermittentRefusal(present),
    ...(handshakeOn(run, active) ? { validateNotificationUrl: (url: string) => validate(run, url, active) } : {}),
  };
}

function countEffects(stats: StatsRecorder, answer: Answer): void {
  if (answer.effect === 'created') stats.count('creates');
  if (answer.effect === 'deleted') stats.count('deletes');
  if (answer.flipped === true) stats.count('flipped');
  if (answer.intermittent === true) stats.count('intermittentRefusals');
  if (answer.stateRefusal === true) stats.count('stateRefusals');
  if (answer.foreignDelete === true) stats.count('foreignDeletes');
}

/** Reads the body and answers as the model does, with the `omitCreatedId` fault applied. */
async function answerByModel(
  run: Running,
  omitCreatedId: boolean,
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  path: string,
): Promise<void> {
  const active = run.profile; // a profile change mid-request does not split one request across two profiles
  const cap = active.request.maxBodyBytes;
  if (declaredTooLarge(req, cap)) return sendAnswer(res, tooLarge(active, requestIds(req), cap));
  const read = await readBody(req, cap, run.bodyTimeoutMs);
  const ids = requestIds(req);
  if (read.kind === 'too-large') return sendAnswer(res, tooLarge(active, ids, cap));
  if (read.kind === 'timeout') return sendAnswer(res, timedOut(run, active, ids));
  const request = { method, path, query: queryOf(req.url ?? '/'), headers: req.headers, body: read.bytes };
  const answered = await handleApi(apiContext(run, active, ids), request);
  const answer = answered.effect === 'created' && omitCreatedId ? withoutId(answered) : answered;
  countEffects(run.stats, answer);
  sendAnswer(res, answer);
}

async function handleApiRequest(run: Running, req: IncomingMessage, res: ServerResponse, method: string, path: string): Promise<void> {
  const { faults, stats } = run;
  stats.arrive(method, req.socket);
  res.once('close', () => stats.depart());
  res.once('finish', () => stats.answered(res.statusCode));
  const decision = faults.decide();
  if (faults.latencyMs > 0) await sleep(faults.latencyMs, undefined, { signal: run.closing.signal });
  if (answeredByFault(run, decision, req, res)) return;
  const idFaults = faults.ids;
  if (answeredDeleteFault(run, idFaults.deleteStatus, req, res, method, path)) return;
  await answerByModel(run, idFaults.omitCreatedId === true, req, res, method, path);
}

/** The test's handles on the service: its profile, faults, handshake mode and stats, a trigger, and close. */
function serviceControls(run: Running, server: Server): ReferenceService & AdminControls {
  const { closing, faults, stats, store } = run;
  return {
    url: '',
    profile: () => structuredClone(run.profile),
    setProfile: (p) => {
      run.profile = parseProfileInput(p);
      seedForeign(run.profile, store, Date.now());
    },
    faults: () => faults.options,
    setFaults: (f) => faults.set(f),
    stats: () => stats.snapshot(store.count(Date.now())),
    resetStats: () => stats.reset(),
    liveSubscriptions: () => store.list(Date.now()),
    driveCounts: () => ({ items: run.drive?.itemCount() ?? 0, permissions: run.drive?.permissionCount() ?? 0 }),
    clearSubscriptions: () => {
      store.clear();
      seedForeign(run.profile, store, Date.now());
    },
    handshake: () => ({ mode: run.handshakeMode, effective: handshakeOn(run, run.profile) }),
    setHandshake: (mode) => {
      const m = parseHandshakeMode(mode);
      run.handshakeMode = m === true ? 'on' : m === false ? 'off' : m;
    },
    trigger: () => trigger(run),
    close: () =>
      new Promise<void>((resolve) => {
        closing.abort();
        server.close(() => resolve()); // called with an error when already closed: closed is closed
        server.closeAllConnections();
        for (const socket of run.sockets) socket.destroy();
      }),
  };
}

async function trigger(run: Running): ReturnType<ReferenceService['trigger']> {
  const { closing, stats } = run;
  if (closing.signal.aborted) throw new Error('trigger: the reference service is closed');
  const report = await deliverNotifications(run.profile, run.store.list(Date.now()), { signal: closing.signal, ownPort: run.ownPort });
  stats.count(
    'deliveryAttempts',
    report.subscriptions.reduce((n, s) => n + s.attempts, 0),
  );
  stats.count('deliveries', report.delivered);
  stats.count('deliveryFailures', report.failed + report.refused);
  return report;
}

async function handle(run: Running, service: AdminControls, req: IncomingMessage, res: ServerResponse): Promise<void> {
  run.responses.set(req.socket, res);
  const method = req.method ?? 'GET';
  const path = pathOf(req.url ?? '/');
  if (!isAdminPath(path)) return handleApiRequest(run, req, res, method, path);
  const adminTooLarge = (): void => sendAnswer(res, { ...tooLarge(run.profile, requestIds(req), ADMIN_BODY_CAP), status: 413 });
  if (declaredTooLarge(req, ADMIN_BODY_CAP)) return adminTooLarge();
  const read = await readBody(req, ADMIN_BODY_CAP, run.bodyTimeoutMs);
  if (read.kind === 'too-large') return adminTooLarge();
  if (read.kind === 'timeout') return sendAnswer(res, timedOut(run, run.profile, requestIds(req)));
  sendAnswer(res, await handleAdmin(service, method, path, read.bytes));
}

// The client went away mid-body, the service is closing, or a handler threw: answer if still possible.
function answerHandlerFailure(run: Running, req: IncomingMessage, res: ServerResponse): void {
  if (run.closing.signal.aborted || req.socket.destroyed) return void req.socket.destroy();
  if (res.headersSent) return void res.destroy();
  const { profile } = run;
  sendAnswer(res, {
    ...errorAnswer(profile, 500, profile.errors.codes.internal, 'An internal error occurred.', 'internal', requestIds(req)),
    closeConnection: true,
  });
}

function serverLimits(bodyTimeoutMs: number): ServerOptions {
  return {
    // Headers must arrive within the timeout; node answers 408 otherwise (client-error.ts).
    headersTimeout: bodyTimeoutMs,
    // The body has its own timeout (readBody), started after the latency fault. node's whole-request
    // timeout is only a backstop behind it and the longest latency the faults allow (60 s).
    requestTimeout: bodyTimeoutMs + 61_000,
    // node checks the timeouts above only this often (default 30 s, far too slow for tests).
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(bodyTimeoutMs / 4))),
  };
}

/** Keeps every socket for close, answers what never reaches a handler, and refuses CONNECT. */
function watchConnections(run: Running, server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) =>
    answerClientError(err, socket as Socket, run.responses.get(socket)),
  );
  server.on('connection', (socket: Socket) => {
    run.sockets.add(socket);
    socket.once('close', () => run.sockets.delete(socket));
  });
  // CONNECT is handed to a 'connect' listener, and without one node closes the connection unanswered.
  // The socket comes with no error listener, so one is added: a reset must not crash the process.
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => socket.destroy());
    socket.end('HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, POST, DELETE\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    socket.resume(); // node hands the socket over paused; without reading, the client's close is never seen
    setTimeout(() => socket.destroy(), 2_000).unref();
  });
}

export async function startReferenceService(options: ReferenceServiceOptions): Promise<ReferenceService> {
  checkOptions(options);
  const run = running(options);
  // The service is made below; no request reaches this handler before listen().
  const server = createServer(serverLimits(run.bodyTimeoutMs), (req, res) => {
    handle(run, service, req, res).catch(() => answerHandlerFailure(run, req, res));
  });
  const service = serviceControls(run, server);
  watchConnections(run, server);
  ({ url: run.baseUrl, port: run.ownPort } = await listen(server, options, 'startReferenceService'));
  service.url = run.baseUrl;
  return service;
}
