/**
 * The probe's stop signals, held from the process's start: imported first by its entry point, so that a Ctrl-C while
 * the probe still loads its modules and reads its settings is taken too. Until the run hands over its own handler
 * (InterruptOnce), nothing has been sent or created: the process ends at once, saying so, with the code of a process
 * a signal ended.
 *
 * One listener per signal for the whole process, its action swapped: a listener removed and another added in its
 * place loses a signal that arrives between them (Node closes the signal's handle with the last listener), and that
 * Ctrl-C is then never seen.
 */
import { SIGNAL_EXIT, type StopSignal } from './interrupt.js';

export { SIGNAL_EXIT };

let action = (signal: StopSignal): void => {
  console.log(`probe: ${signal === 'SIGINT' ? 'Ctrl-C' : signal} before the run started: nothing was sent and no report was written`);
  process.exit(SIGNAL_EXIT[signal]);
};

process.on('SIGINT', () => action('SIGINT'));
process.on('SIGTERM', () => action('SIGTERM'));

/** From here on, a stop signal does what `next` does. */
export function handOverStop(next: (signal: StopSignal) => void): void {
  action = next;
}
