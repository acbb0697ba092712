import type { ErrorObject } from 'ajv';
import { shippedSchemaValidator } from './shipped-schema.js';

// Compiled once per process: every 400 of a run is checked against the same validator.
const validator = shippedSchemaValidator('error-body');

export interface ErrorBodyCheck {
  /** The body parsed as JSON and matched the spec §7 error schema. */
  valid: boolean;
  /**
   * Readable problems, e.g. `/error: must have required property 'code'` or `the answer's body is not JSON`. The
   * parser's own complaint is never quoted: "Unexpected token" reads as if the request, not the answer, were at fault.
   */
  problems: string[];
  code: string | undefined;
  message: string | undefined;
}

function describe(error: ErrorObject): string {
  const where = error.instancePath === '' ? '(body)' : error.instancePath;
  return `${where}: ${error.message ?? 'is invalid'}`;
}

/** Checks a raw response body against the spec §7 error object. Never throws. */
export function checkErrorBody(rawBody: string): ErrorBodyCheck {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    const problem = rawBody.trim() === '' ? NO_BODY : NOT_JSON;
    return { valid: false, problems: [problem], code: undefined, message: undefined };
  }
  const validate = validator();
  const valid = validate(body);
  const inner = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  return {
    valid,
    problems: valid ? [] : (validate.errors ?? []).map(describe),
    code: stringField(inner, 'code'),
    message: stringField(inner, 'message'),
  };
}

const NOT_JSON = "the answer's body is not JSON, so not the §7 error object (a JSON object)";
const NO_BODY = 'the answer has no body, so not the §7 error object';

/** A module-level function, not a closure per call: every 4xx of a run is checked here. */
function stringField(inner: unknown, name: string): string | undefined {
  const v = typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>)[name] : undefined;
  return typeof v === 'string' ? v : undefined;
}
