/**
 * What one conformance case does with the target: send requests through the shared engine,
 * undo what it created, and leave a CaseRecord in task.meta for the reporters.
 */
import { basename } from 'node:path';
import type { TestContext } from 'vitest';
import type { CaseRecord, CaseRecordInput, ExampleExchange, SkipRecord } from '../../lib/case-record.js';
import { toCurl } from '../../lib/http/curl.js';
import { cutUtf8 } from '../../lib/http/cut-utf8.js';
import { failureText } from '../../lib/http/answer-text.js';
import type { Exchange } from '../../lib/http/types.js';
import { judgeReach, missedBy } from '../../lib/protocol/never-reached.js';
import { OperationClient } from '../../lib/create/client.js';
import { workerRunId, type ProbeContext } from './context.js';
import { runStopping } from './stop.js';
import { refusalKind } from '../../lib/protocol/refusal-kind.js';

/**
 * One case's requests: its client (lib/create/client.ts) over the worker's shared engine sends, undoes
 * what a create made and records every exchange; the case record is made from it.
 */
export class CaseRun {
  readonly client: OperationClient;
  /** Answers this case took from an earlier ask of the same body instead of sending it (the record's `reused`). */
  reused = 0;

  /**
   * `askAgain`: a request that got no verdict (throttled, a 5xx or a reset after the engine's retries) is asked
   * again, up to MAX_RETRIES times, while the budget lasts: for the cases whose answers are evidence (presence,
   * value classes, lifecycle steps), not for those that judge a 5xx itself.
   */
  constructor(
    readonly probe: ProbeContext,
    options: { askAgain?: boolean } = {},
  ) {
    this.client = new OperationClient((request) => probe.engine.send(request), probe.operation, {
      askAgain: options.askAgain === true ? probe.settings.pacing.maxRetries : 0,
      pacer: probe.pacer,
    });
  }
}

/**
 * Most bytes of a body an example keeps. The record travels from the worker to the main process and
 * into every report; the whole recorded body (up to MAX_RECORDED_BODY_BYTES) stays in the worker.
 */
const EXAMPLE_BODY_BYTES = 16 * 1024;

/** The body as an example shows it: whole when short, else its start and how much was left out. */
function exampleBody(exchange: Exchange): string {
  const body = exchange.responseBody;
  const kept = cutUtf8(body, EXAMPLE_BODY_BYTES);
  const cutHere = kept.length < body.length;
  if (!cutHere && !exchange.responseBodyTruncated) return body;
  const bytes = Buffer.byteLength(body);
  const note = exchange.responseBodyTruncated
    ? `recorded ${bytes} bytes (MAX_RECORDED_BODY_BYTES), the target sent more`
    : `${bytes} bytes`;
  return `${kept}\n… [example shows ${Buffer.byteLength(kept)} bytes; ${note}]`;
}

export function example(exchange: Exchange): ExampleExchange {
  return {
    curl: toCurl(exchange),
    status: exchange.status,
    responseBody: exampleBody(exchange),
    ...(exchange.failure !== undefined ? { failure: failureText(exchange.failure) } : {}),
  };
}

/** The verdict judged again when every request may have missed the service (lib/protocol/never-reached.ts). */
async function judgedReach<T extends Pick<CaseRecord, 'verdict' | 'finding'>>(run: CaseRun, record: T): Promise<T> {
  const first = run.client.exchanges[0];
  const missed = missedBy(
    record.verdict,
    run.client.exchanges.map((e) => e.status),
  );
  if (missed === undefined) return record;
  const location = first?.responseHeaders['location'];
  return judgeReach(record, {
    missed,
    plainStatus: await run.probe.plainGetStatus(),
    firstStatus: first?.status ?? null,
    ...(location !== undefined ? { location } : {}),
  });
}

/**
 * The record with the kinds of refusal it judged breaking spec §7 rule 1, judged once for the run: a kind an earlier
 * case judged makes this one "the same kind of refusal as" that case, not a second failure.
 */
function oncePerKind(probe: ProbeContext, given: CaseRecordInput & { ruleOneBroken?: readonly Exchange[] }): CaseRecordInput {
  const { ruleOneBroken, ...rest } = given;
  const fields = probe.operation.fields.map((f) => f.name);
  const fromAnswers = (ruleOneBroken ?? []).flatMap((e) => refusalKind(e, fields) ?? []);
  const kinds = [...(rest.refusalKinds ?? []), ...fromAnswers].filter((k, i, all) => all.findIndex((o) => o.key === k.key) === i);
  return probe.refusalOwners.judge<CaseRecordInput>(kinds.length === 0 ? rest : { ...rest, refusalKinds: kinds });
}

/**
 * A case records the id it was declared with (`test(name, { meta: { caseId } }, ...)`), the one the reports use when
 * it does not run: a case that records another is the tool's own mistake, failed as such.
 */
function declaredId(context: TestContext, id: string): void {
  const declared = context.task.meta.caseId;
  if (declared !== id) throw new Error(`case id: the test was declared as ${declared ?? '(no caseId)'} but records ${id}`);
}

/**
 * Skips the case, leaving why and what would test it for the reports ("Not tested, and why"): `id` is the id the
 * case would have recorded. The reason is also the test's skip note, which the console prints.
 */
export function skipCase(context: TestContext, skip: SkipRecord): never {
  declaredId(context, skip.id);
  context.task.meta.skip = skip;
  return context.skip(skip.reason);
}

/**
 * Stores the record on the test and fails the test for DEVIATES and ERROR, printing
 * Expected / Actual (h2spec style). INFORMATIONAL and CONFORMS pass.
 */
function stateAsksOf(run: CaseRun): NonNullable<CaseRecord['stateAsks']> {
  const room = run.probe.pacer.room;
  return { asks: run.client.stateAsks, ...(room !== undefined ? { room } : {}), by: Object.fromEntries(run.client.stateAsksBy) };
}

export async function finishCase(
  context: TestContext,
  run: CaseRun,
  given: CaseRecordInput & { ruleOneBroken?: readonly Exchange[] },
): Promise<void> {
  declaredId(context, given.id);
  // A case the run's stop cut off got no verdict because of the stop, not the target: it did not run (the reports list
  // it as cut short by the stop), it is no ERROR of the target's.
  if (given.verdict === 'ERROR' && runStopping()) throw new Error(`${given.id}: cut short by the run's stop`);
  const record = oncePerKind(run.probe, given);
  const stoppedEarly = run.probe.engine.stats().stoppedEarly;
  // The record's edge: every string in it (findings, error messages taken from parsed bodies, cURL
  // commands, examples) goes through the redaction step once more before it leaves the worker.
  const full: CaseRecord = run.probe.engine.redactor.redactDeep({
    ...(await judgedReach(run, record)),
    requests: run.client.requests,
    ...(run.client.secondAsks > 0 ? { secondAsks: run.client.secondAsks } : {}),
    ...(run.reused > 0 ? { reused: run.reused } : {}),
    ...(run.client.stateAsks > 0 ? { stateAsks: stateAsksOf(run) } : {}),
    target: run.probe.target,
    ...(stoppedEarly !== undefined ? { stoppedEarly } : {}),
    engineRequests: { run: workerRunId, sent: run.probe.engine.stats().requestsSent },
    ...(run.client.cleanupFailures.length > 0 ? { cleanupFailures: run.client.cleanupFailures } : {}),
  });
  context.task.meta.probe = full;
  // The run's HAR names the case each exchange came from, as the report names it.
  const log = run.probe.exchangeLog;
  if (log !== undefined && run.client.exchanges.length > 0) {
    const suite = basename(context.task.file.name).replace(/\.test\.ts$/, '');
    log.case(
      full.id,
      suite,
      run.client.exchanges.map((e) => e.seq),
    );
  }
  // Annotations reach JUnit as <property> and the vitest UI, so CI dashboards see the same verdict
  // classes as the console and the behaviour report; the record itself travels in meta.
  // Annotations are for the vitest UI; the record is what counts. A run being stopped refuses them once its
  // cases are cut off, which must not turn a case with a verdict into a failure.
  try {
    await context.annotate(`${full.verdict} (${full.specRef})`, 'verdict');
    if (full.verdict === 'INFORMATIONAL' && full.finding !== undefined) await context.annotate(full.finding, 'informational');
  } catch {
    // The verdict stands without its annotation.
  }
  if (full.verdict === 'DEVIATES' || full.verdict === 'ERROR') {
    const lines = [
      `${full.verdict} (${full.specRef})${full.finding !== undefined ? `: ${full.finding}` : ''}`,
      ...(full.expected !== undefined ? [`Expected: ${full.expected}`] : []),
      ...(full.observed !== undefined ? [`Actual:   ${full.observed}`] : []),
      ...(full.example !== undefined ? [`Request:  ${full.example.curl}`] : []),
    ];
    throw new Error(lines.join('\n'));
  }
}
