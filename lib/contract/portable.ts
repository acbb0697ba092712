/**
 * Keywords a JSON Schema validator reads differently, or not at all, depending on the draft it assumes. An OpenAPI
 * 3.1 schema without a `$schema` of its own is 2020-12 by the specification, yet tools read it under draft-07 rules
 * (Prism) or as OpenAPI 3.0's subset (code generators): a keyword of 2019-09 or later is then skipped without a word,
 * and one of draft-07 alone means something else or nothing under 2020-12. The observed contract uses none of them,
 * so that every validator accepts exactly the bodies the target accepted.
 */

/** Each keyword with the reason it is not written. */
export const NON_PORTABLE_KEYWORDS: Readonly<Record<string, string>> = {
  dependentRequired: '2019-09: draft-07 validators skip it',
  dependentSchemas: '2019-09: draft-07 validators skip it',
  dependencies: 'draft-07 only: 2020-12 validators skip it',
  if: 'draft-07 and later, but mis-modelled by code generators and absent from OpenAPI 3.0',
  then: 'draft-07 and later, but mis-modelled by code generators and absent from OpenAPI 3.0',
  else: 'draft-07 and later, but mis-modelled by code generators and absent from OpenAPI 3.0',
  prefixItems: '2020-12: draft-07 validators skip it',
  additionalItems: 'draft-07 only: 2020-12 validators skip it',
  unevaluatedProperties: '2019-09: draft-07 validators skip it',
  unevaluatedItems: '2019-09: draft-07 validators skip it',
  minContains: '2019-09: draft-07 validators skip it',
  maxContains: '2019-09: draft-07 validators skip it',
  $defs: '2019-09: a reference into it fails where definitions is expected',
  $dynamicRef: '2020-12 only',
  $dynamicAnchor: '2020-12 only',
  $recursiveRef: '2019-09 only',
  $recursiveAnchor: '2019-09 only',
};

/** Keys whose values are data, not schemas: nothing below them is a keyword. */
const DATA_KEYS = new Set(['enum', 'const', 'default', 'example', 'examples']);

/**
 * Where a schema uses a keyword that is not portable: `path: keyword (why)`, one per use; also `items` as a list
 * (draft-07's tuple form, which 2020-12 reads as nothing) and a boolean `exclusiveMinimum`/`exclusiveMaximum`
 * (draft-04's form). Annotations (`x-...`) and data (`enum`, `examples`, ...) are not looked into.
 */
export function nonPortableKeywords(schema: unknown, path = ''): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  if (Array.isArray(schema)) return schema.flatMap((item, i) => nonPortableKeywords(item, `${path}/${i}`));
  const found: string[] = [];
  for (const [key, value] of Object.entries(schema)) {
    const at = `${path}/${key}`;
    if (key.startsWith('x-') || DATA_KEYS.has(key)) continue;
    const why = Object.hasOwn(NON_PORTABLE_KEYWORDS, key) ? NON_PORTABLE_KEYWORDS[key] : undefined;
    if (why !== undefined) found.push(`${at} (${why})`);
    else if (key === 'items' && Array.isArray(value)) found.push(`${at} (a list: draft-07's tuple form, read as nothing by 2020-12)`);
    else if ((key === 'exclusiveMinimum' || key === 'exclusiveMaximum') && typeof value === 'boolean')
      found.push(`${at} (a boolean: draft-04's form)`);
    // Under `properties` the keys are field names, not keywords: look into each field's schema.
    if (key === 'properties' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [name, property] of Object.entries(value)) found.push(...nonPortableKeywords(property, `${at}/${name}`));
    } else {
      found.push(...nonPortableKeywords(value, at));
    }
  }
  return found;
}
