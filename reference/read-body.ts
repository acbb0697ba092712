/**
 * Reads a request body up to a cap. A body over the cap is not read to the end: the caller answers
 * and closes the connection, so that a client cannot make the reference buffer gigabytes.
 */
import type { IncomingMessage } from 'node:http';

export type BodyRead = { kind: 'ok'; bytes: Buffer } | { kind: 'too-large' } | { kind: 'timeout' };

/** True when Content-Length already says the body is over the cap (answer before reading anything). */
export function declaredTooLarge(req: IncomingMessage, cap: number): boolean {
  const declared = req.headers['content-length'];
  return declared !== undefined && /^\d+$/.test(declared) && Number(declared) > cap;
}

/** Reads the body; gives up after `timeoutMs` (a client that promised more bytes than it sends). */
export function readBody(req: IncomingMessage, cap: number, timeoutMs: number): Promise<BodyRead> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => {
      cleanup();
      req.pause();
      resolve({ kind: 'timeout' });
    }, timeoutMs);
    const cleanup = (): void => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > cap) {
        cleanup();
        req.pause();
        resolve({ kind: 'too-large' });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      cleanup();
      resolve({ kind: 'ok', bytes: Buffer.concat(chunks) });
    };
    const onError = (err: Error): void => {
      cleanup();
      reject(err);
    };
    // 'close' before 'end': the client went away mid-body; nobody is left to answer.
    const onClose = (): void => {
      cleanup();
      reject(new Error('request closed before its body ended'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}
