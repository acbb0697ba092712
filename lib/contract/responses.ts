/**
 * The operation's responses as the target gave them: each 2xx seen for an accepted body with the
 * fields of its answer, and each rejection status with its error body schema (the error codes seen
 * as an enum), its rejection groups (when each happens) and one real answer (token-free: the
 * report's examples carry `$ACCESS_TOKEN`, never the token).
 */
import { isSuccessStatus } from '../http/status.js';
import { isObject, type Json } from '../json.js';
import type { BehaviourReport, MatrixEntry } from '../report/types.js';
import { parseBody, shapeOf } from './json-shape.js';

const REASON: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'No Content',
  '400': 'Bad Request',
  '403': 'Forbidden',
  '404': 'Not Found',
  '409': 'Conflict',
  '422': 'Unprocessable Content',
};

export function observedResponses(report: BehaviourReport): Record<string, Json> {
  const responses: Record<string, Json> = {};
  const known = report.matrix.filter((m) => m.outcome === 'accepted' || m.outcome === 'rejected');
  const statuses = [...new Set(known.map((m) => m.status).filter((s): s is number => s !== null))];
  const valueRejections = Object.entries(report.values).flatMap(([field, v]) => v.rejected.map((r) => ({ field, ...r })));
  // A value may be accepted with another 2xx than the combinations were (a conflictBehavior of replace: 200, not 201).
  const valueAcceptances = Object.values(report.values).flatMap((v) => v.accepted);
  for (const r of [...valueRejections, ...valueAcceptances]) if (r.status !== null && !statuses.includes(r.status)) statuses.push(r.status);
  statuses.sort((a, b) => a - b);

  for (const status of statuses) {
    const rows = known.filter((m) => m.status === status);
    const example = exampleBody(report.matrix, status);
    const reason = REASON[String(status)] ?? `Status ${status}`;
    if (isSuccessStatus(status)) {
      const byValue = valueAcceptances.filter((v) => v.status === status).length;
      responses[String(status)] = successResponse(reason, rows.length, byValue, example);
      continue;
    }
    const groups = report.rejectionGroups.filter((g) => g.status === status);
    const values = valueRejections.filter((r) => r.status === status);
    const codes = [
      ...new Set([...groups.map((g) => g.errorCode), ...values.map((v) => v.errorCode)].filter((c): c is string => c !== undefined)),
    ].sort();
    const everyCoded = groups.every((g) => g.errorCode !== undefined) && values.every((v) => v.errorCode !== undefined);
    responses[String(status)] = {
      description: `${reason}: ${[...groups.map((g) => g.summary), ...(values.length > 0 ? [`${values.length} value class(es) of ${[...new Set(values.map((v) => v.field))].join(', ')}`] : [])].join('; ')}.`,
      ...(example !== undefined || codes.length > 0
        ? { content: { 'application/json': { schema: errorSchema(example, codes, everyCoded) } } }
        : {}),
      'x-observed': {
        groups: groups.map((g) => ({
          ...(g.errorCode !== undefined ? { errorCode: g.errorCode } : {}),
          ...(g.messagePattern !== undefined ? { messagePattern: g.messagePattern } : {}),
          ...(g.namedFields !== undefined ? { namedFields: g.namedFields } : {}),
          when: g.explanation,
          combinations: g.combinations.length,
        })),
        valueClasses: values.map((v) => `${v.field} ${v.classId}${v.errorCode !== undefined ? ` (${v.errorCode})` : ''}`),
        ...(example !== undefined ? { example } : {}),
      },
    };
  }
  // OpenAPI 3.1 wants at least one response: a run whose suites sent no body (a filtered run, such as
  // `npm run probe -- 01-spec`) still writes a valid document, saying that nothing is known.
  if (statuses.length === 0) {
    responses.default = {
      description: 'Not known: no answer to a body of the presence matrix or the value classes was recorded in this run.',
      'x-observed': { combinations: 0, valueClasses: [] },
    };
  }
  return responses;
}

/** A 2xx: how many combinations got it (or, when none did, how many accepted value classes), and its answer's shape. */
function successResponse(reason: string, combinations: number, byValue: number, example: unknown): Json {
  const tally = combinations > 0 || byValue === 0 ? `${combinations} of the combinations tried` : `${byValue} accepted value class(es)`;
  return {
    description: `${reason}: the answer to an accepted body (${tally}).`,
    ...(example !== undefined ? { content: { 'application/json': { schema: shapeOf(example) } } } : {}),
    'x-observed': {
      combinations,
      fieldsSeen: example !== undefined && isObject(example) ? Object.keys(example).sort() : [],
      ...(example !== undefined ? { example } : {}),
    },
  };
}

/** The first recorded answer with this status, in the matrix's order. */
function exampleBody(matrix: readonly MatrixEntry[], status: number): unknown {
  const entry = matrix.find((m) => m.status === status && m.example !== undefined && m.example.status === status);
  return entry?.example === undefined ? undefined : parseBody(entry.example.responseBody);
}

/**
 * The error body as seen, with `error.code` narrowed to the codes seen (and required when every rejection had one)
 * when the codes stand there: a framework's code read elsewhere (a top-level `code`, an `error` string, a problem's
 * title) leaves the body's shape as seen.
 */
function errorSchema(example: unknown, codes: readonly string[], everyCoded: boolean): Json {
  const schema =
    example !== undefined
      ? shapeOf(example)
      : { type: 'object', properties: { error: { type: 'object', properties: { code: { type: 'string' } } } } };
  const codeAtErrorCode = example === undefined || (isObject(example) && isObject(example.error) && typeof example.error.code === 'string');
  const error = isObject(schema.properties) && isObject(schema.properties.error) ? schema.properties.error : undefined;
  if (error === undefined || codes.length === 0 || !codeAtErrorCode) return schema;
  const properties = isObject(error.properties) ? error.properties : {};
  properties.code = { type: 'string', enum: [...codes] };
  error.properties = properties;
  if (everyCoded) {
    error.required = ['code'];
    schema.required = ['error'];
  }
  return schema;
}
