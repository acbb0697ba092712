/**
 * The suites' pool when a process runs the suites more than once (each operation of a campaign, the self-tests' runs
 * in process): vitest's `threads` pool, except that the thread a run ends is kept and the next run starts in it.
 *
 * Why: vitest's pool ends the suites' thread when the run ends, and the next run's new thread loads vitest's runtime,
 * the packages and lib/ again: about 0.45 s of CPU a run, most of what a short run costs. A kept thread has them
 * loaded; what each run must have new, it has (lib/vitest/kept-thread-entry.mjs): every module evaluated through
 * vitest (the suites and their support, which hold the run's state) is evaluated again, the test environment is set
 * up again, and the run's RPC is the run's. lib/ compiled stays loaded, so its modules hold no run's state: each
 * setting a run gives them is given again by every run (`judgeRefusalsBy`), and what they keep is computed from their
 * arguments alone (compiled validators and patterns).
 *
 * A thread is kept only for a run of the same node flags and environment, and for at most `MAX_RUNS` runs: past that
 * it ends, so that what a run left behind in it (a timer, a socket) cannot pile up; at most `MAX_IDLE` wait at a time.
 * A waiting thread does not hold the process open (unref), and `endKeptThreads` ends the waiting ones once no run
 * follows (a campaign's end).
 *
 * Built on vitest's custom pool API (`PoolRunnerInitializer`, `vitest/worker`), experimental in vitest 4.1: this module
 * and the entry do what its `threads` pool worker and that worker's entry do, but for the thread's end, and
 * test/kept-threads.test.ts holds that a run in a kept thread, after a run against another rule, finds what the same
 * run finds in a new thread.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PoolOptions, PoolRunnerInitializer, PoolWorker } from 'vitest/node';
import { TOOL_ROOT } from '../tool-root.js';

const ENTRY = join(TOOL_ROOT, 'lib', 'vitest', 'kept-thread-entry.mjs');
/** Runs a thread serves before it ends. */
const MAX_RUNS = 40;
/** Threads kept waiting at most: more are kept only while runs go on at once (the self-tests' concurrent cases). */
const MAX_IDLE = 2;
const NAME = 'kept-threads';
const VITEST_IDS = new Set(['VITEST_POOL_ID', 'VITEST_WORKER_ID']);

interface Kept {
  thread: Worker;
  key: string;
  runs: number;
}

/** Threads between runs, by node flags and environment. */
const idle: Kept[] = [];

/** Ends every thread waiting for a run (a campaign's last run is over). */
export async function endKeptThreads(): Promise<void> {
  await Promise.all(idle.splice(0).map((k) => k.thread.terminate()));
}

const started = { threads: 0, runs: 0 };

/** Threads started and runs started in them since the process began, and the threads waiting for a run now. */
export const keptThreadCounts = (): { threads: number; runs: number; idle: number } => ({ ...started, idle: idle.length });

export function keptThreads(): PoolRunnerInitializer {
  return { name: NAME, createPoolWorker: (options) => new KeptThreadWorker(options) };
}

type Listener = (arg: unknown) => void;

class KeptThreadWorker implements PoolWorker {
  readonly name = NAME;
  readonly #key: string;
  readonly #execArgv: string[];
  readonly #env: Partial<NodeJS.ProcessEnv>;
  #kept: Kept | undefined;
  /** What vitest listens to on the thread: taken off at stop, as ending the thread would. */
  readonly #listeners: [event: string, callback: Listener][] = [];
  /**
   * The thread said it stopped, without an error: its run is over and its environment torn down. A run stopped by
   * force (a second Ctrl-C) or a thread that failed never says so, and such a thread ends instead of waiting.
   */
  #stoppedCleanly = false;
  readonly #onMessage = (message: unknown): void => {
    const m = message as { __vitest_worker_response__?: unknown; type?: unknown; error?: unknown } | null;
    if (m?.__vitest_worker_response__ === true && m.type === 'stopped') this.#stoppedCleanly = m.error === undefined;
  };

  constructor(options: PoolOptions) {
    this.#execArgv = options.execArgv;
    this.#env = options.env;
    // The environment but vitest's ids of the pool and the worker, which vitest's worker sets itself at each start and
    // each file, and which differ from one file of the self-tests to the next.
    const env = Object.entries(options.env).filter(([name]) => !VITEST_IDS.has(name));
    this.#key = JSON.stringify([options.execArgv, env]);
  }

  async start(): Promise<void> {
    if (this.#kept !== undefined) return;
    const at = idle.findIndex((k) => k.key === this.#key);
    const kept = at >= 0 ? idle.splice(at, 1)[0] : undefined;
    this.#kept = kept ?? this.#newThread();
    this.#kept.thread.ref();
    this.#kept.thread.on('message', this.#onMessage);
    this.#stoppedCleanly = false;
    this.#kept.runs += 1;
    started.runs += 1;
  }

  #newThread(): Kept {
    // What the suites print goes to this process's stdout and stderr as node pipes it, not through streams of vitest's
    // logger as its `threads` pool does: a worker's own stdio streams, once read, hold the process open after unref.
    // vitest's logger writes to the process's streams (the run gives it no others), so the lines are the same.
    const thread = new Worker(ENTRY, { env: this.#env, execArgv: this.#execArgv });
    const kept = { thread, key: this.#key, runs: 0 };
    started.threads += 1;
    // A thread that ends while it waits (an error in what a run left behind) is not handed to the next run.
    thread.once('exit', () => {
      const at = idle.indexOf(kept);
      if (at >= 0) idle.splice(at, 1);
    });
    return kept;
  }

  async stop(): Promise<void> {
    const kept = this.#kept;
    if (kept === undefined) return;
    this.#kept = undefined;
    for (const [event, callback] of this.#listeners.splice(0)) kept.thread.off(event, callback);
    kept.thread.off('message', this.#onMessage);
    if (!this.#stoppedCleanly || kept.runs >= MAX_RUNS || idle.length >= MAX_IDLE) {
      await kept.thread.terminate();
      return;
    }
    kept.thread.unref();
    idle.push(kept);
  }

  on(event: string, callback: Listener): void {
    this.#listeners.push([event, callback]);
    this.#thread().on(event, callback);
  }

  off(event: string, callback: Listener): void {
    const at = this.#listeners.findIndex(([e, c]) => e === event && c === callback);
    if (at >= 0) this.#listeners.splice(at, 1);
    this.#kept?.thread.off(event, callback);
  }

  send(message: unknown): void {
    this.#thread().postMessage(message);
  }

  deserialize(data: unknown): unknown {
    return data;
  }

  #thread(): Worker {
    if (this.#kept === undefined) throw new Error('the suites thread was not started');
    return this.#kept.thread;
  }
}
