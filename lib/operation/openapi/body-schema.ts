/** The JSON request body of an OpenAPI operation, as one object schema (allOf merged). */
import type { FoundOperation } from './find-operation.js';
import { isObject, type Json } from '../../json.js';
import { OpenApiError, type OpenApiDocument } from './read-document.js';

export interface BodySchema {
  /** The media type the body is sent as, e.g. application/json. */
  contentType: string;
  properties: [string, Json][];
  required: string[];
  /**
   * Example bodies of the media type (`example`, then each of `examples`' values), those marked accepted first
   * (an observed contract marks each with `x-observed.outcome`): where a property's schema gives no good value,
   * the value an example has for it is taken.
   */
  examples: Json[];
  /** The properties of the first example marked accepted, when one is. */
  acceptedExample?: string[];
  /** Properties whose schema is `false`: the body must not have them. */
  forbidden: string[];
}

const isJsonMedia = (type: string): boolean => /^application\/([\w.+-]*\+)?json\b/i.test(type);

/** Merges `allOf` members into one object schema (properties and required lists), recursively. */
function flatten(schema: Json): { properties: Map<string, Json>; required: Set<string>; forbidden: Set<string> } {
  const properties = new Map<string, Json>();
  const required = new Set<string>();
  const forbidden = new Set<string>();
  for (const part of Array.isArray(schema['allOf']) ? schema['allOf'] : []) {
    if (!isObject(part)) continue;
    const inner = flatten(part);
    for (const [k, v] of inner.properties) properties.set(k, v);
    for (const r of inner.required) required.add(r);
    for (const f of inner.forbidden) forbidden.add(f);
  }
  if (isObject(schema['properties'])) {
    // A boolean schema is a property too: `false` is how a schema says the field must be absent (an observed
    // contract's forbidden field), and the probe still sends it to see the refusal.
    for (const [k, v] of Object.entries(schema['properties'])) {
      if (isObject(v)) properties.set(k, v);
      else if (typeof v === 'boolean') properties.set(k, {});
      if (v === false) forbidden.add(k);
    }
  }
  if (Array.isArray(schema['required'])) for (const r of schema['required']) if (typeof r === 'string') required.add(r);
  return { properties, required, forbidden };
}

export function bodySchema(doc: OpenApiDocument, found: FoundOperation): BodySchema {
  const at = `${doc.label}#${found.pointer}`;
  const body = found.operation['requestBody'];
  const content = isObject(body) && isObject(body['content']) ? body['content'] : undefined;
  if (content === undefined) throw new OpenApiError([`${at}/requestBody: the operation has no request body to probe`]);
  const contentType = Object.keys(content).find(isJsonMedia);
  if (contentType === undefined) {
    throw new OpenApiError([
      `${at}/requestBody/content: no JSON media type (got ${Object.keys(content).join(', ') || 'none'}); the probe sends JSON bodies`,
    ]);
  }
  const media = content[contentType];
  const schema = isObject(media) && isObject(media['schema']) ? media['schema'] : undefined;
  if (schema === undefined) throw new OpenApiError([`${at}/requestBody/content/${contentType.replace(/\//g, '~1')}/schema: missing`]);
  const { properties, required, forbidden } = flatten(schema);
  if (properties.size === 0) {
    throw new OpenApiError([`${at}/requestBody: its schema names no properties (a JSON object with properties is what the probe varies)`]);
  }
  // Read-only properties are in answers, not requests (OpenAPI: readOnly "SHOULD NOT be sent").
  const writable = [...properties].filter(([, s]) => s['readOnly'] !== true);
  const { examples, acceptedExample } = mediaExamples(isObject(media) ? media : {});
  return {
    contentType,
    properties: writable,
    required: [...required].filter((r) => writable.some(([k]) => k === r)),
    examples,
    ...(acceptedExample !== undefined ? { acceptedExample } : {}),
    forbidden: [...forbidden],
  };
}

function mediaExamples(media: Json): { examples: Json[]; acceptedExample?: string[] } {
  const entries: { value: Json; accepted: boolean }[] = [];
  if (isObject(media['example'])) entries.push({ value: media['example'], accepted: false });
  for (const example of isObject(media['examples']) ? Object.values(media['examples']) : []) {
    if (!isObject(example) || !isObject(example['value'])) continue;
    const observed = example['x-observed'];
    entries.push({ value: example['value'], accepted: isObject(observed) && observed['outcome'] === 'accepted' });
  }
  const ordered = [...entries.filter((e) => e.accepted), ...entries.filter((e) => !e.accepted)];
  const first = entries.find((e) => e.accepted);
  return { examples: ordered.map((e) => e.value), ...(first !== undefined ? { acceptedExample: Object.keys(first.value) } : {}) };
}
