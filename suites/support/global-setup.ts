/**
 * globalSetup of the `suites` project: decides the target. With BASE_URL set, that is the target;
 * without it, the embedded reference service is started here on loopback and stopped at the end.
 * It also starts the notification receiver (unless NOTIFICATION_URL names another one) and the run's
 * cleanup ledger: leftovers of earlier runs are deleted first, this run's are reconciled at the end.
 * The settings come from the run (lib/run/run-probe.ts) by `provide`, read once by the command.
 */
import { networkInfo } from '../../lib/config/network-info.js';
import type { TestProject } from 'vitest/node';
import { TokenBrokerClient } from '../../lib/auth/broker-client.js';
import { settingsFromWire } from '../../lib/config/wire.js';
import type { BearerSource } from '../../lib/http/bearer.js';
import { openRunLedger } from '../../lib/ledger/open-run-ledger.js';
import { writeOutcome } from '../../lib/ledger/outcome-file.js';
import { startRunReceiver } from '../../lib/receiver/for-run.js';
import { writeValidationSpelling } from '../../lib/receiver/validation-spelling.js';
import '../../lib/run/provided-context.js';
import { runLogWriter } from '../../lib/run/run-log.js';
import { Secret } from '../../lib/secret.js';
import { startEmbeddedTarget } from '../../reference/embedded-target.js';
import type { ReferenceService } from '../../reference/index.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const provided = project.getProvidedContext();
  // Only a probe run hands the suites their settings; vitest started by hand would probe with none.
  if (provided.settings === undefined) {
    throw new Error('the conformance suites run through the probe command: npx subscription-conformance probe');
  }
  const settings = settingsFromWire(provided.settings);
  // The run prints these lines with its own (lib/run/run-log.ts); a run that gave no channel, on the console.
  const writer = provided.logChannel === undefined ? undefined : runLogWriter(provided.logChannel);
  const log = writer?.log ?? ((line: string) => console.log(line));
  const { target } = settings;
  // The token source lives in the main process: the run got the first token and serves it by its broker.
  const broker = provided.tokenBroker;
  const receiver = await startRunReceiver(settings, log);
  if (receiver !== undefined) {
    project.provide('receiverUrl', receiver.url);
    project.provide('receiverControl', { url: receiver.localUrl, key: receiver.controlKey });
  }
  let reference: ReferenceService | undefined;
  let token: Secret | BearerSource | undefined = broker !== undefined ? new TokenBrokerClient(broker) : settings.credentials.accessToken;
  let kind: 'configured' | 'embedded-reference' = 'configured';
  if (target.baseUrl !== undefined && target.sharedReference === true && provided.referenceToken !== undefined) {
    // The campaign's own reference: started and stopped by the campaign, read as the embedded reference it is.
    kind = 'embedded-reference';
    token = new Secret(provided.referenceToken);
    project.provide('target', { baseUrl: target.baseUrl, kind, referenceProfile: target.referenceProfile });
    log(`target: embedded reference service at ${target.baseUrl} (profile ${target.referenceProfile}), shared by the campaign's runs`);
  } else if (target.baseUrl !== undefined) {
    const network = networkInfo(settings);
    project.provide('target', { baseUrl: target.baseUrl, kind: 'configured', ...(network !== undefined ? { network } : {}) });
  } else {
    // The run made the token and told its redaction step (console, final check of the files) before handing it here.
    if (provided.referenceToken === undefined) throw new Error('the run gives the embedded reference its token (referenceToken)');
    const embedded = await startEmbeddedTarget({ profile: target.referenceProfile, token: new Secret(provided.referenceToken) });
    reference = embedded.service;
    token = embedded.token;
    project.provide('target', { baseUrl: reference.url, kind: 'embedded-reference', referenceProfile: target.referenceProfile });
    log(`target: embedded reference service at ${reference.url} (profile ${target.referenceProfile})`);
    kind = 'embedded-reference';
  }
  const ledger = await openRunLedger({ settings, target: { baseUrl: reference?.url ?? target.baseUrl ?? '', kind }, token, log });
  project.provide('ledger', { file: ledger.file, runId: ledger.runId });
  return async () => {
    try {
      // Before the reference stops: its leftovers are deleted while it can answer. What is still left goes to
      // the run, which puts it in the reports (written after this teardown) and fails the run.
      const { outcome } = await ledger.reconcile();
      const outcomeFile = provided.runFiles.outcome;
      if (outcomeFile !== undefined) writeOutcome(outcomeFile, outcome);
    } finally {
      // Every validation request of the run, whichever case's create caused it: the report says how it was spelled.
      const validationFile = provided.runFiles.validation;
      if (validationFile !== undefined) writeValidationSpelling(validationFile, receiver?.validationSpelling());
      await receiver?.close();
      await reference?.close();
      writer?.done();
    }
  };
}
