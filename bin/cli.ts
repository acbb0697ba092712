/**
 * subscription-conformance: one command for everything the tool does.
 *
 *   npx subscription-conformance <command> [flags] [arguments]
 *
 * Commands:
 *   probe         run the conformance suites and write the reports (the main job)
 *   explain       why did this request get 400? (a JSON body, a cURL command, a HAR, or stdin)
 *   infer         a behaviour report from recorded traffic (a HAR), sending nothing
 *   baseline      write a baseline of the target's behaviour, to compare later runs with
 *   contract      write the observed contract (OpenAPI 3.1) of a written report; comparing is probe --contract
 *   expectations  write an expectations file from a report's DEVIATES and ERROR cases, each reason to fill in
 *   operation     build, check or show an operation description
 *   cleanup       delete what a crashed run left on the target
 *   reference     serve the embedded reference service on a port of your own
 *   ui            the vitest UI over the suites
 *
 * Every setting a command reads is also a flag: the setting's name in lower case with dashes, e.g.
 *   npx subscription-conformance probe --base-url https://staging.example.com --rate 2 --max-requests 300
 * (--rate is REQUESTS_PER_SECOND, --timeout REQUEST_TIMEOUT_MS, --profile REFERENCE_PROFILE).
 * Settings come from defaults < .env < the environment < flags. Secrets (ACCESS_TOKEN, CLIENT_SECRET, ...) are
 * never taken from a flag, since any user of the machine can read a command line: use the environment, .env or
 * the _FILE setting.
 *
 *   npx subscription-conformance <command> --help       the command's own flags and the settings it reads
 *   npx subscription-conformance <command> --settings   the settings it would use, and where each came from
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
import { TOOL_ROOT } from '../lib/tool-root.js';
import { EXIT_CONFIG, headerHelp } from './support/usage.js';
import { COMMANDS, PROBE_NODE_FLAGS, type Command } from './support/commands.js';

export { COMMANDS, PROBE_NODE_FLAGS };

export type Parsed =
  | { kind: 'run'; command: string; args: string[] }
  | { kind: 'print'; text: string }
  | { kind: 'error'; message: string };

/**
 * The command line read into a command and its arguments, which the command reads itself (its own flags, settings
 * as flags, files, suite filters): the settings reach it on its command line, never through the environment. Pure,
 * for the tests.
 */
export function parseCommandLine(argv: readonly string[], usage: string): Parsed {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') return { kind: 'print', text: usage };
  if (first === '--version' || first === '-v') return { kind: 'print', text: version() };
  // The settings a probe would use, and where each came from: the question before a run.
  if (first === '--settings') return { kind: 'run', command: 'probe', args: ['--settings', ...rest] };
  const command = COMMANDS[first];
  if (command === undefined) {
    const meant = closest(first, Object.keys(COMMANDS));
    return {
      kind: 'error',
      message: `unknown command ${JSON.stringify(first)}${meant === undefined ? '' : `; did you mean ${meant}?`} (commands: ${Object.keys(COMMANDS).join(', ')})`,
    };
  }
  return { kind: 'run', command: first, args: [...(command.args ?? []), ...rest] };
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
  const child = spawn(process.execPath, [...childNodeArgs(command), ...parsed.args], { stdio: 'inherit' });
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
