import type { ErrorObject } from 'ajv/dist/2020.js';

/** One ajv error as `/pointer: problem`. */
export function formatAjvError(error: ErrorObject): string {
  const at = error.instancePath === '' ? '/' : error.instancePath;
  const child = (name: string): string => `${error.instancePath}/${escapePointer(name)}`;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${child(String(params['missingProperty']))}: is required`;
    case 'additionalProperties':
      return `${child(String(params['additionalProperty']))}: is not an allowed property`;
    case 'enum':
      return `${at}: must be one of ${(params['allowedValues'] as unknown[]).map(String).join(', ')}`;
    case 'const':
      return `${at}: must be ${JSON.stringify(params['allowedValue'])}`;
    case 'type':
      return `${at}: must be ${String(params['type']).split(',').join(' or ')}`;
    case 'format':
      return `${at}: must be a ${String(params['format'])} string`;
    default:
      return `${at}: ${error.message ?? error.keyword}`;
  }
}

/** One segment of a JSON Pointer (RFC 6901): `~` and `/` escaped. */
export function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}
