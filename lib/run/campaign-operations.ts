/**
 * The operations of a campaign: every operation of an OpenAPI document with a JSON request body (POST, PUT, PATCH),
 * picked by OPERATIONS when given, each built into the OperationSpec a single run probes, or skipped with its reason
 * in one line. Reading the document and building is lib/operation/openapi's job; this only picks and words the skips.
 */
import { OpenApiError } from '../errors.js';
import type { OperationSpec } from '../operation/types.js';
import { isObject } from '../json.js';
import { allOperations, operationFromDocument, type FoundOperation, type OpenApiDocument } from '../operation/openapi/index.js';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

export interface CampaignOperation {
  /** The operationId, or `METHOD /path` for an operation without one. */
  id: string;
  method: string;
  path: string;
  /** Its report folder below REPORT_DIR: `operations/<id as a folder name>`. */
  folder: string;
}

export type PlannedOperation =
  | (CampaignOperation & { kind: 'run'; operation: OperationSpec; fields: number })
  | (CampaignOperation & { kind: 'skip'; reason: string });

/** `POST /drive/*` or an operationId: does the pattern pick this operation? `*` is any run of characters. */
export function picks(pattern: string, id: string, method: string, path: string): boolean {
  if (pattern === id) return true;
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  const re = new RegExp(`^${escaped}$`, 'i');
  return re.test(`${method} ${path}`) || (!pattern.includes(' ') && pattern.includes('*') && re.test(id));
}

/** A folder name from an id: letters, digits, `_.-` kept, the rest a dash; never `.` or `..`; unique in the campaign. */
function folderOf(id: string, taken: Set<string>): string {
  const base = id.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^[.-]+/, '') || 'operation';
  let name = base;
  for (let n = 2; taken.has(name); n += 1) name = `${base}-${n}`;
  taken.add(name);
  return `operations/${name}`;
}

/** `{item-id}` -> "an item"; `{id}` after `/things` -> "a thing": the thing a producer would have to create. */
function thingOf(param: string, path: string): string {
  const stripped = param.replace(/[-_]?id$/i, '');
  const before = path
    .slice(0, path.indexOf(`{${param}}`))
    .split('/')
    .filter((s) => s !== '' && !s.startsWith('{'));
  const noun = (stripped !== '' ? stripped : (before.at(-1) ?? 'thing').replace(/s$/, '')).replace(/[-_]/g, ' ');
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

/**
 * Why an operation with a path parameter cannot run: no setting gives a value, and filling it from a producer's
 * answer is not built; said per parameter, naming the producer when the document has one (a POST on the path
 * up to the parameter).
 */
/** An operation whose answer links (OpenAPI `links`) to `found` with `param` among the link's parameters. */
function linkedProducer(all: readonly FoundOperation[], found: FoundOperation, param: string): FoundOperation | undefined {
  const target = found.operation['operationId'];
  return all.find((o) => {
    const responses = o.operation['responses'];
    if (o === found || !isObject(responses)) return false;
    return Object.values(responses).some((r) => {
      const links = isObject(r) ? r['links'] : undefined;
      if (!isObject(links)) return false;
      return Object.values(links).some(
        (l) => isObject(l) && l['operationId'] === target && isObject(l['parameters']) && Object.hasOwn(l['parameters'], param),
      );
    });
  });
}

function pathParameterReason(doc: OpenApiDocument, found: FoundOperation, given: PathValues): string | undefined {
  const params = [...found.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '').filter((p) => given?.[p] === undefined);
  if (params.length === 0) return undefined;
  const all = allOperations(doc);
  return params
    .map((param) => {
      const collection = found.path.slice(0, found.path.indexOf(`{${param}}`)).replace(/\/+$/, '');
      const producer =
        linkedProducer(all, found, param) ?? all.find((o) => o.method === 'POST' && o.path.replace(/\/+$/, '') === collection);
      const thing = thingOf(param, found.path);
      if (producer === undefined) return `\`{${param}}\`: no operation of the document creates ${thing} and PATH_VALUES gives none`;
      const name = typeof producer.operation['operationId'] === 'string' ? producer.operation['operationId'] : `POST ${producer.path}`;
      return `\`{${param}}\`: ${name} creates ${thing}, but filling a path from a producer's answer is not built yet, and PATH_VALUES gives none`;
    })
    .join('; ');
}

/** One operation, built or skipped. */
function planOne(doc: OpenApiDocument, found: FoundOperation, id: string, folder: string, given: PathValues): PlannedOperation {
  const base = { id, method: found.method, path: found.path, folder };
  const operationId = found.operation['operationId'];
  if (typeof operationId !== 'string')
    return { ...base, kind: 'skip', reason: 'it has no operationId, by which a run names what it probes' };
  const params = pathParameterReason(doc, found, given);
  if (params !== undefined) return { ...base, kind: 'skip', reason: params };
  try {
    const { operation } = operationFromDocument(doc, operationId, given);
    return { ...base, kind: 'run', operation, fields: operation.fields.length };
  } catch (error) {
    if (!(error instanceof OpenApiError)) throw error;
    // The refusal's own words, minus its advice to write a description file (a campaign has no place for one).
    const words = error.problems.filter((p) => !p.includes('write the description with npm run operation'));
    return { ...base, kind: 'skip', reason: words.map((p) => p.replace(`${doc.label} ${operationId}: `, '')).join('; ') };
  }
}

/** The document's operations with a body, in document order, that `patterns` pick (all when undefined). */
/** PATH_VALUES: path parameters' values by name, given by the user. */
type PathValues = Readonly<Record<string, string>> | undefined;

export function planOperations(doc: OpenApiDocument, patterns: readonly string[] | undefined, given?: PathValues): PlannedOperation[] {
  const taken = new Set<string>();
  return allOperations(doc)
    .filter((found) => BODY_METHODS.has(found.method))
    .map((found) => ({
      found,
      id: typeof found.operation['operationId'] === 'string' ? found.operation['operationId'] : `${found.method} ${found.path}`,
    }))
    .filter(({ found, id }) => patterns === undefined || patterns.some((p) => picks(p, id, found.method, found.path)))
    .map(({ found, id }) => planOne(doc, found, id, folderOf(id, taken), given));
}

/** The patterns that pick no operation with a body: a typo should not pass as an empty campaign. */
export function unmatchedPatterns(doc: OpenApiDocument, patterns: readonly string[]): string[] {
  const ops = allOperations(doc).filter((found) => BODY_METHODS.has(found.method));
  return patterns.filter(
    (p) => !ops.some((o) => picks(p, typeof o.operation['operationId'] === 'string' ? o.operation['operationId'] : '', o.method, o.path)),
  );
}
