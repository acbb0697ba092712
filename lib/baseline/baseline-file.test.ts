import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { baselineText, readBaseline, writeBaseline } from './baseline-file.js';
import { defaultBaseline } from '../../test/support/baselines.js';
import { validateBaseline } from './validate-baseline.js';
import { BaselineFileError } from '../errors.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'baseline-file-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('baseline files', () => {
  test('write then read gives the same baseline; the folder is created', async () => {
    const path = join(dir, 'nested', 'embedded-default.json');

    await writeBaseline(path, defaultBaseline());

    expect(await readBaseline(path)).toEqual(defaultBaseline());
  });

  test('one combination, value class or limit per line, so a git diff shows what changed', () => {
    const lines = baselineText(defaultBaseline()).split('\n');

    expect(lines).toContain('    { "present": ["notificationUrl", "expirationDateTime"], "outcome": "accepted", "status": 201 },');
    expect(lines).toContain('        "http-absolute": { "outcome": "accepted", "status": 201 },');
    expect(lines).toContain(
      '      "limits": { "longest accepted clientState": { "unit": "characters", "value": 255, "firstRejected": 256 } }',
    );
    expect(JSON.parse(lines.join('\n'))).toEqual(defaultBaseline());
  });

  test('a missing file, a file that is not JSON and one that breaks the schema are BaselineFileErrors', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{ nope');
    const wrong = join(dir, 'wrong.json');
    writeFileSync(wrong, JSON.stringify({ ...defaultBaseline(), baselineVersion: 2 }));

    await expect(readBaseline(join(dir, 'none.json'))).rejects.toMatchObject({ code: 'BASELINE_UNREADABLE', problems: ['no such file'] });
    await expect(readBaseline(bad)).rejects.toMatchObject({ code: 'BASELINE_INVALID', problems: [expect.stringMatching(/^not JSON/)] });
    await expect(readBaseline(wrong)).rejects.toBeInstanceOf(BaselineFileError);
    await expect(readBaseline(wrong)).rejects.toMatchObject({ problems: ['/baselineVersion: must be 1'] });
  });

  test('an invalid baseline is never written', async () => {
    const path = join(dir, 'x.json');
    const broken = { ...defaultBaseline(), name: 'no spaces allowed' };

    await expect(writeBaseline(path, broken)).rejects.toMatchObject({ code: 'BASELINE_INVALID' });
    expect(() => readFileSync(path)).toThrow();
  });
});

describe('validateBaseline', () => {
  test('names every field that is not one of operation.fields', () => {
    const baseline = defaultBaseline();
    baseline.fields['subject'] = 'required';
    baseline.matrix[1] = { present: ['subject'], outcome: 'accepted', status: 201 };

    expect(validateBaseline(baseline)).toEqual({
      valid: false,
      errors: ['/fields/subject: is not one of operation.fields', '/matrix/1/present/0: "subject" is not one of operation.fields'],
    });
  });

  test('an answer must carry an outcome and a status', () => {
    const value = JSON.parse(JSON.stringify(defaultBaseline())) as { matrix: Record<string, unknown>[] };
    delete value.matrix[0]?.['status'];

    expect(validateBaseline(value)).toEqual({ valid: false, errors: ['/matrix/0/status: is required'] });
  });
});
