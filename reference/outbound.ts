/**
 * The reference's only outgoing HTTP: one POST to a loopback URL (loopback.ts), bounded in time and in
 * what it reads. A fresh connection per request (agent: false, Connection: close), so that nothing pooled
 * outlives a create, a trigger or the service. Redirects are not followed: one could point off the machine.
 * https to loopback does not verify the certificate: a local receiver has a self-signed one, and the address
 * has been checked to be this machine.
 */
import { request as httpRequest, type ClientRequest, type IncomingHttpHeaders, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { loopbackLookup } from './loopback.js';

export type OutboundResult =
  | { kind: 'answered'; status: number; headers: IncomingHttpHeaders; body: Buffer; truncated: boolean }
  /** No complete answer within the time allowed. */
  | { kind: 'timeout' }
  /** Refused, reset, no loopback address, TLS failure: `code` says which. */
  | { kind: 'unreachable'; code: string }
  /** The service is closing. */
  | { kind: 'cancelled' };

export interface OutboundRequest {
  /** Checked by loopbackTarget before it comes here; the lookup checks a name again. */
  url: URL;
  headers: Record<string, string>;
  body: string;
  /** The whole exchange (connect, answer, body) must be over within this. */
  timeoutMs: number;
  /** At most this much of the answer's body is read; a longer one is cut (and marked truncated). */
  maxBodyBytes: number;
  signal: AbortSignal;
}

export function postLoopback(r: OutboundRequest): Promise<OutboundResult> {
  return new Promise((resolve) => {
    if (r.signal.aborted) return resolve({ kind: 'cancelled' });
    let req: ClientRequest | undefined;
    let settled = false;
    const finish = (result: OutboundResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      r.signal.removeEventListener('abort', onAbort);
      req?.destroy();
      resolve(result);
    };
    const onAbort = (): void => finish({ kind: 'cancelled' });
    const timer = setTimeout(() => finish({ kind: 'timeout' }), r.timeoutMs);
    r.signal.addEventListener('abort', onAbort, { once: true });

    const payload = Buffer.from(r.body, 'utf8');
    const options: RequestOptions & { rejectUnauthorized?: boolean } = {
      method: 'POST',
      agent: false,
      lookup: loopbackLookup,
      headers: { ...r.headers, 'content-length': String(payload.length), connection: 'close' },
    };
    try {
      req = r.url.protocol === 'https:' ? httpsRequest(r.url, { ...options, rejectUnauthorized: false }) : httpRequest(r.url, options);
    } catch (err) {
      return finish({ kind: 'unreachable', code: err instanceof Error ? err.message : String(err) });
    }
    // Stays attached after finish: destroying the request may still emit an error, which must not go unhandled.
    req.on('error', (err: NodeJS.ErrnoException) => finish({ kind: 'unreachable', code: err.code ?? err.message }));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const answered = (truncated: boolean): void =>
        finish({ kind: 'answered', status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), truncated });
      res.on('data', (chunk: Buffer) => {
        const room = r.maxBodyBytes - size;
        if (chunk.length > room) {
          chunks.push(chunk.subarray(0, Math.max(0, room)));
          size = r.maxBodyBytes;
          return answered(true);
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      res.on('end', () => answered(false));
      res.on('error', (err: NodeJS.ErrnoException) => finish({ kind: 'unreachable', code: err.code ?? err.message }));
      // A connection closed mid-body is not an answer (after 'end' or a cut, finish has already settled).
      res.on('close', () => finish({ kind: 'unreachable', code: 'ECONNRESET' }));
    });
    req.end(payload);
  });
}
