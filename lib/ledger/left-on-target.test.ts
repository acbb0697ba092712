import { expect, test } from 'vitest';
import { ledgerOutcome, leftOnTargetLine } from './left-on-target.js';
import type { RunFile } from './select.js';

const own: RunFile = {
  file: 'run.jsonl',
  run: undefined,
  entries: [],
  created: 3,
  skipped: 0,
  unidentified: 2,
  undeletable: [
    {
      v: 1,
      op: 'unidentified',
      runId: 'r',
      target: 't',
      at: '2026-11-22T10:00:02.000Z',
      status: 201,
      reason: 'answer cut at MAX_RECORDED_BODY_BYTES',
    },
    {
      v: 1,
      op: 'unsafe-id',
      runId: 'r',
      target: 't',
      id: '..',
      at: '2026-11-22T10:00:01.000Z',
      status: 201,
      reason: 'unsafe id: the id is a dot segment ("..")',
    },
  ],
  noDeletePath: [],
  duplicateIds: [{ id: 'x', creates: 2 }],
  active: false,
};

test('failed deletes, creates without an id and unsafe ids, oldest first, with the reasons', () => {
  const outcome = ledgerOutcome(own, {
    gone: [],
    failed: [
      {
        entry: { runId: 'r', target: 't', id: 'sub-1', deletePath: '/c/sub-1', createdAt: '2026-11-22T10:00:00.000Z' },
        file: 'run.jsonl',
        status: 500,
        problem: 'DELETE answered 500',
      },
    ],
    removedFiles: 0,
    unidentified: 2,
    noDeletePath: 0,
  });
  expect(outcome).toEqual({
    created: 5,
    leftOnTarget: [
      { id: 'sub-1', deletePath: '/c/sub-1', createdAt: '2026-11-22T10:00:00.000Z', reason: 'not deleted: DELETE answered 500' },
      { id: '..', createdAt: '2026-11-22T10:00:01.000Z', reason: 'not deleted: unsafe id: the id is a dot segment (".."); no DELETE sent' },
      { createdAt: '2026-11-22T10:00:02.000Z', reason: 'created (status 201), id unknown: answer cut at MAX_RECORDED_BODY_BYTES' },
    ],
    duplicateIds: [{ id: 'x', creates: 2 }],
  });
  expect(leftOnTargetLine(outcome, 'https://t.example')).toBe(
    '3 subscription(s) left on https://t.example (1 whose DELETE failed, 1 with no id to delete, 1 with an unsafe id, never sent): listed in the reports under "Left on the target"',
  );
});
