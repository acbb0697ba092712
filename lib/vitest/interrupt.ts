/**
 * Ctrl-C (or SIGTERM, as a CI job's timeout or cancel sends) during a probe run. The first ends the run the way
 * a run should end: no new case starts, the cases running finish, the run's subscriptions are deleted at teardown
 * and the reports say where it stopped. A second one ends the process at once, and what the run created and did
 * not delete stays in the ledger for `npm run cleanup`. Vitest's own handlers end the process at the first,
 * before its teardown deletes anything, so they are taken out.
 */
import type { Reporter, Vitest } from 'vitest/node';

/** A second SIGINT this soon after the first is the same Ctrl-C delivered twice (to the process group and passed on). */
const SAME_PRESS_MS = 1_000;

export interface InterruptOptions {
  say: (line: string) => void;
  /** Where what the run created is listed. */
  ledgerDir: string;
  exit?: (code: number) => void;
  now?: () => number;
}

type StopSignal = 'SIGINT' | 'SIGTERM';

/** How the run's lines name each signal. */
const SIGNAL_WORDS: Readonly<Record<StopSignal, string>> = { SIGINT: 'Ctrl-C', SIGTERM: 'SIGTERM' };
/** The exit code of a process a signal ended (128 + its number), as a shell reports it. */
const SIGNAL_EXIT: Readonly<Record<StopSignal, number>> = { SIGINT: 130, SIGTERM: 143 };

export class InterruptOnce implements Reporter {
  /** The first stop signal, and when it came. */
  private first: { signal: StopSignal; at: number } | undefined;

  constructor(private readonly options: InterruptOptions) {}

  get interrupted(): boolean {
    return this.first !== undefined;
  }

  /** What stopped the run, in the words its lines use ("Ctrl-C", "SIGTERM"); undefined when nothing did. */
  get stoppedBy(): string | undefined {
    return this.first === undefined ? undefined : SIGNAL_WORDS[this.first.signal];
  }

  onInit(vitest: Vitest): void {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      for (const listener of process.listeners(signal)) process.off(signal, listener);
      process.on(signal, () => this.press(() => void vitest.cancelCurrentRun('keyboard-input'), signal));
    }
  }

  /** One stop signal; `cancel` stops the run. Public for the tests. */
  press(cancel: () => void, signal: StopSignal = 'SIGINT'): void {
    const { say, ledgerDir, exit = (code) => process.exit(code), now = Date.now } = this.options;
    if (this.first === undefined) {
      this.first = { signal, at: now() };
      const again = signal === 'SIGINT' ? 'Ctrl-C again' : 'a second signal';
      say(
        `probe: ${SIGNAL_WORDS[signal]}: no new case starts; the cases running finish, this run's subscriptions are deleted and the reports written (${again} stops at once)`,
      );
      cancel();
      return;
    }
    if (now() - this.first.at < SAME_PRESS_MS) return;
    say(
      `probe: stopped at once: what this run created and did not delete stays listed in the ledger (${ledgerDir}); npm run cleanup deletes it`,
    );
    exit(SIGNAL_EXIT[signal]);
  }
}
