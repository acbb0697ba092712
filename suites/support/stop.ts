/**
 * A run stopped while cases send (Ctrl-C, SIGTERM, a campaign's stop). Vitest's cancel skips the cases not started and
 * abandons the running ones: it aborts their signal and ends the file without waiting for them, then ends the worker.
 * A create such a case had on the wire would be answered after that, never recorded in the ledger, never deleted.
 *
 * So each suite file ends, when the run stopped, only once nothing it sent is still on the wire (bounded by the
 * request timeout): every create sent is then answered and in the ledger, whose end of run deletes it. And once the
 * run says it stops (lib/vitest/stop-channel.ts), the engine sends nothing new: an abandoned case's next request, or
 * a wait that would start after the presence matrix, is refused instead of sent.
 */
import { afterAll, beforeEach, inject } from 'vitest';
import { onRunStop } from '../../lib/vitest/stop-channel.js';
import type { ProbeContext } from './context.js';

/** The run said it stops: nothing new is sent. */
let stopped = false;
/** A case was abandoned by a cancel (the run's stop, or the UI's): its file waits for what it left on the wire. */
let abandoned = false;
let listening = false;

/** Whether the run stopped or cancelled its cases: nothing that only waits should start. */
export const runStopping = (): boolean => stopped || abandoned;

/** Registers, in the calling suite file (at its top, as it is collected), the waits a stopped run needs. */
export function settleWhenStopped(probe: ProbeContext): void {
  const stopChannel = inject('stopChannel');
  if (!listening && stopChannel !== undefined) {
    listening = true;
    onRunStop(stopChannel, () => {
      stopped = true;
      probe.engine.refuseNew('the run was stopped before the request was sent');
    });
  }
  beforeEach(({ signal }) => {
    // Vitest aborts a running case's signal with its TestRunAbortError when it cancels the run (a timeout aborts it too,
    // with another error).
    signal.addEventListener('abort', () => {
      if ((signal.reason as { name?: unknown } | undefined)?.name === 'TestRunAbortError') abandoned = true;
    });
  });
  const waitMs = probe.settings.pacing.requestTimeoutMs + SETTLE_MARGIN_MS;
  afterAll(async () => {
    if (!runStopping()) return;
    await probe.engine.settled(waitMs);
    abandoned = false;
  }, waitMs + SETTLE_MARGIN_MS);
}

/** Room past the request timeout for the answer's ledger line, and for the hook around it. */
const SETTLE_MARGIN_MS = 2_000;
