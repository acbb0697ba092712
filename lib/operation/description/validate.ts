/**
 * Checks a parsed operation description: first against operation.schema.json (ajv, JSON Schema
 * 2020-12), then what a schema cannot say (names that must refer to fields, ids that must be
 * unique after families expand). Every problem is one `/pointer: message` string.
 */
import type { ErrorObject } from 'ajv/dist/2020.js';
import { MAX_FIELDS } from '../../rule/field-set.js';
import { formatAjvError } from '../../schema/ajv-error.js';
import { shippedSchemaValidator } from '../../schema/shipped-schema.js';
import { compileValue } from './values.js';
import { entryClasses } from './compile.js';
import type { OperationDescription } from './types.js';

export type DescriptionValidation = { valid: true; description: OperationDescription } | { valid: false; problems: string[] };

const validator = shippedSchemaValidator('operation');

export function validateDescription(value: unknown): DescriptionValidation {
  const validate = validator();
  if (!validate(value)) {
    // `if`/`then` (a class entry is a family or a single class) only repeats what the branch said.
    const errors = (validate.errors ?? []).filter((e) => e.keyword !== 'if');
    return { valid: false, problems: [...new Set(errors.map(formatError))] };
  }
  const description = value as OperationDescription;
  const problems = crossReferences(description);
  return problems.length === 0 ? { valid: true, description } : { valid: false, problems };
}

/** What a pattern means, by the property it checks: a regular expression is no help to a reader. */
const PATTERN_WORDS: Record<string, string> = {
  id: 'must be an identifier of letters, digits, ".", "_", "-" (at most 64)',
  path: 'must be a path below the base URL, starting with /, without a query or a {parameter}',
  idAt: 'must be a JSON pointer into the answer, e.g. /id',
  endOfLifeAt: 'must be a JSON pointer into the answer, e.g. /expirationDateTime',
  deletePath: 'must be a path starting with / holding {id} once, e.g. /things/{id}',
};

function formatError(error: ErrorObject): string {
  const at = error.instancePath;
  if (error.keyword === 'discriminator') {
    const { tag, tagValue } = error.params as { tag: string; tagValue: unknown };
    const branches = ((error.parentSchema as { oneOf?: { properties?: Record<string, { const?: unknown }> }[] } | undefined)?.oneOf ?? [])
      .map((b) => b.properties?.[tag]?.const)
      .filter((v): v is string => typeof v === 'string');
    const known = branches.length > 0 ? `; one of ${branches.join(', ')}` : '';
    return typeof tagValue === 'string' ? `${at}/${tag}: unknown ${tag} "${tagValue}"${known}` : `${at}/${tag}: must be a string${known}`;
  }
  if (error.keyword === 'minItems') return `${at}: must have at least ${String((error.params as { limit: number }).limit)} item(s)`;
  if (error.keyword === 'pattern') {
    const words = PATTERN_WORDS[at.split('/').pop() ?? ''];
    if (words !== undefined) return `${at}: ${words}`;
  }
  return formatAjvError(error);
}

function crossReferences(d: OperationDescription): string[] {
  const problems: string[] = [];
  if (d.fields.length > MAX_FIELDS) {
    problems.push(
      `/fields: ${d.fields.length} fields; the probe handles at most ${MAX_FIELDS} (its combinations are bit masks, lib/rule/field-set.ts): keep the ${MAX_FIELDS} or fewer to probe (from OpenAPI: --fields)`,
    );
  }
  const fieldAt = new Map<string, number>();
  d.fields.forEach((field, i) => {
    const earlier = fieldAt.get(field.name);
    if (earlier !== undefined) problems.push(`/fields/${i}/name: "${field.name}" is already the name of /fields/${earlier}`);
    else fieldAt.set(field.name, i);
    const classAt = new Map<string, number>();
    const good = compileValue(field.good);
    (field.classes ?? []).forEach((entry, j) => {
      for (const c of entryClasses(entry, good, field.name)) {
        const before = classAt.get(c.id);
        if (before !== undefined)
          problems.push(`/fields/${i}/classes/${j}: class id "${c.id}" is also given by /fields/${i}/classes/${before}`);
        else classAt.set(c.id, j);
      }
    });
  });
  (d.reportedAccepted ?? []).forEach((name, i) => {
    if (!fieldAt.has(name)) problems.push(`/reportedAccepted/${i}: "${name}" is not one of the fields`);
  });
  for (const key of Object.keys(d.acceptedBody ?? {})) {
    if (!fieldAt.has(key)) problems.push(`/acceptedBody/${key}: "${key}" is not one of the fields`);
  }
  const limitAt = new Map<string, number>();
  (d.limits ?? []).forEach((limit, i) => {
    if (!fieldAt.has(limit.field)) problems.push(`/limits/${i}/field: "${limit.field}" is not one of the fields`);
    if (limit.low >= limit.high) problems.push(`/limits/${i}/high: must be greater than low (${limit.low}), got ${limit.high}`);
    const key = `${limit.field}/${limit.id}`;
    const before = limitAt.get(key);
    if (before !== undefined) problems.push(`/limits/${i}/id: "${limit.id}" of ${limit.field} is also /limits/${before}`);
    else limitAt.set(key, i);
  });
  return problems;
}
