/**
 * A loopback target for the campaign's producers (test/fixtures/openapi/producer-chain-3.1.yaml), behaving unlike the
 * reference: a create answers 201 with its URL in `Location` and no id in its body; a box or an item holding anything
 * is not deleted (409). Each create requires its first field (else 400 with the §7 error object). `hostile` makes
 * every box's Location name an id no path may take, to see that nothing is sent with it. `idInBody` puts the id in
 * the body too, so that a run can delete its own creates (the Location then gives the delete path).
 */
import http from 'node:http';
import { listen } from '../../lib/net/listen.js';

export type HostileId = 'dots' | 'slash' | 'long';

export interface ProducerTarget {
  url: string;
  /** Every request as `METHOD path`, in arrival order. */
  requests: string[];
  /** What is held now, by path. */
  held(): string[];
  /** Called with each request as `METHOD path`, and its body, the moment it arrives; the answer waits for what it returns. */
  onRequest: ((request: string, body: string) => void | Promise<void>) | undefined;
  close(): Promise<void>;
}

const REQUIRED: Record<number, string> = { 2: 'label', 4: 'name', 6: 'text' };

function hostileSegment(kind: HostileId): string {
  return kind === 'dots' ? '..' : kind === 'slash' ? 'a%2Fb' : 'x'.repeat(10_000);
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((done) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => done(Buffer.concat(parts).toString('utf8')));
  });
}

export async function startProducerTarget(token: string, hostile?: HostileId, idInBody = false): Promise<ProducerTarget> {
  const held = new Set<string>();
  const requests: string[] = [];
  let next = 1;
  const answer = (res: http.ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}): void => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body === undefined ? undefined : JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    void readBody(req).then(async (text) => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      requests.push(`${req.method} ${path}`);
      await target.onRequest?.(`${req.method} ${path}`, text);
      if (req.headers.authorization !== `Bearer ${token}`) return answer(res, 401, { error: { code: 'unauthenticated', message: 'no' } });
      const parts = path.split('/').filter((p) => p !== '');
      const parent = `/${parts.slice(0, -1).join('/')}`;
      if (req.method === 'DELETE') {
        if (!held.has(path)) return answer(res, 404, { error: { code: 'itemNotFound', message: 'not found' } });
        if ([...held].some((h) => h.startsWith(`${path}/`)))
          return answer(res, 409, { error: { code: 'notEmpty', message: 'it holds others' } });
        held.delete(path);
        return answer(res, 204);
      }
      const required = REQUIRED[parts.length];
      if (req.method !== 'POST' || required === undefined) return answer(res, 405, { error: { code: 'methodNotAllowed', message: 'no' } });
      if (parts.length > 2 && !held.has(parent)) return answer(res, 404, { error: { code: 'itemNotFound', message: 'no parent' } });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return answer(res, 400, { error: { code: 'invalidRequest', message: 'The body is not JSON.' } });
      }
      if (typeof body[required] !== 'string')
        return answer(res, 400, { error: { code: 'invalidRequest', message: `The property '${required}' is required.` } });
      const id = hostile !== undefined && parts.length === 2 ? hostileSegment(hostile) : `n${next++}`;
      held.add(`${path}/${id}`);
      answer(res, 201, { [required]: body[required], ...(idInBody ? { id } : {}) }, { location: `${target.url}${path}/${id}` });
    });
  });
  const { url } = await listen(server, {}, 'producer target');
  const target: ProducerTarget = {
    url,
    requests,
    held: () => [...held],
    onRequest: undefined,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
  return target;
}
