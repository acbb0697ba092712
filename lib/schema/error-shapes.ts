/**
 * Which properties an error body names, read from the shapes common frameworks write. A target that
 * is not the spec's service (or a gateway in front of it) often refuses a body with its framework's
 * default error: FastAPI/pydantic `{"detail": [{"loc": ["body", "resource"], "msg": ...}]}`, ASP.NET
 * ProblemDetails `{"errors": {"Resource": ["..."]}}`, zod `{"issues": [{"path": ["resource"]}]}`, ajv
 * `[{"instancePath": "/resource"}]` or `params.missingProperty`, express-validator `{"errors": [{"path":
 * ...}]}`, JSON:API `source.pointer`, and the spec's own `error.details[].target`. These name the
 * property by structure, not in prose, so they are read here; a message in prose is read by quoting
 * (lib/inference/message-pattern.ts).
 *
 * What is read is evidence of what the target says, never a verdict: the inference still decides from
 * which combinations were accepted, and a body in none of these shapes names nothing.
 */

/** The shapes recognised, for a reader of the report: which framework's error the target wrote. */
export type ErrorShapeKind = 'spec-error' | 'problem-details' | 'pydantic' | 'zod' | 'ajv' | 'validator-errors' | 'json-api';

export interface ErrorShape {
  kind: ErrorShapeKind;
  /** The top-level property names the body names by its structure, as the body spells them, each once. */
  names: string[];
  /**
   * For a list of per-property errors, its entries as `'name': text` joined by `; `, so that a message
   * pattern groups "the same error for another property" together; undefined when the body has no such list.
   */
  entries: string | undefined;
}

/** Entries read from one body at most: a hostile target may send a list of a million errors. */
const MAX_ENTRIES = 32;
/** Characters kept of one entry's text or name. */
const MAX_TEXT = 200;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? cut(v.trim()) : undefined);
const cut = (v: string): string => (v.length > MAX_TEXT ? `${v.slice(0, MAX_TEXT)}…` : v);

interface Entry {
  name: string | undefined;
  text: string | undefined;
}

/** The shape of a parsed error body, or undefined when it is none of the shapes above. Never throws. */
export function readErrorShape(body: unknown): ErrorShape | undefined {
  if (Array.isArray(body)) return fromEntries('ajv', body.slice(0, MAX_ENTRIES).map(ajvEntry));
  if (!isObject(body)) return undefined;

  if (isObject(body['error'])) {
    const error = body['error'];
    if (Array.isArray(error['issues'])) return zod(error['issues']);
    const details = Array.isArray(error['details']) ? error['details'].slice(0, MAX_ENTRIES) : [];
    const shape = fromEntries(
      'spec-error',
      details.map((d) => (isObject(d) ? { name: topName(d['target']), text: text(d['message']) } : none)),
    );
    return shape ?? { kind: 'spec-error', names: [], entries: undefined };
  }
  if (Array.isArray(body['detail'])) {
    return fromEntries(
      'pydantic',
      body['detail']
        .slice(0, MAX_ENTRIES)
        .map((d) => (isObject(d) ? { name: pydanticName(d['loc']), text: text(d['msg']) ?? text(d['type']) } : none)),
    );
  }
  if (Array.isArray(body['issues'])) return zod(body['issues']);
  if (isObject(body['fieldErrors'])) return fromObject('zod', body['fieldErrors']);
  if (isObject(body['errors'])) return fromObject(isProblem(body) ? 'problem-details' : 'validator-errors', body['errors']);
  if (Array.isArray(body['errors'])) {
    const list = body['errors'].slice(0, MAX_ENTRIES);
    if (list.some((e) => isObject(e) && ('instancePath' in e || 'dataPath' in e || 'keyword' in e)))
      return fromEntries('ajv', list.map(ajvEntry));
    if (list.some((e) => isObject(e) && isObject(e['source']))) return fromEntries('json-api', list.map(jsonApiEntry));
    return fromEntries(
      'validator-errors',
      list.map((e) =>
        isObject(e)
          ? { name: topName(e['path'] ?? e['param'] ?? e['field'] ?? e['property']), text: text(e['msg'] ?? e['message']) }
          : none,
      ),
    );
  }
  return undefined;
}

const none: Entry = { name: undefined, text: undefined };

function zod(issues: unknown[]): ErrorShape | undefined {
  return fromEntries(
    'zod',
    issues.slice(0, MAX_ENTRIES).map((i) => (isObject(i) ? { name: firstOfPath(i['path']), text: text(i['message']) } : none)),
  );
}

/** `{"Resource": ["The Resource field is required."]}`, the form of ProblemDetails and zod's flatten(). */
function fromObject(kind: ErrorShapeKind, errors: Json): ErrorShape | undefined {
  const entries = Object.entries(errors)
    .slice(0, MAX_ENTRIES)
    .map(([key, value]): Entry => ({ name: topName(key), text: text(Array.isArray(value) ? value[0] : value) }));
  return fromEntries(kind, entries);
}

function fromEntries(kind: ErrorShapeKind, entries: Entry[]): ErrorShape | undefined {
  const named = entries.filter((e): e is { name: string; text: string | undefined } => e.name !== undefined);
  if (named.length === 0) return undefined;
  const names = [...new Set(named.map((e) => e.name))];
  return { kind, names, entries: named.map((e) => `'${e.name}': ${e.text ?? 'refused'}`).join('; ') };
}

const isProblem = (body: Json): boolean =>
  typeof body['title'] === 'string' || typeof body['type'] === 'string' || typeof body['status'] === 'number';

/** FastAPI writes where the value was: `["body", "resource", ...]`; the property is the part after the location. */
function pydanticName(loc: unknown): string | undefined {
  if (!Array.isArray(loc)) return undefined;
  const parts = loc.filter((p): p is string => typeof p === 'string');
  const start = parts[0] !== undefined && ['body', 'query', 'path', 'header', 'cookie'].includes(parts[0]) && parts.length > 1 ? 1 : 0;
  return clean(parts[start]);
}

function firstOfPath(path: unknown): string | undefined {
  if (typeof path === 'string') return topName(path);
  return Array.isArray(path) ? clean(typeof path[0] === 'string' ? path[0] : undefined) : undefined;
}

function ajvEntry(e: unknown): Entry {
  if (!isObject(e)) return none;
  const params = isObject(e['params']) ? e['params'] : {};
  const path = text(e['instancePath']) ?? text(e['dataPath']);
  const name = pointerName(path) ?? clean(text(params['missingProperty'])) ?? clean(text(params['additionalProperty']));
  return { name, text: text(e['message']) };
}

function jsonApiEntry(e: unknown): Entry {
  if (!isObject(e)) return none;
  const source = isObject(e['source']) ? e['source'] : {};
  const pointer = text(source['pointer']);
  // JSON:API points into data/attributes; a plain API points at the property itself.
  const parts = pointer?.split('/').filter((p) => p !== '') ?? [];
  const at = parts[0] === 'data' && parts[1] === 'attributes' ? 2 : 0;
  return { name: clean(parts[at]), text: text(e['detail']) ?? text(e['title']) };
}

/** `/resource/0` -> `resource`. */
function pointerName(pointer: string | undefined): string | undefined {
  return pointer === undefined ? undefined : clean(pointer.split('/').filter((p) => p !== '')[0]);
}

/** `$.resource`, `body.resource`, `resource[0]`, `resource.id` -> `resource`. */
function topName(path: unknown): string | undefined {
  if (typeof path !== 'string') return undefined;
  const stripped = path
    .trim()
    .replace(/^\$\.?/, '')
    .replace(/^body\./i, '');
  return clean(stripped.split(/[.[/]/)[0]);
}

function clean(name: string | undefined): string | undefined {
  const trimmed = name?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : cut(trimmed);
}
