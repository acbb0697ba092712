/**
 * A task tracker on loopback, built apart from the reference service so that the campaign is tried on a service it
 * was not shaped by (its document: test/fixtures/openapi/tracker-3.1.yaml). Projects hold tasks, tasks hold comments;
 * each create has its own presence rule (TRACKER_RULES), which the document does not state, then checks its values:
 * every field a string, `visibility` one of two, `dueDate` a calendar date, `name` at most 80 characters, no property
 * the operation does not know. Errors are RFC 9457 problem details naming the field; a create answers 201 with its id
 * in the body and its URL in Location; a project or task holding anything is not deleted (409).
 */
import http from 'node:http';
import { listen } from '../../lib/net/listen.js';

/** Each create's presence rule, in the tool's expression syntax: what a probe of it must find. */
export const TRACKER_RULES = {
  createProject: 'name && !(template && copyFrom)',
  createTask: 'title && (assignee || team) && (!reminder || dueDate)',
  addComment: '(text || markdown) && !(text && markdown)',
} as const;

type Operation = keyof typeof TRACKER_RULES;

interface Create {
  operation: Operation;
  fields: readonly string[];
  /** Why the present fields are refused, naming a field; undefined when the rule holds. */
  presence: (has: (f: string) => boolean) => { field: string; detail: string } | undefined;
}

const CREATES: Record<number, Create> = {
  // /v2/projects
  2: {
    operation: 'createProject',
    fields: ['name', 'description', 'visibility', 'template', 'copyFrom'],
    presence: (has) =>
      !has('name')
        ? { field: 'name', detail: 'A project needs a name.' }
        : has('template') && has('copyFrom')
          ? { field: 'template', detail: 'A project starts from a template or from a copy, not both (template, copyFrom).' }
          : undefined,
  },
  // /v2/projects/{projectId}/tasks
  4: {
    operation: 'createTask',
    fields: ['title', 'assignee', 'team', 'dueDate', 'reminder'],
    presence: (has) =>
      !has('title')
        ? { field: 'title', detail: 'A task needs a title.' }
        : !has('assignee') && !has('team')
          ? { field: 'assignee', detail: 'A task is assigned to a person (assignee) or to a team.' }
          : has('reminder') && !has('dueDate')
            ? { field: 'reminder', detail: 'A reminder needs a due date (dueDate).' }
            : undefined,
  },
  // /v2/projects/{projectId}/tasks/{taskId}/comments
  6: {
    operation: 'addComment',
    fields: ['text', 'markdown', 'mentions'],
    presence: (has) =>
      has('text') === has('markdown')
        ? { field: 'text', detail: 'A comment has either text or markdown, exactly one of them.' }
        : undefined,
  },
};

/** The value rules every create checks once its presence rule holds: a problem naming the field, or undefined. */
function valueProblem(body: Record<string, unknown>): { field: string; detail: string } | undefined {
  for (const [field, value] of Object.entries(body)) {
    if (typeof value !== 'string') return { field, detail: `The field '${field}' must be a string.` };
    if (field === 'visibility' && value !== 'private' && value !== 'team')
      return { field, detail: `The field 'visibility' must be private or team, not '${value.slice(0, 40)}'.` };
    if (field === 'dueDate' && !/^\d{4}-\d{2}-\d{2}$/.test(value))
      return { field, detail: "The field 'dueDate' must be a date such as 2030-01-31." };
    if (field === 'name' && value.length > 80)
      return { field, detail: `The field 'name' has ${value.length} characters; at most 80 are allowed.` };
  }
  return undefined;
}

export interface TrackerTarget {
  url: string;
  /** The paths of what the tracker holds now. */
  held(): string[];
  /** Creates it accepted, by operation. */
  created: Record<Operation, number>;
  close(): Promise<void>;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((done) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => done(Buffer.concat(parts).toString('utf8')));
  });
}

function problem(res: http.ServerResponse, status: number, title: string, extra: { detail?: string; field?: string } = {}): void {
  res
    .writeHead(status, { 'content-type': 'application/problem+json' })
    .end(JSON.stringify({ type: `https://tracker.example/problems/${status}`, title, status, ...extra }));
}

/**
 * `offContract`: that operation answers a body its presence rule refuses with a 400 its document does not declare (a
 * plain JSON `{message}`), as a service whose one handler skipped the shared error middleware.
 */
export async function startTrackerTarget(token: string, offContract?: Operation): Promise<TrackerTarget> {
  const held = new Set<string>();
  const created: Record<Operation, number> = { createProject: 0, createTask: 0, addComment: 0 };
  let next = 1;
  const create = (res: http.ServerResponse, path: string, spec: Create, text: string): void => {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return problem(res, 400, 'Malformed body', { detail: 'The body is not JSON.' });
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return problem(res, 400, 'Malformed body', { detail: 'The body must be a JSON object.' });
    const record = body as Record<string, unknown>;
    const unknown = Object.keys(record).find((f) => !spec.fields.includes(f));
    if (unknown !== undefined)
      return problem(res, 400, 'Unknown field', {
        detail: `The field '${unknown.slice(0, 40)}' is not part of a ${spec.operation}.`,
        field: unknown.slice(0, 40),
      });
    const refused = spec.presence((f) => f in record);
    if (refused !== undefined && spec.operation === offContract) {
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ message: refused.detail }));
      return;
    }
    const broken = refused ?? valueProblem(record);
    if (broken !== undefined) return problem(res, 400, 'Invalid body', broken);
    const id = `${spec.operation.slice(0, 1)}${next++}`;
    held.add(`${path}/${id}`);
    created[spec.operation] += 1;
    res
      .writeHead(201, { 'content-type': 'application/json', location: `${target.url}${path}/${id}` })
      .end(JSON.stringify({ id, ...record }));
  };
  const server = http.createServer((req, res) => {
    void readBody(req).then((text) => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      if (req.headers.authorization !== `Bearer ${token}`)
        return problem(res, 401, 'Unauthorized', { detail: 'A valid bearer token is needed.' });
      const parts = path.split('/').filter((p) => p !== '');
      if (parts[0] !== 'v2' || parts[1] !== 'projects') return problem(res, 404, 'Not found');
      const parent = `/${parts.slice(0, -1).join('/')}`;
      if (req.method === 'DELETE' && parts.length % 2 === 1) {
        if (!held.has(path)) return problem(res, 404, 'Not found');
        if ([...held].some((h) => h.startsWith(`${path}/`))) return problem(res, 409, 'Not empty', { detail: 'It still holds others.' });
        held.delete(path);
        res.writeHead(204).end();
        return;
      }
      const spec = CREATES[parts.length];
      if (req.method !== 'POST' || spec === undefined) return problem(res, 405, 'Method not allowed');
      if (parts.length > 2 && !held.has(parent)) return problem(res, 404, 'Not found', { detail: 'No such parent.' });
      create(res, path, spec, text);
    });
  });
  const { url } = await listen(server, {}, 'tracker target');
  const target: TrackerTarget = {
    url,
    held: () => [...held],
    created,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
  return target;
}
