import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { Redactor } from '../redaction/redactor.js';
import { Secret } from '../secret.js';
import { named, writeOutputs, type Output } from './outputs.js';

const SECRET = 'tok-9c2f41d07be35a66';
const redactor = (): Redactor => Redactor.of(new Secret(SECRET));

interface Throwaway {
  reportDir: string;
  text: string;
}

test('a throwaway output added to a list is written by the one writer, atomically: the file is replaced whole, no temporary file left', async () => {
  const reportDir = mkdtempSync(join(tmpdir(), 'outputs-'));
  writeFileSync(join(reportDir, 'throwaway.txt'), 'the last run\n');
  const before = statSync(join(reportDir, 'throwaway.txt')).ino;
  const outputs: Output<Throwaway>[] = [named('throwaway.txt', (run) => `${run.text}\n`)];
  const result = await writeOutputs(outputs, { reportDir, text: 'this run' }, redactor());
  expect(result).toEqual({ written: [join(reportDir, 'throwaway.txt')], leaks: [], invalid: [] });
  expect(readFileSync(join(reportDir, 'throwaway.txt'), 'utf8')).toBe('this run\n');
  // Renamed over the old file (another inode), never written into it: a reader sees the old file or the whole new one.
  expect(statSync(join(reportDir, 'throwaway.txt')).ino).not.toBe(before);
  expect(readdirSync(reportDir)).toEqual(['throwaway.txt']);
});

test('every rendered text is scanned for a secret before anything reaches the disk: one that holds a fragment is written redacted, and said', async () => {
  const reportDir = mkdtempSync(join(tmpdir(), 'outputs-'));
  const base64 = Buffer.from(SECRET).toString('base64');
  const outputs: Output<Throwaway>[] = [
    named('whole.txt', (run) => `token ${SECRET} in ${run.text}\n`),
    named('fragment.txt', () => `cut: ${SECRET.slice(2, 14)}, spelt otherwise: ${base64}\n`),
    named('clean.txt', () => 'nothing to hide\n'),
  ];
  const result = await writeOutputs(outputs, { reportDir, text: 'a header' }, redactor());
  expect(result.leaks).toEqual([join(reportDir, 'whole.txt'), join(reportDir, 'fragment.txt')]);
  expect(result.written).toEqual(['whole.txt', 'fragment.txt', 'clean.txt'].map((f) => join(reportDir, f)));
  for (const file of readdirSync(reportDir)) {
    const text = readFileSync(join(reportDir, file), 'utf8');
    expect(text).not.toContain(SECRET.slice(2, 14));
    expect(text).not.toContain(base64.slice(0, 12));
  }
  expect(readFileSync(join(reportDir, 'whole.txt'), 'utf8')).toBe('token [redacted] in a header\n');
});

test("an output its schema refuses is held back with the schema's complaints; one with nothing to say this run writes nothing", async () => {
  const reportDir = mkdtempSync(join(tmpdir(), 'outputs-'));
  const outputs: Output<Throwaway>[] = [
    named('checked.json', (run) => JSON.stringify({ text: run.text }), {
      validate: (run) => (run.text === '' ? ['/text: must not be empty'] : []),
    }),
    named('absent.txt', () => undefined),
  ];
  expect(await writeOutputs(outputs, { reportDir, text: '' }, redactor())).toEqual({
    written: [],
    leaks: [],
    invalid: [{ path: join(reportDir, 'checked.json'), problems: ['/text: must not be empty'] }],
  });
  expect(readdirSync(reportDir)).toEqual([]);
  expect((await writeOutputs(outputs, { reportDir, text: 'x' }, redactor())).written).toEqual([join(reportDir, 'checked.json')]);
});

test('an output that appends adds to its file (a job summary), and one that replaces another removes it', async () => {
  const reportDir = mkdtempSync(join(tmpdir(), 'outputs-'));
  const summary = join(reportDir, 'step-summary.md');
  writeFileSync(summary, 'an earlier step\n');
  writeFileSync(join(reportDir, 'complete.sarif'), '{}');
  const outputs: Output<Throwaway>[] = [
    { file: () => summary, render: (run) => `${run.text}\n`, append: true },
    named('partial.sarif', () => '{}\n', { replaces: () => ['complete.sarif'] }),
  ];
  await writeOutputs(outputs, { reportDir, text: 'this step' }, redactor());
  expect(readFileSync(summary, 'utf8')).toBe('an earlier step\nthis step\n');
  expect(readdirSync(reportDir).sort()).toEqual(['partial.sarif', 'step-summary.md']);
});

test("an earlier run's file of an output this run has none of, or holds back, is removed; an appended file or one outside the folder stays", async () => {
  const reportDir = mkdtempSync(join(tmpdir(), 'outputs-'));
  const elsewhere = join(mkdtempSync(join(tmpdir(), 'outputs-elsewhere-')), 'summary.md');
  for (const name of ['absent.yaml', 'checked.json', 'appended.md', 'kept.txt']) writeFileSync(join(reportDir, name), 'the last run\n');
  writeFileSync(elsewhere, 'an earlier step\n');
  const outputs: Output<Throwaway>[] = [
    named('absent.yaml', () => undefined),
    named('checked.json', () => '{}', { validate: () => ['/text: must not be empty'] }),
    named('appended.md', () => undefined, { append: true }),
    { file: () => elsewhere, render: () => undefined },
    named('kept.txt', (run) => `${run.text}\n`),
  ];
  const result = await writeOutputs(outputs, { reportDir, text: 'this run' }, redactor());
  expect(result.written).toEqual([join(reportDir, 'kept.txt')]);
  expect(result.invalid.map((i) => i.path)).toEqual([join(reportDir, 'checked.json')]);
  expect(readdirSync(reportDir).sort()).toEqual(['appended.md', 'kept.txt']);
  expect(readFileSync(join(reportDir, 'appended.md'), 'utf8')).toBe('the last run\n');
  expect(readFileSync(elsewhere, 'utf8')).toBe('an earlier step\n');
});
