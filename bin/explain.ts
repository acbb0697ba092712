/**
 * `npm run explain -- FILE`: why did this request get 400? FILE is a request body as JSON, or a cURL
 * command as pasted from a log or a bug report (`-` reads standard input). explain sends the body to
 * the configured target (BASE_URL; without it the embedded reference service, REFERENCE_PROFILE
 * respected, with its own receiver so that the notification URL can be validated), then variations of
 * it, and prints the cause in a sentence, the smallest change that gets a 2xx, the cURL commands
 * before and after (token as $ACCESS_TOKEN) and the requests it used. What a 2xx creates is deleted.
 *
 *   npm run explain -- body.json              explain a JSON body
 *   npm run explain -- request.sh             explain a pasted cURL command
 *   pbpaste | npm run explain -- -            read it from standard input
 *   npm run explain -- --budget 30 FILE       send at most 30 requests (default 64; MAX_REQUESTS bounds it too)
 *   npm run explain -- --report reports/behaviour-report.json FILE
 *                                             explain from a recorded report; sends nothing
 *   npm run explain -- --hint reports/behaviour-report.json FILE
 *                                             ask the target, the report's predicted change first
 *   npm run explain -- --har session.har      explain the 4xx request to the operation in a HAR (browser,
 *                                             proxy or this tool's reports/exchanges.har); with several,
 *                                             they are listed and --entry N picks one
 *   npm run explain -- --operation operations/graph-subscription-v1.json FILE
 *                                             the operation the body is for (also OPERATION; or
 *                                             --openapi DOC --operation-id ID)
 *   npm run explain -- --openapi DOC request.sh
 *                                             the operation of DOC the cURL command was sent to, picked
 *                                             by its method and path (said first; none or several: exit 2)
 *
 * A HAR is read for the chosen entry's body only: its headers, cookies and query are never printed, written or
 * sent, and its host is never contacted (explain asks the configured target, with the configured token).
 *
 * A pasted cURL command is read for its body: explain sends the operation's method and headers to the
 * operation's path on the configured target, whatever URL, method and headers the paste had (it says
 * when they differ). A token in the paste is never printed and never sent: the configured token is.
 *
 * --hint REPORT asks the target as without it, but first the change of fields the report predicts (its
 * nearest accepted combination), with the user's values: right, it shows the cause in fewer requests;
 * wrong, it costs requests, never the answer, which rests on this target's answers only. A report of
 * another operation or target, or one that predicts nothing for the body, is not used (one line says why).
 *
 * With REPEATS of 2 or more (the default), each answer the conclusion rests on is asked once more
 * before concluding (a target that answers differently is reported, not explained); REPEATS=1 saves
 * those requests.
 *
 * Exit codes: 0 explained (or the target accepted the request), 1 could not explain it (budget spent,
 * answers that change, no variation accepted, no verdict from the target), 2 usage, configuration or
 * input error, or a create it cannot delete (no delete path known: DELETE_PATH; it stops after that create).
 */
import { UndoGuard } from '../lib/create/undo-guard.js';
import { undoPlan } from '../lib/create/undo-plan.js';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { engineLimits } from '../lib/config/engine-limits.js';
import { parseCommandOrExit, settingsOrExit, usageError } from './support/cli.js';
import { openTokenSourceOrExit } from './support/token-source.js';
import { withPickedOperation } from './support/explain-operation.js';
import type { BearerSource } from '../lib/http/bearer.js';
import { guardConsole } from '../lib/redaction/console-guard.js';
import { runRedactor } from '../lib/redaction/run-redactor.js';
import { describeInput, otherTarget, type TargetWords } from '../lib/explain/describe-input.js';
import { explain } from '../lib/explain/explain.js';
import { explainOffline, readReport, type OfflineReport } from '../lib/explain/offline.js';
import { reportHint } from '../lib/explain/report-hint.js';
import { settingsTarget } from '../lib/config/run-target.js';
import { readInput, type ExplainInput } from '../lib/explain/read-input.js';
import { harInputLines, otherHarTarget } from '../lib/explain/har-input.js';
import { knownStarts } from '../lib/presence/known-starts.js';
import { chooseCandidate, harCandidates, readHarFile, type HarCandidate, type OperationRef } from '../lib/har/read-har.js';
import { renderResult } from '../lib/explain/render.js';
import { shortSecretWarnings } from '../lib/config/describe.js';
import { HttpEngine } from '../lib/http/engine.js';
import { startRunReceiver } from '../lib/receiver/for-run.js';
import type { Receiver } from '../lib/receiver/server.js';
import { madeToken, Secret } from '../lib/secret.js';
import { startEmbeddedTarget } from '../reference/embedded-target.js';
import type { ReferenceService } from '../reference/index.js';
import { preflight } from '../lib/http/preflight.js';
import { HarReadError, InputError } from '../lib/errors.js';

// Piped into `head`: stop printing, but finish the run (what it created must still be deleted).
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});

const EXIT_EXPLAINED = 0;
const EXIT_UNEXPLAINED = 1;
const EXIT_USAGE = 2;
const DEFAULT_BUDGET = 64;

function usage(message: string): never {
  usageError('explain', message);
}

const line = parseCommandOrExit('explain', import.meta.url, {
  allowPositionals: true,
  options: {
    budget: { type: 'string' },
    report: { type: 'string' },
    hint: { type: 'string' },
    har: { type: 'string' },
    entry: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
const { args } = line;
const harFile = args.values.har;
const entryText = args.values.entry;
if (entryText !== undefined && harFile === undefined) usage('--entry N picks an entry of --har FILE: give --har');
if (entryText !== undefined && !/^[1-9]\d{0,8}$/.test(entryText)) usage('--entry: the entry number explain listed (1 or more)');
if (harFile !== undefined && args.positionals.length > 0) usage('give --har FILE or FILE, not both');
if (args.values.report !== undefined && args.values.hint !== undefined) {
  usage('--report explains offline and --hint online: give one (--hint REPORT asks the target, the report first)');
}
const [file, ...extra] = harFile === undefined ? args.positionals : [harFile];
if (file === undefined) usage('give FILE: a JSON body or a cURL command (- for standard input), or --har FILE');
if (extra.length > 0) usage(`one FILE at a time, got ${args.positionals.length}`);
const budgetText = args.values.budget;
if (budgetText !== undefined && !(/^\d+$/.test(budgetText) && Number(budgetText) >= 2)) {
  usage('--budget: a whole number of requests, at least 2 (one create and the delete of what it makes)');
}

const label = file === '-' ? 'stdin' : file;
/** The input read, or one line and exit 2. */
function inputOrExit<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof InputError || error instanceof HarReadError) {
      console.error(`explain: ${error.message}`);
      process.exit(EXIT_USAGE);
    }
    throw error;
  }
}

// A HAR is read once the operation is known (from --report offline, else from the settings): its requests
// are picked by the operation's method and path.
let input: ExplainInput | undefined = harFile === undefined ? inputOrExit(() => readBodyInput(file)) : undefined;
/** The HAR entry explained, when --har gave one. */
let fromHar: HarCandidate | undefined;
function harInputOrExit(operationRef: OperationRef): ExplainInput {
  if (harFile === undefined) throw new Error('explain: harInputOrExit without --har');
  const read = inputOrExit(() => readHarInput(harFile, operationRef));
  fromHar = read.fromHar;
  return read.input;
}

/** The body of the HAR's 4xx request to the operation: the file's size is checked before it is read. */
function readHarInput(path: string, operationRef: OperationRef): { input: ExplainInput; fromHar: HarCandidate } {
  const text = readHarFile(resolve(path), path);
  const chosen = chooseCandidate(harCandidates(text, path, operationRef), path, entryText === undefined ? undefined : Number(entryText));
  if (chosen.body === undefined)
    throw new HarReadError(`${path}: entry ${chosen.entry} carries no body (postData.text); explain works on the body sent`);
  return { input: readInput(chosen.body, `${path} entry ${chosen.entry}`), fromHar: chosen };
}

function readBodyInput(from: string): ExplainInput {
  let text: string;
  try {
    text = readFileSync(from === '-' ? 0 : resolve(from), 'utf8');
  } catch (error) {
    throw new InputError(`${label}: cannot read it (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  return readInput(text, label, { readFile: (path) => readFileSync(resolve(path), 'utf8') });
}

/** A behaviour report named by --report or --hint, or one line and exit 2. */
function reportOrExit(path: string, flag: '--report' | '--hint'): OfflineReport {
  return inputOrExit(() => {
    let text: string;
    try {
      text = readFileSync(resolve(path), 'utf8');
    } catch (error) {
      throw new InputError(`${flag} ${path}: cannot read it (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
    return readReport(text, path, flag);
  });
}
// Read before any request, so that an unreadable hint stops the run at once.
const hintFile = args.values.hint;
const hintReport = hintFile === undefined ? undefined : { path: hintFile, report: reportOrExit(hintFile, '--hint') };

if (args.values.report !== undefined) {
  const path = args.values.report;
  const report = reportOrExit(path, '--report');
  const { method, path: operationPath } = report.operation;
  if (input === undefined && (method === undefined || operationPath === undefined))
    usage(`--report ${path}: names no operation method and path, which --har needs to pick its requests`);
  const offlineInput = input ?? harInputOrExit({ method: method ?? '', path: operationPath ?? '' });
  for (const line of fromHar === undefined ? [] : harInputLines(fromHar, label, undefined, operationPath ?? '')) console.log(line);
  const found = explainOffline(report, offlineInput.body, new Date());
  for (const line of found.lines) console.log(line);
  process.exit(found.explained ? EXIT_EXPLAINED : EXIT_UNEXPLAINED);
}

const settings = await settingsOrExit('explain', await withPickedOperation(line, input, harFile !== undefined));
const operation = settings.target.operation;
const body = input ?? harInputOrExit(operation);
const asked = budgetText === undefined ? DEFAULT_BUDGET : Number(budgetText);
const budget = Math.min(asked, settings.pacing.maxRequests);

let reference: ReferenceService | undefined;
let receiver: Receiver | undefined;
let engine: HttpEngine | undefined;
// What the target answered is printed: the console passes through the redaction step (lib/redaction);
// a token source adds every token it gets (and its client secret or assertions) to the same step.
guardConsole(runRedactor().add(settings.credentials.accessToken));
for (const warning of shortSecretWarnings(settings.credentials)) console.error(warning);
// The same token source as the probe; a token endpoint error stops here, before any request.
const tokenSource = await openTokenSourceOrExit(settings, 'explain');
let token: Secret | BearerSource | undefined = tokenSource ?? settings.credentials.accessToken;
let code: number = EXIT_UNEXPLAINED;
/** Requests before explain's own: the GET that checks a configured target answers. */
let reachability = 0;
try {
  let target: TargetWords;
  if (settings.target.baseUrl === undefined) {
    // As the probe does: the reference accepts exactly one token, the configured one or one made now.
    try {
      const accepted = settings.credentials.accessToken ?? madeToken();
      runRedactor().add(accepted);
      const embedded = await startEmbeddedTarget({ profile: settings.target.referenceProfile, token: accepted });
      reference = embedded.service;
      token = embedded.token;
    } catch (error) {
      console.error(`config error: REFERENCE_PROFILE: ${(error as Error).message}`);
      process.exit(EXIT_USAGE);
    }
    target = {
      url: reference.url,
      what: `the embedded reference service (profile ${settings.target.referenceProfile}), as BASE_URL is not set`,
      token:
        settings.credentials.accessToken === undefined
          ? 'the token generated for the embedded reference'
          : `the configured token (${settings.credentials.accessTokenSource ?? 'ACCESS_TOKEN'})`,
    };
  } else {
    const checked = await preflight({ config: engineLimits(settings), baseUrl: settings.target.baseUrl, token, path: operation.path }, [
      { method: 'GET', path: operation.path },
    ]);
    reachability = checked.exchanges.reduce((sum, e) => sum + e.attempts, 0);
    const unreachable = checked.unreachable;
    if (unreachable !== undefined) {
      console.error(`explain: ${unreachable}`);
      process.exit(EXIT_USAGE);
    }
    target = {
      url: settings.target.baseUrl,
      what: `BASE_URL ${settings.target.baseUrl}`,
      token:
        tokenSource !== undefined
          ? `a token got by client credentials (CLIENT_ID ${settings.credentials.clientId ?? '?'})`
          : settings.credentials.accessToken === undefined
            ? 'no token (ACCESS_TOKEN is not set)'
            : `the configured token (${settings.credentials.accessTokenSource ?? 'ACCESS_TOKEN'})`,
    };
  }
  if (fromHar !== undefined) for (const line of harInputLines(fromHar, label, target, operation.path)) console.log(line);
  else if (input !== undefined) for (const line of describeInput(input, label, operation, target)) console.log(line);
  receiver = await startRunReceiver(settings);
  const notificationUrl = settings.receiver.notificationUrl ?? receiver?.url;
  if (notificationUrl === undefined) throw new Error('explain: no notification URL (NOTIFICATION_URL unset and no receiver)');
  const hint =
    hintReport === undefined
      ? undefined
      : reportHint(hintReport.report, hintReport.path, body.body, { operation, target: settingsTarget(settings.target) });
  if (hint !== undefined) console.log(hint.line);
  if (budget < asked) console.log(`budget: ${budget} requests (MAX_REQUESTS), not the ${asked} asked`);
  else console.log(`budget: ${budget} requests`);
  console.log('');

  // Creates wait until explain has shown it can delete one, as a probe run's do (lib/create/undo-guard.ts).
  const guard: UndoGuard = new UndoGuard({
    plan: undoPlan(settings.target),
    operation,
    baseUrl: target.url,
    stop: (why) => sending.stopForUndo(why),
    isCreate: (r) => r.method === 'POST',
    ledger: false,
  });
  engine = HttpEngine.fromConfig({ ...engineLimits(settings), maxRequests: budget }, target.url, token, {
    admit: (request) => guard.admit(request),
    onExchange: (e) => guard.observe(e),
  });
  const sending = engine;
  const run = randomBytes(4).toString('hex');
  let n = 0;
  const result = await explain({
    operation: guard.operation,
    body: body.body,
    send: (request) => sending.send(request),
    values: () => ({ now: new Date(), notificationUrl, unique: `explain-${run}-${(n += 1)}` }),
    budget,
    // Under auto, explain asks again each answer its conclusion rests on, as REPEATS=2 does.
    repeats: settings.exploration.repeats === 'auto' ? 2 : settings.exploration.repeats,
    ...(hint === undefined ? {} : { predicted: hint.predicted }),
    ...(hint?.refusedSingles === undefined ? {} : { recordedRefused: hint.refusedSingles }),
    // The bodies the explorer would start from: ACCEPTED_BODY, ACCEPTED_FIELDS, the description's.
    accepted: knownStarts(operation, { acceptedBody: settings.target.acceptedBody, acceptedFields: settings.target.acceptedFields }).map(
      (s) => s.fields,
    ),
  });
  const requests = { ...result.requests, total: result.requests.total + reachability, ...(reachability > 0 ? { reachability } : {}) };
  for (const line of renderResult({ ...result, requests })) console.log(line);
  // The input named another service: the conclusion is about the one asked, and says which.
  const other =
    fromHar !== undefined
      ? otherHarTarget(fromHar, operation.path, target)
      : input === undefined
        ? undefined
        : otherTarget(input, operation, target);
  const sentWhat = fromHar !== undefined ? "the HAR's request" : 'the cURL command';
  if (other !== undefined)
    console.log(`about: ${target.what} (${target.url}), which explain asked; not ${other}, where ${sentWhat} was sent`);
  const explained = result.outcome === 'explained' || result.outcome === 'accepted';
  code = explained && result.cleanupFailures.length === 0 ? EXIT_EXPLAINED : EXIT_UNEXPLAINED;
  const undoStop = sending.stats().stoppedEarly;
  if (undoStop?.by === 'undo') {
    // A setting is missing (DELETE_PATH or KEEP_CREATED): said last, in the probe's words, exit 2.
    console.error(`explain: ${undoStop.why}`);
    code = EXIT_USAGE;
  }
} catch (error) {
  // Belt and braces: nothing above puts the token in a message, but a third party's error might.
  console.error(`explain: ${runRedactor().redact((error as Error).message)}`);
  code = EXIT_UNEXPLAINED;
} finally {
  await engine?.close();
  await receiver?.close();
  await reference?.close();
}
process.exit(code);
