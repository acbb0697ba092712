/**
 * What a handler decides to send, as plain data: handlers stay pure and testable, and only
 * server.ts touches node:http.
 */
import type { ServerResponse } from 'node:http';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** Close the connection after this answer (used when the request body was not read). */
  closeConnection?: boolean;
  /** What the answer did, for the counters. */
  effect?: 'created' | 'deleted';
  /** The answer is the opposite of what the profile decided (the `flip` fault). */
  flipped?: boolean;
  /** A refusal of an accepted body by the `intermittentRefusal` fault. */
  intermittent?: boolean;
  /** A refusal by the service's state (reference/state.ts), not by the body. */
  stateRefusal?: boolean;
  /** A DELETE of another client's subscription, which a run must never send. */
  foreignDelete?: boolean;
}

export function jsonAnswer(status: number, value: unknown, headers: Record<string, string> = {}): Answer {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers }, body: JSON.stringify(value) };
}

/** Writes an answer unless the response is already under way or its socket is gone. */
export function sendAnswer(res: ServerResponse, answer: Answer): void {
  // The socket may have been answered already by node (request timeout) or be gone.
  if (res.headersSent || res.destroyed || res.socket === null || res.socket.writableEnded) return;
  res.statusCode = answer.status;
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  if (answer.closeConnection === true) res.setHeader('connection', 'close');
  res.end(answer.body);
}
