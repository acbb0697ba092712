import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import dotenv from 'dotenv';
import { scrub } from '../redaction/scrub.js';
import { Secret } from '../secret.js';
import { didYouMean, heldName } from './did-you-mean.js';
import { isLoopbackHost } from '../net/loopback.js';
import { fsReason, quote } from './parsers.js';
import { SETTINGS, SETTING_NAMES, flagName, type AnySetting, type SettingGroup } from './settings.js';
import type { ClientCredential, Settings } from './types.js';
import type { OperationSpec } from '../operation/types.js';
import { authProblems, CLIENT_CREDENTIAL_SETTINGS } from './auth-check.js';
import { checkAcceptedFields } from './accepted-fields.js';
import { clientCertificateProblems } from './network-check.js';
import { ConfigError } from '../errors.js';

export { isLoopbackHost } from '../net/loopback.js';

/** Where a probe's settings come from, lowest first: defaults, `.env`, the environment, the command's flags. */
export interface SettingSources {
  /** The process's environment; default process.env. Read here, in lib/config only. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Settings given as the command's flags, by setting name: they win over the environment and `.env`. */
  flags?: Readonly<Record<string, string>>;
  /** The .env file to read (relative to cwd); default `.env`; `false` reads none. */
  dotenvPath?: string | false;
  /** Folder for .env, ACCESS_TOKEN_FILE and REPORT_DIR; default process.cwd(). */
  cwd?: string;
  /**
   * The settings the command reads (bin/support/commands.ts): only these are parsed and checked; the others keep
   * their defaults, so that a value an offline command never uses cannot stop it. Default: every setting.
   */
  only?: ReadonlySet<string>;
  /** OPENAPI alone is a campaign over the document's operations (the probe command); elsewhere it needs OPERATION_ID. */
  documentRun?: boolean;
}

/** Where a setting's value came from, as its lines say it. */
export type SettingOrigin = 'default' | '.env' | 'environment' | 'flag';

interface Given {
  readonly raw: string;
  readonly from: Exclude<SettingOrigin, 'default'>;
  /** Said after a problem so the user knows what to fix; '' for the real environment. */
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

/** The settings and where each given one came from (the command's `--settings` prints both). */
export interface LoadedSettings {
  settings: Settings;
  origins: ReadonlyMap<string, SettingOrigin>;
  /** The path given to each `_FILE` setting (ACCESS_TOKEN_FILE, ...): the path is not the secret, its content is. */
  paths: ReadonlyMap<string, string>;
}

/**
 * The probe's settings, read once: defaults < `.env` < the environment < the command's flags, key by key.
 * Validates every setting read and throws one ConfigError listing every problem, one line each.
 */
export function loadSettings(sources: SettingSources = {}): Settings {
  return loadSettingsWithOrigins(sources).settings;
}

type GivenSettings = ReadonlyMap<string, Given>;

/** Every setting's value from the one of its group given (parsed), else its default; a problem per bad or doubled one. */
function readGroups(given: GivenSettings, cwd: string, problems: string[]): { values: Values; sourceOf: Map<string, string> } {
  const values = emptyGroups();
  const sourceOf = new Map<string, string>();
  for (const group of groupByField(SETTINGS)) {
    const present = group.filter((s) => given.has(s.name));
    const [first] = group;
    if (first === undefined) continue;
    const [only] = present;
    if (present.length > 1) {
      const where = present.map((s) => `${s.name}${given.get(s.name)?.origin || ' (from the environment)'}`);
      problems.push(`${present.map((s) => s.name).join(' and ')}: give one, not both; got ${where.join(', ')}`);
    } else if (only === undefined) {
      values[first.group][first.key] = defaultValue(group, cwd);
    } else {
      const { raw, origin } = given.get(only.name) ?? { raw: '', origin: '' };
      const result =
        raw.trim() === ''
          ? { ok: false as const, problem: `is set but empty; remove it to get the default (${defaultText(only)})` }
          : only.parser.parse(raw, { cwd });
      if (result.ok) {
        values[first.group][first.key] = result.value;
        sourceOf.set(`${first.group}.${first.key}`, only.name);
      } else {
        for (const line of result.problem.split('\n')) problems.push(`${only.name}: ${line}${origin}`);
      }
    }
  }
  return { values, sourceOf };
}

/** The secrets given, to scrub from the problems' lines. */
function secretsGiven(all: GivenSettings, values: Values): Secret[] {
  // Belt and braces: no parser echoes a token, but a token pasted into another variable would be.
  const credential = values.credentials.clientCredential as ClientCredential | undefined;
  return [
    all.get('ACCESS_TOKEN')?.raw.trim(),
    (values.credentials.accessToken as Secret | undefined)?.reveal(),
    all.get('CLIENT_SECRET')?.raw.trim(),
    credential?.kind === 'secret' ? credential.secret.reveal() : undefined,
    all.get('ACTIONS_ID_TOKEN_REQUEST_TOKEN')?.raw.trim(),
  ]
    .filter((s): s is string => s !== undefined && s.length >= MIN_SCRUB_LENGTH)
    .map((s) => new Secret(s));
}

export function loadSettingsWithOrigins(sources: SettingSources = {}): LoadedSettings {
  const cwd = resolve(sources.cwd ?? process.cwd());
  const env = sources.env ?? process.env;
  const problems: string[] = [];
  const dotenvPath = sources.dotenvPath === false ? undefined : resolve(cwd, sources.dotenvPath ?? '.env');
  const dotenvFile = dotenvPath === undefined ? undefined : readDotenv(dotenvPath, cwd, problems);
  const all = mergeSources(env, dotenvFile, sources.flags ?? {}, problems);
  const only = sources.only;
  const given = only === undefined ? all : new Map([...all].filter(([name]) => only.has(name)));

  const { values, sourceOf } = readGroups(given, cwd, problems);
  const isGiven = (name: string): boolean => given.has(name);
  const clientCredentials = CLIENT_CREDENTIAL_SETTINGS.some(isGiven);
  problems.push(
    ...crossCheck(values, TOKEN_SETTINGS.find(isGiven) ?? (clientCredentials ? 'the token got by client credentials' : undefined)),
  );
  problems.push(...authProblems(isGiven));
  problems.push(...clientCertificateProblems(values.network));
  problems.push(...operationSourceCheck(values, isGiven('OPERATION'), sources.documentRun === true));

  if (problems.length > 0) {
    const secrets = secretsGiven(all, values);
    throw new ConfigError(problems.map((line) => secrets.reduce((text, s) => scrub(text, s), line)));
  }

  // Every field is set above, from its setting or its default; settings.test.ts pins the key set.
  const settings = values as unknown as Settings;
  const tokenSource = TOKEN_SETTINGS.find((name) => name === sourceOf.get('credentials.accessToken'));
  if (tokenSource !== undefined) settings.credentials.accessTokenSource = tokenSource;
  const origins = new Map<string, SettingOrigin>();
  for (const s of SETTINGS) origins.set(s.name, given.get(s.name)?.from ?? 'default');
  const paths = new Map(
    SETTINGS.filter((s) => s.name.endsWith('_FILE') && given.has(s.name)).map(
      (s) => [s.name, given.get(s.name)?.raw.trim() ?? ''] as const,
    ),
  );
  return { settings, origins, paths };
}

type Values = { [G in SettingGroup]: Record<string, unknown> };

const emptyGroups = (): Values => ({
  target: {},
  credentials: {},
  pacing: {},
  exploration: {},
  receiver: {},
  reports: {},
  network: {},
  ci: {},
});

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

/** Settings read in either letter case, as other tools read them: the proxy variables. */
const EITHER_CASE: ReadonlySet<string> = new Set(['HTTPS_PROXY', 'HTTP_PROXY', 'NO_PROXY']);
/** Other tools' variables near a setting's name (FTP_PROXY is two edits from HTTP_PROXY): never a typo of one. */
const OTHER_TOOLS = /^(ftp|all|socks[45]?|grpc|rsync|wss?)_proxy$/i;

/** The settings that bound what a run sends and for how long. */
const PACE_LIMITS = ['REQUESTS_PER_SECOND', 'CONCURRENCY', 'MAX_REQUESTS', 'MAX_RUN_SECONDS', 'MAX_RETRIES'];

/** The raw value of each setting: from the environment, else from .env. Flags likely typos in .env. */
function mergeSources(
  env: Readonly<Record<string, string | undefined>>,
  dotenvFile: DotenvValues | undefined,
  flags: Readonly<Record<string, string>>,
  problems: string[],
): Map<string, Given> {
  const given = new Map<string, Given>();
  const fileOrigin = ` (from ${dotenvFile?.label ?? '.env'})`;
  const runner = new Set(SETTINGS.filter((s) => s.runner === true).map((s) => s.name));
  // The proxy variables are read in either letter case, the lower first, as curl reads them.
  const either = (values: Readonly<Record<string, string | undefined>> | undefined, name: string): string | undefined =>
    EITHER_CASE.has(name) ? (values?.[name.toLowerCase()] ?? values?.[name]) : values?.[name];
  for (const name of SETTING_NAMES) {
    const fromFlag = runner.has(name) ? undefined : flags[name];
    const fromEnv = givenValue(name, either(env, name));
    const fromFile = runner.has(name) ? undefined : givenValue(name, either(dotenvFile?.values, name));
    if (fromFlag !== undefined) given.set(name, { raw: fromFlag, from: 'flag', origin: ` (from --${flagName(name)})` });
    else if (fromEnv !== undefined) given.set(name, { raw: fromEnv, from: 'environment', origin: '' });
    else if (fromFile !== undefined) given.set(name, { raw: fromFile, from: '.env', origin: fileOrigin });
  }
  for (const key of Object.keys(dotenvFile?.values ?? {})) {
    if (OTHER_TOOLS.test(key) || EITHER_CASE.has(key.toUpperCase()) || SETTING_NAMES.includes(key)) continue;
    // A limit of the pace under a longer name (MAX_REQUESTS_PER_SECOND=2) would leave the default pace on a live
    // service; a longer name of any other setting may be another tool's (API_BASE_URL) in a shared .env.
    const near = didYouMean(key, SETTING_NAMES);
    const held = near === undefined ? heldName(key, PACE_LIMITS) : undefined;
    if (near !== undefined) problems.push(`${key}${fileOrigin}: not a known setting; did you mean ${near}?`);
    else if (held !== undefined && !given.has(held))
      problems.push(
        `${key}${fileOrigin}: not a known setting; did you mean ${held}? (another tool's variable: give ${held} too, and this one is left alone)`,
      );
  }
  // The same typo in the shell's environment (BASE_URLL) would otherwise be ignored silently. A name near a
  // setting that is given too is taken as some other tool's variable, not a typo.
  for (const key of Object.keys(env)) {
    if (OTHER_TOOLS.test(key) || EITHER_CASE.has(key.toUpperCase())) continue;
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
function crossCheck(values: Values, tokenSetting: string | undefined): string[] {
  const problems: string[] = [];
  const { target, credentials, pacing, receiver } = values;
  const baseUrl = target.baseUrl;
  // An invalid ALLOW_INSECURE_TOKEN counts as false: the safe reading.
  if (tokenSetting !== undefined && typeof baseUrl === 'string' && credentials.allowInsecureToken !== true) {
    const url = new URL(baseUrl);
    if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
      problems.push(
        `BASE_URL: refusing to send ${tokenSetting} over plain http to ${url.hostname}; ` + 'use https or set ALLOW_INSECURE_TOKEN=true',
      );
    }
  }
  if (typeof receiver.receiverPublicUrl === 'string') {
    if (typeof receiver.notificationUrl === 'string') {
      problems.push(
        'RECEIVER_PUBLIC_URL: not with NOTIFICATION_URL; give one (NOTIFICATION_URL: someone else receives; RECEIVER_PUBLIC_URL: the probe receives)',
      );
    }
    if (receiver.receiverPort === 0) {
      problems.push('RECEIVER_PUBLIC_URL: needs RECEIVER_PORT, the local port it forwards to (the receiver otherwise takes any free port)');
    }
  }
  // Each request in flight may hold its recorded body a few times over while it is read, redacted and
  // judged: the product bounds the run's memory whatever the target sends (docs/safety.md).
  const { concurrency, maxRecordedBodyBytes: cap } = pacing;
  if (typeof concurrency === 'number' && typeof cap === 'number' && concurrency * cap > MAX_BODY_BYTES_IN_FLIGHT) {
    problems.push(
      `MAX_RECORDED_BODY_BYTES x CONCURRENCY must be at most ${MAX_BODY_BYTES_IN_FLIGHT} (16 MiB), got ${cap} x ${concurrency}; ` +
        `lower one (e.g. CONCURRENCY=${Math.max(1, Math.floor(MAX_BODY_BYTES_IN_FLIGHT / cap))})`,
    );
  }
  const accepted = target.acceptedFields;
  const operation = target.operation as OperationSpec | undefined;
  // With OPENAPI the operation is built later (lib/operation/openapi), which checks ACCEPTED_FIELDS then.
  if (Array.isArray(accepted) && operation !== undefined && target.openapi === undefined) {
    const checked = checkAcceptedFields(operation, accepted as string[]);
    if (checked.ok) target.acceptedFields = checked.fields;
    else problems.push(checked.problem);
  }
  const body = target.acceptedBody;
  if (typeof body === 'object' && body !== null && operation !== undefined && target.openapi === undefined) {
    const known = operation.fields.map((f) => f.name);
    const unknown = Object.keys(body).filter((k) => !known.includes(k));
    if (unknown.length > 0)
      problems.push(`ACCEPTED_BODY: unknown field(s) ${unknown.map((k) => JSON.stringify(k)).join(', ')}; known: ${known.join(', ')}`);
  }
  const { defaultRetryAfterMs: wait, maxRetryAfterMs: longest } = pacing;
  if (typeof wait === 'number' && typeof longest === 'number' && wait > longest) {
    problems.push(`RETRY_AFTER_DEFAULT_SECONDS: must not exceed RETRY_AFTER_MAX_SECONDS (${longest / 1000}), got ${wait / 1000}`);
  }
  return problems;
}

/** The operation comes from OPERATION (or its default), or from OPENAPI with OPERATION_ID: one source. */
function operationSourceCheck(values: Values, operationGiven: boolean, documentRun: boolean): string[] {
  const openapi = values.target.openapi !== undefined;
  const operationId = values.target.operationId !== undefined;
  const operations = values.target.operations !== undefined;
  if (operations && !openapi) return ['OPERATIONS: needs OPENAPI, the document whose operations it picks'];
  if (operations && operationId) return ['OPERATIONS and OPERATION_ID: give one, not both (OPERATION_ID probes one operation)'];
  if (openapi && !operationId && !documentRun) return ['OPENAPI: needs OPERATION_ID, the operationId of the operation to probe'];
  if (operationId && !openapi) return ['OPERATION_ID: needs OPENAPI, the document it is in'];
  if (openapi && operationGiven) return ['OPERATION and OPENAPI: give one, not both (OPENAPI builds the description OPERATION names)'];
  return [];
}

/** The settings grouped by the field they fill: alternatives (ACCESS_TOKEN, ACCESS_TOKEN_FILE) share one. */
function groupByField(settings: readonly AnySetting[]): AnySetting[][] {
  const groups = new Map<string, AnySetting[]>();
  for (const s of settings) groups.set(`${s.group}.${s.key}`, [...(groups.get(`${s.group}.${s.key}`) ?? []), s]);
  return [...groups.values()];
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
