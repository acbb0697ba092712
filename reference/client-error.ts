/**
 * Requests node cannot parse (bad request line, header too large, garbage Content-Length) or that do
 * not arrive in time never reach a handler; node reports them as 'clientError'. Node's default answer
 * destroys the socket right after writing, and a client still sending then gets a reset that can
 * discard the answer before it is read. This handler answers, then closes gently: it half-closes and
 * reads and discards what the client still sends, for at most LINGER_MS.
 */
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

const LINGER_MS = 2_000;

/** Sockets already answered: node may report further errors for the rest of the bytes. */
const answered = new WeakSet<Socket>();

function statusFor(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

/**
 * `current` is the latest response on this connection, if any. A raw answer is written only when no
 * response is half-written (an interim `100 Continue` is complete and does not count), so that it can
 * never land in the middle of another answer; otherwise the connection just ends.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket, current: ServerResponse | undefined): void {
  if (answered.has(socket)) return;
  answered.add(socket);
  const midAnswer = current !== undefined && current.headersSent && !current.writableFinished;
  if (err.code === 'ECONNRESET' || !socket.writable || midAnswer) {
    socket.destroy();
    return;
  }
  const status = statusFor(err.code);
  socket.on('error', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.resume();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}
