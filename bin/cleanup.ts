/**
 * `npm run cleanup`: deletes what earlier probe runs created on BASE_URL and did not delete (a run
 * killed mid-way, a DELETE that kept failing), as listed in the cleanup ledger (LEDGER_DIR). It reads
 * the configuration like the probe (environment, then .env) and sends with the same limits.
 *
 *   npm run cleanup                  delete the leftovers of finished runs against BASE_URL
 *   npm run cleanup -- --dry-run     list them; send nothing to the target, change nothing (with client
 *                                    credentials it still gets a token: a quick check of the app registration)
 *   npm run cleanup -- --operation F the operation description (also OPERATION; or --openapi F --operation-id ID);
 *                                    the ledger keeps each leftover's own delete path, so it only names what is cleaned up
 *   npm run cleanup -- --delete-path /subscriptions/{id}
 *                                    the delete path of creates a run made while it knew none (also DELETE_PATH)
 *
 * Without BASE_URL the target is the embedded reference service, whose leftovers ended with the run
 * that started it: their ledger files are dropped. Runs still going are left alone.
 *
 * Exit codes: 0 nothing left to delete, 1 some could not be deleted (they stay listed), 2 configuration
 * error or a BASE_URL that cannot be reached (nothing is sent then; they stay listed).
 */
import { engineLimits } from '../lib/config/engine-limits.js';
import { EXIT_CONFIG, parseCommandOrExit, settingsOrExit } from './support/cli.js';
import { openTokenSourceOrExit } from './support/token-source.js';
import { guardConsole } from '../lib/redaction/console-guard.js';
import { runRedactor } from '../lib/redaction/run-redactor.js';
import { describeSweep } from '../lib/ledger/describe.js';
import { dropFinishedEmbedded } from '../lib/ledger/drop-embedded.js';
import { systemLiveness } from '../lib/ledger/liveness.js';
import { sweepWithEngine } from '../lib/ledger/open-run-ledger.js';
import { newRunId } from '../lib/ledger/paths.js';
import { allRunFiles, targetRunFiles } from '../lib/ledger/select.js';
import { unreachableTarget } from '../lib/http/preflight.js';
import { undoPlan } from '../lib/create/undo-plan.js';

const EXIT_OK = 0;
const EXIT_LEFT = 1;

const line = parseCommandOrExit('cleanup', import.meta.url, {
  options: {
    'dry-run': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
const dryRun = line.args.values['dry-run'];
const settings = await settingsOrExit('cleanup', line);
// Ids and messages come from the target: the console passes through the redaction step (lib/redaction).
guardConsole(runRedactor().add(settings.credentials.accessToken));

const dir = settings.reports.ledgerDir;
if (settings.target.baseUrl === undefined) {
  if (dryRun) {
    const files = allRunFiles(dir, systemLiveness()).filter((f) => f.run?.targetKind === 'embedded-reference' && !f.active);
    console.log(
      `cleanup: no BASE_URL; would drop ${files.length} ledger file(s) of finished embedded-reference runs (nothing to delete: each server ended with its run)`,
    );
  } else {
    const dropped = dropFinishedEmbedded(dir, systemLiveness());
    console.log(
      `cleanup: no BASE_URL; dropped ${dropped.files} ledger file(s) of finished embedded-reference runs ` +
        `(${dropped.entries} subscription(s) listed; nothing to delete: each server ended with its run)`,
    );
  }
  process.exit(EXIT_OK);
}

// The same token source as the probe: client credentials are checked (and a bad one stops here) before anything is
// sent; the token endpoint is not the target, so a setting's mistake is said even when there is nothing to delete.
const tokenSource = await openTokenSourceOrExit(settings, 'cleanup');
// Creates a run made while it knew no delete path are deleted by the one these settings give (DELETE_PATH).
const deletePathOf = undoPlan(settings.target).cleanup?.deletePath;
const withPath = deletePathOf === undefined ? {} : { deletePathOf };
const files = targetRunFiles(dir, settings.target.baseUrl, systemLiveness(), deletePathOf);
const finished = files.filter((f) => !f.active);
const entries = finished.flatMap((f) => f.entries);
console.log(`cleanup: target ${settings.target.baseUrl}; ledger ${dir}; operation ${settings.target.operation.id}`);
for (const f of files.filter((g) => g.active && g.entries.length > 0)) {
  console.log(
    `cleanup: left alone ${f.entries.length} subscription(s) of run ${f.run?.runId ?? '?'} (pid ${f.run?.pid ?? '?'}), which is still going`,
  );
}
if (entries.length === 0 && !dryRun) {
  // Nothing to delete: nothing is sent, not even the reachability check (a target that asked for quiet gets it).
  // The sweep of nothing makes no engine: it only removes the finished runs' emptied files and counts what had no id.
  const result = await sweepWithEngine(
    finished,
    engineLimits(settings),
    settings.target.baseUrl,
    undefined,
    `cleanup-${newRunId()}`,
    withPath,
  );
  console.log('cleanup: nothing to delete; nothing sent to the target');
  for (const line of describeSweep('cleanup', result, true).slice(1)) console.log(line);
  // Creates listed without a delete path are still on the target: not "nothing left".
  process.exit(result.noDeletePath > 0 ? EXIT_LEFT : EXIT_OK);
}
if (dryRun) {
  console.log(`cleanup: would delete ${entries.length} subscription(s)`);
  const waiting = finished.reduce((n, f) => n + f.noDeletePath.length, 0);
  if (waiting > 0) console.log(`cleanup: ${waiting} more created with no delete path known: give DELETE_PATH to delete them`);
  for (const e of entries)
    console.log(`  ${e.id} (created ${e.createdAt} by run ${e.runId}): DELETE ${settings.target.baseUrl}${e.deletePath}`);
  process.exit(EXIT_OK);
}
// The same one line as the probe's when the target cannot be reached: nothing is tried, all stays listed.
const unreachable = await unreachableTarget({
  config: engineLimits(settings),
  baseUrl: settings.target.baseUrl,
  token: tokenSource ?? settings.credentials.accessToken,
  path: settings.target.operation.path,
});
if (unreachable !== undefined) {
  console.error(`cleanup: ${unreachable}`);
  process.exit(EXIT_CONFIG);
}
const result = await sweepWithEngine(
  finished,
  engineLimits(settings),
  settings.target.baseUrl,
  tokenSource ?? settings.credentials.accessToken,
  `cleanup-${newRunId()}`,
  withPath,
);
for (const line of describeSweep('cleanup', result, true)) console.log(line);
if (result.failed.length > 0)
  console.log(`cleanup: ${result.failed.length} still listed in ${dir}; run again later, or check the token and the target`);
process.exit(result.failed.length + result.noDeletePath > 0 ? EXIT_LEFT : EXIT_OK);
