/**
 * One probe context per worker. The suites project runs every file in one worker without
 * isolation, so this module is evaluated once: one engine, one rate limit, one budget per run.
 */
import { inject } from 'vitest';
import type { Settings } from '../../lib/config/types.js';
import { settingsFromWire } from '../../lib/config/wire.js';
import { engineLimits } from '../../lib/config/engine-limits.js';
import type { TargetRef } from '../../lib/case-record.js';
import '../../lib/run/provided-context.js';
import { publishRequests } from '../../lib/vitest/request-progress.js';
import { HttpEngine } from '../../lib/http/engine.js';
import type { Exchange } from '../../lib/http/types.js';
import { RunLedger } from '../../lib/ledger/run-ledger.js';
import { UndoGuard } from '../../lib/create/undo-guard.js';
import { undoPlan } from '../../lib/create/undo-plan.js';
import { StatePacer } from '../../lib/create/state-pacer.js';
import { COUNT_BOUNDS, walkList } from '../../lib/lifecycle/list-walk.js';
import type { Refusal } from '../../lib/outcome.js';
import { ReceiverClient } from '../../lib/receiver/client.js';
import type { OperationSpec, ValueContext } from '../../lib/operation/types.js';
import { ExchangeLog } from '../../lib/har/exchange-log.js';
import { Secret } from '../../lib/secret.js';
import { TokenBrokerClient } from '../../lib/auth/broker-client.js';
import { RefusalOwners } from '../../lib/protocol/once-per-kind.js';
import { judgeRefusalsBy } from '../../lib/protocol/error-rule.js';

export interface ProbeContext {
  settings: Settings;
  /** Where the run's exchanges go for its HAR; undefined when the run keeps none (a plain vitest run). */
  exchangeLog: ExchangeLog | undefined;
  target: TargetRef;
  engine: HttpEngine;
  operation: OperationSpec;
  /** The probe's own notification receiver; undefined when NOTIFICATION_URL names another one. */
  receiver: ReceiverClient | undefined;
  /** A fresh value context: current time, the notification URL, a unique tag. */
  values(): ValueContext;
  /**
   * The status a plain GET of the operation's path gets with the run's token (null: no answer): one
   * read, never a create, asked once per run and only when a case needs to know whether its 401s or
   * redirects are about its body or about every request.
   */
  plainGetStatus(): Promise<number | null>;
  /** Which case judged each kind of refusal first: the run's one finding per kind (lib/protocol/once-per-kind.ts). */
  refusalOwners: RefusalOwners;
  /** The run's room on the target, learned from refusals for its state (lib/create/state-pacer.ts). */
  pacer: StatePacer;
}

let context: ProbeContext | undefined;
let uniqueCounter = 0;
const runTag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** This worker's engine run, so the report can count every request it sent (shards add up). */
export const workerRunId = runTag;

/** The token the run's requests carry: the embedded reference's own, the main process's broker, or the settings'. */
function tokenOf(settings: Settings, target: TargetRef): Parameters<typeof HttpEngine.fromConfig>[2] {
  const broker = inject('tokenBroker');
  const referenceToken = inject('referenceToken');
  return target.kind === 'embedded-reference' && referenceToken !== undefined
    ? new Secret(referenceToken)
    : broker !== undefined
      ? new TokenBrokerClient(broker) // the main process gets and renews it (lib/auth/broker.ts)
      : settings.credentials.accessToken;
}

/**
 * CHANGE_REQUEST (the events suite's way to make a drive change) may be a POST answered 2xx: it made
 * a file, not a subscription, so the ledger must not list it for deletion.
 */
function changeRequestTest(settings: Settings, baseUrl: string): (method: string, url: string) => boolean {
  const trigger = settings.receiver.change;
  const change = trigger?.kind === 'request' ? { method: trigger.method, url: `${baseUrl}${trigger.path}` } : undefined;
  return (method, url) => change !== undefined && method === change.method && url === change.url;
}

/** The values of each body: the time now, a notification URL of its own, and a tag unique in the run. */
function valuesMaker(settings: Settings, receiverUrl: string | undefined): ProbeContext['values'] {
  const notificationUrl = settings.receiver.notificationUrl ?? receiverUrl ?? 'https://receiver.invalid/notifications';
  // Each create gets its own path on the probe's receiver (which answers on every path), so that no two of the run's
  // subscriptions share a notification URL: a service that refuses a second subscription with the same resource and
  // URL while the first lives would otherwise answer the run's own overlap, not the body. A NOTIFICATION_URL the user
  // gives is sent as it is.
  const ownPath = (url: string, unique: string): string =>
    settings.receiver.notificationUrl === undefined && receiverUrl !== undefined ? `${url.replace(/\/+$/, '')}/c/${unique}` : url;
  return () => {
    uniqueCounter += 1;
    const unique = `${runTag}-${uniqueCounter}`;
    return { now: new Date(), notificationUrl: ownPath(notificationUrl, unique), unique };
  };
}

export function probeContext(): ProbeContext {
  if (context !== undefined) return context;
  // The settings the command read, handed over by the run; the target it started or was given (the embedded
  // reference's address is known only once it listens).
  const settings = settingsFromWire(inject('settings'));
  const target = inject('target');
  const token = tokenOf(settings, target);
  // Every 2xx create is in the ledger before `send` returns to the case (lib/ledger/run-ledger.ts).
  const ledger = inject('ledger');
  const isChange = changeRequestTest(settings, target.baseUrl);
  const isChangeRequest = (e: Exchange): boolean => isChange(e.method, e.url);
  // Creates wait until the run has shown it can delete them; it stops when it cannot (lib/create/undo-guard.ts).
  const guard = new UndoGuard({
    plan: undoPlan(settings.target),
    operation: settings.target.operation,
    baseUrl: target.baseUrl,
    stop: (why) => engine.stopForUndo(why),
    isCreate: (r) => r.method === 'POST' && !isChange(r.method, 'url' in r ? r.url : `${target.baseUrl}${r.path}`),
  });
  const operation = guard.operation;
  // A refused body is judged by the refusals the operation's document declares, where it gives its own.
  judgeRefusalsBy(operation.refusals);
  const runLedger = new RunLedger({ ...ledger, target: target.baseUrl, undo: guard.ledgerUndo });
  const logFile = inject('runFiles').exchangeLog;
  const exchangeLog = logFile === undefined ? undefined : new ExchangeLog(logFile, runTag);
  const engine: HttpEngine = HttpEngine.fromConfig(engineLimits(settings), target.baseUrl, token, {
    admit: (request) => guard.admit(request),
    onExchange: (e) => {
      // The guard first: a Location it learns from the first accepted create is the delete path the ledger records.
      if (!isChangeRequest(e)) {
        guard.observe(e);
        runLedger.observe(e);
      }
      // The exchange is redacted again here, with every token the engine has sent so far (a renewed one too).
      exchangeLog?.exchange(e, (cut) => engine.redactor.redactDeep(cut));
    },
  });
  // The progress line counts requests as they are sent, not only as cases end.
  const channel = inject('progressChannel');
  if (channel !== undefined) publishRequests(channel, () => engine.stats().requestsSent);
  const receiverUrl = inject('receiverUrl');
  const receiverControl = inject('receiverControl');
  let plainGet: Promise<number | null> | undefined;
  context = {
    settings,
    exchangeLog,
    target,
    engine,
    operation,
    receiver: receiverControl === undefined ? undefined : new ReceiverClient(receiverControl),
    values: valuesMaker(settings, receiverUrl),
    plainGetStatus: () => (plainGet ??= engine.send({ method: 'GET', path: operation.path }).then((e) => e.status)),
    refusalOwners: new RefusalOwners(),
    pacer: new StatePacer({
      ownLive: () => runLedger.openCount,
      onNoRoom: async (refusal) => engine.stopForState(await noRoomWords(refusal, engine, operation.path, target.baseUrl)),
    }),
  };
  return context;
}

/**
 * The one line a run that the app's full quota stopped ends with: the quota, how many the target lists (none of them
 * the run's: it had none live), and what to do. The list is read under BASE_URL only, a few pages at most.
 */
async function noRoomWords(refusal: Refusal, engine: HttpEngine, path: string, baseUrl: string): Promise<string> {
  const walk = await walkList(
    (r) => engine.send(r),
    path,
    baseUrl,
    () => false,
    COUNT_BOUNDS,
  );
  const listed =
    walk.pages === 0
      ? 'the list could not be read'
      : `the list shows ${walk.entries}${walk.stopped !== undefined ? ' or more' : ''} live, none of them this run's`;
  const inside = refusal.innerStatus !== undefined ? ` (${refusal.innerStatus} inside the answer)` : '';
  return `the app's subscription quota on the target is full${inside} with none of this run's subscriptions live: ${listed}; the run stopped creating and touched none of them: delete subscriptions the app no longer needs, or probe with another app`;
}
