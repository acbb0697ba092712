/**
 * What one conformance case does with the target: send requests through the shared engine,
 * undo what it created, and leave a CaseRecord in task.meta for the reporters.
 */
import type { TestContext } from 'vitest';
import type { CaseRecord, ExampleExchange } from '../../lib/case-record.js';
import { toCurl } from '../../lib/http/curl.js';
import { cutUtf8 } from '../../lib/http/cut-utf8.js';
import { failureText } from '../../lib/http/answer-text.js';
import { isRedirectStatus } from '../../lib/http/status.js';
import type { Exchange, RequestSpec } from '../../lib/http/types.js';
import { OperationClient } from '../../lib/matrix/operation-client.js';
import { workerRunId, type ProbeContext } from './context.js';

export class CaseRun {
  /** The one send-and-undo module (lib/matrix/operation-client.ts), over the worker's engine. */
  readonly client: OperationClient;

  constructor(readonly probe: ProbeContext) {
    this.client = new OperationClient((request) => probe.engine.send(request), probe.operation);
  }

  /** Every exchange this case sent, deletes included. */
  get exchanges(): Exchange[] {
    return this.client.exchanges;
  }

  send(request: RequestSpec): Promise<Exchange> {
    return this.client.send(request);
  }

  /** Sends a body to the operation with the spec's headers (spec §4). */
  sendBody(body: unknown, headers: Record<string, string> = {}): Promise<Exchange> {
    return this.client.sendBody(body, headers);
  }

  /** Deletes what a 2xx create made, when the answer names an id; a failed delete is recorded. */
  undoCreate(exchange: Exchange): Promise<void> {
    return this.client.undoCreate(exchange);
  }

  /** Creates the case could not undo (a suite may add its own). */
  get cleanupFailures(): string[] {
    return this.client.cleanupFailures;
  }

  /** Requests this case put on the wire, retries included. */
  get requests(): number {
    return this.client.requests;
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
  const note = exchange.responseBodyTruncated ? `recorded ${bytes} bytes (MAX_RECORDED_BODY_BYTES), the target sent more` : `${bytes} bytes`;
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

/**
 * Issue 10 §4: a case that DEVIATES only because every request it sent was answered 401 (the run's
 * token refused) or with a redirect (a proxy or login page in front of the service), on a target
 * that answers a plain GET of the path the same way, says nothing about the target's handling of
 * the body: the service never judged it. It becomes an ERROR (the harness's problem, which fails the
 * run) with the reason, instead of a DEVIATES of the target. A target that takes the token and
 * answers 401 or a redirect to one body keeps its DEVIATES.
 */
async function notJudgedIfNeverReached<T extends Pick<CaseRecord, 'verdict' | 'finding'>>(run: CaseRun, record: T): Promise<T> {
  const statuses = run.exchanges.map((e) => e.status);
  if (record.verdict !== 'DEVIATES' || statuses.length === 0) return record;
  const refused = statuses.every((s) => s === 401);
  const redirected = statuses.every(isRedirectStatus);
  if (!refused && !redirected) return record;
  const plain = await run.probe.plainGetStatus();
  if (refused && plain === 401) {
    return {
      ...record,
      verdict: 'ERROR',
      finding: "not judged: the target refused the run's own token (401, also for a plain GET of the path), so it never judged this request; check ACCESS_TOKEN (or, with client credentials, SCOPE and the app's permissions)",
    };
  }
  if (redirected && isRedirectStatus(plain)) {
    const location = run.exchanges[0]?.responseHeaders['location'];
    return {
      ...record,
      verdict: 'ERROR',
      finding: `not judged: every request was redirected (${statuses[0] ?? ''}${location !== undefined ? ` to ${location.slice(0, 120)}` : ''}), a plain GET of the path too, so the service never judged this request; the probe never follows redirects: check BASE_URL`,
    };
  }
  return record;
}

/**
 * Stores the record on the test and fails the test for DEVIATES and ERROR, printing
 * Expected / Actual (h2spec style). INFORMATIONAL and CONFORMS pass.
 */
export async function finishCase(
  context: TestContext,
  run: CaseRun,
  record: Omit<CaseRecord, 'requests' | 'cleanupFailures' | 'target' | 'stoppedEarly' | 'engineRequests'>,
): Promise<void> {
  const stoppedEarly = run.probe.engine.stats().stoppedEarly;
  // The record's edge: every string in it (findings, error messages taken from parsed bodies, cURL
  // commands, examples) goes through the redaction step once more before it leaves the worker.
  const full: CaseRecord = run.probe.engine.redactor.redactDeep({
    ...(await notJudgedIfNeverReached(run, record)),
    requests: run.requests,
    target: run.probe.target,
    ...(stoppedEarly !== undefined ? { stoppedEarly } : {}),
    engineRequests: { run: workerRunId, sent: run.probe.engine.stats().requestsSent },
    ...(run.cleanupFailures.length > 0 ? { cleanupFailures: run.cleanupFailures } : {}),
  });
  context.task.meta.probe = full;
  // Annotations reach JUnit as <property> and the vitest UI, so CI dashboards see the same verdict
  // classes as the console and the behaviour report; the record itself travels in meta.
  await context.annotate(`${full.verdict} (${full.specRef})`, 'verdict');
  if (full.verdict === 'INFORMATIONAL' && full.finding !== undefined) await context.annotate(full.finding, 'informational');
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
