import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsCjs from 'ajv-formats';
import type { ErrorObject } from 'ajv';

const addFormats = addFormatsCjs.default;

const schema = JSON.parse(readFileSync(new URL('./error-body.schema.json', import.meta.url), 'utf8')) as object;

// Compiled once per process: every 400 of a run is checked against the same validator.
// The schema is the tool's own: lib/schema/shipped-schemas.test.ts checks it against the 2020-12
// meta-schema, so ajv need not do it again in every process (issue 14 §1: that check is most of a compile).
const ajv = new Ajv2020({ allErrors: true, strict: true, validateSchema: false });
addFormats(ajv);
const validate = ajv.compile(schema);

export interface ErrorBodyCheck {
  /** The body parsed as JSON and matched the spec §7 error schema. */
  valid: boolean;
  /** Readable problems, e.g. `/error: must have required property 'code'` or `body is not JSON: ...`. */
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
  } catch (error) {
    const preview = rawBody.length > 60 ? `${rawBody.slice(0, 60)}...` : rawBody;
    return {
      valid: false,
      problems: [`body is not JSON (${(error as Error).message}): ${JSON.stringify(preview)}`],
      code: undefined,
      message: undefined,
    };
  }
  const valid = validate(body);
  const inner = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  return {
    valid,
    problems: valid ? [] : (validate.errors ?? []).map(describe),
    code: stringField(inner, 'code'),
    message: stringField(inner, 'message'),
  };
}

/** A module-level function, not a closure per call: every 4xx of a run is checked here. */
function stringField(inner: unknown, name: string): string | undefined {
  const v = typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>)[name] : undefined;
  return typeof v === 'string' ? v : undefined;
}
