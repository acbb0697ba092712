/** Builders of ledger lines for the ledger's own tests. */
import { LEDGER_VERSION, type CreatedLine, type DeletedLine, type RunLine } from '../../lib/ledger/types.js';

export const TARGET = 'https://tenant.example.com/sites/probe';
const PATH = '/_api/v2.0/drive/root/subscriptions';

export function runLine(over: Partial<RunLine> = {}): RunLine {
  return {
    v: LEDGER_VERSION,
    op: 'run',
    runId: 'run-1',
    target: TARGET,
    targetKind: 'configured',
    pid: 1234,
    host: 'test-host',
    startedAt: '2025-01-01T00:00:00.000Z',
    activeUntil: '2025-01-01T01:00:00.000Z',
    ...over,
  };
}

export function created(id: string, over: Partial<CreatedLine> = {}): CreatedLine {
  return {
    v: LEDGER_VERSION,
    op: 'created',
    runId: 'run-1',
    target: TARGET,
    id,
    deletePath: `${PATH}/${id}`,
    createdAt: '2025-01-01T00:00:01.000Z',
    status: 201,
    ...over,
  };
}

export function deleted(id: string, over: Partial<DeletedLine> = {}): DeletedLine {
  return {
    v: LEDGER_VERSION,
    op: 'deleted',
    runId: 'run-1',
    by: 'run-1',
    target: TARGET,
    id,
    deletePath: `${PATH}/${id}`,
    at: '2025-01-01T00:00:02.000Z',
    how: 'deleted',
    status: 204,
    ...over,
  };
}
