import { expect, test } from 'vitest';
import type { PlannedOperation } from './campaign-operations.js';
import type { OperationSpec } from '../operation/types.js';
import { assignShards, parseShard, shardGroups } from './campaign-shards.js';

const base = (id: string) => ({ id, method: 'POST', path: `/${id}`, folder: `operations/${id}` });
const run = (id: string, fields: number): PlannedOperation => ({ ...base(id), kind: 'run', operation: {} as OperationSpec, fields });
const consume = (id: string, fields: number, ...producers: string[]): PlannedOperation => ({
  ...base(id),
  kind: 'consume',
  fields,
  needs: producers.map((producer) => ({ param: `${producer}-id`, producer, expression: undefined, deleteTemplate: undefined })),
});

// A chain box <- item <- note, a lone gadget, a skip, and a consumer of a producer OPERATIONS left out.
const planned: PlannedOperation[] = [
  run('box', 2),
  consume('note', 1, 'item'),
  run('gadget', 6),
  consume('item', 3, 'box'),
  { ...base('order'), kind: 'skip', reason: 'no producer' },
  consume('part', 2, 'absent'),
];

test('a consumer is grouped with its producers transitively; one whose producer is not planned stands alone', () => {
  expect(shardGroups(planned)).toEqual([['box', 'note', 'item'], ['gadget'], ['order'], ['part']]);
});

test('each operation in exactly one shard, a chain whole, heaviest group first to the lightest shard, the same each time', () => {
  const two = assignShards(planned, 2);
  expect([...two.keys()].sort()).toEqual(planned.map((p) => p.id).sort());
  expect(new Set(['box', 'item', 'note'].map((id) => two.get(id))).size).toBe(1);
  // box+item+note (6) come first in the document, so shard 1, gadget (6) shard 2; part (2) the lower on a tie; order the lighter.
  expect(Object.fromEntries(two)).toEqual({ box: 1, note: 1, item: 1, gadget: 2, part: 1, order: 2 });
  expect(assignShards([...planned], 2)).toEqual(two);
  expect(new Set(assignShards(planned, 9).values()).size).toBe(4);
});

test('--shard takes i/n with 1 <= i <= n only', () => {
  expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
  for (const bad of ['0/2', '3/2', '1/0', '1-2', 'a/b', '']) expect(parseShard(bad)).toMatch(/^--shard: expected i\/n/);
});
