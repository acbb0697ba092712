import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import dotenv from 'dotenv';
import { scrub } from '../redaction/scrub.js';
import { Secret } from '../secret.js';
import { ConfigError } from './config-error.js';
import { didYouMean } from './did-you-mean.js';
import { isLoopbackHost } from '../net/loopback.js';
import { fsReason, quote } from './parsers.js';
import { SETTINGS, SETTING_NAMES, type AnySetting, type SettingField } from './settings.js';
import type { ClientCredential, ProbeConfig } from './types.js';
import type { OperationSpec } from '../operation/types.js';
import { authProblems, CLIENT_CREDENTIAL_SETTINGS } from './auth-check.js';
import { checkAcceptedFields } from './accepted-fields.js';

export { ConfigError } from './config-error.js';
export { isLoopbackHost } from '../net/loopback.js';

export interface LoadConfigOptions {
  /** The .env file to read (relative to cwd); default `.env`; `false` reads none. */
  dotenvPath?: string | false;
  /** Folder for .env, ACCESS_TOKEN_FILE and REPORT_DIR; default process.cwd(). */
  cwd?: string;
}

interface Given {
  readonly raw: string;
  /** Said after a problem so the user knows which file to fix; '' for the real environment. */
  readonly origin: string;
}

interface DotenvValues {
  readonly values: Readonly<Record<string, string>>;
  readonly label: string;
}

/** Reads the .env file without touching process.env; a missing file is fine. */
function readDotenv(path: string, cwd: string, problems: string[]): DotenvValues | undefined {
  const label = relative(cwd, path) || path;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ENOENT') {
      problems.push(`${label}: cannot read ${quote(path)}: ${fsReason(error)}`);
    }
    return undefined;
  }
  // dotenv.parse neither logs nor writes to process.env (config() would need { quiet: true } and a processEnv).
  return { values: dotenv.parse(text), label };
}

/** Secrets shorter than this are not scrubbed from messages: replacing every "abc" would garble them. */
const MIN_SCRUB_LENGTH = 8;

const TOKEN_SETTINGS = ['ACCESS_TOKEN', 'ACCESS_TOKEN_FILE'] as const;

/**
 * Builds the probe's settings from the environment merged over `.env` (the environment wins, key by key).
 * Validates every setting and throws one ConfigError listing every problem, one line each.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env, options: LoadConfigOptions = {}): ProbeConfig {
  const cwd = resolve(options.cwd ?? process.cwd());
  const problems: string[] = [];
  const dotenvPath = options.dotenvPath === false ? undefined : resolve(cwd, options.dotenvPath ?? '.env');
  const dotenvFile = dotenvPath === undefined ? undefined : readDotenv(dotenvPath, cwd, problems);
  const given = mergeSources(env, dotenvFile, problems);

  const values: Partial<Record<SettingField, unknown>> = {};
  const sourceOf: Partial<Record<SettingField, string>> = {};
  for (const [field, group] of groupByField(SETTINGS)) {
    const present = group.filter((s) => given.has(s.name));
    const [only] = present;
    if (present.length > 1) {
      const where = present.map((s) => `${s.name}${given.get(s.name)?.origin || ' (from the environment)'}`);
      problems.push(`${present.map((s) => s.name).join(' and ')}: give one, not both; got ${where.join(', ')}`);
    } else if (only === undefined) {
      values[field] = defaultValue(group, cwd);
    } else {
      const { raw, origin } = given.get(only.name) ?? { raw: '', origin: '' };
      const result =
        raw.trim() === ''
          ? { ok: false as const, problem: `is set but empty; remove it to get the default (${defaultText(only)})` }
          : only.parser.parse(raw, { cwd });
      if (result.ok) {
        values[field] = result.value;
        sourceOf[field] = only.name;
      } else {
        for (const line of result.problem.split('\n')) problems.push(`${only.name}: ${line}${origin}`);
      }
    }
  }
  const clientCredentials = CLIENT_CREDENTIAL_SETTINGS.some((name) => given.has(name));
  problems.push(
    ...crossCheck(
      values,
      TOKEN_SETTINGS.find((name) => given.has(name)) ?? (clientCredentials ? 'the token got by client credentials' : undefined),
    ),
  );
  problems.push(...authProblems((name) => given.has(name)));
  problems.push(...operationSourceCheck(values, given.has('OPERATION')));

  if (problems.length > 0) {
    // Belt and braces: no parser echoes a token, but a token pasted into another variable would be.
    const credential = values.clientCredential as ClientCredential | undefined;
    const secrets = [
      given.get('ACCESS_TOKEN')?.raw.trim(),
      (values.accessToken as Secret | undefined)?.reveal(),
      given.get('CLIENT_SECRET')?.raw.trim(),
      credential?.kind === 'secret' ? credential.secret.reveal() : undefined,
      given.get('ACTIONS_ID_TOKEN_REQUEST_TOKEN')?.raw.trim(),
    ]
      .filter((s): s is string => s !== undefined && s.length >= MIN_SCRUB_LENGTH)
      .map((s) => new Secret(s));
    throw new ConfigError(problems.map((line) => secrets.reduce((text, s) => scrub(text, s), line)));
  }

  // Every field is set above, from its setting or its default; settings.test.ts pins the key set.
  const config = { ...values } as ProbeConfig;
  const tokenSource = TOKEN_SETTINGS.find((name) => name === sourceOf.accessToken);
  if (tokenSource !== undefined) config.accessTokenSource = tokenSource;
  return config;
}

/**
 * Settings that name the target or a credential. Given empty, they are a missing secret or variable (a CI
 * runner turns an undefined variable into an empty string), never "use the default": an empty BASE_URL
 * must not quietly probe the embedded reference instead of staging. Every other setting given empty is
 * unset, so a recipe may pass an optional variable whether or not it is defined.
 */
const EMPTY_IS_A_MISTAKE: ReadonlySet<string> = new Set([
  'BASE_URL',
  'ACCESS_TOKEN',
  'ACCESS_TOKEN_FILE',
  'TOKEN_URL',
  'TENANT_ID',
  'CLIENT_ID',
  'SCOPE',
  'CLIENT_SECRET',
  'CLIENT_SECRET_FILE',
  'CLIENT_CERTIFICATE_FILE',
  'CLIENT_ASSERTION_FILE',
]);

const givenValue = (name: string, raw: string | undefined): string | undefined =>
  raw !== undefined && raw.trim() === '' && !EMPTY_IS_A_MISTAKE.has(name) ? undefined : raw;

/** The raw value of each setting: from the environment, else from .env. Flags likely typos in .env. */
function mergeSources(
  env: Record<string, string | undefined>,
  dotenvFile: DotenvValues | undefined,
  problems: string[],
): Map<string, Given> {
  const given = new Map<string, Given>();
  const fileOrigin = ` (from ${dotenvFile?.label ?? '.env'})`;
  for (const name of SETTING_NAMES) {
    const fromEnv = givenValue(name, env[name]);
    const fromFile = givenValue(name, dotenvFile?.values[name]);
    if (fromEnv !== undefined) given.set(name, { raw: fromEnv, origin: '' });
    else if (fromFile !== undefined) given.set(name, { raw: fromFile, origin: fileOrigin });
  }
  for (const key of Object.keys(dotenvFile?.values ?? {})) {
    const meant = didYouMean(key, SETTING_NAMES);
    if (meant !== undefined) problems.push(`${key}${fileOrigin}: not a known setting; did you mean ${meant}?`);
  }
  // The same typo in the shell's environment (BASE_URLL) would otherwise be ignored silently. A name near a
  // setting that is given too is taken as some other tool's variable, not a typo.
  for (const key of Object.keys(env)) {
    const meant = didYouMean(key, SETTING_NAMES);
    if (meant !== undefined && env[key] !== undefined && !given.has(meant) && dotenvFile?.values[key] === undefined) {
      problems.push(`${key} (from the environment): not a known setting; did you mean ${meant}?`);
    }
  }
  return given;
}

/** Most bytes of response bodies the requests in flight may record at once. */
const MAX_BODY_BYTES_IN_FLIGHT = 16 * 1024 * 1024;

/** Rules between settings, checked only where each setting involved is valid (values has it). */
function crossCheck(values: Partial<Record<SettingField, unknown>>, tokenSetting: string | undefined): string[] {
  const problems: string[] = [];
  const baseUrl = values.baseUrl;
  // An invalid ALLOW_INSECURE_TOKEN counts as false: the safe reading.
  if (tokenSetting !== undefined && typeof baseUrl === 'string' && values.allowInsecureToken !== true) {
    const url = new URL(baseUrl);
    if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
      problems.push(
        `BASE_URL: refusing to send ${tokenSetting} over plain http to ${url.hostname}; ` + 'use https or set ALLOW_INSECURE_TOKEN=true',
      );
    }
  }
  if (typeof values.receiverPublicUrl === 'string') {
    if (typeof values.notificationUrl === 'string') {
      problems.push(
        'RECEIVER_PUBLIC_URL: not with NOTIFICATION_URL; give one (NOTIFICATION_URL: someone else receives; RECEIVER_PUBLIC_URL: the probe receives)',
      );
    }
    if (values.receiverPort === 0) {
      problems.push('RECEIVER_PUBLIC_URL: needs RECEIVER_PORT, the local port it forwards to (the receiver otherwise takes any free port)');
    }
  }
  // Each request in flight may hold its recorded body a few times over while it is read, redacted and
  // judged: the product bounds the run's memory whatever the target sends (docs/safety.md).
  const { concurrency, maxRecordedBodyBytes: cap } = values;
  if (typeof concurrency === 'number' && typeof cap === 'number' && concurrency * cap > MAX_BODY_BYTES_IN_FLIGHT) {
    problems.push(
      `MAX_RECORDED_BODY_BYTES x CONCURRENCY must be at most ${MAX_BODY_BYTES_IN_FLIGHT} (16 MiB), got ${cap} x ${concurrency}; ` +
        `lower one (e.g. CONCURRENCY=${Math.max(1, Math.floor(MAX_BODY_BYTES_IN_FLIGHT / cap))})`,
    );
  }
  const accepted = values.acceptedFields;
  const operation = values.operation as OperationSpec | undefined;
  // With OPENAPI the operation is built later (lib/operation/openapi), which checks ACCEPTED_FIELDS then.
  if (Array.isArray(accepted) && operation !== undefined && values.openapi === undefined) {
    const checked = checkAcceptedFields(operation, accepted as string[]);
    if (checked.ok) values.acceptedFields = checked.fields;
    else problems.push(checked.problem);
  }
  const body = values.acceptedBody;
  if (typeof body === 'object' && body !== null && operation !== undefined && values.openapi === undefined) {
    const known = operation.fields.map((f) => f.name);
    const unknown = Object.keys(body).filter((k) => !known.includes(k));
    if (unknown.length > 0)
      problems.push(`ACCEPTED_BODY: unknown field(s) ${unknown.map((k) => JSON.stringify(k)).join(', ')}; known: ${known.join(', ')}`);
  }
  const { defaultRetryAfterMs: wait, maxRetryAfterMs: longest } = values;
  if (typeof wait === 'number' && typeof longest === 'number' && wait > longest) {
    problems.push(`RETRY_AFTER_DEFAULT_SECONDS: must not exceed RETRY_AFTER_MAX_SECONDS (${longest / 1000}), got ${wait / 1000}`);
  }
  return problems;
}

/** The operation comes from OPERATION (or its default), or from OPENAPI with OPERATION_ID: one source. */
function operationSourceCheck(values: Partial<Record<SettingField, unknown>>, operationGiven: boolean): string[] {
  const openapi = values.openapi !== undefined;
  const operationId = values.operationId !== undefined;
  if (openapi && !operationId) return ['OPENAPI: needs OPERATION_ID, the operationId of the operation to probe'];
  if (operationId && !openapi) return ['OPERATION_ID: needs OPENAPI, the document it is in'];
  if (openapi && operationGiven) return ['OPERATION and OPENAPI: give one, not both (OPENAPI builds the description OPERATION names)'];
  return [];
}

function groupByField(settings: readonly AnySetting[]): Map<SettingField, AnySetting[]> {
  const groups = new Map<SettingField, AnySetting[]>();
  for (const s of settings) groups.set(s.field, [...(groups.get(s.field) ?? []), s]);
  return groups;
}

function defaultText(s: AnySetting): string {
  return s.default ?? `unset: ${s.whenUnset ?? 'none'}`;
}

function defaultValue(group: readonly AnySetting[], cwd: string): unknown {
  const withDefault = group.find((s) => s.default !== undefined);
  if (withDefault?.default === undefined) return undefined;
  const result = withDefault.parser.parse(withDefault.default, { cwd });
  if (!result.ok) throw new Error(`settings.ts: the default of ${withDefault.name} is invalid: ${result.problem}`);
  return result.value;
}
