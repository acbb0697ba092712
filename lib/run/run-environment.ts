/**
 * What a run of the suites stands on besides the suites: the target (a configured BASE_URL, or an embedded reference
 * service started for the run), the probe's notification receiver (unless NOTIFICATION_URL names another), and the
 * run's cleanup ledger (leftovers of earlier runs deleted first, this run's reconciled at the end). Started by the run
 * in its own process before vitest (lib/run/execute-run.ts), and handed to the worker through
 * `provide`: loaded as the run's own modules, compiled when the command is, instead of by vitest's module runner at
 * each start.
 */
import type { TokenBroker } from '../auth/broker.js';
import { networkInfo } from '../config/network-info.js';
import type { Settings } from '../config/types.js';
import type { BearerSource } from '../http/bearer.js';
import { openRunLedger } from '../ledger/open-run-ledger.js';
import { writeOutcome } from '../ledger/outcome-file.js';
import { startRunReceiver } from '../receiver/for-run.js';
import { writeValidationSpelling } from '../receiver/validation-spelling.js';
import type { Secret } from '../secret.js';
import { RunStartError } from '../errors.js';
import type { ProvidedContext } from 'vitest';
import type { RunFiles } from './provided-context.js';
import type { TargetRef } from '../case-record.js';

/** An embedded reference service started for one run (the command's: reference/embedded-target.ts). */
export interface EmbeddedService {
  url: string;
  close: () => Promise<void>;
}

/** Starts the embedded reference of `profile`, accepting `token` only. lib does not import the reference service. */
export type StartEmbedded = (profile: string, token: Secret) => Promise<EmbeddedService>;

export interface RunEnvironmentOptions {
  settings: Settings;
  runFiles: RunFiles;
  /** The embedded reference's one token (BASE_URL unset, or the campaign's shared reference). */
  referenceToken: Secret | undefined;
  broker: TokenBroker | undefined;
  /** How to start the embedded reference when BASE_URL is unset. */
  startEmbedded: StartEmbedded | undefined;
  log: (line: string) => void;
}

/** What the suites are given of the environment: the second group of lib/run/provided-context.ts, as declared there. */
export type EnvironmentProvide = Pick<ProvidedContext, 'target' | 'receiverUrl' | 'receiverControl' | 'ledger'>;

export interface RunEnvironment {
  provide: EnvironmentProvide;
  /**
   * The end of the run: the ledger reconciled while the target still answers (what is left goes to the run through
   * `runFiles.outcome`), the receiver's tally of validation spellings written, then the receiver and the reference
   * stopped. Once only, however many call it.
   */
  close: () => Promise<void>;
}

type Target = { ref: TargetRef; token: Secret | BearerSource | undefined; reference?: EmbeddedService };

async function startTarget(o: RunEnvironmentOptions): Promise<Target> {
  const { settings, log } = o;
  const { target } = settings;
  const token = o.broker !== undefined ? o.broker.source : settings.credentials.accessToken;
  if (target.baseUrl !== undefined && target.sharedReference === true && o.referenceToken !== undefined) {
    // The campaign's own reference: started and stopped by the campaign, read as the embedded reference it is.
    log(`target: embedded reference service at ${target.baseUrl} (profile ${target.referenceProfile}), shared by the campaign's runs`);
    return {
      ref: { baseUrl: target.baseUrl, kind: 'embedded-reference', referenceProfile: target.referenceProfile },
      token: o.referenceToken,
    };
  }
  if (target.baseUrl !== undefined) {
    const network = networkInfo(settings);
    return { ref: { baseUrl: target.baseUrl, kind: 'configured', ...(network !== undefined ? { network } : {}) }, token };
  }
  if (o.referenceToken === undefined || o.startEmbedded === undefined) {
    throw new Error('a run with no BASE_URL is given the embedded reference and its token (startEmbedded, referenceToken)');
  }
  const reference = await o.startEmbedded(target.referenceProfile, o.referenceToken);
  log(`target: embedded reference service at ${reference.url} (profile ${target.referenceProfile})`);
  return {
    ref: { baseUrl: reference.url, kind: 'embedded-reference', referenceProfile: target.referenceProfile },
    token: o.referenceToken,
    reference,
  };
}

/** `start`, its failure one line naming what could not be started (a file system error names its path, never a secret). */
async function started<T>(what: string, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    if (error instanceof Error && !(error instanceof RunStartError)) {
      throw new RunStartError(`could not start ${what}: ${error.message.split('\n')[0] ?? ''}`);
    }
    throw error;
  }
}

export async function startRunEnvironment(o: RunEnvironmentOptions): Promise<RunEnvironment> {
  const { settings, log, runFiles } = o;
  const receiver = await started("the probe's notification receiver", () => startRunReceiver(settings, log));
  let target: Target | undefined;
  try {
    const t = await started('the target', () => startTarget(o));
    target = t;
    const { ref } = t;
    const ledger = await started(`the cleanup ledger in LEDGER_DIR (${settings.reports.ledgerDir})`, () =>
      openRunLedger({ settings, target: { baseUrl: ref.baseUrl, kind: ref.kind }, token: t.token, log }),
    );
    const reference = t.reference;
    let closing: Promise<void> | undefined;
    const close = async (): Promise<void> => {
      try {
        // Before the reference stops: its leftovers are deleted while it can answer. What is still left goes to the
        // run, which puts it in the reports (written after this) and fails the run.
        const { outcome } = await ledger.reconcile();
        if (runFiles.outcome !== undefined) writeOutcome(runFiles.outcome, outcome);
      } finally {
        // Every validation request of the run, whichever case's create caused it: the report says how it was spelled.
        if (runFiles.validation !== undefined) writeValidationSpelling(runFiles.validation, receiver?.validationSpelling());
        await receiver?.close();
        await reference?.close();
      }
    };
    return {
      provide: {
        target: ref,
        ...(receiver !== undefined
          ? { receiverUrl: receiver.url, receiverControl: { url: receiver.localUrl, key: receiver.controlKey } }
          : {}),
        ledger: { file: ledger.file, runId: ledger.runId },
      },
      close: () => (closing ??= close()),
    };
  } catch (error) {
    // A start that failed half-way stops what it started.
    await receiver?.close();
    await target?.reference?.close();
    throw error;
  }
}
