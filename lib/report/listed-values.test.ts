import { describe, expect, test } from 'vitest';
import { listedValuesFindings, listedValuesSentence } from './listed-values.js';
import type { FieldValues, ValueClassResult } from './types.js';

const cls = (value: unknown, listed = true, more: Partial<ValueClassResult> = {}): ValueClassResult => ({
  id: `value/f/${String(value)}`,
  classId: String(value),
  description: JSON.stringify(value),
  base: ['f'],
  outcome: 'accepted',
  status: 201,
  verdict: 'INFORMATIONAL',
  specRef: 'open',
  ...(listed ? { listed: true as const } : {}),
  ...more,
});
const INTERMITTENT: NonNullable<ValueClassResult['intermittent']> = { shown: '400 invalidRequest "busy"', refused: 1, asks: 3 };
const values = (accepted: ValueClassResult[], rejected: ValueClassResult[], other: ValueClassResult[] = []): FieldValues => ({
  accepted,
  rejected,
  other,
  limits: [],
});

describe('values the operation lists that the target refuses, in words', () => {
  test.each<[string, FieldValues, string | undefined]>([
    [
      'changeType',
      values([cls('updated')], [cls('created'), cls('deleted')]),
      'created and deleted, values the operation lists for changeType, are refused; updated is accepted',
    ],
    [
      'latestSupportedTlsVersion',
      values([cls('v1_2'), cls('v1_3')], [cls('v1_0')]),
      'v1_0, a value the operation lists for latestSupportedTlsVersion, is refused; v1_2 and v1_3 are accepted',
    ],
    [
      'changeType',
      values([], [cls('updated'), cls('created'), cls('deleted')]),
      'updated, created and deleted, values the operation lists for changeType, are refused',
    ],
    [
      'changeType',
      values(
        [cls('updated')],
        [cls('created'), cls('deleted', true, { intermittent: INTERMITTENT })],
        [cls('other', true, { outcome: 'unstable' })],
      ),
      'created, a value the operation lists for changeType, is refused; updated is accepted; deleted and other are undetermined (no settled answer)',
    ],
    ['level', values([cls(2)], [cls(3)]), '3, a value the operation lists for level, is refused; 2 is accepted'],
    // Refusals of values the operation does not list, and intermittent ones alone, are no such finding.
    ['changeType', values([cls('updated')], [cls('nonsense', false)]), undefined],
    ['changeType', values([cls('updated')], [cls('created', true, { intermittent: INTERMITTENT })]), undefined],
    ['changeType', values([cls('updated'), cls('created')], []), undefined],
  ])('%s %j: %s', (field, v, sentence) => {
    expect(listedValuesSentence(field, v)).toBe(sentence);
  });

  test('one sentence per field with a refused listed value, in field order', () => {
    expect(
      listedValuesFindings({
        changeType: values([cls('updated')], [cls('created')]),
        clientState: values([cls('x', false)], []),
        tls: values([], [cls('v1_0')]),
      }),
    ).toEqual([
      'created, a value the operation lists for changeType, is refused; updated is accepted',
      'v1_0, a value the operation lists for tls, is refused',
    ]);
  });
});
