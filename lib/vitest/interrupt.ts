/**
 * Ctrl-C during a probe run. The first ends the run the way a run should end: no new case starts, the cases
 * running finish, the run's subscriptions are deleted at teardown and the reports say where it stopped. A second
 * one ends the process at once, and what the run created and did not delete stays in the ledger for
 * `npm run cleanup`. Vitest's own handler ends the process at the first, before its teardown deletes anything,
 * so it is taken out.
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

export class InterruptOnce implements Reporter {
  /** When the first Ctrl-C came, if one did. */
  private firstAt: number | undefined;

  constructor(private readonly options: InterruptOptions) {}

  get interrupted(): boolean {
    return this.firstAt !== undefined;
  }

  onInit(vitest: Vitest): void {
    for (const listener of process.listeners('SIGINT')) process.off('SIGINT', listener);
    process.on('SIGINT', () => this.press(() => void vitest.cancelCurrentRun('keyboard-input')));
  }

  /** One SIGINT; `cancel` stops the run. Public for the tests. */
  press(cancel: () => void): void {
    const { say, ledgerDir, exit = (code) => process.exit(code), now = Date.now } = this.options;
    if (this.firstAt === undefined) {
      this.firstAt = now();
      say("probe: Ctrl-C: no new case starts; the cases running finish, this run's subscriptions are deleted and the reports written (Ctrl-C again stops at once)");
      cancel();
      return;
    }
    if (now() - this.firstAt < SAME_PRESS_MS) return;
    say(`probe: stopped at once: what this run created and did not delete stays listed in the ledger (${ledgerDir}); npm run cleanup deletes it`);
    exit(130);
  }
}
