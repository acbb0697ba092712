import { parseRecordedBody } from '../http/recorded-body.js';
import type { Exchange, RequestSpec } from '../http/types.js';
import { safeDeletePath, showId } from '../operation/safe-id.js';
import type { OperationSpec } from '../operation/types.js';
import type { BodySender } from './probe-combination.js';

const isSuccess = (exchange: Exchange): boolean => exchange.status !== null && exchange.status >= 200 && exchange.status < 300;

/**
 * Sends bodies to an operation with the spec's headers and undoes what a 2xx created.
 * `send` is the engine's send, possibly wrapped (a suite case records its exchanges).
 */
export class OperationClient implements BodySender {
  readonly cleanupFailures: string[] = [];

  constructor(
    private readonly send: (request: RequestSpec) => Promise<Exchange>,
    private readonly operation: OperationSpec,
  ) {}

  /** Sends a body with the spec's headers (spec §4); a string body is sent as it is. */
  sendBody(body: unknown, headers: Record<string, string> = {}): Promise<Exchange> {
    const { operation } = this;
    return this.send({
      method: operation.method,
      path: operation.path,
      headers: { ...operation.headers, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  /** The id a 2xx answer names, if any. */
  createdId(exchange: Exchange): string | undefined {
    const cleanup = this.operation.cleanup;
    if (cleanup === undefined || !isSuccess(exchange)) return undefined;
    // A body cut at MAX_RECORDED_BODY_BYTES still names the id when it comes before the cut.
    return cleanup.idFrom(parseRecordedBody(exchange));
  }

  /** Deletes what a 2xx create made, when the answer names an id; a failed delete is recorded. */
  async undoCreate(exchange: Exchange): Promise<void> {
    const cleanup = this.operation.cleanup;
    if (cleanup === undefined || !isSuccess(exchange)) return;
    const id = this.createdId(exchange);
    if (id === undefined) {
      this.cleanupFailures.push(
        exchange.responseBodyTruncated
          ? `created (status ${exchange.status}), id unknown: the answer was cut at MAX_RECORDED_BODY_BYTES before naming one`
          : `created (status ${exchange.status}) but the answer named no id to delete`,
      );
      return;
    }
    const safe = safeDeletePath(cleanup.deletePath, id);
    if (!safe.ok) {
      this.cleanupFailures.push(`${safe.reason} (id "${showId(id)}"); no DELETE sent`);
      return;
    }
    const deleted = await this.send({ method: 'DELETE', path: safe.path });
    if (deleted.status === null || deleted.status >= 300) {
      this.cleanupFailures.push(`DELETE ${id}: ${deleted.failure?.message ?? `answered ${deleted.status ?? 'nothing'}`}`);
    }
  }
}
