import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { Secret } from '../secret.js';

/**
 * What a parser makes of one raw value: the value, or a problem sentence (without the setting's name);
 * a problem of several lines is several problems, one a line (e.g. each of a description file's).
 */
export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string };

export interface ParseContext {
  /** Folder that relative paths (ACCESS_TOKEN_FILE, REPORT_DIR) are resolved against. */
  readonly cwd: string;
}

/** A parser plus a short text of what it accepts (shown in .env.example and the README table). */
export interface Parser<T> {
  readonly accepts: string;
  readonly parse: (raw: string, ctx: ParseContext) => Parsed<T>;
}

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const bad = <T>(problem: string): Parsed<T> => ({ ok: false, problem });

/**
 * Quotes a value for a one-line message: JSON escapes newlines, long values are cut in the middle, so that a long
 * path keeps its file's name and a long URL its path's end.
 */
export function quote(raw: string): string {
  const cut = raw.length > 80 ? `${raw.slice(0, 37)}...${raw.slice(-40)}` : raw;
  return JSON.stringify(cut);
}

// Plain decimal notation only: Number() would also take "", "0x10", "Infinity" and " ".
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

interface NumberRule {
  readonly integer: boolean;
  /** true: > 0; false: >= 0. */
  readonly positive: boolean;
  readonly max: number;
  /** Said after the maximum, e.g. " (1 hour)". */
  readonly maxNote?: string;
}

function numberKind(rule: NumberRule): string {
  return `${rule.positive ? 'positive' : 'non-negative'} ${rule.integer ? 'integer' : 'number'}`;
}

function parseNumber(raw: string, rule: NumberRule): Parsed<number> {
  const text = raw.trim();
  const n = DECIMAL.test(text) ? Number(text) : Number.NaN;
  const kindOk = Number.isFinite(n) && (!rule.integer || Number.isInteger(n)) && (rule.positive ? n > 0 : n >= 0);
  if (!kindOk) return bad(`must be a ${numberKind(rule)}, got ${quote(raw)}`);
  if (n > rule.max) return bad(`must be at most ${rule.max}${rule.maxNote ?? ''}, got ${quote(raw)}`);
  return ok(n);
}

export function numberParser(rule: NumberRule): Parser<number> {
  return {
    accepts: `${numberKind(rule)}, at most ${rule.max}`,
    parse: (raw) => parseNumber(raw, rule),
  };
}

/** `auto`, or a whole number as numberParser reads it. */
export function autoOrNumberParser(rule: NumberRule): Parser<number | 'auto'> {
  return {
    accepts: `auto, or ${numberKind(rule)}, at most ${rule.max}`,
    parse: (raw) => (raw.trim().toLowerCase() === 'auto' ? ok('auto') : parseNumber(raw, rule)),
  };
}

/** Seconds (decimals allowed) in, milliseconds out. */
export function secondsAsMsParser(rule: Omit<NumberRule, 'integer'>): Parser<number> {
  const full: NumberRule = { ...rule, integer: false };
  return {
    accepts: `${numberKind(full)} of seconds, at most ${rule.max}`,
    parse: (raw) => {
      const r = parseNumber(raw, full);
      if (!r.ok) return r;
      const ms = Math.round(r.value * 1000);
      // A positive setting must not round down to 0 ms.
      return ok(rule.positive ? Math.max(1, ms) : ms);
    },
  };
}

const TRUE = new Set(['true', '1', 'yes']);
const FALSE = new Set(['false', '0', 'no']);

export const booleanParser: Parser<boolean> = {
  accepts: 'true/false, 1/0, yes/no',
  parse: (raw) => {
    const text = raw.trim().toLowerCase();
    if (TRUE.has(text)) return ok(true);
    if (FALSE.has(text)) return ok(false);
    return bad(`must be true or false (also 1/0, yes/no), got ${quote(raw)}`);
  },
};

function parseHttpUrl(raw: string): URL | undefined {
  if (!URL.canParse(raw.trim())) return undefined;
  const url = new URL(raw.trim());
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
}

export const SUBSCRIPTIONS_PATH = '/_api/v2.0/drive/root/subscriptions';

/** BASE_URL's explicit spelling of "no target: start the embedded reference service". */
export const EMBEDDED_TARGET = 'embedded';

/** The target's root: absolute http(s), no credentials, query or fragment; trailing slashes dropped. */
export const baseUrlParser: Parser<string | undefined> = {
  accepts: `absolute http(s) URL, path prefix allowed, no query or fragment; or "${EMBEDDED_TARGET}"`,
  parse: (raw) => {
    if (raw.trim() === EMBEDDED_TARGET) return ok(undefined);
    const url = parseHttpUrl(raw);
    if (url === undefined) return bad(`not an absolute http(s) URL: ${quote(raw)}`);
    // Credentials would be echoed in messages, reports and the console summary.
    if (url.username !== '' || url.password !== '') {
      return bad('must not contain a user name or password (value not shown)');
    }
    if (url.search !== '' || url.hash !== '' || /[?#]/.test(raw)) {
      return bad(`must not contain a query or fragment: ${quote(raw)}`);
    }
    // The probe appends the endpoint path itself; a full endpoint URL would double it.
    if (/\/_api(\/|$)/i.test(url.pathname)) {
      return bad(`give the service root; the probe appends ${SUBSCRIPTIONS_PATH}: ${quote(raw)}`);
    }
    return ok(url.origin + url.pathname.replace(/\/+$/, ''));
  },
};

export const httpUrlParser: Parser<string> = {
  accepts: 'absolute http(s) URL',
  parse: (raw) => (parseHttpUrl(raw) === undefined ? bad(`not an absolute http(s) URL: ${quote(raw)}`) : ok(raw.trim())),
};

const IDENTIFIER = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export const identifierParser: Parser<string> = {
  accepts: 'identifier of letters, digits, ".", "_", "-"',
  parse: (raw) =>
    IDENTIFIER.test(raw.trim())
      ? ok(raw.trim())
      : bad(`must be an identifier (letters, digits, ".", "_", "-"; at most 64), got ${quote(raw)}`),
};

/** A folder path, resolved against the working directory. */
export const folderParser: Parser<string> = {
  accepts: 'folder path (relative to the working directory)',
  parse: (raw, ctx) =>
    /[\u0000-\u001f]/.test(raw.trim()) ? bad(`must be a folder path, got ${quote(raw)}`) : ok(resolve(ctx.cwd, raw.trim())),
};

/** A file path (it need not exist yet), resolved against the working directory. */
export const pathParser: Parser<string> = {
  accepts: 'file path (relative to the working directory)',
  parse: (raw, ctx) =>
    /[\u0000-\u001f]/.test(raw.trim()) ? bad(`must be a file path, got ${quote(raw)}`) : ok(resolve(ctx.cwd, raw.trim())),
};

/**
 * A runner's flag variable: set to anything but "false" or "0" is true. CI runners spell it differently
 * (GitHub and GitLab "true", some "1", Jenkins leaves it out), and none of them means "not in CI" by it.
 */
export const presenceParser: Parser<boolean> = {
  accepts: 'any value (set by the CI runner); "false" or "0" is unset',
  parse: (raw) => ok(!FALSE.has(raw.trim().toLowerCase())),
};

/** A path to an existing file or folder, resolved against the working directory; read later by whoever uses it. */
export const existingPathParser: Parser<string> = {
  accepts: 'path of an existing file or folder (relative to the working directory)',
  parse: (raw, ctx) => {
    const path = resolve(ctx.cwd, raw.trim());
    try {
      statSync(path);
    } catch (error) {
      return bad(`cannot read ${quote(path)}: ${fsReason(error)}`);
    }
    return ok(path);
  },
};

/** A path to an existing file, resolved against the working directory; read later by whoever uses it. */
export const existingFileParser: Parser<string> = {
  accepts: 'path of an existing file (relative to the working directory)',
  parse: (raw, ctx) => {
    const path = resolve(ctx.cwd, raw.trim());
    try {
      if (statSync(path).isDirectory()) return bad(`${quote(path)} is a folder, not a file`);
    } catch (error) {
      return bad(`cannot read ${quote(path)}: ${fsReason(error)}`);
    }
    return ok(path);
  },
};

// RFC 9110 header values are visible ASCII here: a space, newline or non-ASCII byte in a token
// would make the request fail (or split a header) far from the setting that caused it.
const HEADER_SAFE = /^[\x21-\x7e]+$/;
const BEARER_PREFIX = /^bearer\s/i;

/** Checks a token; the problem text never contains the token. `what` names the value in messages. */
function checkToken(token: string, what: string): Parsed<Secret> {
  if (BEARER_PREFIX.test(token)) return bad(`${what} starts with "Bearer "; give the token alone (value not shown)`);
  if (!HEADER_SAFE.test(token)) {
    return bad(`${what} contains spaces, line breaks or characters not allowed in an HTTP header (value not shown)`);
  }
  return ok(new Secret(token));
}

export const tokenParser: Parser<Secret> = {
  accepts: 'bearer token (without "Bearer ")',
  parse: (raw) => checkToken(raw.trim(), 'the token'),
};

const MAX_TOKEN_FILE_BYTES = 64 * 1024;

const FS_ERRORS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'is a folder',
  ENOTDIR: 'a part of the path is not a folder',
  ELOOP: 'too many symbolic links',
};

export function fsReason(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return 'unreadable';
  return `${FS_ERRORS[code] ?? 'unreadable'} (${code})`;
}

/** True when a value given as a file path is more likely the token itself (so it must not be echoed). */
function looksLikeToken(raw: string): boolean {
  const text = raw.trim();
  if (/^eyJ[\w-]*\.[\w-]*\.[\w-]*$/.test(text)) return true; // a JWT
  return text.length >= 64 && !/[/\\.]/.test(text);
}

/** Reads the token from a file; messages name the file but never its content. */
export const tokenFileParser: Parser<Secret> = {
  accepts: 'path of a file holding the token',
  parse: (raw, ctx) => {
    const path = resolve(ctx.cwd, raw.trim());
    let content: string;
    try {
      const stat = statSync(path);
      if (stat.isDirectory()) return bad(`cannot read ${quote(path)}: is a folder`);
      if (stat.size > MAX_TOKEN_FILE_BYTES) {
        return bad(`${quote(path)} is ${stat.size} bytes, too large for a token file`);
      }
      content = readFileSync(path, 'utf8');
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'ENOENT' && looksLikeToken(raw)) {
        return bad('no such file, and the value looks like a token: put the token in ACCESS_TOKEN instead (value not shown)');
      }
      return bad(`cannot read ${quote(path)}: ${fsReason(error)}`);
    }
    const token = content.trim();
    if (token === '') return bad(`${quote(path)} is empty`);
    return checkToken(token, `the content of ${quote(path)}`);
  },
};

/** An OpenAPI operationId: any text without spaces or control characters (OpenAPI puts no other rule on it). */
export const operationIdParser: Parser<string> = {
  accepts: 'operationId of the OPENAPI document',
  parse: (raw) =>
    /^[^\s\x00-\x1f]{1,200}$/.test(raw.trim()) ? ok(raw.trim()) : bad(`must be an operationId without spaces, got ${quote(raw)}`),
};

/** A comma-separated list of operationIds or `METHOD /path` globs, at least one; which exist is the document's to say. */
export const operationListParser: Parser<string[]> = {
  accepts: 'comma-separated operationIds or METHOD /path globs of the OPENAPI document',
  parse: (raw) => {
    const names = raw
      .split(',')
      .map((n) => n.trim().replace(/\s+/g, ' '))
      .filter((n) => n !== '');
    return names.length === 0 ? bad('names no operation') : ok(names);
  },
};

/**
 * `name=value,...`: values of path parameters. A value is one path segment (no `/`, `?`, `#`, `{` or `}`, not `.` or
 * `..`): what the tool puts in a path never steers it elsewhere.
 */
export const pathValuesParser: Parser<Record<string, string>> = {
  accepts: 'comma-separated name=value pairs, each value one path segment',
  parse: (raw) => {
    const out: Record<string, string> = {};
    for (const pair of raw
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '')) {
      const at = pair.indexOf('=');
      const name = at < 0 ? '' : pair.slice(0, at).trim();
      const value = at < 0 ? '' : pair.slice(at + 1).trim();
      if (!/^[A-Za-z0-9_.-]+$/.test(name)) return bad(`"${pair.slice(0, 40)}" is not name=value with a parameter name`);
      if (value === '' || value === '.' || value === '..' || /[/?#{}\s]/.test(value))
        return bad(`${name}: the value must be one path segment (no /, ?, #, braces or spaces, not . or ..)`);
      out[name] = value;
    }
    return Object.keys(out).length === 0 ? bad('names no parameter') : ok(out);
  },
};

/**
 * A comma-separated list of field names (at least one, no repeats). Whether each is a field of the
 * operation (OPERATION) is checked once both are read (load-config.ts), which also puts them in its order.
 */
export const fieldListParser: Parser<string[]> = {
  accepts: 'comma-separated field names of the operation (OPERATION)',
  parse: (raw) => {
    const names = raw
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n !== '');
    if (new Set(names).size !== names.length) return bad(`a field is named twice: ${quote(raw)}`);
    if (names.length === 0) return bad('names no field');
    return ok(names);
  },
};

/** A JSON object: a request body known to be accepted (its top-level keys are the fields present). */
export const jsonObjectParser: Parser<Record<string, unknown>> = {
  accepts: 'a JSON object (a request body the target accepts)',
  parse: (raw) => {
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      return bad(`not JSON (${error instanceof Error ? error.message : String(error)})`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return bad(`should be a JSON object, got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}`);
    return ok(value as Record<string, unknown>);
  },
};
