/**
 * Runs CHANGE_COMMAND: a shell command line that makes the watched drive change (a file upload, a
 * script of the user's), bounded in time. The command may hold a credential, so nothing here echoes it;
 * what it printed is kept only as a short tail, scrubbed of the probe's token, to say why it failed.
 */
import { spawn } from 'node:child_process';
import { scrub } from '../redaction/scrub.js';
import type { Secret } from '../secret.js';

export interface CommandResult {
  /** Exited 0 within the time allowed. */
  ok: boolean;
  exitCode: number | null;
  /** Killed because it ran past timeoutMs. */
  timedOut: boolean;
  durationMs: number;
  /** The last lines it wrote to stderr (or stdout when stderr is empty), at most TAIL_CHARS. */
  outputTail: string;
  /** Could not be started at all (e.g. no shell). */
  spawnError?: string;
}

export interface RunCommandOptions {
  /** Added to the probe's own environment. */
  env: Record<string, string>;
  timeoutMs: number;
  /** Removed from the output tail. */
  secret?: Secret | undefined;
}

const TAIL_CHARS = 300;

function tail(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > TAIL_CHARS ? `...${trimmed.slice(-TAIL_CHARS)}` : trimmed;
}

/** Runs `command` with `sh -c`; resolves (never rejects) when it ends or is killed at the timeout. */
export function runCommand(command: string, options: RunCommandOptions): Promise<CommandResult> {
  if (!(Number.isFinite(options.timeoutMs) && options.timeoutMs > 0)) {
    throw new RangeError(`runCommand: timeoutMs must be a positive number of milliseconds, got ${String(options.timeoutMs)}`);
  }
  const started = performance.now();
  return new Promise((resolve) => {
    // Its own process group, so that a timeout kills what the shell started too (curl, node, ...).
    const child = spawn('sh', ['-c', command], {
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    // Keep a bounded tail: a chatty command must not grow the worker's memory.
    const keep = (text: string, chunk: Buffer): string => (text + chunk.toString('utf8')).slice(-4 * TAIL_CHARS);
    child.stdout.on('data', (chunk: Buffer) => (stdout = keep(stdout, chunk)));
    child.stderr.on('data', (chunk: Buffer) => (stderr = keep(stderr, chunk)));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL'); // the group is gone already: the shell alone, if still there
      }
    }, options.timeoutMs);
    const finish = (exitCode: number | null, spawnError?: string): void => {
      clearTimeout(timer);
      const durationMs = Math.round(performance.now() - started);
      const outputTail = scrub(tail(stderr.trim() !== '' ? stderr : stdout), options.secret);
      resolve({
        ok: !timedOut && exitCode === 0 && spawnError === undefined,
        exitCode,
        timedOut,
        durationMs,
        outputTail,
        ...(spawnError !== undefined ? { spawnError } : {}),
      });
    };
    child.once('error', (error) => finish(null, error.message));
    child.once('close', (code) => finish(code));
  });
}

/** One line for a report: how the command ended, never the command itself. */
export function describeCommandResult(result: CommandResult, timeoutMs: number): string {
  const output = result.outputTail === '' ? '' : `; its output ends: ${JSON.stringify(result.outputTail)}`;
  if (result.spawnError !== undefined) return `CHANGE_COMMAND could not be started: ${result.spawnError}`;
  if (result.timedOut) return `CHANGE_COMMAND ran past CHANGE_COMMAND_TIMEOUT_SECONDS (${timeoutMs / 1000} s) and was killed${output}`;
  if (result.exitCode !== 0) return `CHANGE_COMMAND exited ${result.exitCode ?? 'by a signal'} after ${result.durationMs} ms${output}`;
  return `CHANGE_COMMAND exited 0 after ${result.durationMs} ms`;
}
