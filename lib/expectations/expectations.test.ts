import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { applyExpectations, isExpired, utcDay } from './apply-expectations.js';
import { expectationsFromReport, expectationsText } from './from-report.js';
import { checkExpectations, closestCase, readExpectations } from './read-expectations.js';
import { REASON_PLACEHOLDER, type Expectation } from './types.js';

const KNOWN = ['protocol/spec-5/unknown-bearer', 'protocol/spec-7.1/not-json', 'matrix/refusals', 'value/refusals'];
const entry = (over: Partial<Expectation> = {}): Expectation => ({
  case: 'protocol/spec-5/unknown-bearer',
  verdict: 'DEVIATES',
  reason: 'staging accepts any token until SEC-12 ships',
  ...over,
});

describe('checkExpectations: one line per problem, naming the entry and its case', () => {
  test('a good file passes', () => {
    expect(checkExpectations({ expectations: [entry({ until: '2027-01-31', link: 'SEC-12' })] }, 'e.json', { known: KNOWN })).toEqual({
      expectations: [entry({ until: '2027-01-31', link: 'SEC-12' })],
    });
  });

  test('shape problems: a missing reason, a verdict that cannot fail, a date that is not one, an unknown key', () => {
    const read = checkExpectations(
      {
        expectations: [
          { case: 'matrix/refusals', verdict: 'DEVIATES' },
          { case: 'value/refusals', verdict: 'CONFORMS', reason: 'x' },
          entry({ until: '31.01.2027' }),
          { ...entry({ case: 'protocol/spec-7.1/not-json' }), note: 'x' },
        ],
      },
      'e.json',
      { known: KNOWN },
    );
    expect('problems' in read && read.problems).toEqual([
      'e.json: (matrix/refusals) /expectations/0/reason: is required',
      'e.json: (value/refusals) /expectations/1/verdict: must be one of DEVIATES, ERROR',
      'e.json: (protocol/spec-5/unknown-bearer) /expectations/2/until: must be a date string',
      'e.json: (protocol/spec-7.1/not-json) /expectations/3/note: is not an allowed property',
    ]);
  });

  test('a placeholder reason, a case named twice and an unknown case (with the case meant) are each one line', () => {
    const read = checkExpectations(
      {
        expectations: [
          entry({ reason: REASON_PLACEHOLDER }),
          entry({ case: 'protocol/spec-7.1/not-json' }),
          entry({ case: 'protocol/spec-7.1/not-json' }),
          entry({ case: 'protocol/spec-5/unknown-barer' }),
          entry({ case: 'nothing/like/it' }),
        ],
      },
      'e.json',
      { known: KNOWN },
    );
    expect('problems' in read && read.problems).toEqual([
      'e.json: /expectations/0 (protocol/spec-5/unknown-bearer): the reason is still a placeholder: say why this deviation is accepted',
      'e.json: /expectations/2 (protocol/spec-7.1/not-json): the case is named already at /expectations/1',
      'e.json: /expectations/3 (protocol/spec-5/unknown-barer): no suite has this case; did you mean protocol/spec-5/unknown-bearer?',
      'e.json: /expectations/4 (nothing/like/it): no suite has this case',
    ]);
  });

  test("every problem at once: the shape's and, for the entries that have a case, an unknown case too", () => {
    const read = checkExpectations(
      { expectations: [entry({ case: 'matrix/refusal' }), { case: 'value/refusals', verdict: 'NOPE', reason: 'x' }] },
      'e.json',
      { known: KNOWN },
    );
    expect('problems' in read && read.problems).toEqual([
      'e.json: (value/refusals) /expectations/1/verdict: must be one of DEVIATES, ERROR',
      'e.json: /expectations/0 (matrix/refusal): no suite has this case; did you mean matrix/refusals?',
    ]);
  });

  test('closestCase allows more edits for longer ids, none for a far one', () => {
    expect(closestCase('value/clientState/lenght-256', ['value/clientState/length-256'])).toBe('value/clientState/length-256');
    expect(closestCase('spec-4/x', ['matrix/none'])).toBeUndefined();
  });
});

test('a file the expectations command rewrites may keep its placeholders; a reason starting with TODO is one', () => {
  const file = { expectations: [entry({ reason: REASON_PLACEHOLDER }), entry({ case: 'matrix/refusals', reason: 'todo later' })] };
  expect('problems' in checkExpectations(file, 'e.json', { known: KNOWN })).toBe(true);
  expect(checkExpectations(file, 'e.json', { known: KNOWN, placeholders: 'kept' })).toEqual(file);
  const todo = checkExpectations({ expectations: [entry({ reason: 'TODO ask the gateway team' })] }, 'e.json', { known: KNOWN });
  expect('problems' in todo && todo.problems).toHaveLength(1);
});

describe('readExpectations: JSON or YAML from a file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'expectations-'));
  test('YAML and JSON read the same; a file that is neither is one line', async () => {
    writeFileSync(
      join(dir, 'e.yaml'),
      'expectations:\n  - case: matrix/refusals\n    verdict: DEVIATES\n    reason: 422 until the gateway is gone\n',
    );
    writeFileSync(
      join(dir, 'e.json'),
      JSON.stringify({ expectations: [{ case: 'matrix/refusals', verdict: 'DEVIATES', reason: '422 until the gateway is gone' }] }),
    );
    writeFileSync(join(dir, 'bad.json'), '{"expectations": [');
    const yaml = await readExpectations(join(dir, 'e.yaml'), 'e.yaml', { known: KNOWN });
    expect(yaml).toEqual(await readExpectations(join(dir, 'e.json'), 'e.json', { known: KNOWN }));
    const bad = await readExpectations(join(dir, 'bad.json'), 'bad.json');
    expect('problems' in bad && bad.problems).toHaveLength(1);
    expect('problems' in bad && bad.problems[0]).toMatch(/^bad\.json: not JSON: /);
  });
});

describe('applyExpectations: what became of each expectation', () => {
  const cases = [
    { id: 'a', verdict: 'DEVIATES' as const },
    { id: 'b', verdict: 'CONFORMS' as const },
    { id: 'c', verdict: 'ERROR' as const },
    { id: 'd', verdict: 'DEVIATES' as const },
  ];
  test('held, stale, mismatch, expired and not checked', () => {
    const { report, held } = applyExpectations(
      cases,
      [
        entry({ case: 'a', reason: 'known' }),
        entry({ case: 'b' }),
        entry({ case: 'c' }),
        entry({ case: 'd', until: '2020-01-01' }),
        entry({ case: 'e' }),
      ],
      { file: 'e.json', today: '2026-12-01' },
    );
    expect(report.entries.map((e) => [e.case, e.status])).toEqual([
      ['a', 'held'],
      ['b', 'stale'],
      ['c', 'mismatch'],
      ['d', 'expired'],
      ['e', 'not-checked'],
    ]);
    expect([...held.keys()]).toEqual(['a']);
    expect(report.entries[1]?.message).toBe('expectation no longer holds: b: remove it');
    expect(report.entries[3]?.message).toMatch(/^expectation expired: d: its until 2020-01-01 has passed/);
  });

  test('until is the last day that holds, in UTC', () => {
    expect(isExpired({ until: '2026-12-01' }, '2026-12-01')).toBe(false);
    expect(isExpired({ until: '2026-11-30' }, '2026-12-01')).toBe(true);
    expect(isExpired({}, '2999-01-01')).toBe(false);
    expect(utcDay(new Date('2026-12-01T23:59:59Z'))).toBe('2026-12-01');
  });
});

describe('expectationsFromReport: the failing cases, reasons kept from an earlier file', () => {
  test('new failures get the placeholder; kept entries keep their reason; passing ones are dropped; unrun ones kept', () => {
    const made = expectationsFromReport(
      [
        { id: 'a', verdict: 'DEVIATES' },
        { id: 'b', verdict: 'ERROR' },
        { id: 'c', verdict: 'CONFORMS' },
      ],
      [entry({ case: 'b', verdict: 'DEVIATES', reason: 'flaky gateway' }), entry({ case: 'c' }), entry({ case: 'z' })],
    );
    expect(made.file.expectations).toEqual([
      { case: 'a', verdict: 'DEVIATES', reason: REASON_PLACEHOLDER },
      entry({ case: 'b', verdict: 'ERROR', reason: 'flaky gateway' }),
      entry({ case: 'z' }),
    ]);
    expect(made).toMatchObject({ added: ['a'], kept: ['b', 'z'], dropped: [{ case: 'c', why: 'it is CONFORMS in the report' }] });
    // The file as written is refused until its placeholder is replaced.
    const read = checkExpectations(JSON.parse(expectationsText(made.file, 'e.json')), 'e.json');
    expect('problems' in read && read.problems).toEqual([
      'e.json: /expectations/0 (a): the reason is still a placeholder: say why this deviation is accepted',
    ]);
    expect(expectationsText(made.file, 'e.yaml')).toMatch(/^expectations:\n {2}- case: a\n/);
  });
});

describe('an entry about one operation: a campaign over a document reads one file for every run', () => {
  const scoped = (c: string, operation?: string): Expectation => ({
    case: c,
    verdict: 'DEVIATES',
    reason: 'the gateway strips it',
    ...(operation !== undefined ? { operation } : {}),
  });
  const file = {
    expectations: [scoped('value/name/empty', 'createFolder'), scoped('value/label/empty', 'createWidget'), scoped('protocol/base')],
  };

  test("each run gets its own entries and the unscoped ones; another operation's case is not an unknown id to it", () => {
    const folder = checkExpectations(file, 'e.json', { known: ['value/name/empty', 'protocol/base'], operation: 'createFolder' });
    expect(folder).toEqual({ expectations: [file.expectations[0], file.expectations[2]] });
    const widget = checkExpectations(file, 'e.json', { known: ['value/label/empty', 'protocol/base'], operation: 'createWidget' });
    expect(widget).toEqual({ expectations: [file.expectations[1], file.expectations[2]] });
    // Without the scope, the widget's entry is an unknown case to the folder's run.
    const unscoped = { expectations: file.expectations.map(({ operation: _, ...rest }) => rest) };
    expect(checkExpectations(unscoped, 'e.json', { known: ['value/name/empty', 'protocol/base'], operation: 'createFolder' })).toEqual({
      problems: ['e.json: /expectations/1 (value/label/empty): no suite has this case; did you mean value/name/empty?'],
    });
  });

  test('a case named once per operation is no duplicate; named for every operation and for one, it is, to that one', () => {
    const twice = { expectations: [scoped('protocol/base', 'createFolder'), scoped('protocol/base', 'createWidget')] };
    expect('expectations' in checkExpectations(twice, 'e.json')).toBe(true);
    expect('expectations' in checkExpectations(twice, 'e.json', { operation: 'createFolder' })).toBe(true);
    const both = { expectations: [scoped('protocol/base'), scoped('protocol/base', 'createFolder')] };
    expect(checkExpectations(both, 'e.json', { operation: 'createFolder' })).toEqual({
      problems: ['e.json: /expectations/1 (protocol/base): the case is named already at /expectations/0'],
    });
    expect(checkExpectations(both, 'e.json', { operation: 'createWidget' })).toEqual({ expectations: [both.expectations[0]] });
  });
});
