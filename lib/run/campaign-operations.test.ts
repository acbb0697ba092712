import { describe, expect, test } from 'vitest';
import type { OperationSpec } from '../operation/types.js';
import { withoutMissingProducers, type PathNeed, type PlannedOperation } from './campaign-operations.js';

const base = (id: string, path: string) => ({ id, method: 'POST', path, folder: `operations/${id}` });
const need = (param: string, producer: string): PathNeed => ({ param, producer, expression: undefined, deleteTemplate: undefined });
const consume = (id: string, path: string, ...needs: PathNeed[]): PlannedOperation => ({
  ...base(id, path),
  kind: 'consume',
  needs,
  fields: 1,
});
const run = (id: string, path: string): PlannedOperation => ({ ...base(id, path), kind: 'run', operation: {} as OperationSpec, fields: 1 });

describe('consumers of a producer the campaign will not run', () => {
  test('one whose producer runs stays planned; one whose producer is not picked is skipped, saying what lets it run', () => {
    const planned = [run('createDrive', '/drives'), consume('createItem', '/drives/{drive-id}/items', need('drive-id', 'createDrive'))];
    expect(withoutMissingProducers(planned)).toEqual(planned);
    const [skipped] = withoutMissingProducers([consume('createItem', '/drives/{drive-id}/items', need('drive-id', 'createDrive'))]);
    expect(skipped).toEqual({
      ...base('createItem', '/drives/{drive-id}/items'),
      kind: 'skip',
      reason:
        '`{drive-id}`: made by createDrive, and OPERATIONS does not pick createDrive, so no instance of it is made; pick createDrive too, or give PATH_VALUES=drive-id=...',
    });
  });

  test('a chain is followed: a consumer whose producer is itself skipped is skipped too, naming that skip', () => {
    const planned: PlannedOperation[] = [
      { ...base('createDrive', '/drives'), kind: 'skip', reason: 'no JSON body' },
      consume('createItem', '/drives/{drive-id}/items', need('drive-id', 'createDrive')),
      consume('createTag', '/items/{item-id}/tags', need('item-id', 'createItem')),
    ];
    const after = withoutMissingProducers(planned);
    expect(after.map((p) => p.kind)).toEqual(['skip', 'skip', 'skip']);
    expect(after[1]).toMatchObject({
      reason: expect.stringMatching(/^`\{drive-id\}`: made by createDrive, and createDrive is skipped too, so no instance/),
    });
    expect(after[2]).toMatchObject({
      reason: expect.stringMatching(/^`\{item-id\}`: made by createItem, and createItem is skipped too.*give PATH_VALUES=item-id=\.\.\.$/),
    });
  });
});
