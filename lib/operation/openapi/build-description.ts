/**
 * An operation description from an OpenAPI 3.0/3.1 operation: the path and method from the document,
 * fields from its JSON request body's properties, good values and value classes from their schemas,
 * the required ones as the body reported accepted, and the undo from a DELETE beside it.
 */
import { MAX_FIELDS } from '../../rule/field-set.js';
import type { FieldDescription, LimitDescription, OperationDescription, UndoDescription } from '../description/types.js';
import { bodySchema } from './body-schema.js';
import { allOperations, findOperation, type FoundOperation } from './find-operation.js';
import { answerLinks, bodyPointer } from './links.js';
import { propertyField } from './property-field.js';
import { isObject, type Json } from '../../json.js';
import { type OpenApiDocument } from './read-document.js';
import { OpenApiError } from '../../errors.js';
import { NOT_ABOUT_THE_BODY } from '../../http/status.js';
import { documentSchema } from '../../schema/document-schema.js';
import type { RefusalResponseDescription, RefusalsDescription } from '../types.js';

export interface BuiltDescription {
  /** Fields without a good value have none here: the description is incomplete until `needs` is done. */
  description: OperationDescription;
  /** What the user must add before probing, one line each (a field's good value, a path parameter). */
  needs: string[];
  /** What the user may want to check, one line each (no undo found, the base URL). */
  notes: string[];
}

export interface BuildOptions {
  /** Only these properties, in this order (the way to probe a body of more than MAX_FIELDS properties). */
  fields?: readonly string[];
  /** Values of path parameters by name (PATH_VALUES): each `{name}` of the path and its delete path filled. */
  pathValues?: Readonly<Record<string, string>>;
}

/** `path` with each `{name}` that `values` gives filled, percent-encoded; the others left as they are. */
export function fillPath(path: string, values: Readonly<Record<string, string>> | undefined): string {
  if (values === undefined) return path;
  return path.replace(/\{([^}]+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? encodeURIComponent(values[name] as string) : whole,
  );
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** `createThing`, `POST /things` -> `createThing`; an id the description schema accepts. */
function descriptionId(operationId: string): string {
  const id = operationId
    .replace(/[^A-Za-z0-9_.-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, 64);
  return id === '' ? 'operation' : id;
}

/** The 2xx answer's schema properties, to find the id and the end of life in it. */
function answerProperties(found: FoundOperation): Map<string, Json> {
  const responses = isObject(found.operation['responses']) ? found.operation['responses'] : {};
  const properties = new Map<string, Json>();
  for (const [status, response] of Object.entries(responses)) {
    if (!/^2/.test(status) || !isObject(response) || !isObject(response['content'])) continue;
    for (const media of Object.values(response['content'])) {
      const schema = isObject(media) && isObject(media['schema']) ? media['schema'] : undefined;
      const props = schema !== undefined && isObject(schema['properties']) ? schema['properties'] : {};
      for (const [k, v] of Object.entries(props)) if (isObject(v)) properties.set(k, v);
      for (const part of schema !== undefined && Array.isArray(schema['allOf']) ? schema['allOf'] : []) {
        if (isObject(part) && isObject(part['properties']))
          for (const [k, v] of Object.entries(part['properties'])) if (isObject(v)) properties.set(k, v);
      }
    }
  }
  return properties;
}

/** A DELETE on `{path}/{param}` deletes what the create made; its id is `id` in the answer. */
function findUndo(doc: OpenApiDocument, found: FoundOperation): UndoDescription | undefined {
  const base = found.path.replace(/\/+$/, '');
  const del = allOperations(doc).find(
    (o) => o.method === 'DELETE' && new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/\\{[^/{}]+\\}$`).test(o.path),
  );
  if (del === undefined) return linkedUndo(doc, found);
  const answer = answerProperties(found);
  const idKey = answer.has('id') ? 'id' : undefined;
  if (idKey === undefined) return undefined;
  const end = [...answer].find(([k, s]) => /expir|until|end/i.test(k) && s['format'] === 'date-time')?.[0];
  return { idAt: `/${idKey}`, deletePath: `${base}/{id}`, ...(end !== undefined ? { endOfLifeAt: `/${end}` } : {}) };
}

/**
 * A DELETE the create's answer links to (OpenAPI `links`), when it is not beside the create: one of its parameters
 * from the answer's body (the id, e.g. `$response.body#/value/0/id`), each other from the create's own path
 * (`$request.path.item-id`), so that its path is the create's filled and the id.
 */
function linkedUndo(doc: OpenApiDocument, found: FoundOperation): UndoDescription | undefined {
  const createParams = new Set([...found.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? ''));
  for (const link of answerLinks(found)) {
    const del = allOperations(doc).find((o) => o.method === 'DELETE' && o.operation['operationId'] === link.operationId);
    if (del === undefined) continue;
    const params = [...del.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
    const fromBody = params.filter((p) => bodyPointer(link.parameters[p] ?? '') !== undefined);
    const idParam = fromBody[0];
    const idAt = bodyPointer(link.parameters[idParam ?? ''] ?? '');
    if (fromBody.length !== 1 || idParam === undefined || idAt === undefined || idAt === '') continue;
    const renames = params
      .filter((p) => p !== idParam)
      .map((p) => [p, /^\$request\.path\.(.+)$/.exec(link.parameters[p] ?? '')?.[1]] as const);
    if (renames.some(([, from]) => from === undefined || !createParams.has(from))) continue;
    let deletePath = del.path.replace(`{${idParam}}`, '{id}');
    for (const [p, from] of renames) deletePath = deletePath.replace(`{${p}}`, `{${from ?? p}}`);
    return { idAt, deletePath };
  }
  return undefined;
}

/** The properties probed: those given with --fields, in that order, each a property of the body; else all of them. */
function chosenProperties(properties: [string, Json][], operationId: string, chosen: readonly string[] | undefined): [string, Json][] {
  if (chosen === undefined) return properties;
  const known = new Map(properties);
  const unknown = chosen.filter((f) => !known.has(f));
  if (unknown.length > 0) throw new OpenApiError([`--fields: not properties of ${operationId}'s request body: ${unknown.join(', ')}`]);
  return chosen.map((f) => [f, known.get(f) ?? {}] as [string, Json]);
}

/** Each property as a field with its limits, and what a field needs that the schema does not give. */
function describedFields(
  properties: readonly [string, Json][],
  examples: readonly Json[],
  specBase: string,
): { fields: FieldDescription[]; limits: LimitDescription[]; needs: string[] } {
  const fields: FieldDescription[] = [];
  const limits: LimitDescription[] = [];
  const needs: string[] = [];
  properties.forEach(([name, schema], i) => {
    const built = propertyField(name, schema, specBase);
    // A schema that gives no good value: the value an example body has for the field, when one has it.
    const example = built.missingGood === undefined ? undefined : examples.find((e) => Object.hasOwn(e, name));
    if (example !== undefined) {
      fields.push({ ...(built.field as FieldDescription), good: { kind: 'literal', value: example[name] } });
    } else {
      fields.push(built.field as FieldDescription);
      if (built.missingGood !== undefined)
        needs.push(`fields/${i} ${name}: needs a good value (${built.missingGood}); add "good": {"kind": "literal", "value": ...}`);
    }
    limits.push(...built.limits);
  });
  return { fields, limits, needs };
}

/** The documented delete, its path filled as the create's; without one, a note of what the run does instead. */
function undoOf(
  doc: OpenApiDocument,
  found: FoundOperation,
  pathValues: BuildOptions['pathValues'],
  notes: string[],
): UndoDescription | undefined {
  const documented = findUndo(doc, found);
  // The delete path is the create's path and the id: the parameters filled there are filled here too.
  const undo = documented === undefined ? undefined : { ...documented, deletePath: fillPath(documented.deletePath, pathValues) };
  if (undo === undefined)
    notes.push(
      `no DELETE ${found.path.replace(/\/+$/, '')}/{id} with an id in the create's answer: add "undo" by hand or give DELETE_PATH; ` +
        "without either, a probe run deletes through the first accepted create's Location, or stops right after that create",
    );
  return undo;
}

/** Spec §7's error object as a body refused as malformed carries it: a declared refusal that holds it agrees with the spec. */
const SECTION_7_BODY = { error: { code: 'invalidRequest', message: 'The request is malformed or incorrect.' } };

/** "400", "422", "4XX", "default": the responses a body refused for its fields or values may get. */
function aboutTheBody(status: string): boolean {
  return status === '4XX' || status === 'default' || (/^4\d\d$/.test(status) && !NOT_ABOUT_THE_BODY.has(Number(status)));
}

/**
 * The refusals the operation declares, when the document gives them a convention of its own: one of them declares a
 * body whose schema refuses spec §7's error object, or the problem-details media type. Where every declared refusal
 * holds the §7 object (or declares no body), the document agrees with the spec and §7 rule 1 judges.
 */
function refusalsOf(found: FoundOperation, source: string): RefusalsDescription | undefined {
  const responses = isObject(found.operation['responses']) ? found.operation['responses'] : {};
  const declared: RefusalResponseDescription[] = [];
  for (const [key, response] of Object.entries(responses)) {
    const status = key.toUpperCase() === '4XX' ? '4XX' : key;
    if (!aboutTheBody(status) || !isObject(response)) continue;
    const content = isObject(response['content']) ? response['content'] : {};
    const json = Object.keys(content).find((m) => /json/i.test(m));
    const media = json === undefined ? undefined : content[json];
    const schema = isObject(media) && media['schema'] !== undefined ? media['schema'] : undefined;
    declared.push({ status, media: Object.keys(content), ...(schema !== undefined ? { schema } : {}) });
  }
  const ownConvention = declared.some((r) => {
    if (r.media.some((m) => /^application\/problem\+json/i.test(m))) return true;
    const compiled = r.schema === undefined ? undefined : documentSchema(r.schema);
    return compiled !== undefined && 'validate' in compiled && !compiled.validate(SECTION_7_BODY);
  });
  return ownConvention ? { source, responses: declared } : undefined;
}

export function buildDescription(doc: OpenApiDocument, operationId: string, options: BuildOptions = {}): BuiltDescription {
  const found = findOperation(doc, operationId);
  const at = `${doc.label}#${found.pointer}`;
  if (!BODY_METHODS.has(found.method)) {
    throw new OpenApiError([`${at}: a ${found.method} has no body to probe; the probe varies the JSON body of a POST, PUT or PATCH`]);
  }
  const body = bodySchema(doc, found);
  // A field the schema forbids (`false`) is probed only with a value an example shows: nothing else says what to send.
  const unshown = body.forbidden.filter((name) => !body.examples.some((e) => Object.hasOwn(e, name)));
  const properties = chosenProperties(
    body.properties.filter(([name]) => !unshown.includes(name)),
    operationId,
    options.fields,
  );
  if (properties.length > MAX_FIELDS) {
    const required = body.required.length > 0 ? ` (the required ones: ${body.required.join(',')})` : '';
    throw new OpenApiError([
      `${at}: the request body has ${properties.length} properties; the probe handles at most ${MAX_FIELDS} (its combinations are bit masks, lib/rule/field-set.ts): pick at most ${MAX_FIELDS} with --fields name,name,...${required}`,
    ]);
  }
  const title =
    isObject(doc.document['info']) && typeof doc.document['info']['title'] === 'string' ? doc.document['info']['title'] : doc.label;
  const specBase = `${title}: ${operationId} request body`;
  const { fields, limits, needs } = describedFields(properties, body.examples, specBase);
  const path = fillPath(found.path, options.pathValues);
  const params = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
  for (const p of params) needs.push(`path ${found.path}: replace {${p}} with a real value (PATH_VALUES=${p}=...)`);
  const notes: string[] = unshown.map(
    (name) =>
      `${name}: the schema forbids it (false) and no example shows a value for it: not probed (add it with a good value to see the refusal)`,
  );
  const undo = undoOf(doc, found, options.pathValues, notes);
  const servers = doc.document['servers'];
  const server = Array.isArray(servers) && isObject(servers[0]) && typeof servers[0]['url'] === 'string' ? servers[0]['url'] : undefined;
  if (server !== undefined) notes.push(`BASE_URL is the service root the path is below, e.g. the document's server ${server}`);
  const names = new Set(properties.map(([n]) => n));
  const required = body.required.filter((r) => names.has(r));
  // A body the document shows accepted is a better first guess for the explorer than the required list alone.
  const shownAccepted = body.acceptedExample?.filter((f) => names.has(f));
  const reported = shownAccepted !== undefined && shownAccepted.length > 0 ? shownAccepted : required;
  const summary = [found.operation['summary'], found.operation['description']].find(
    (s): s is string => typeof s === 'string' && s.trim() !== '',
  );
  const deadlines = validationDeadlines(found.operation[VALIDATION_DEADLINE_KEY], notes);
  const refusals = refusalsOf(found, `${operationId} in ${title}`);
  const description: OperationDescription = {
    id: descriptionId(operationId),
    summary: `${summary?.trim().split('\n')[0] ?? operationId} (from ${doc.label}, operationId ${operationId})`,
    method: found.method as OperationDescription['method'],
    path,
    headers: { 'content-type': body.contentType },
    fields,
    ...(reported.length > 0 ? { reportedAccepted: reported } : {}),
    ...(limits.length > 0 ? { limits } : {}),
    ...(deadlines !== undefined ? { validationDeadlineSeconds: deadlines } : {}),
    ...(undo !== undefined ? { undo } : {}),
    ...(refusals !== undefined ? { refusals } : {}),
  };
  return { description, needs, notes };
}

/** The operation's extension naming the handshake deadlines its vendor documents (the description's validationDeadlineSeconds). */
const VALIDATION_DEADLINE_KEY = 'x-validation-deadline-seconds';

/** A whole number of seconds or a list of up to 4, each 1 to 600; anything else is left out with a note. */
function validationDeadlines(value: unknown, notes: string[]): number[] | undefined {
  if (value === undefined) return undefined;
  const list = Array.isArray(value) ? value : [value];
  const fit = list.length <= 4 && list.every((d) => Number.isInteger(d) && (d as number) >= 1 && (d as number) <= 600);
  if (fit) return [...new Set(list as number[])];
  notes.push(`${VALIDATION_DEADLINE_KEY} is not a whole number of seconds from 1 to 600 or a list of up to 4: left out`);
  return undefined;
}
