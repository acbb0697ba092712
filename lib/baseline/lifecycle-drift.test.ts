import { expect, test } from 'vitest';
import { mergeLifecycle } from '../lifecycle/merge.js';
import { stableLifecycleFacts } from '../lifecycle/stable-facts.js';
import { diffBaseline } from './diff-baseline.js';
import { driftLine } from './format-drift.js';
import { defaultBaseline } from '../../test/support/baselines.js';
import type { Baseline } from './types.js';

const facts = (deleteAgain: number, listed: boolean | null): Record<string, string> =>
  stableLifecycleFacts(
    mergeLifecycle([
      {
        operations: { delete: { method: 'DELETE', path: '/s/{id}', supported: true, status: 204 } },
        renewal: { longestAcceptedMinutes: 259200, pastLimit: { status: 400, code: 'invalidRequest' } },
        afterDelete: { read: 404, delete: deleteAgain, listed },
      },
    ]),
  );

const withLifecycle = (lifecycle: Record<string, string> | undefined): Baseline => ({
  ...defaultBaseline(),
  ...(lifecycle !== undefined ? { lifecycle } : {}),
});

test('the stable facts leave out what was not found out', () => {
  const kept = facts(404, null);

  expect(kept).toMatchObject({
    'operations.delete': 'supported 204',
    'renewal.longestAcceptedMinutes': '259200',
    'renewal.pastLimit': '400 invalidRequest',
    'afterDelete.delete': '404',
  });
  expect(Object.keys(kept)).not.toContain('afterDelete.listed');
  expect(Object.keys(kept)).not.toContain('operations.read');
});

test('a lifecycle fact that changed is drift, in words; the rest are counted as compared', () => {
  const drift = diffBaseline(withLifecycle(facts(404, false)), withLifecycle(facts(204, false)));

  expect(drift.changes).toEqual([{ kind: 'lifecycle', fact: 'afterDelete.delete', from: '404', to: '204' }]);
  expect(drift.compared.lifecycleFacts).toBe(Object.keys(facts(404, false)).length);
  expect(driftLine(drift.changes[0] ?? { kind: 'rule', from: '', to: '' }).message).toBe('lifecycle afterDelete.delete: 404 -> 204');
});

test('a fact on one side only, or a baseline without the lifecycle, is counted as not compared, never drift', () => {
  const oneSide = diffBaseline(withLifecycle(facts(404, null)), withLifecycle(facts(404, false)));
  const noLifecycle = diffBaseline(withLifecycle(undefined), withLifecycle(facts(404, false)));

  expect(oneSide.changes).toEqual([]);
  expect(oneSide.notCompared).toEqual([{ part: 'lifecycle', reason: 'only-in-run', count: 1 }]);
  expect(noLifecycle.changes).toEqual([]);
  expect(noLifecycle.compared.lifecycleFacts).toBeUndefined();
});
