/**
 * reports/observed-overlay.yaml: an OpenAPI Overlay 1.0 for the document the operation was built from (OPENAPI), so
 * that a team applies what the run learned to its own published document without adopting the observed contract.
 * Its actions edit the request body schema where the document defines it (the operation's own schema, or the
 * component its `$ref` names): presence as `required` and `anyOf`/`oneOf`/`not` over `required` lists (a forbidden
 * field is `not: {required: [x]}`, which OpenAPI 3.0 reads too, unlike a `false` schema), and each probed field's
 * value keywords (type, format, pattern, lengths, enum, `x-lifetime`) as the observed contract states them. Each
 * keyword the document has that the target contradicts is removed first and the learned one added after, so no
 * action depends on how a tool merges arrays: applied, the schema accepts what the observed contract accepts, and
 * keeps the document's own annotations (descriptions, examples) and its other properties.
 */
import YAML from 'yaml';
import { isObject } from '../json.js';

export const OVERLAY_FILE = 'observed-overlay.yaml';

type Json = Record<string, unknown>;

export interface OverlaySource {
  /** The document as written (not dereferenced): where the actions point. */
  document: Json;
  /** How the overlay's `extends` names it: relative to the working folder, or its file name. */
  label: string;
  operationId: string;
}

export type OverlayRender = { text: string } | { notWritten: string };

/** Keywords of a field's schema that only annotate: kept from the document. */
const ANNOTATIONS = new Set([
  'description',
  'title',
  'example',
  'examples',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'externalDocs',
  'xml',
  '$comment',
  'nullable',
]);
/** Presence keywords of the body schema: replaced by what was learned. */
const PRESENCE = ['required', 'dependentRequired', 'dependentSchemas', 'if', 'then', 'else'];
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const member = (key: string): string => `['${key.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}']`;
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** A local `$ref` ('#/components/schemas/X') as JSON pointer tokens, or undefined. */
function refTokens(value: unknown): string[] | undefined {
  if (!isObject(value) || typeof value.$ref !== 'string' || !value.$ref.startsWith('#/')) return undefined;
  return value.$ref
    .slice(2)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

const escapeToken = (t: string): string => t.replace(/~/g, '~0').replace(/\//g, '~1');

/** How many `$ref`s in the document name `ref`. */
function refsTo(node: unknown, ref: string): number {
  if (Array.isArray(node)) return node.reduce((n: number, item) => n + refsTo(item, ref), 0);
  if (!isObject(node)) return 0;
  return Object.entries(node).reduce((n, [key, value]) => n + (key === '$ref' && value === ref ? 1 : refsTo(value, ref)), 0);
}

function at(document: Json, tokens: readonly string[]): unknown {
  let node: unknown = document;
  for (const t of tokens) node = isObject(node) ? node[t] : undefined;
  return node;
}

const pathOf = (tokens: readonly string[]): string =>
  `$${tokens.map((t) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(t) ? `.${t}` : member(t))).join('')}`;

/** Follows local `$ref`s from `tokens` (at most a few), giving where the object really is. */
function resolve(document: Json, tokens: string[]): { tokens: string[]; node: Json } | undefined {
  let where = tokens;
  for (let hop = 0; hop < 8; hop += 1) {
    const node = at(document, where);
    const ref = refTokens(node);
    if (ref === undefined) return isObject(node) ? { tokens: where, node } : undefined;
    where = ref;
  }
  return undefined;
}

function findOperation(document: Json, operationId: string): string[] | undefined {
  const paths = isObject(document.paths) ? document.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (isObject(op) && op.operationId === operationId) return ['paths', path, method];
    }
  }
  return undefined;
}

/** What the observed request schema says of presence, as one list of portable members, forbidden fields as `not`. */
function learnedPresence(observed: Json): { required?: string[]; members: Json[] } {
  const properties = isObject(observed.properties) ? observed.properties : {};
  const forbidden = Object.keys(properties).filter((k) => properties[k] === false);
  const members: Json[] = [];
  for (const key of ['anyOf', 'oneOf', 'not', 'allOf']) {
    if (observed[key] === undefined) continue;
    if (key === 'allOf' && Array.isArray(observed.allOf)) members.push(...(observed.allOf as Json[]));
    else members.push({ [key]: observed[key] });
  }
  if (forbidden.length === 1) members.push({ not: { required: forbidden } });
  if (forbidden.length > 1) members.push({ not: { anyOf: forbidden.map((f) => ({ required: [f] })) } });
  const required = Array.isArray(observed.required) ? (observed.required as string[]) : undefined;
  return { ...(required !== undefined ? { required } : {}), members };
}

/** True when a combinator's members speak of presence only (required lists, `not` of them): the learned rule replaces it. */
function presenceOnly(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(presenceOnly);
  if (!isObject(value)) return false;
  return Object.entries(value).every(([k, v]) =>
    k === 'required' ? true : ['anyOf', 'oneOf', 'allOf', 'not'].includes(k) ? presenceOnly(v) : false,
  );
}

/** Actions that turn `before` (the object at `target`) into `after`: removals of keys that change, then one update. */
function edit(target: string, before: Json, after: Json, description: string): Json[] {
  const actions: Json[] = [];
  for (const key of Object.keys(before)) {
    if (Object.hasOwn(after, key) && same(before[key], after[key])) continue;
    actions.push({ target: `${target}${member(key)}`, description: `${description}: the document's ${key} goes`, remove: true });
  }
  const added = Object.fromEntries(
    Object.entries(after).filter(([key, value]) => !Object.hasOwn(before, key) || !same(before[key], value)),
  );
  if (Object.keys(added).length > 0) actions.push({ target, description, update: added });
  return actions;
}

/** Reads the document as written (JSON or YAML), for the overlay's actions to point into; throws what went wrong. */
export function parseSourceDocument(text: string): Json {
  const parsed: unknown = text.trimStart().startsWith('{') ? JSON.parse(text) : YAML.parse(text);
  if (!isObject(parsed)) throw new Error('not an object');
  return parsed;
}

/** Each observed field's value schema, as an edit of its own schema in the document, or a schema of its own. */
function propertyActions(target: string, properties: Json, observed: Json): Json[] {
  const out: Json[] = [];
  const observedProperties = isObject(observed.properties) ? observed.properties : {};
  for (const [name, learned] of Object.entries(observedProperties)) {
    if (!isObject(learned)) continue; // a forbidden field: its presence is refused above, its value schema stays
    const propertyTarget = `${target}.properties${member(name)}`;
    const before = properties[name];
    const values = Object.fromEntries(Object.entries(learned).filter(([k]) => k !== 'description' && k !== 'x-observed'));
    const why = `${name}'s values as the target answered them`;
    if (!isObject(before) || refTokens(before) !== undefined) {
      // Not in the document, or a reference to a shared schema: the field gets the learned schema of its own.
      out.push({ target: `${target}.properties`, description: why, update: { [name]: values } });
      continue;
    }
    const after: Json = {
      ...Object.fromEntries(Object.entries(before).filter(([k]) => ANNOTATIONS.has(k) || k.startsWith('x-'))),
      ...values,
    };
    out.push(...edit(propertyTarget, before, after, why));
  }
  return out;
}

export function renderObservedOverlay(source: OverlaySource, observed: Json, suiteVersion: string): OverlayRender {
  const { document, operationId } = source;
  const opTokens = findOperation(document, operationId);
  if (opTokens === undefined) return { notWritten: `the document has no operation ${operationId}` };
  const body = resolve(document, [...opTokens, 'requestBody']);
  const content = body !== undefined && isObject(body.node.content) ? body.node.content : undefined;
  const media = content === undefined ? undefined : Object.keys(content).find((k) => /json/i.test(k));
  if (body === undefined || media === undefined) return { notWritten: `${operationId} has no JSON request body in the document` };
  const schema = resolve(document, [...body.tokens, 'content', media, 'schema']);
  if (schema === undefined || !isObject(schema.node.properties))
    return { notWritten: `${operationId}'s request body schema has no properties of its own (composed with allOf): no place to put them` };
  if (observed.not !== undefined && observed.type === undefined) return { notWritten: 'nothing was accepted: there is no rule to write' };

  const target = pathOf(schema.tokens);
  const shared = schema.tokens[0] === 'components' ? refsTo(document, `#/${schema.tokens.map(escapeToken).join('/')}`) - 1 : 0;
  const where =
    schema.tokens[0] === 'components'
      ? `the component ${schema.tokens.slice(2).join('/')}${shared > 0 ? ` (referenced from ${shared} other place${shared === 1 ? '' : 's'} too, which change with it)` : ''}`
      : `${operationId}'s request body`;
  const presence = learnedPresence(observed);
  const top: Json = Object.fromEntries(Object.entries(schema.node).filter(([k]) => !PRESENCE.includes(k)));
  const kept = (key: string): boolean => schema.node[key] !== undefined && !presenceOnly(schema.node[key]);
  for (const key of ['anyOf', 'oneOf', 'not']) if (top[key] !== undefined && !kept(key)) delete top[key];
  if (presence.required !== undefined) top.required = presence.required;
  const combinators = ['anyOf', 'oneOf', 'not', 'allOf'].filter((k) => top[k] !== undefined);
  if (presence.members.length === 1 && combinators.length === 0) Object.assign(top, presence.members[0]);
  else if (presence.members.length > 0) top.allOf = [...(Array.isArray(top.allOf) ? top.allOf : []), ...presence.members];
  // The properties are edited one by one below.
  const withoutProperties = (o: Json): Json => Object.fromEntries(Object.entries(o).filter(([k]) => k !== 'properties'));
  const actions: Json[] = edit(
    target,
    withoutProperties(schema.node),
    withoutProperties(top),
    `Presence as the target answered (${String(observed.description ?? '')}), on ${where}`,
  );

  actions.push(...propertyActions(target, schema.node.properties, observed));

  const overlay = {
    overlay: '1.0.0',
    info: {
      title: `What probing ${operationId} found (subscription-conformance)`,
      version: suiteVersion,
      description:
        'Applied to the document it extends, the request body schema accepts the bodies the target accepted and refuses those it ' +
        'refused, among those the probe sent: presence over required lists, each field as observed-openapi.json states it.',
    },
    extends: source.label,
    actions,
  };
  // YAML 1.1 quotes what a 1.1 reader would take for another type (an instant would become a date object).
  return { text: YAML.stringify(overlay, { lineWidth: 0, aliasDuplicateObjects: false, version: '1.1' }) };
}
