import { expect, test } from 'vitest';
import { subscriptionCreate } from '../operation/index.js';
import type { OperationSpec } from '../operation/types.js';
import { createsSentence, undoPlan, withPlannedUndo } from './undo-plan.js';

const bare: OperationSpec = { ...subscriptionCreate, source: 'bare' };
delete bare.cleanup;

test("the description's delete path comes first, and DELETE_PATH is then said to be unused", () => {
  const plan = undoPlan({ operation: subscriptionCreate, deletePath: '/other/{id}', keepCreated: false });
  expect(plan.source).toBe('description');
  expect(plan.cleanup).toBe(subscriptionCreate.cleanup);
  expect(plan.settingUnused).toBe(true);
  expect(createsSentence(plan, 12, subscriptionCreate)).toContain('DELETE_PATH is not used');
  expect(createsSentence(plan, 12, subscriptionCreate)).toContain('the run stops there (exit 2)');
});

test('without a description undo, DELETE_PATH gives the run its cleanup: the id at /id, put into the template', () => {
  const plan = undoPlan({ operation: bare, deletePath: '/hooks/{id}', keepCreated: false });
  expect(plan.source).toBe('setting');
  const operation = withPlannedUndo(bare, plan);
  expect(operation.cleanup?.idFrom({ id: 'a b' })).toBe('a b');
  expect(operation.cleanup?.deletePath('a b')).toBe('/hooks/a%20b');
  expect(createsSentence(plan, 3, bare)).toMatch(
    /^subscriptions: up to 3 created, each deleted after its case by DELETE \/hooks\/\{id\} \(DELETE_PATH\)/,
  );
});

test('with no delete path known, the sentence says the run stops after one create, and which settings to give', () => {
  const plan = undoPlan({ operation: bare, deletePath: undefined, keepCreated: false });
  expect(plan.source).toBe('none');
  expect(withPlannedUndo(bare, plan).cleanup).toBeUndefined();
  const line = createsSentence(plan, 269, bare);
  expect(line).not.toContain('each deleted after its case');
  expect(line).toContain('the run stops there (exit 2)');
  expect(line).toContain(`DELETE_PATH (e.g. ${bare.path}/{id})`);
  const kept = createsSentence(undoPlan({ operation: bare, deletePath: undefined, keepCreated: true }), 269, bare);
  expect(kept).toContain('kept on the target (KEEP_CREATED)');
});

test('an operation whose body carries no notification URL makes resources, and the sentence says so', () => {
  const folder: OperationSpec = { ...bare, fields: bare.fields.filter((f) => f.name !== 'notificationUrl') };
  const plan = undoPlan({ operation: folder, deletePath: undefined, keepCreated: false });
  const sentence = createsSentence(plan, 3, folder);
  expect(sentence).toMatch(
    /^resources: up to 3 created, deleted through the Location of the first accepted create when it names that resource; else one resource is created and left/,
  );
  // Only its path (this test keeps the subscription path) may say it.
  expect(sentence).not.toMatch(/(?<!\/)subscription/);
});
