import type { ValidationSpelling } from './validation-spelling.js';

/** What the probe's notification receiver saw, how it is told to behave, and what its readers may ask of it. */

/** A notification POSTed to the receiver (anything on its notification path without a validation token). */
export interface ReceivedNotification {
  /** Order of arrival among notifications and handshakes, from 1. */
  seq: number;
  receivedAt: string;
  method: string;
  /** Path and query as received. */
  url: string;
  /** Lower-case names; credentials (Authorization, Cookie) redacted. */
  headers: Record<string, string>;
  /** The body parsed as JSON; undefined when empty or not JSON (rawBody keeps it). */
  body: unknown;
  rawBody: string;
  /** The body was longer than the receiver keeps (maxBodyBytes). */
  bodyTruncated: boolean;
  /** The status the receiver answered with (its mode at the time). */
  answeredStatus: number;
}

/** A validation request: a POST or GET whose query has `validationtoken` (any letter case). */
export interface ReceivedHandshake {
  seq: number;
  receivedAt: string;
  method: string;
  /** The query parameter's name as sent, e.g. `validationtoken` (SharePoint) or `validationToken` (Graph). */
  parameter: string;
  /** The decoded token. */
  token: string;
  answeredStatus: number;
  /** The body answered (the token when the mode is normal). */
  answeredBody: string;
  /** The scope the request's path named (scope.ts), when it named one. */
  scope?: string;
}

/** Misbehaviours for tests and drills; the default is a well-behaved receiver. */
export interface ReceiverMode {
  /** `echo`: answer a handshake with the decoded token; `wrong`: with something else. */
  token: 'echo' | 'wrong';
  /** Wait this long before every answer (handshakes and notifications). At most 60 000. */
  delayMs: number;
  /** Answer 500 instead: `once` (then back to `never`) or `always`. */
  fail: 'never' | 'once' | 'always';
}

export const NORMAL_MODE: Readonly<ReceiverMode> = Object.freeze({ token: 'echo', delayMs: 0, fail: 'never' });

/** Which notifications a reader wants; every given condition must hold. */
export interface NotificationFilter {
  /** Some item of the body's `value` array (or the body itself) has this clientState. */
  clientState?: string;
  /** Some item of the body's `value` array (or the body itself) has this subscriptionId. */
  subscriptionId?: string;
  /** Only notifications with a larger seq (to wait for the next one). */
  after?: number;
}

export type NotificationPredicate = (n: ReceivedNotification) => boolean;

/** The longest waitFor accepts (here, not in server.ts, so that the client does not load the server). */
export const MAX_WAIT_MS = 10 * 60_000;

/** A running receiver (startReceiver, server.ts); the control API (control.ts) serves workers from one. */
export interface Receiver {
  /** The notificationUrl to put in bodies: the public URL, or the loopback one. */
  url: string;
  /** `http://127.0.0.1:<port>`: where the receiver listens (and its control API). */
  localUrl: string;
  controlKey: string;
  /** The certificate (PEM) when the receiver speaks https. */
  cert: string | undefined;
  notifications(filter?: NotificationFilter): ReceivedNotification[];
  handshakes(): ReceivedHandshake[];
  /** Every validation request since the start and the parameter's spellings (not capped, not cleared); undefined when none came. */
  validationSpelling(): ValidationSpelling | undefined;
  /** The first notification (already received or to come) that matches; rejects with ReceiverTimeoutError after timeoutMs. */
  waitFor(match: NotificationPredicate | NotificationFilter, timeoutMs: number, signal?: AbortSignal): Promise<ReceivedNotification>;
  /** The receiver's mode, or a scope's (normal when the scope has none). */
  mode(scope?: string): ReceiverMode;
  /**
   * Replaces the mode (what is not given is normal), or only a scope's (scope.ts: requests to
   * {url}/scope/{id}); checked, throws a RangeError on a bad one. A scope set back to normal is dropped.
   */
  setMode(mode: Partial<ReceiverMode>, scope?: string): ReceiverMode;
  /** Forgets what was received. */
  clear(): void;
  close(): Promise<void>;
}
