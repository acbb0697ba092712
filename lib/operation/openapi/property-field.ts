/**
 * One request-body property of an OpenAPI schema as a field of an operation description: its good
 * value from the document (example, examples, default, enum, then what its format makes certain),
 * and value classes from its type and format. Where the document is silent (a string without
 * example or format, for one) there is no good value: the caller says so rather than guessing.
 */
import type { ClassEntryDescription, FieldDescription, JsonType, LimitDescription, ValueDescription } from '../description/types.js';
import { isObject, type Json } from '../../json.js';

export interface PropertyField {
  field: Omit<FieldDescription, 'good'> & { good?: ValueDescription };
  /** Why no good value could be taken from the document, when there is none. */
  missingGood?: string;
  limits: LimitDescription[];
}

const literal = (value: unknown): ValueDescription => ({ kind: 'literal', value });

/** `type` of 3.0 (a string, maybe `nullable`) and 3.1 (a string or a list with "null"); else from enum or anyOf/oneOf. */
function typeOf(schema: Json): JsonType | undefined {
  const t = schema['type'];
  const names = (Array.isArray(t) ? t : [t]).filter((x): x is string => typeof x === 'string' && x !== 'null');
  const first = names[0];
  if (first === 'string' || first === 'number' || first === 'integer' || first === 'boolean' || first === 'object' || first === 'array')
    return first;
  const members = Array.isArray(schema['enum']) ? schema['enum'].filter((v) => v !== null) : [];
  if (members.length > 0) {
    const v = members[0];
    return typeof v === 'string'
      ? 'string'
      : typeof v === 'boolean'
        ? 'boolean'
        : typeof v === 'number'
          ? Number.isInteger(v)
            ? 'integer'
            : 'number'
          : undefined;
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (!Array.isArray(branches)) continue;
    for (const b of branches)
      if (isObject(b)) {
        const inner = typeOf(b);
        if (inner !== undefined) return inner;
      }
  }
  if (isObject(schema['properties'])) return 'object';
  return undefined;
}

/** The document's own example of the value: `example` (3.0), `examples` (3.1, a list), `default`, the first enum member. */
function documentedValue(schema: Json): { value: unknown; from: string } | undefined {
  if (schema['example'] !== undefined) return { value: schema['example'], from: 'example' };
  const examples = schema['examples'];
  if (Array.isArray(examples) && examples.length > 0) return { value: examples[0], from: 'examples' };
  if (schema['default'] !== undefined && schema['default'] !== null) return { value: schema['default'], from: 'default' };
  const members = Array.isArray(schema['enum']) ? schema['enum'].filter((v) => v !== null) : [];
  if (members.length > 0) return { value: members[0], from: 'enum' };
  return undefined;
}

/** A value a format makes certain to be of the right form (no example needed). */
function formatValue(format: string | undefined): ValueDescription | undefined {
  switch (format) {
    case 'uri':
    case 'url':
    case 'iri':
      // The probe's own receiver: an absolute URL that answers, whatever the URL is for.
      return { kind: 'receiverUrl' };
    case 'date-time':
      return { kind: 'instant', daysAhead: 2 };
    case 'date':
      return { kind: 'instant', daysAhead: 2, spelling: 'date-only' };
    case 'email':
      return literal('probe@example.com');
    case 'uuid':
      return literal('00000000-0000-4000-8000-000000000000');
    case 'byte':
      return literal('cHJvYmU=');
    case 'hostname':
      return literal('example.com');
    case 'ipv4':
      return literal('192.0.2.10');
    case 'ipv6':
      return literal('2001:db8::10');
    default:
      return undefined;
  }
}

function single(
  id: string,
  description: string,
  value: unknown,
  specRef: string,
  expectation: 'spec-form' | 'not-spec-form' | 'open',
): ClassEntryDescription {
  return { id, description, value: literal(value), specRef, expectation };
}

function stringClasses(
  name: string,
  schema: Json,
  specRef: string,
  format: string | undefined,
): { classes: ClassEntryDescription[]; limits: LimitDescription[] } {
  const classes: ClassEntryDescription[] = [];
  const limits: LimitDescription[] = [];
  const members = Array.isArray(schema['enum']) ? schema['enum'].filter((v): v is string => typeof v === 'string') : [];
  if (members.length > 0) {
    classes.push({ family: 'enumeration', specRef, values: members });
    if (!members.includes('no-such-value'))
      classes.push(single('not-a-member', 'a value not in the enumeration', 'no-such-value', specRef, 'not-spec-form'));
  }
  const url = format === 'uri' || format === 'url' || format === 'iri';
  // url-shapes has its own empty string.
  if (url) classes.push({ family: 'url-shapes', specRef });
  if (format === 'date-time') {
    classes.push({ family: 'iso8601-spellings', specRef, specForm: ['utc-millis-z', 'utc-z', 'zero-offset', 'offset'] });
    classes.push({
      family: 'lifetimes',
      specRef: `open: ${specRef} (how far ahead or back is not said)`,
      expectation: 'open',
      ahead: [{ id: 'in-the-past', description: 'in the past (a day ago)', days: -1 }, { days: 365 }],
    });
    classes.push(single('not-a-date', 'not a date', 'tomorrow', specRef, 'not-spec-form'));
  }
  if (format === 'date') classes.push(single('not-a-date', 'not a date', 'tomorrow', specRef, 'not-spec-form'));
  if (format === 'email') classes.push(single('not-an-email', 'not an email address', 'probe-at-example.com', specRef, 'not-spec-form'));
  if (format === 'uuid') classes.push(single('not-a-uuid', 'not a UUID', 'not-a-uuid', specRef, 'not-spec-form'));
  if (format === 'byte') classes.push(single('not-base64', 'not base64', 'not base64!', specRef, 'not-spec-form'));
  const minLength = typeof schema['minLength'] === 'number' ? schema['minLength'] : 0;
  const maxLength = typeof schema['maxLength'] === 'number' ? schema['maxLength'] : undefined;
  const emptyOk = minLength === 0 && members.length === 0 && format === undefined;
  if (!members.includes('') && !url) classes.push(single('empty', 'empty string', '', specRef, emptyOk ? 'open' : 'not-spec-form'));
  // Lengths either side of the published bounds, only for free text (an enum or a format fixes the value).
  if (members.length === 0 && format === undefined && maxLength !== undefined) {
    const inside = [...new Set([Math.max(1, minLength), maxLength])].filter((n) => n <= maxLength);
    classes.push({ family: 'string-lengths', specRef, prefix: 'probe-', lengths: inside });
    classes.push({ family: 'string-lengths', specRef, prefix: 'probe-', lengths: [maxLength + 1], expectation: 'not-spec-form' });
    limits.push({
      id: 'longest-string',
      field: name,
      name: `longest accepted ${name}`,
      unit: 'characters',
      specRef: `${specRef}; maxLength ${maxLength}`,
      value: { kind: 'stringOfLength', prefix: 'probe-' },
      low: Math.max(1, minLength),
      high: Math.max(maxLength * 4, maxLength + 64),
    });
  }
  return { classes, limits };
}

function numberClasses(schema: Json, specRef: string, type: 'number' | 'integer'): ClassEntryDescription[] {
  const classes: ClassEntryDescription[] = [];
  if (typeof schema['minimum'] === 'number')
    classes.push(single('below-minimum', `${schema['minimum'] - 1} (below the minimum)`, schema['minimum'] - 1, specRef, 'not-spec-form'));
  if (typeof schema['maximum'] === 'number')
    classes.push(single('above-maximum', `${schema['maximum'] + 1} (above the maximum)`, schema['maximum'] + 1, specRef, 'not-spec-form'));
  if (type === 'integer') classes.push(single('fraction', '1.5 (not an integer)', 1.5, specRef, 'not-spec-form'));
  return classes;
}

/** A good value for a number only where the schema bounds it: a bare number could mean anything. */
function boundedNumber(schema: Json): number | undefined {
  if (typeof schema['minimum'] === 'number') return schema['minimum'];
  if (typeof schema['maximum'] === 'number') return Math.min(schema['maximum'], 0);
  return undefined;
}

export function propertyField(name: string, schema: Json, specBase: string): PropertyField {
  const type = typeOf(schema);
  const format = typeof schema['format'] === 'string' ? schema['format'] : undefined;
  const shape = [type ?? 'untyped', format === undefined ? undefined : `format ${format}`].filter((x) => x !== undefined).join(', ');
  const specRef = `${specBase} ${name} (${shape})`;
  const documented = documentedValue(schema);
  let good: ValueDescription | undefined;
  let missingGood: string | undefined;
  if (format === 'date-time' || format === 'date') {
    // An example instant goes stale; one made at each request stays in the future.
    good = formatValue(format);
  } else if (documented !== undefined) {
    good = literal(documented.value);
  } else if (type === 'boolean') {
    good = literal(false);
  } else if ((type === 'integer' || type === 'number') && boundedNumber(schema) !== undefined) {
    good = literal(boundedNumber(schema));
  } else {
    good = type === 'string' || type === undefined ? formatValue(format) : undefined;
    if (good === undefined) {
      const what = type ?? 'untyped value';
      const ref = schema['$ref'];
      missingGood =
        typeof ref === 'string'
          ? `its $ref ${ref} points outside the document, which is not followed: bundle the document into one file`
          : `no example, examples, default or enum${type === 'string' ? ' and no format' : ''} for ${/^[aeiou]/.test(what) ? 'an' : 'a'} ${what}`;
    }
  }
  const classes: ClassEntryDescription[] = [];
  const limits: LimitDescription[] = [];
  if (type === 'string') {
    const s = stringClasses(name, schema, specRef, format);
    classes.push(...s.classes);
    limits.push(...s.limits);
  } else if (type === 'boolean') {
    classes.push({ family: 'booleans', specRef });
  } else if (type === 'integer' || type === 'number') {
    classes.push(...numberClasses(schema, specRef, type));
  }
  if (type !== undefined) classes.push({ family: 'wrong-json-types', specRef: `${specBase} ${name} (of type ${type})`, type });
  const field: PropertyField['field'] = { name, specRef, ...(good !== undefined ? { good } : {}), classes };
  return { field, ...(missingGood !== undefined ? { missingGood } : {}), limits };
}
