/**
 * What every command does the same way: its command line (its own flags, and any setting given as a flag), its
 * --help and --settings, and its settings, read once from defaults < .env < the environment < the flags.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { checkAcceptedFields } from '../../lib/config/accepted-fields.js';
import { editDistance } from '../../lib/config/did-you-mean.js';
import { commandAsTyped } from '../../lib/config/invocation.js';
import { loadSettingsWithOrigins, type LoadedSettings, type SettingOrigin } from '../../lib/config/load-config.js';
import { describeSettings } from '../../lib/config/describe-settings.js';
import { FLAG_ALIASES, SECRET_SETTINGS, SETTING_BY_FLAG, SETTINGS, flagName, type AnySetting } from '../../lib/config/settings.js';
import type { Settings } from '../../lib/config/types.js';
import type { OperationDescription } from '../../lib/operation/description/types.js';
import { documentLabel, operationFromOpenApi } from '../../lib/operation/openapi/index.js';
import { shortPath } from '../../lib/short-path.js';
import { COMMANDS } from './commands.js';
import { EXIT_CONFIG, headerHelp } from './usage.js';
import { ConfigError, OpenApiError } from '../../lib/errors.js';

export { EXIT_CONFIG, headerHelp };

/** The settings `command` reads, in the order of the settings table. */
export function settingsReadBy(command: string): AnySetting[] {
  const reads = COMMANDS[command]?.reads;
  if (reads === undefined) return [...SETTINGS];
  return SETTINGS.filter((s) => reads.groups.includes(s.group) || reads.settings?.includes(s.name) === true);
}

/** The settings `command` reads, under its usage: where they come from and how to see their values. */
export function settingsHelp(command: string): string {
  const read = settingsReadBy(command);
  if (read.length === 0) return '';
  // A secret is never a flag (any user of the machine can read a process's arguments), nor is what the environment
  // alone sets (the CI runner's variables, Node's own): those are named as the variables they are.
  const names = read.map((s) => (s.runner === true || SECRET_SETTINGS.has(s.name) ? s.name : `--${flagName(s.name)}`));
  return [
    `Settings it reads (defaults < .env < the environment < these flags; ${commandAsTyped(command, '--settings')} shows their values${names.some((n) => !n.startsWith('--')) ? ';' : '):'}`,
    ...(names.some((n) => !n.startsWith('--'))
      ? [`a NAME in capitals is read from the environment or .env only: a secret, or the CI runner's or Node's own):`]
      : []),
    ...wrap(names.join(', '), 100).map((line) => `  ${line}`),
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
  console.error(`${command}: ${message} (see ${commandAsTyped(command, '--help')})`);
  process.exit(EXIT_CONFIG);
}

export interface CommandLine<C extends ParseArgsConfig> {
  /** The command's own flags and its positionals, as parseArgs reads them. */
  args: ReturnType<typeof parseArgs<C>>;
  /** Settings given as flags, by setting name. */
  settingFlags: Record<string, string>;
  /** --settings was given: print the settings' values and exit. */
  showSettings: boolean;
}

/** What a command's line says: run with these flags, print the help, or one problem. */
export type ReadLine<C extends ParseArgsConfig> =
  | { kind: 'run'; line: CommandLine<C> }
  | { kind: 'help' }
  | { kind: 'error'; message: string };

/**
 * The command's line, read: a setting's flag (`--base-url X`, `--rate=2`) is taken as that setting unless the
 * command has a flag of that name itself; a secret's flag, a setting the command does not read, an unknown flag
 * (with the flag it likely meant) or a flag without its value is a problem. Pure, for the tests.
 */
export function readCommandLine<C extends ParseArgsConfig>(command: string, config: C, argv: readonly string[]): ReadLine<C> {
  const own = new Set(Object.keys(config.options ?? {}));
  const read = settingsReadBy(command);
  const readable = new Set(read.map((s) => s.name));
  const settingFlags: Record<string, string> = {};
  const rest: string[] = [];
  let showSettings = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    if (arg === '--settings') {
      showSettings = true;
      continue;
    }
    const match = /^--([a-z0-9-]+)(?:=(.*))?$/s.exec(arg);
    const flag = match?.[1] ?? '';
    const name = match === null || own.has(flag) ? undefined : SETTING_BY_FLAG.get(flag);
    if (match === null || name === undefined) {
      rest.push(arg);
      continue;
    }
    if (SECRET_SETTINGS.has(name)) {
      return {
        kind: 'error',
        message: `--${flag} is a secret and is not taken from the command line (any user of the machine can read it): set ${name} in the environment or .env, or use ${name}_FILE`,
      };
    }
    if (!readable.has(name)) return { kind: 'error', message: `--${flag}: ${command} does not read ${name}` };
    let value = match[2];
    if (value === undefined) {
      value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) return { kind: 'error', message: `--${flag} needs a value (the setting ${name})` };
      i += 1;
    }
    settingFlags[name] = value;
  }
  let args: ReturnType<typeof parseArgs<C>>;
  try {
    args = parseArgs({ ...config, args: rest }) as ReturnType<typeof parseArgs<C>>;
  } catch (error) {
    return {
      kind: 'error',
      message: flagProblem(error as Error & { code?: string }, [
        ...own,
        ...read.filter((s) => s.runner !== true && !SECRET_SETTINGS.has(s.name)).map((s) => flagName(s.name)),
        ...Object.entries(FLAG_ALIASES)
          .filter(([, setting]) => read.some((s) => s.name === setting))
          .map(([alias]) => alias),
      ]),
    };
  }
  if ((args.values as { help?: boolean }).help === true) return { kind: 'help' };
  return { kind: 'run', line: { args, settingFlags, showSettings } };
}

/**
 * The command's line, or exit: `--help` prints the entry point's header comment and the settings it reads, and
 * exits 0; a problem (readCommandLine) is one line naming the command, and exit 2 before anything is read or sent.
 */
export function parseCommandOrExit<C extends ParseArgsConfig>(
  command: string,
  entryPointUrl: string,
  config: C,
  argv: readonly string[] = process.argv.slice(2),
): CommandLine<C> {
  const read = readCommandLine(command, config, argv);
  if (read.kind === 'error') usageError(command, read.message);
  if (read.kind === 'help') {
    console.log(headerHelp(entryPointUrl));
    const settings = settingsHelp(command);
    if (settings !== '') console.log(settings);
    process.exit(0);
  }
  return read.line;
}

/**
 * Node's parse error in the tool's words: an unknown flag is named with the flag it was likely meant to be (the
 * command's own or a setting's), instead of Node's advice about positionals after `--`.
 */
function flagProblem(error: Error & { code?: string }, flags: readonly string[]): string {
  if (error.code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return error.message;
  const given = /'(-{1,2}[^']+)'/.exec(error.message)?.[1] ?? error.message;
  const name = given.replace(/^-+/, '').split('=')[0] ?? '';
  // The nearest by edits; of those as near, one the typed name begins (`--rat` meant `--rate`, not `--har`).
  const typed = name.toLowerCase();
  const meant =
    flags.find((flag) => flag === typed) ??
    flags
      .map((flag) => ({ flag, d: editDistance(typed, flag), prefix: flag.startsWith(typed) ? 0 : 1 }))
      .filter((c) => c.d <= 2)
      .sort((a, b) => a.d - b.d || a.prefix - b.prefix || a.flag.length - b.flag.length)[0]?.flag;
  return `unknown option ${given}${meant === undefined ? '' : `; did you mean --${meant}?`}`;
}

export interface ReadSettingsOptions {
  /** Folder for .env and relative paths; default the working folder. */
  cwd?: string;
  /** Settings left out of this read whatever the command reads (a merge of shard reports needs no credentials). */
  without?: readonly string[];
  /** Build the operation from OPENAPI and OPERATION_ID when given (default); the operation command builds its own. */
  buildOperation?: boolean;
  /** OPENAPI may come without OPERATION_ID (default: the probe's campaign only; explain picks the operation itself). */
  documentRun?: boolean;
}

/**
 * The command's settings, read once, with the operation built from OPENAPI and OPERATION_ID when they are given;
 * or one `config error:` line per problem and exit 2 before any request. With --settings, prints the value
 * (secrets masked) and where each setting came from, and exits 0.
 */
export async function settingsOrExit(
  command: string,
  line: Pick<CommandLine<ParseArgsConfig>, 'settingFlags' | 'showSettings'>,
  options: ReadSettingsOptions = {},
): Promise<Settings> {
  return (await loadedSettingsOrExit(command, line, options)).settings;
}

/** settingsOrExit, with where each setting came from (a flag, the environment, .env or its default). */
export async function loadedSettingsOrExit(
  command: string,
  line: Pick<CommandLine<ParseArgsConfig>, 'settingFlags' | 'showSettings'>,
  options: ReadSettingsOptions = {},
): Promise<{ settings: Settings; origins: ReadonlyMap<string, SettingOrigin> }> {
  const read = await readSettings(command, line, options);
  if ('problems' in read) {
    for (const problem of read.problems) console.error(`config error: ${problem}`);
    process.exit(EXIT_CONFIG);
  }
  if (line.showSettings) {
    for (const text of describeSettings(read.settings, read.origins, read.only, read.paths)) console.log(text);
    process.exit(0);
  }
  return read;
}

/**
 * The command's settings, read once (only those it reads), with the operation built from OPENAPI and OPERATION_ID
 * when they are given; or every problem, one line each. Never exits: the commands' `...OrExit` do.
 */
export async function readSettings(
  command: string,
  line: Pick<CommandLine<ParseArgsConfig>, 'settingFlags'>,
  options: ReadSettingsOptions & { env?: Readonly<Record<string, string | undefined>> } = {},
): Promise<
  | { settings: Settings; origins: ReadonlyMap<string, SettingOrigin>; only: ReadonlySet<string>; paths: ReadonlyMap<string, string> }
  | { problems: readonly string[] }
> {
  const without = new Set(options.without ?? []);
  const only = new Set(
    settingsReadBy(command)
      .map((s) => s.name)
      .filter((name) => !without.has(name)),
  );
  let loaded: LoadedSettings;
  try {
    loaded = loadSettingsWithOrigins({
      flags: line.settingFlags,
      only,
      ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
      ...(options.env !== undefined ? { env: options.env } : {}),
      // The probe alone runs a campaign over a whole document (lib/run/campaign.ts).
      documentRun: options.documentRun ?? command === 'probe',
    });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return { problems: error.problems };
  }
  if (options.buildOperation === false) return { ...loaded, only };
  const built = await withOpenApi(loaded.settings);
  return 'problems' in built ? built : { settings: built.settings, origins: loaded.origins, only, paths: loaded.paths };
}

/**
 * The settings with their operation built from OPENAPI and OPERATION_ID when they are given (that is
 * asynchronous, so loadSettings cannot); one line per problem, as for any setting.
 */
async function withOpenApi(settings: Settings): Promise<{ settings: Settings } | { problems: string[] }> {
  const { target } = settings;
  if (target.openapi === undefined || target.operationId === undefined) return { settings };
  let built: { operation: Settings['target']['operation']; description: OperationDescription };
  try {
    built = await operationFromOpenApi(target.openapi, target.operationId, documentLabel(target.openapi), target.pathValues);
  } catch (error) {
    if (!(error instanceof OpenApiError)) throw error;
    return { problems: error.problems.map((problem) => `OPENAPI: ${problem}`) };
  }
  let acceptedFields = target.acceptedFields;
  if (acceptedFields !== undefined) {
    const checked = checkAcceptedFields(built.operation, acceptedFields);
    if (!checked.ok) return { problems: [checked.problem] };
    acceptedFields = checked.fields;
  }
  return { settings: { ...settings, target: { ...target, operation: built.operation, acceptedFields } } };
}

export { shortPath };
