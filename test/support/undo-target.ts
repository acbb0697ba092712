/**
 * A loopback target of the shipped drive operation that creates a subscription from any body with a
 * notificationUrl (201 with its `id`, and a `Location` when asked), deletes it at {path}/{id} (204, else 404) and
 * keeps the live ones countable: what a run against a description without a delete path leaves behind.
 */
import type http from 'node:http';
import { startServer, type TestServer } from './http-server.js';

export const UNDO_TARGET_PATH = '/_api/v2.0/drive/root/subscriptions';

export interface UndoTarget {
  server: TestServer;
  url: string;
  live: Set<string>;
  /** Creates answered 201, over the target's life. */
  creates(): number;
  close(): Promise<void>;
}

async function bodyOf(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function answer(res: http.ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...headers });
  res.end(text);
}

export async function startUndoTarget(options: { location: boolean }): Promise<UndoTarget> {
  const live = new Set<string>();
  let created = 0;
  const server = await startServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'POST' && url.pathname === UNDO_TARGET_PATH) {
      const body = await bodyOf(req);
      const ok = body !== null && typeof body === 'object' && 'notificationUrl' in body;
      if (!ok) return answer(res, 400, { error: { code: 'invalidRequest', message: 'notificationUrl is required' } });
      created += 1;
      const id = `sub-${created}`;
      live.add(id);
      const location = options.location ? { location: `${server.url}${UNDO_TARGET_PATH}/${id}` } : {};
      return answer(res, 201, { ...(body as object), id }, location);
    }
    const item = url.pathname.startsWith(`${UNDO_TARGET_PATH}/`)
      ? decodeURIComponent(url.pathname.slice(UNDO_TARGET_PATH.length + 1))
      : undefined;
    if (req.method === 'DELETE' && item !== undefined) return answer(res, live.delete(item) ? 204 : 404);
    if (req.method === 'GET' && url.pathname === UNDO_TARGET_PATH) return answer(res, 200, { value: [...live].map((id) => ({ id })) });
    if (req.method === 'GET' && item !== undefined) return live.has(item) ? answer(res, 200, { id: item }) : answer(res, 404);
    return answer(res, 405);
  });
  return { server, url: server.url, live, creates: () => created, close: () => server.close() };
}
