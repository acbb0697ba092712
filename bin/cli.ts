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
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { editDistance } from '../lib/config/did-you-mean.js';
import { TOOL_ROOT } from '../lib/tool-root.js';
import { EXIT_CONFIG, headerHelp } from './support/usage.js';
import { COMMANDS, type Command } from './support/commands.js';

export { COMMANDS };

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
 * The command's entry point: compiled (this module is dist/bin/cli.js) its JavaScript beside it; from the sources
 * (the launcher has registered tsx), its TypeScript.
 */
export function commandEntry(command: Command, moduleUrl: string = import.meta.url): string {
  const compiled = moduleUrl.endsWith('.js');
  return fileURLToPath(new URL(`./${command.script}.${compiled ? 'js' : 'ts'}`, moduleUrl));
}

/**
 * Runs the command in this process, as `node <its entry point> ...args` would: the entry point reads its arguments
 * from process.argv, and sets its exit code itself. In this process rather than a child: a second node would start
 * and load its modules after this one had (about 0.1 s before the probe's first request, and this process's memory
 * beside the command's for the whole run); the probe sets its memory flags itself (./support/probe-memory.ts).
 */
async function run(parsed: Extract<Parsed, { kind: 'run' }>): Promise<void> {
  const command = COMMANDS[parsed.command];
  if (command === undefined) return;
  const entry = commandEntry(command);
  process.argv = [process.argv[0] ?? process.execPath, entry, ...parsed.args];
  try {
    await import(pathToFileURL(entry).href);
  } catch (error) {
    // A command reports its own errors, and one it did not foresee goes on as node reports it (exit 1); a module that
    // cannot be found is a build or an install missing a file.
    if ((error as { code?: unknown } | null)?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
    console.error(`subscription-conformance: could not start ${parsed.command}: ${(error as Error).message}`);
    process.exit(EXIT_CONFIG);
  }
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
  void run(parsed);
}
