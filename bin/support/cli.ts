/** What every command-line entry point does the same way: its --help text and its configuration. */
import { readFileSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError, loadConfig } from '../../lib/config/load-config.js';
import type { ProbeConfig } from '../../lib/config/types.js';
import { OpenApiError, operationFromOpenApi } from '../../lib/operation/openapi/index.js';
import { checkAcceptedFields } from '../../lib/config/accepted-fields.js';
import { editDistance } from '../../lib/config/did-you-mean.js';
import { SETTING_NAMES } from '../../lib/config/settings.js';
import type { OperationDescription } from '../../lib/operation/description/types.js';

/** Exit code of a configuration or usage error, for every command. */
export const EXIT_CONFIG = 2;

/** The entry point's header comment, which is its usage text. */
export function headerHelp(entryPointUrl: string): string {
  return (
    readFileSync(new URL(entryPointUrl), 'utf8')
      .split('*/')[0]
      ?.replace(/^\/\*\*?|^ \* ?/gm, '') ?? ''
  );
}

/** The settings every command reads, under its usage: where they come from and where each is explained. */
export function settingsHelp(): string {
  const names = SETTING_NAMES.join(', ');
  return [
    'Settings (from the environment and .env, the environment first; with npx subscription-conformance also as',
    `flags, e.g. --base-url for BASE_URL; npx subscription-conformance --settings explains each):`,
    ...wrap(names, 100).map((line) => `  ${line}`),
  ].join('\n');
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return line === '' ? lines : [...lines, line];
}

/** One line naming the command, the problem and where the usage is; exit 2 before anything is read or sent. */
export function usageError(command: string, message: string): never {
  console.error(`${command}: ${message} (see npm run ${command} -- --help)`);
  process.exit(EXIT_CONFIG);
}

/**
 * The command's flags, or exit: `--help` (its config must have a boolean `help`) prints the entry
 * point's header comment and exits 0; a flag parseArgs refuses gets one line naming the command and
 * exits 2 before anything is read or sent.
 */
export function parseArgsOrExit<C extends ParseArgsConfig>(
  command: string,
  entryPointUrl: string,
  config: C,
): ReturnType<typeof parseArgs<C>> {
  let parsed: ReturnType<typeof parseArgs<C>>;
  try {
    parsed = parseArgs(config);
  } catch (error) {
    usageError(command, flagProblem(error as Error & { code?: string }, Object.keys(config.options ?? {})));
  }
  if ((parsed.values as { help?: boolean }).help === true) {
    console.log(headerHelp(entryPointUrl));
    console.log(settingsHelp());
    process.exit(0);
  }
  return parsed;
}

/**
 * Node's parse error in the tool's words: an unknown flag is named with the flag it was likely meant to be,
 * instead of Node's advice about positionals after `--`.
 */
function flagProblem(error: Error & { code?: string }, flags: readonly string[]): string {
  if (error.code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return error.message;
  const given = /'(-{1,2}[^']+)'/.exec(error.message)?.[1] ?? error.message;
  const name = given.replace(/^-+/, '').split('=')[0] ?? '';
  const meant =
    flags.find((flag) => flag === name.toLowerCase()) ??
    flags
      .map((flag) => ({ flag, d: editDistance(name, flag) }))
      .filter((c) => c.d <= 2)
      .sort((a, b) => a.d - b.d)[0]?.flag;
  return `unknown option ${given}${meant === undefined ? '' : `; did you mean --${meant}?`}`;
}

/** The validated configuration, or one `config error:` line per problem and exit 2 before any request. */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): ProbeConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const problem of error.problems) console.error(`config error: ${problem}`);
      process.exit(EXIT_CONFIG);
    }
    throw error;
  }
}

/** The environment with each given command-line flag as the setting it stands for (the flag wins). */
export function withFlags(
  env: Record<string, string | undefined>,
  flags: Record<string, string | undefined>,
): Record<string, string | undefined> {
  const given = Object.entries(flags).filter((e): e is [string, string] => e[1] !== undefined);
  return given.length === 0 ? env : { ...env, ...Object.fromEntries(given) };
}

/**
 * The configuration with its operation built from OPENAPI and OPERATION_ID when they are given (that
 * is asynchronous, so loadConfig cannot); exit 2 with one line per problem, as for any setting.
 */
export async function withOpenApiOrExit(config: ProbeConfig): Promise<{ config: ProbeConfig; built?: OperationDescription }> {
  if (config.openapi === undefined || config.operationId === undefined) return { config };
  let built: { operation: ProbeConfig['operation']; description: OperationDescription };
  try {
    built = await operationFromOpenApi(config.openapi, config.operationId, shortLabel(config.openapi));
  } catch (error) {
    if (!(error instanceof OpenApiError)) throw error;
    for (const problem of error.problems) console.error(`config error: OPENAPI: ${problem}`);
    process.exit(EXIT_CONFIG);
  }
  let acceptedFields = config.acceptedFields;
  if (acceptedFields !== undefined) {
    const checked = checkAcceptedFields(built.operation, acceptedFields);
    if (!checked.ok) {
      console.error(`config error: ${checked.problem}`);
      process.exit(EXIT_CONFIG);
    }
    acceptedFields = checked.fields;
  }
  return { config: { ...config, operation: built.operation, acceptedFields }, built: built.description };
}

function shortLabel(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}
