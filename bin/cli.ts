/**
 * subscription-conformance: one command for everything the tool does.
 *
 *   npx subscription-conformance <command> [flags] [arguments]
 *
 * Commands:
 *   probe      run the conformance suites and write the reports (the main job)
 *   explain    why did this request get 400? (a JSON body, a cURL command, a HAR, or stdin)
 *   infer      a behaviour report from recorded traffic (a HAR), sending nothing
 *   baseline   write a baseline of the target's behaviour, to compare later runs with
 *   contract   compare a written report with an OpenAPI contract
 *   operation  build, check or show an operation description
 *   cleanup    delete what a crashed run left on the target
 *   reference  serve the embedded reference service on a port of your own
 *   ui         the vitest UI over the suites
 *
 * Every setting is also a flag: the setting's name in lower case with dashes, e.g.
 *   npx subscription-conformance probe --base-url https://staging.example.com --rate 2 --max-requests 300
 * (--rate is REQUESTS_PER_SECOND, --timeout REQUEST_TIMEOUT_MS, --profile REFERENCE_PROFILE).
 * A flag wins over the environment and .env. Secrets (ACCESS_TOKEN, CLIENT_SECRET, ...) are never taken
 * from a flag, since any user of the machine can read a command line: use the environment or the _FILE setting.
 *
 *   npx subscription-conformance <command> --help   the command's own flags
 *   npx subscription-conformance --settings          every setting, its default and what it accepts
 *
 * Exit codes: 0 every case holds; 1 a case failed, the behaviour drifted, something was left on the
 * target or a secret was found in the output; 2 a configuration, usage or setup error.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { editDistance } from '../lib/config/did-you-mean.js';
import { SECRET_SETTINGS, SETTINGS, SETTING_NAMES } from '../lib/config/settings.js';
import { TOOL_ROOT } from '../lib/operation/shipped.js';
import { EXIT_CONFIG, headerHelp } from './support/cli.js';

/**
 * Node's flags for the probe: its memory settings (docs/performance.md), the same as `npm run probe`'s
 * (a test keeps the two in step).
 */
export const PROBE_NODE_FLAGS = ['--optimize-for-size', '--max-semi-space-size=1', '--v8-pool-size=1'] as const;

interface Command {
  /** The entry point's name in this folder, without its extension (.ts in the sources, .js compiled). */
  script: string;
  /** Node flags before the script. */
  node: readonly string[];
  /** Arguments the command always gets first. */
  args?: readonly string[];
  /**
   * The command's own flags that share a name with a setting's flag: passed to the command as given, since its
   * meaning is the command's (reference's --seed seeds its faults, not the probe's SEED).
   */
  own?: readonly string[];
}

const DESCRIPTION_FLAGS = ['operation', 'openapi', 'operation-id'] as const;

export const COMMANDS: Readonly<Record<string, Command>> = {
  probe: { script: 'probe', node: PROBE_NODE_FLAGS, own: [...DESCRIPTION_FLAGS, 'baseline'] },
  ui: { script: 'probe', node: PROBE_NODE_FLAGS, args: ['--ui'], own: [...DESCRIPTION_FLAGS, 'baseline'] },
  // explain's --har is the request to explain, not the HAR of accepted bodies the explorer starts from.
  explain: { script: 'explain', node: [], own: [...DESCRIPTION_FLAGS, 'har'] },
  infer: { script: 'infer', node: [], own: DESCRIPTION_FLAGS },
  baseline: { script: 'baseline', node: [], own: [...DESCRIPTION_FLAGS, 'baseline'] },
  contract: { script: 'contract', node: [], own: ['operation'] },
  operation: { script: 'operation', node: [], own: ['openapi', 'operation-id'] },
  cleanup: { script: 'cleanup', node: [], own: DESCRIPTION_FLAGS },
  reference: { script: 'reference', node: [], own: ['profile', 'seed'] },
};

/** Short names for the settings typed most. */
const ALIASES: Readonly<Record<string, string>> = {
  rate: 'REQUESTS_PER_SECOND',
  timeout: 'REQUEST_TIMEOUT_MS',
  profile: 'REFERENCE_PROFILE',
};

const SETTING_BY_FLAG = new Map([
  ...SETTING_NAMES.map((name): [string, string] => [name.toLowerCase().replaceAll('_', '-'), name]),
  ...Object.entries(ALIASES),
]);

export type Parsed =
  | { kind: 'run'; command: string; env: Record<string, string>; args: string[] }
  | { kind: 'print'; text: string }
  | { kind: 'error'; message: string };

/**
 * The command line read into a command, the settings given as flags, and the arguments left for the
 * command itself (its own flags, files, suite filters). Pure, for the tests.
 */
export function parseCommandLine(argv: readonly string[], usage: string): Parsed {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') return { kind: 'print', text: usage };
  if (first === '--version' || first === '-v') return { kind: 'print', text: version() };
  if (first === '--settings') return { kind: 'print', text: settingsText() };
  const command = COMMANDS[first];
  if (command === undefined) {
    const meant = closest(first, Object.keys(COMMANDS));
    return {
      kind: 'error',
      message: `unknown command ${JSON.stringify(first)}${meant === undefined ? '' : `; did you mean ${meant}?`} (commands: ${Object.keys(COMMANDS).join(', ')})`,
    };
  }
  const env: Record<string, string> = {};
  const args: string[] = [];
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i] ?? '';
    if (arg === '--') {
      args.push(...rest.slice(i));
      break;
    }
    const match = /^--([a-z0-9-]+)(?:=(.*))?$/s.exec(arg);
    const flag = match?.[1] ?? '';
    const name = match === null || command.own?.includes(flag) === true ? undefined : SETTING_BY_FLAG.get(flag);
    if (match === null || name === undefined) {
      args.push(arg);
      continue;
    }
    if (SECRET_SETTINGS.has(name)) {
      return {
        kind: 'error',
        message: `--${match[1]} is a secret and is not taken from the command line (any user of the machine can read it): set ${name} in the environment or .env, or use ${name}_FILE`,
      };
    }
    let value = match[2];
    if (value === undefined) {
      value = rest[i + 1];
      if (value === undefined) return { kind: 'error', message: `--${match[1]} needs a value (the setting ${name})` };
      i += 1;
    }
    env[name] = value;
  }
  return { kind: 'run', command: first, env, args: [...(command.args ?? []), ...args] };
}

function closest(given: string, names: readonly string[]): string | undefined {
  return names
    .map((name) => ({ name, d: editDistance(given.toLowerCase(), name) }))
    .filter((c) => c.d <= 2)
    .sort((a, b) => a.d - b.d)[0]?.name;
}

function version(): string {
  const pkg = JSON.parse(readFileSync(join(TOOL_ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
  return `${pkg.name} ${pkg.version}`;
}

function settingsText(): string {
  return SETTINGS.map((s) => {
    const flag = `--${s.name.toLowerCase().replaceAll('_', '-')}`;
    const how = SECRET_SETTINGS.has(s.name) ? `${s.name} (environment or .env only)` : `${flag}, ${s.name}`;
    return `${how}\n    ${s.description}\n    default: ${s.default ?? s.whenUnset ?? 'unset'}`;
  }).join('\n');
}

/**
 * The child's node arguments before the command's own: compiled (this module is dist/bin/cli.js) the command's
 * JavaScript beside it, under plain node; from the sources, its TypeScript with tsx's loader, named by its file:
 * a bare `--import tsx` resolves from the working folder, which need not have tsx.
 */
export function childNodeArgs(command: Command, moduleUrl: string = import.meta.url): string[] {
  const compiled = moduleUrl.endsWith('.js');
  const script = fileURLToPath(new URL(`./${command.script}.${compiled ? 'js' : 'ts'}`, moduleUrl));
  if (compiled) return [...command.node, script];
  const tsx = pathToFileURL(createRequire(moduleUrl).resolve('tsx')).href;
  return [...command.node, '--import', tsx, script];
}

/** Runs the command as a child process (childNodeArgs), and exits with its code. */
function run(parsed: Extract<Parsed, { kind: 'run' }>): void {
  const command = COMMANDS[parsed.command];
  if (command === undefined) return;
  const child = spawn(process.execPath, [...childNodeArgs(command), ...parsed.args], {
    stdio: 'inherit',
    env: { ...process.env, ...parsed.env },
  });
  // Ctrl-C in a terminal reaches the whole foreground process group, the child included: passed on as well, it would
  // arrive twice. Without a terminal a SIGINT was sent to this process alone, and is passed on; so is SIGTERM, which
  // a terminal does not send. A command may still get a signal twice (sent to the group by a script) and must stop
  // once (bin/support/stop-on-signals.ts, lib/vitest/interrupt.ts).
  const terminal = process.stdin.isTTY === true || process.stdout.isTTY === true || process.stderr.isTTY === true;
  process.on('SIGINT', () => {
    if (!terminal) child.kill('SIGINT');
  });
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.once('error', (error) => {
    console.error(`subscription-conformance: could not start ${parsed.command}: ${error.message}`);
    process.exit(EXIT_CONFIG);
  });
  child.once('exit', (code, signal) => process.exit(code ?? (signal === null ? 1 : 128 + 2)));
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) main();

export function main(argv: readonly string[] = process.argv.slice(2)): void {
  const parsed = parseCommandLine(argv, headerHelp(import.meta.url));
  if (parsed.kind === 'print') {
    console.log(parsed.text);
    return;
  }
  if (parsed.kind === 'error') {
    console.error(`subscription-conformance: ${parsed.message}`);
    process.exit(EXIT_CONFIG);
  }
  run(parsed);
}
