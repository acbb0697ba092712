/**
 * Ctrl-C (or SIGTERM, as a CI job's timeout or cancel sends) during a probe run. The first asks the run to stop
 * the way a run should end (lib/vitest/stop-on-abort.ts): nothing new is sent, what is on the wire is answered, the run's
 * subscriptions are deleted and the reports say where it stopped. A second one ends the process at once, and
 * what the run created and did not delete stays in the ledger for the cleanup command.
 */

/** A second SIGINT this soon after the first is the same Ctrl-C delivered twice (to the process group and passed on). */
const SAME_PRESS_MS = 1_000;

export interface InterruptOptions {
  say: (line: string) => void;
  /** Where what the run created is listed. */
  ledgerDir: string;
  /** The cleanup command as the user would type it. */
  cleanup: string;
  exit?: (code: number) => void;
  now?: () => number;
}

export type StopSignal = 'SIGINT' | 'SIGTERM';

/** How the run's lines name each signal. */
const SIGNAL_WORDS: Readonly<Record<StopSignal, string>> = { SIGINT: 'Ctrl-C', SIGTERM: 'SIGTERM' };
/** The exit code of a process a signal ended (128 + its number), as a shell reports it. */
export const SIGNAL_EXIT: Readonly<Record<StopSignal, number>> = { SIGINT: 130, SIGTERM: 143 };

export class InterruptOnce {
  readonly #controller = new AbortController();
  /** The first stop signal, and when it came. */
  #first: { signal: StopSignal; at: number } | undefined;

  constructor(private readonly options: InterruptOptions) {}

  /** Aborted at the first signal, with what stopped the run as its reason ("Ctrl-C", "SIGTERM"). */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** One stop signal (bin/support/early-stop.ts hands the process's signals to it). */
  press(signal: StopSignal = 'SIGINT'): void {
    const { say, ledgerDir, exit = (code) => process.exit(code), now = Date.now } = this.options;
    if (this.#first === undefined) {
      this.#first = { signal, at: now() };
      const again = signal === 'SIGINT' ? 'Ctrl-C again' : 'a second signal';
      say(
        `probe: ${SIGNAL_WORDS[signal]}: nothing new is sent; what is on the wire is answered, what this run created is deleted and the reports written (${again} stops at once)`,
      );
      this.#controller.abort(SIGNAL_WORDS[signal]);
      return;
    }
    if (now() - this.#first.at < SAME_PRESS_MS) return;
    say(
      `probe: stopped at once: what this run created and did not delete stays listed in the ledger (${ledgerDir}); ${this.options.cleanup} deletes it`,
    );
    exit(SIGNAL_EXIT[signal]);
  }
}
