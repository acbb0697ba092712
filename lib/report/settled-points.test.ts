import { expect, test } from 'vitest';
import type { CaseRecord } from '../case-record.js';
import type { Observation } from '../inference/types.js';
import { settledCurve, settledWords } from './settled-points.js';

const TARGET = { baseUrl: 'http://127.0.0.1:1', kind: 'configured' as const };
const common = (id: string, sent: number, run = 'w1') => ({
  id,
  specRef: 'open: spec §4',
  verdict: 'INFORMATIONAL' as const,
  requests: 1,
  target: TARGET,
  engineRequests: { run, sent },
});
const answer = (present: string[], accepted: boolean): Observation =>
  accepted
    ? { present, outcome: 'accepted', status: 201, statuses: [201] }
    : { present, outcome: 'rejected', status: 400, errorCode: 'invalidRequest', statuses: [400] };
const matrix = (present: string[], accepted: boolean, sent: number, run?: string): CaseRecord => ({
  ...common(`matrix/${present.join('+') || 'none'}`, sent, run),
  kind: 'matrix',
  observation: answer(present, accepted),
});

// Two fields, `a` required: {a} and {a, b} accepted. The rule reads `a` once {a} is in, and stays so.
const records: CaseRecord[] = [matrix([], false, 1), matrix(['a'], true, 2), matrix(['b'], false, 3), matrix(['a', 'b'], true, 4)];

test('the rule and each role settle at the last answer that changed them; a value or a limit when its case ended', () => {
  const value: CaseRecord = {
    ...common('value/a/empty', 9),
    kind: 'value',
    value: {
      field: 'a',
      classId: 'empty',
      description: 'empty',
      expectation: 'open',
      sent: '""',
      base: ['a'],
      outcome: 'rejected',
      status: 400,
    },
  } as CaseRecord;
  const curve = settledCurve([...records, value], ['a', 'b']);
  const at = Object.fromEntries((curve?.points ?? []).map((p) => [p.finding, p.requests]));
  // The rule reads `a` from the second answer on ({b} and {a, b} unknown are don't-cares); `a` is required once {b}
  // is refused (3); b is optional once {a, b} is accepted (4).
  expect(at).toEqual({ rule: 2, 'role/a': 3, 'role/b': 4, 'value/a/empty': 9 });
  expect(curve?.meanRequests).toBe((2 + 3 + 4 + 9) / 4);
  expect(curve?.lastRequests).toBe(9);
  expect(curve?.requests).toBe(9);
  expect(settledWords(curve as NonNullable<typeof curve>)).toBe(
    "4 findings settled after 4.5 requests on average (the area of the curve of findings settled over requests); the last after 9 of the suites' 9",
  );
});

test('an answer asked again that changes a finding moves its settled point; a merged report has no curve', () => {
  const changed: CaseRecord = {
    ...common('matrix/asked-again', 7),
    kind: 'confirmation',
    observations: [{ present: ['b'], outcome: 'accepted', status: 201, statuses: [400, 201] }],
  };
  const at = Object.fromEntries((settledCurve([...records, changed], ['a', 'b'])?.points ?? []).map((p) => [p.finding, p.requests]));
  expect(at['rule']).toBe(7);
  expect(settledCurve([...records, matrix(['a'], true, 5, 'w2')], ['a', 'b'])).toBeUndefined();
});
