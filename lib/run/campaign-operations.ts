/**
 * The operations of a campaign: every operation of an OpenAPI document with a JSON request body (POST, PUT, PATCH),
 * picked by OPERATIONS when given, each built into the OperationSpec a single run probes, or skipped with its reason
 * in one line. Reading the document and building is lib/operation/openapi's job; this only picks and words the skips.
 */
import { OpenApiError } from '../errors.js';
import type { OperationSpec } from '../operation/types.js';
import { allOperations, operationFromDocument, type FoundOperation, type OpenApiDocument } from '../operation/openapi/index.js';
import { answerLinks } from '../operation/openapi/links.js';

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
  /** Its path waits on producers' instances: built once they are made (lib/run/campaign.ts). */
  | (CampaignOperation & { kind: 'consume'; needs: PathNeed[]; fields: number })
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

/** An operation whose answer links (OpenAPI `links`) to `found` with `param` among the link's parameters, and the link. */
function linkedProducer(
  all: readonly FoundOperation[],
  found: FoundOperation,
  param: string,
): { producer: FoundOperation; expression: string } | undefined {
  const target = found.operation['operationId'];
  for (const o of all) {
    if (o === found) continue;
    const link = answerLinks(o).find((l) => l.operationId === target && Object.hasOwn(l.parameters, param));
    if (link !== undefined) return { producer: o, expression: link.parameters[param] ?? '' };
  }
  return undefined;
}

/** A path parameter a producer's instance fills: who makes it, how its answer names the id, how it is deleted. */
export interface PathNeed {
  param: string;
  /** The producer's operationId (an operation without one cannot run, so cannot produce). */
  producer: string;
  /** The link's runtime expression for the parameter (`$response.body#/id`), when a link names the producer. */
  expression: string | undefined;
  /** The document's DELETE of the thing (the consumer's path up to the parameter), `{param}` as `{id}`; none: undefined. */
  deleteTemplate: string | undefined;
}

const idOf = (o: FoundOperation): string | undefined =>
  typeof o.operation['operationId'] === 'string' ? o.operation['operationId'] : undefined;

/** The DELETE on the consumer's path up to and with the parameter, e.g. deleteItem on `/drive/items/{item-id}`. */
function deleteTemplateOf(all: readonly FoundOperation[], path: string, param: string): string | undefined {
  const upTo = path.slice(0, path.indexOf(`{${param}}`) + param.length + 2);
  const del = all.find((o) => o.method === 'DELETE' && o.path.replace(/\/+$/, '') === upTo);
  return del === undefined ? undefined : upTo.replace(`{${param}}`, '{id}');
}

/**
 * Each path parameter no setting gives, with the operation that creates its thing (linked by OpenAPI `links`, else
 * a POST on the path up to the parameter); or, for the first that has none, why the operation cannot run.
 */
function pathNeeds(doc: OpenApiDocument, found: FoundOperation, given: PathValues): PathNeed[] | string {
  const params = [...found.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '').filter((p) => given?.[p] === undefined);
  const all = allOperations(doc);
  const needs: PathNeed[] = [];
  for (const param of params) {
    const collection = found.path.slice(0, found.path.indexOf(`{${param}}`)).replace(/\/+$/, '');
    const linked = linkedProducer(all, found, param);
    const producer = linked?.producer ?? all.find((o) => o.method === 'POST' && o.path.replace(/\/+$/, '') === collection);
    const name = producer === undefined ? undefined : idOf(producer);
    if (producer === undefined || name === undefined) {
      const thing = thingOf(param, found.path);
      const why = producer === undefined ? `no operation of the document creates ${thing}` : `POST ${producer.path} has no operationId`;
      return `\`{${param}}\`: ${why} and PATH_VALUES gives none`;
    }
    needs.push({ param, producer: name, expression: linked?.expression, deleteTemplate: deleteTemplateOf(all, found.path, param) });
  }
  return needs;
}

/** A stand-in value for each parameter a producer fills: the operation is built once to see it can be. */
const PLACEHOLDER = 'campaign-placeholder';

/** One operation, built or skipped; one whose path a producer fills is built now with a stand-in, to check it can be. */
function planOne(doc: OpenApiDocument, found: FoundOperation, id: string, folder: string, given: PathValues): PlannedOperation {
  const base = { id, method: found.method, path: found.path, folder };
  const operationId = found.operation['operationId'];
  if (typeof operationId !== 'string')
    return { ...base, kind: 'skip', reason: 'it has no operationId, by which a run names what it probes' };
  const needs = pathNeeds(doc, found, given);
  if (typeof needs === 'string') return { ...base, kind: 'skip', reason: needs };
  const values = { ...Object.fromEntries(needs.map((n) => [n.param, PLACEHOLDER])), ...given };
  try {
    const { operation } = operationFromDocument(doc, operationId, values);
    if (needs.length > 0) return { ...base, kind: 'consume', needs, fields: operation.fields.length };
    return { ...base, kind: 'run', operation, fields: operation.fields.length };
  } catch (error) {
    if (!(error instanceof OpenApiError)) throw error;
    // The refusal's own words, minus its advice to write a description file (a campaign has no place for one).
    const words = error.problems.filter((p) => !p.includes('write the description with npm run operation'));
    return { ...base, kind: 'skip', reason: words.map((p) => p.replace(`${doc.label} ${operationId}: `, '')).join('; ') };
  }
}

/** PATH_VALUES: path parameters' values by name, given by the user. */
type PathValues = Readonly<Record<string, string>> | undefined;

/**
 * The order operations run in: in layers, each producer before the operations whose path its instance fills; in
 * document order within a layer. One that waits on itself through others never runs (it keeps its place, last).
 */
export function runOrder(planned: readonly PlannedOperation[]): PlannedOperation[] {
  const depth = new Map<string, number>();
  const byId = new Map(planned.map((p) => [p.id, p]));
  const depthOf = (p: PlannedOperation, seen: ReadonlySet<string>): number => {
    const known = depth.get(p.id);
    if (known !== undefined) return known;
    if (p.kind !== 'consume' || seen.has(p.id)) return p.kind === 'consume' ? planned.length : 0;
    const under = p.needs.map((n) => {
      const producer = byId.get(n.producer);
      return producer === undefined ? 0 : depthOf(producer, new Set([...seen, p.id]));
    });
    const d = Math.min(planned.length, 1 + Math.max(0, ...under));
    depth.set(p.id, d);
    return d;
  };
  return planned
    .map((p, i) => ({ p, i, d: depthOf(p, new Set()) }))
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .map((x) => x.p);
}

/** The document's operations with a body, in document order, that `patterns` pick (all when undefined). */
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

/**
 * Consumers whose path waits on a producer the campaign will not run (OPERATIONS leaves it out, or it is skipped
 * itself) skipped now, with what would let them run: no instance of that producer is made, and a plan that counted
 * on one would end with nothing run and no word of why until then. Repeated, so that a chain of them is followed.
 */
export function withoutMissingProducers(planned: readonly PlannedOperation[]): PlannedOperation[] {
  let out = [...planned];
  for (let changed = true, rounds = 0; changed && rounds <= planned.length; rounds += 1) {
    const running = new Set(out.filter((p) => p.kind !== 'skip').map((p) => p.id));
    changed = false;
    out = out.map((p) => {
      if (p.kind !== 'consume') return p;
      const missing = p.needs.find((n) => !running.has(n.producer));
      if (missing === undefined) return p;
      changed = true;
      const inPlan = planned.some((q) => q.id === missing.producer);
      const why = inPlan ? `${missing.producer} is skipped too` : `OPERATIONS does not pick ${missing.producer}`;
      const reason =
        `\`{${missing.param}}\`: made by ${missing.producer}, and ${why}, so no instance of it is made; ` +
        `${inPlan ? '' : `pick ${missing.producer} too, or `}give PATH_VALUES=${missing.param}=...`;
      const { id, method, path, folder } = p;
      return { id, method, path, folder, kind: 'skip', reason };
    });
  }
  return out;
}
