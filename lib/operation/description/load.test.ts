import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadOperationFile, parseDescription } from './load.js';
import { OperationFileError } from '../../errors.js';

const minimal = {
  id: 'thing-create',
  summary: 'Create a thing',
  method: 'POST',
  path: '/things',
  fields: [{ name: 'name', specRef: 'open', good: { kind: 'unique', prefix: 'thing-' } }],
};

function problemsOf(text: string, label = 'op.json'): readonly string[] {
  try {
    parseDescription(text, label);
  } catch (error) {
    if (error instanceof OperationFileError) return error.problems;
    throw error;
  }
  return [];
}

describe('an operation description file', () => {
  test('a minimal description is valid', () => {
    expect(problemsOf(JSON.stringify(minimal))).toEqual([]);
  });

  test('lifecycle names the methods of read, list and renew; a method none of them takes is refused', () => {
    expect(problemsOf(JSON.stringify({ ...minimal, lifecycle: { read: 'GET', list: 'POST', renew: 'PUT' } }))).toEqual([]);
    const [problem, ...rest] = problemsOf(JSON.stringify({ ...minimal, lifecycle: { renew: 'DELETE' } }));
    expect(rest).toEqual([]);
    expect(problem).toMatch(/^op\.json#\/lifecycle\/renew: must be one of PATCH, PUT, POST/);
  });

  test('every problem is one line naming the file and the JSON pointer', () => {
    const broken = {
      ...minimal,
      method: 'GET',
      extra: 1,
      fields: [
        { name: 'a', specRef: 'open', good: { kind: 'sometime' } },
        { name: 'b', specRef: 'open', good: { kind: 'instant', minutesAhead: 'soon' } },
        { name: 'a', specRef: 'open', good: { kind: 'literal', value: 1 }, classes: [{ family: 'url-shape', specRef: 'x' }] },
      ],
      reportedAccepted: ['a', 'nope'],
      undo: { idAt: 'id', deletePath: '/things/' },
    };
    const problems = problemsOf(JSON.stringify(broken), 'my-op.json');
    expect(problems.length).toBeGreaterThanOrEqual(6);
    for (const p of problems) {
      expect(p).toMatch(/^my-op\.json#\/\S*: /);
      expect(p).not.toContain('\n');
    }
    expect(problems).toEqual(
      expect.arrayContaining([
        'my-op.json#/method: must be one of POST, PUT, PATCH',
        'my-op.json#/extra: is not an allowed property',
        'my-op.json#/fields/1/good/minutesAhead: must be integer',
      ]),
    );
    expect(problems.some((p) => p.startsWith('my-op.json#/fields/0/good/kind: '))).toBe(true);
    expect(problems.some((p) => p.startsWith('my-op.json#/fields/2/classes/0/family: '))).toBe(true);
    expect(problems.some((p) => p.startsWith('my-op.json#/undo/idAt: '))).toBe(true);
    expect(problems.some((p) => p.startsWith('my-op.json#/undo/deletePath: '))).toBe(true);
  });

  test('acceptedBody: a JSON object whose keys are fields, kept for the explorer', () => {
    expect(problemsOf(JSON.stringify({ ...minimal, acceptedBody: { name: 'thing-1' } }))).toEqual([]);
    expect(parseDescription(JSON.stringify({ ...minimal, acceptedBody: { name: 'thing-1' } }), 'op.json').acceptedBody).toEqual({
      name: 'thing-1',
    });
    expect(problemsOf(JSON.stringify({ ...minimal, acceptedBody: { name: 'x', other: 1 } }))).toEqual([
      'op.json#/acceptedBody/other: "other" is not one of the fields',
    ]);
    expect(problemsOf(JSON.stringify({ ...minimal, acceptedBody: ['name'] })).length).toBe(1);
  });

  test('what the schema cannot say: names that must be fields, unique names and class ids, low below high', () => {
    const d = {
      ...minimal,
      fields: [
        {
          name: 'a',
          specRef: 'open',
          good: { kind: 'literal', value: 'x' },
          classes: [
            { family: 'booleans', specRef: 's' },
            { id: 'true', description: 'again', value: { kind: 'literal', value: true }, specRef: 's', expectation: 'open' },
          ],
        },
        { name: 'a', specRef: 'open', good: { kind: 'literal', value: 'y' } },
      ],
      reportedAccepted: ['a', 'b'],
      limits: [{ id: 'l', field: 'c', name: 'n', unit: 'u', specRef: 's', value: { kind: 'number' }, low: 5, high: 5 }],
    };
    expect(problemsOf(JSON.stringify(d))).toEqual([
      'op.json#/fields/0/classes/1: class id "true" is also given by /fields/0/classes/0',
      'op.json#/fields/1/name: "a" is already the name of /fields/0',
      'op.json#/reportedAccepted/1: "b" is not one of the fields',
      'op.json#/limits/0/field: "c" is not one of the fields',
      'op.json#/limits/0/high: must be greater than low (5), got 5',
    ]);
  });

  test('YAML is read the same as JSON, and a YAML syntax error names its line', () => {
    const yaml = [
      'id: thing-create',
      'summary: Create a thing',
      'method: POST',
      'path: /things',
      'fields:',
      '  - name: name',
      '    specRef: open',
      '    good: { kind: unique, prefix: thing- }',
    ].join('\n');
    expect(parseDescription(yaml, 'op.yaml')).toEqual(minimal);
    const [problem, ...rest] = problemsOf('id: [unclosed\nsummary: x', 'op.yml');
    expect(rest).toEqual([]);
    expect(problem).toMatch(/^op\.yml: not valid YAML at line \d+, column \d+: /);
  });

  test('JSON that does not parse, and a file that cannot be read, are one line each', () => {
    expect(problemsOf('{"id": ', 'op.json')).toEqual([expect.stringMatching(/^op\.json: not valid JSON: /)]);
    const dir = mkdtempSync(join(tmpdir(), 'op-load-'));
    expect(() => loadOperationFile(join(dir, 'absent.json'), 'absent.json')).toThrow(
      new OperationFileError(['absent.json: cannot read it (ENOENT)']),
    );
  });

  test('compiled: undo reads the id and the end of life at their pointers, and expands the delete path once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'op-load-'));
    const file = join(dir, 'op.json');
    writeFileSync(
      file,
      JSON.stringify({ ...minimal, undo: { idAt: '/result/id', deletePath: '/things/{id}/x', endOfLifeAt: '/result/until' } }),
    );
    const op = loadOperationFile(file, 'op.json');
    expect(op.source).toBe('op.json');
    expect(op.headers).toEqual({ 'content-type': 'application/json' });
    expect(op.cleanup?.idFrom({ result: { id: 'a/b?c', until: '2030-01-01T00:00:00Z' } })).toBe('a/b?c');
    expect(op.cleanup?.idFrom({ result: { id: 7 } })).toBeUndefined();
    expect(op.cleanup?.idFrom('not an object')).toBeUndefined();
    expect(op.cleanup?.deletePath('a/b?c')).toBe('/things/a%2Fb%3Fc/x');
    expect(op.cleanup?.expiresFrom?.({ result: { until: '2030-01-01T00:00:00Z' } })).toBe('2030-01-01T00:00:00Z');
  });
});
