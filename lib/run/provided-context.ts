/**
 * What a probe run hands to the suites' worker (and globalSetup's guard), through vitest's `provide`/`inject`
 * (the one channel: never the environment variables). The run provides both groups: its own, and what it started
 * for the suites to stand on (lib/run/run-environment.ts).
 */
import type { TokenBrokerAddress } from '../auth/broker.js';
import type { TargetRef } from '../case-record.js';
import type { SettingsWire } from '../config/wire.js';
import type { ReceiverControl } from '../receiver/client.js';

/** Files the run's environment and worker write and the run reads: a single run's in a temporary folder, a shard's in REPORT_DIR. */
export interface RunFiles {
  /** Where the environment's end leaves what the run could not delete (lib/ledger/outcome-file.ts). */
  outcome?: string;
  /** Where the worker appends every exchange and the case that sent it, for the run's HAR (lib/har/exchange-log.ts). */
  exchangeLog?: string;
  /** Where the environment's end leaves the receiver's tally of the validation parameter's spellings (lib/receiver/validation-spelling.ts). */
  validation?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's settings, read once by the command (lib/config/wire.ts). */
    settings: SettingsWire;
    runFiles: RunFiles;
    /** Where the worker says how many requests it has sent, as it sends them (lib/vitest/request-progress.ts). */
    progressChannel?: string;
    /** The run's token broker (lib/auth/broker.ts) when the token is got by client credentials. */
    tokenBroker?: TokenBrokerAddress;
    /**
     * A whole run (no file filter, no shard): cases that only wait may start before their file, beside the
     * cases that send (suites/support/handshake-cases.ts).
     */
    startWaitsEarly?: boolean;
    /** Where the run says it stops (lib/vitest/stop-channel.ts): the worker then sends nothing new. */
    stopChannel?: string;
    /**
     * The one token the embedded reference accepts (BASE_URL unset): ACCESS_TOKEN, or one the run made and told its
     * redaction step before handing it over, so no other copy of lib has to learn it.
     */
    referenceToken?: string;

    // What the run's environment gives (lib/run/run-environment.ts):
    target: TargetRef;
    /** The notificationUrl of the probe's own receiver; absent when NOTIFICATION_URL names another. */
    receiverUrl?: string;
    /** Where a worker reads the receiver's notifications (lib/receiver/client.ts); absent with NOTIFICATION_URL. */
    receiverControl?: ReceiverControl;
    /** This run's cleanup ledger file (lib/ledger). */
    ledger: { file: string; runId: string };
  }
}
