import { expect, test } from 'vitest';
import { evidenceDisagreements, skipsAsRead } from './evidence-disagreements.js';
import type { MatrixEntry, UnrunCase } from './types.js';

const skipped = (id: string, field?: string): UnrunCase => ({
  id,
  suite: '03-value-classes',
  name: id,
  reason: 'no accepted body carries clientState: ...',
  noAccepted: field === undefined ? {} : { with: field },
});
const entry = (present: string[], outcome: MatrixEntry['outcome']): MatrixEntry => ({ present, status: 201, outcome });

test("a shard's skip for no accepted body with a field the merged matrix has accepted is named once per field", () => {
  const matrix = [entry(['notificationUrl', 'expirationDateTime', 'clientState'], 'accepted'), entry(['clientState'], 'rejected')];
  const said = evidenceDisagreements(
    [skipped('value/clientState/a', 'clientState'), skipped('value/clientState/b', 'clientState')],
    matrix,
  );
  expect(said).toHaveLength(1);
  expect(said[0]).toMatch(
    /^2 cases \(value\/clientState\/a, value\/clientState\/b\) skipped as no accepted body with clientState was known where they ran, but the run's presence evidence has \{notificationUrl, expirationDateTime, clientState\} accepted/,
  );
});

test('a skip the merged evidence agrees with is no disagreement, nor one that rests on nothing', () => {
  const matrix = [
    entry(['notificationUrl', 'expirationDateTime'], 'accepted'),
    entry(['notificationUrl', 'expirationDateTime', 'clientState'], 'unstable'),
  ];
  expect(evidenceDisagreements([skipped('value/clientState/a', 'clientState')], matrix)).toEqual([]);
  const plain: UnrunCase = { id: 'value/clientState/a', suite: '03-value-classes', name: 'a', reason: 'skipped for another reason' };
  expect(evidenceDisagreements([plain], [entry(['clientState'], 'accepted')])).toEqual([]);
  // "no body at all" is contradicted by any accepted one.
  expect(evidenceDisagreements([skipped('events/notification')], matrix)).toHaveLength(1);
});

test('a contradicted skip keeps its case but says its worker knew no accepted body, never that none carries the field', () => {
  const matrix = [entry(['notificationUrl', 'expirationDateTime', 'clientState'], 'accepted')];
  const plain: UnrunCase = { id: 'value/x/a', suite: '03-value-classes', name: 'a', reason: 'skipped for another reason' };
  const [read, other] = skipsAsRead([skipped('value/clientState/a', 'clientState'), plain], matrix);
  expect(read?.id).toBe('value/clientState/a');
  expect(read?.reason).toBe(
    "not run where it ran (no accepted body with clientState known there), but the run's presence evidence has {notificationUrl, expirationDateTime, clientState} accepted: see the evidence disagreement",
  );
  expect(read?.reason).not.toContain('carries');
  expect(other).toBe(plain);
  expect(skipsAsRead([skipped('value/clientState/a', 'clientState')], [entry(['clientState'], 'rejected')])[0]?.reason).toContain(
    'carries',
  );
});
