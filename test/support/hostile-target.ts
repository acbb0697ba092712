/**
 * A misbehaving target for the self-tests and the memory measurement: a loopback proxy in front of an
 * embedded reference service that answers what the reference answers, and then
 * - echoes the caller's token back in every spelling real stacks produce (`echo`): raw and percent-
 *   encoded in headers, base64 in WWW-Authenticate, JSON-escaped as .NET (`\u002B`) and PHP (`\/`) write
 *   it inside error messages, in a 2xx body field, as base64url; and, in answers to anything but the
 *   create, a JSON error body that puts the token across the byte `cutAt` (MAX_RECORDED_BODY_BYTES);
 * - pads every answer with `padBytes` of JSON whitespace after the body, streamed (a valid body longer
 *   than any recording cap), dropped as soon as the client stops reading.
 * It counts what it sent, so a test can check that the echoes really happened.
 */
import http from 'node:http';
import { request } from 'undici';
import { isSuccessStatus } from '../../lib/http/status.js';
import { listen } from '../../lib/net/listen.js';
import { startReferenceService, type ReferenceService } from '../../reference/index.js';

export interface HostileOptions {
  token: string;
  profile?: string;
  echo?: boolean;
  /** Byte offset the token is put across in non-create answers (MAX_RECORDED_BODY_BYTES). */
  cutAt?: number;
  /** Bytes of whitespace after every answer's body. */
  padBytes?: number;
}

export interface HostileTarget {
  url: string;
  reference: ReferenceService;
  /** Answers that carried the token, by spelling. */
  echoed: Record<'header' | 'errorMessage' | 'successField' | 'acrossCut', number>;
  /** Bytes of padding actually written. */
  padded: number;
  close(): Promise<void>;
}

/** .NET's default escaping (+ < > & ' and non-ASCII as \uXXXX); PHP's (/ as \/). */
const dotnet = (s: string): string =>
  JSON.stringify(s)
    .slice(1, -1)
    .replace(/[+<>&'\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
const php = (s: string): string => JSON.stringify(s).slice(1, -1).replaceAll('/', '\\/');
const lowerAll = (s: string): string => [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

const PAD_CHUNK = Buffer.alloc(64 * 1024, ' ');

export async function startHostileTarget(options: HostileOptions): Promise<HostileTarget> {
  const reference = await startReferenceService({ profile: options.profile ?? 'default', tokens: [options.token] });
  const echoed = { header: 0, errorMessage: 0, successField: 0, acrossCut: 0 };
  const state = { padded: 0 };

  const server = http.createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const upstream = await request(`${reference.url}${req.url ?? '/'}`, {
        method: (req.method ?? 'GET') as 'GET',
        headers: Object.fromEntries(
          Object.entries(req.headers).filter(([name]) => name !== 'host' && name !== 'connection' && name !== 'content-length'),
        ) as Record<string, string>,
        body: chunks.length === 0 ? null : Buffer.concat(chunks),
      });
      let body = await upstream.body.text();
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(upstream.headers)) {
        if (value !== undefined && !['content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(name))
          headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      const status = upstream.statusCode;
      const auth = String(req.headers.authorization ?? '');
      const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
      const isCreate = req.method === 'POST' && req.url === '/_api/v2.0/drive/root/subscriptions';
      if (options.echo === true && token !== '') {
        headers['x-echo-token'] = token;
        headers['x-echo-url'] = encodeURIComponent(token);
        headers['www-authenticate'] = `Bearer error="invalid_token", token="${Buffer.from(token).toString('base64')}"`;
        echoed.header += 1;
        if (!isCreate && options.cutAt !== undefined && status !== 204 && status !== 304) {
          // The token across the recording cap, in a JSON error body that is otherwise valid.
          const head = '{"error":{"code":"echo","message":"';
          const filler = 'f'.repeat(Math.max(0, options.cutAt - head.length - Math.floor(token.length / 2)));
          body = `${head}${filler}${token} ${dotnet(token)}"}}`;
          headers['content-type'] = 'application/json';
          echoed.acrossCut += 1;
        } else {
          try {
            const parsed = JSON.parse(body) as { error?: { message?: string } } & Record<string, unknown>;
            if (parsed.error !== undefined && typeof parsed.error.message === 'string') {
              parsed.error.message += ` (token ${token})`;
              body = JSON.stringify(parsed).replace(
                `(token ${JSON.stringify(token).slice(1, -1)})`,
                `(token ${dotnet(token)}; ${php(token)}; ${lowerAll(token)})`,
              );
              echoed.errorMessage += 1;
            } else if (isSuccessStatus(status) && typeof parsed === 'object' && parsed !== null) {
              body = `${JSON.stringify(parsed).slice(0, -1)},"echo":"${php(token)}","basic":"${Buffer.from(`user:${token}`).toString('base64url')}"}`;
              echoed.successField += 1;
            }
          } catch {
            // not JSON: answered as the reference answered
          }
        }
      }
      res.writeHead(status, headers);
      res.write(body);
      const pad = options.padBytes ?? 0;
      let left = pad;
      const more = (): void => {
        while (left > 0 && !res.destroyed) {
          const piece = left >= PAD_CHUNK.length ? PAD_CHUNK : PAD_CHUNK.subarray(0, left);
          left -= piece.length;
          state.padded += piece.length;
          if (!res.write(piece)) {
            res.once('drain', more);
            return;
          }
        }
        if (!res.destroyed) res.end();
      };
      more();
    })().catch(() => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
  });
  server.keepAliveTimeout = 1000;
  const { url } = await listen(server, {}, 'startHostileTarget');
  return {
    url,
    reference,
    echoed,
    get padded() {
      return state.padded;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await reference.close();
    },
  };
}
