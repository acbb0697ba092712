/**
 * explain given an OpenAPI document and no operationId: the operation the request was sent to, by its method and
 * path. A document's paths are below the service root (BASE_URL, which may have a path of its own), so a template
 * matches the last segments of the request's path, segment by segment, a `{param}` matching any one segment; of the
 * operations that match, the one with the most segments is picked (a longer template explains more of the path).
 * None, or several as long, is a problem naming the candidates: the user gives the operationId then.
 */
import { allOperations, type OpenApiDocument } from '../operation/openapi/index.js';

export interface RequestLine {
  method: string;
  /** The request's path, without query. */
  path: string;
}

export type PickedOperation = { id: string; method: string; path: string } | { problem: string };

/** Candidates named in a problem at most; the document names the rest. */
const NAMED = 8;

const segments = (path: string): string[] => path.split('/').filter((s) => s !== '');

/** Does the template match the end of the request's path, segment by segment. */
export function templateMatches(template: string, path: string): boolean {
  const want = segments(template);
  const have = segments(path);
  if (want.length > have.length) return false;
  const tail = have.slice(have.length - want.length);
  return want.every((w, i) => {
    const h = tail[i] ?? '';
    return /^\{[^{}]+\}$/.test(w) ? h !== '' : w === h || safeDecode(h) === w;
  });
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const named = (list: readonly { id: string; method: string; path: string }[]): string => {
  const shown = list.slice(0, NAMED).map((o) => `${o.id} (${o.method} ${o.path})`);
  return `${shown.join(', ')}${list.length > NAMED ? ` and ${list.length - NAMED} more` : ''}`;
};

/** The one operation of `doc` the request was sent to, or why there is not one. */
export function pickOperation(doc: OpenApiDocument, request: RequestLine): PickedOperation {
  const method = request.method.toUpperCase();
  const all = allOperations(doc).map((o) => ({
    id: typeof o.operation['operationId'] === 'string' ? o.operation['operationId'] : '',
    method: o.method,
    path: o.path,
  }));
  const matching = all.filter((o) => o.method === method && templateMatches(o.path, request.path));
  const longest = Math.max(0, ...matching.map((o) => segments(o.path).length));
  const best = matching.filter((o) => segments(o.path).length === longest);
  const asked = `${method} ${request.path}`;
  if (best.length === 0) {
    const same = all.filter((o) => o.method === method);
    const candidates = same.length > 0 ? `its ${method} operations: ${named(same)}` : `it has no ${method} operation`;
    return { problem: `no operation of ${doc.label} matches ${asked} (${candidates}); give --operation-id` };
  }
  if (best.length > 1)
    return { problem: `${asked} matches ${best.length} operations of ${doc.label}: ${named(best)}; give --operation-id` };
  const [picked] = best;
  if (picked === undefined) return { problem: `no operation of ${doc.label} matches ${asked}` };
  if (picked.id === '')
    return { problem: `${asked} matches ${picked.method} ${picked.path} of ${doc.label}, which has no operationId to build it by` };
  return picked;
}
