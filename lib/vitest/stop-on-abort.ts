/**
 * Stops a probe run the way a run should end when its caller aborts it (the command's first Ctrl-C or SIGTERM):
 * no new case starts, what is on the wire is answered (suites/support/stop.ts), what the run created is deleted at teardown and the reports
 * say where it stopped. Vitest's own signal handlers end the process at the first signal, before its teardown
 * deletes anything: the ones it adds while it starts are taken out, and the command's own are left in place.
 * Taken out as they are added (holdSignals), not once vitest has started: a Ctrl-C in between would reach them.
 */
import type { Reporter, Vitest } from 'vitest/node';

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

export class StopOnAbort implements Reporter {
  readonly #signal: AbortSignal | undefined;
  /** The signal handlers there were before vitest started: the caller's. */
  readonly #before = new Map(SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
  #stopped: { by: string; at: Date } | undefined;
  #vitest: Vitest | undefined;
  #firstQueued = false;
  #holding: ((event: string | symbol, listener: (...args: unknown[]) => void) => void) | undefined;

  readonly #onStop: (() => void) | undefined;

  /** `onStop` is called once, as the run is cancelled: before vitest abandons the cases running. */
  constructor(signal: AbortSignal | undefined, onStop?: () => void) {
    this.#signal = signal;
    this.#onStop = onStop;
  }

  /** What stopped the run, in the words its lines use ("Ctrl-C", "SIGTERM"); undefined when nothing did. */
  get stoppedBy(): string | undefined {
    return this.#stopped?.by;
  }

  /** When the run was stopped. */
  get stoppedAt(): Date | undefined {
    return this.#stopped?.at;
  }

  /**
   * From now until vitest has started (onInit), a listener added for SIGINT or SIGTERM is taken out again before any
   * signal can reach it: Node adds it synchronously and delivers signals from its event loop, after this microtask.
   */
  holdSignals(): void {
    if (this.#holding !== undefined) return;
    this.#holding = (event, listener) => {
      if (event === 'SIGINT' || event === 'SIGTERM') queueMicrotask(() => process.off(event, listener));
    };
    process.on('newListener', this.#holding);
  }

  /** Ends holdSignals: at onInit, or when vitest could not start and never called it. */
  releaseSignals(): void {
    if (this.#holding !== undefined) process.off('newListener', this.#holding);
    this.#holding = undefined;
  }

  onInit(vitest: Vitest): void {
    this.#vitest = vitest;
    this.releaseSignals();
    for (const signal of SIGNALS) {
      for (const listener of process.listeners(signal)) if (!this.#before.get(signal)?.has(listener)) process.off(signal, listener);
    }
    const signal = this.#signal;
    if (signal === undefined) return;
    const stop = (): void => {
      this.#stopped ??= { by: typeof signal.reason === 'string' ? signal.reason : 'a stop request', at: new Date() };
      this.#onStop?.();
      void vitest.cancelCurrentRun('keyboard-input');
    };
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
  }

  /**
   * A stop that came while vitest was still starting cancelled no run (there was none yet), and one asked for until
   * the run has started is undone by it (vitest clears its cancelling state after onTestRunStart): the run is then
   * cancelled again when its first file is queued, so that no case begins after the caller asked to stop. Only then:
   * a cancel asked for while files are queued leaves the later files unreported, and a stopped run names their
   * cases as not run.
   */
  onTestModuleQueued(): void {
    if (this.#firstQueued) return;
    this.#firstQueued = true;
    if (this.#stopped !== undefined) void this.#vitest?.cancelCurrentRun('keyboard-input');
  }
}
