/**
 * globalSetup of the `suites` project: decides the target. With BASE_URL set, that is the target;
 * without it, the embedded reference service is started here on loopback and stopped at the end.
 * It also starts the notification receiver (unless NOTIFICATION_URL names another one) and the run's
 * cleanup ledger: leftovers of earlier runs are deleted first, this run's are reconciled at the end.
 */
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../lib/config/load-config.js';
import { openRunLedger } from '../../lib/ledger/open-run-ledger.js';
import { loadOperationFile } from '../../lib/operation/description/load.js';
import { OUTCOME_FILE_ENV, writeOutcome } from '../../lib/ledger/outcome-file.js';
import { startRunReceiver } from '../../lib/receiver/for-run.js';
import type { ReceiverControl } from '../../lib/receiver/client.js';
import { startEmbeddedTarget } from '../../reference/embedded-target.js';
import type { ReferenceService } from '../../reference/index.js';
import type { TargetRef } from '../../lib/case-record.js';
import type { Secret } from '../../lib/secret.js';
import type { BearerSource } from '../../lib/http/bearer.js';
import { startTokenBroker, type TokenBroker, type TokenBrokerAddress } from '../../lib/auth/broker.js';
import { clientCredentialsOptions, openTokenSource } from '../../lib/auth/from-config.js';
import { sharedTokenBroker } from '../../lib/auth/shared-broker.js';
import { runRedactor } from '../../lib/redaction/run-redactor.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The probe CLI has validated the configuration already; a plain `vitest --project suites` has not,
  // and a ConfigError here stops the run before any request with its one-line problems.
  const loaded = loadConfig();
  // The probe built the operation from OPENAPI and wrote it to this file; else it is OPERATION's.
  const builtFile = project.getProvidedContext().operationFile;
  const config = builtFile === undefined ? loaded : { ...loaded, operation: loadOperationFile(builtFile) };
  // The token source lives here, in the main process, whatever the worker does: bin/probe.ts has got the
  // first token already and hands its broker over; a plain vitest run gets it here (a TokenRequestError stops it).
  const shared = sharedTokenBroker();
  const options = shared === undefined && config.baseUrl !== undefined ? clientCredentialsOptions(config) : undefined;
  const ownBroker: TokenBroker | undefined = options === undefined ? undefined : await startTokenBroker(await openTokenSource(options));
  const broker = shared ?? ownBroker;
  if (broker !== undefined) project.provide('tokenBroker', { url: broker.url, key: broker.key });
  const receiver = await startRunReceiver(config);
  if (receiver !== undefined) {
    project.provide('receiverUrl', receiver.url);
    project.provide('receiverControl', { url: receiver.localUrl, key: receiver.controlKey });
  }
  let reference: ReferenceService | undefined;
  let token: Secret | BearerSource | undefined = broker?.source ?? config.accessToken;
  if (config.baseUrl !== undefined) {
    project.provide('target', { baseUrl: config.baseUrl, kind: 'configured' });
  } else {
    // The main thread's redaction step (console, final check of the files) learns the token as it is made.
    const embedded = await startEmbeddedTarget({
      profile: config.referenceProfile,
      accessToken: config.accessToken,
      redactor: runRedactor(),
    });
    reference = embedded.service;
    token = embedded.token;
    project.provide('target', {
      baseUrl: reference.url,
      kind: 'embedded-reference',
      referenceProfile: config.referenceProfile,
    });
    project.provide('referenceToken', embedded.token.reveal());
    console.log(`target: embedded reference service at ${reference.url} (profile ${config.referenceProfile})`);
  }
  const kind = reference === undefined ? 'configured' : 'embedded-reference';
  const ledger = await openRunLedger({ config, target: { baseUrl: reference?.url ?? config.baseUrl ?? '', kind }, token });
  project.provide('ledger', { file: ledger.file, runId: ledger.runId });
  return async () => {
    try {
      // Before the reference stops: its leftovers are deleted while it can answer. What is still left
      // goes to bin/probe.ts, which puts it in the reports (written before this teardown) and fails the run.
      const { outcome } = await ledger.reconcile();
      const outcomeFile = process.env[OUTCOME_FILE_ENV];
      if (outcomeFile !== undefined && outcomeFile !== '') writeOutcome(outcomeFile, outcome);
    } finally {
      await receiver?.close();
      await reference?.close();
      await ownBroker?.close();
    }
  };
}

export type TargetInfo = TargetRef;

declare module 'vitest' {
  export interface ProvidedContext {
    target: TargetInfo;
    /** Only for the embedded reference service: the token it was started with. */
    referenceToken: string;
    /** The notificationUrl of the probe's own receiver; absent when NOTIFICATION_URL names another. */
    receiverUrl?: string;
    /** Where a worker reads the receiver's notifications (lib/receiver/client.ts); absent with NOTIFICATION_URL. */
    receiverControl?: ReceiverControl;
    /** The run's token broker (lib/auth/broker.ts) when the token is got by client credentials. */
    tokenBroker?: TokenBrokerAddress;
    /** The operation description the probe built from OPENAPI (bin/probe.ts); absent: OPERATION's. */
    operationFile?: string;
    /** Where the worker appends every exchange and the case that sent it, for the run's HAR (lib/har/exchange-log.ts). */
    exchangeLog?: string;
    /** This run's cleanup ledger file (lib/ledger). */
    ledger: { file: string; runId: string };
    /**
     * A whole run (bin/probe.ts: no file filter, no shard): cases that only wait may start before their
     * file, beside the cases that send (suites/support/handshake-cases.ts).
     */
    startWaitsEarly?: boolean;
  }
}
