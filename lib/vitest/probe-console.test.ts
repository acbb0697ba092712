import { expect, test } from 'vitest';
import type { TestCase, TestModule } from 'vitest/node';
import { caseLines, ProbeConsole, terminalStatus } from './probe-console.js';

/**
 * Just what the console reads of vitest's objects. Until a case is made, the module holds `planned` cases (what
 * collection counts); then the cases made, which its line counts when it ends.
 */
function fakeModule(path: string, planned: number, seconds = 0): TestModule {
  const cases: TestCase[] = [];
  return {
    relativeModuleId: path,
    cases,
    children: { allTests: () => (cases.length > 0 ? cases : Array.from({ length: planned })) },
    state: () => 'passed',
    diagnostic: () => ({ duration: seconds * 1000 }),
  } as unknown as TestModule;
}

function fakeCase(module: TestModule, name: string, result: object, probe?: object): TestCase {
  const testCase = {
    id: `${module.relativeModuleId}#${name}`,
    name,
    fullName: name,
    module,
    result: () => result,
    meta: () => ({ probe }),
    diagnostic: () => undefined,
  } as unknown as TestCase;
  (module as unknown as { cases: TestCase[] }).cases.push(testCase);
  return testCase;
}

const record = (id: string, verdict: string, requests: number, finding?: string) => ({
  id,
  verdict,
  requests,
  specRef: 'spec §7 rule 1',
  observed: 'seen',
  ...(finding !== undefined ? { finding } : {}),
});

test('a line per suite, per failing case and per skip reason; passing cases print nothing; progress only when quiet', () => {
  const lines: string[] = [];
  let clock = 0;
  const console = new ProbeConsole({ write: (l) => lines.push(l), quietMs: 5_000, maxRequests: 300, now: () => clock });
  const matrix = fakeModule('suites/02-presence-matrix.test.ts', 4, 14.5);
  console.onTestRunStart();
  console.onTestModuleCollected(matrix);
  console.onTestModuleStart(matrix);
  console.onTestCaseResult(fakeCase(matrix, 'present: a', { state: 'passed' }, record('matrix/a', 'INFORMATIONAL', 2)));
  clock = 4_000;
  console.tick();
  expect(lines).toEqual([]);
  clock = 6_000;
  console.tick();
  expect(lines).toEqual([
    '… 6 s: 1 of 4 cases done, about 18 s left, 2 requests sent of at most 300 as of the last case done; running 02-presence-matrix',
  ]);
  // The engine's count, when a case carries it, holds what no case sent alone.
  console.onTestCaseResult(
    fakeCase(
      matrix,
      'present: b',
      { state: 'passed' },
      { ...record('matrix/b', 'INFORMATIONAL', 2), engineRequests: { run: 'r', sent: 9 } },
    ),
  );
  clock = 12_000;
  console.tick();
  expect(lines.pop()).toMatch(/^… 12 s: 2 of 4 cases done, about 12 s left, 9 requests sent of at most 300/);
  console.onTestCaseResult(
    fakeCase(
      matrix,
      'refusals',
      { state: 'failed', errors: [{ message: 'DEVIATES (spec §7 rule 1): a 422\nExpected: 400\nActual:   422' }] },
      record('matrix/refusals', 'DEVIATES', 0, 'a 422\nfor every body'),
    ),
  );
  console.onTestCaseResult(fakeCase(matrix, 'x: one', { state: 'skipped', note: 'no accepted body carries x' }));
  console.onTestCaseResult(fakeCase(matrix, 'x: two', { state: 'skipped', note: 'no accepted body carries x' }));
  clock = 14_500;
  console.onTestModuleEnd(matrix);
  console.onTestRunEnd();
  expect(lines.slice(1)).toEqual([
    '  DEVIATES (spec §7 rule 1) matrix/refusals: a 422 for every body',
    '    Expected: 400',
    '    Actual:   422',
    '02-presence-matrix: 2 INFORMATIONAL, 1 DEVIATES, 2 skipped; 4 requests, 14.5 s',
    '  skipped  2 cases, e.g. x: one: no accepted body carries x',
  ]);
});

test('a case that threw before recording is an ERROR with its message; a long finding is cut', () => {
  const lines: string[] = [];
  const console = new ProbeConsole({ write: (l) => lines.push(l), now: () => 0 });
  const module = fakeModule('suites/05-protocol.test.ts', 2);
  console.onTestRunStart();
  console.onTestModuleStart(module);
  console.onTestCaseResult(fakeCase(module, 'GET', { state: 'failed', errors: [{ message: 'engine closed' }] }));
  console.onTestCaseResult(fakeCase(module, 'long', { state: 'passed' }, record('protocol/long', 'ERROR', 1, 'x'.repeat(1000))));
  console.onTestModuleEnd(module);
  console.onTestRunEnd();
  expect(lines[0]).toBe('  ERROR    GET: engine closed');
  expect(lines[1]?.length).toBeLessThan(400);
  expect(lines[1]).toMatch(/^ {2}ERROR \(spec §7 rule 1\) protocol\/long: x+…$/);
  expect(lines[2]).toBe('05-protocol: 2 ERROR; 1 requests, 0.0 s');
});

test("the suites' own lines are passed on, to the stream they were written to", () => {
  const out: string[] = [];
  const err: string[] = [];
  const console = new ProbeConsole({ write: (l) => out.push(l), writeError: (l) => err.push(l), now: () => 0 });
  console.onUserConsoleLog({ content: 'property seed: 42 (replay with SEED=42)\n', type: 'stdout', time: 0, size: 1 });
  console.onUserConsoleLog({ content: 'events: skipped\n', type: 'stderr', time: 0, size: 1 });
  expect(out).toEqual(['property seed: 42 (replay with SEED=42)']);
  expect(err).toEqual(['events: skipped']);
});

test('on a terminal the progress is a status line shown in place, cleared before any other line and at the end', () => {
  const events: string[] = [];
  let clock = 0;
  const console = new ProbeConsole({
    write: (l) => events.push(`line: ${l}`),
    status: (text) => events.push(text === undefined ? 'clear' : `status: ${text}`),
    quietMs: 5_000,
    now: () => clock,
  });
  const module = fakeModule('suites/03-value-classes.test.ts', 2);
  console.onTestRunStart();
  console.onTestModuleCollected(module);
  console.onTestModuleStart(module);
  clock = 6_000;
  console.tick();
  clock = 7_000;
  // Refreshed at every tick while quiet: the status line is not output that resets the quiet time.
  console.tick();
  console.onTestCaseResult(fakeCase(module, 'bad', { state: 'passed' }, record('value/bad', 'DEVIATES', 1, 'a 500')));
  clock = 13_000;
  console.tick();
  console.onUserConsoleLog({ type: 'stdout', content: 'seed 7\n' } as never);
  clock = 19_000;
  console.tick();
  console.onTestRunEnd();
  expect(events).toEqual([
    // One row: what runs, then the counts (the log line, without a terminal, says them in words).
    'status: … 6 s · 03-value-classes · cases 0/2 · requests 0',
    'status: … 7 s · 03-value-classes · cases 0/2 · requests 0',
    'clear',
    'line:   DEVIATES (spec §7 rule 1) value/bad: a 500',
    'status: … 13 s · 03-value-classes · cases 1/2 · ~13 s left · requests 1',
    'clear',
    'line: seed 7',
    'status: … 19 s · 03-value-classes · cases 1/2 · ~19 s left · requests 1',
    'clear',
  ]);
});

test('the terminal status line is cut to the terminal width and erased with a carriage return', () => {
  let written = '';
  const stream = { columns: 30, write: (chunk: string) => ((written += chunk), true) } as unknown as NodeJS.WriteStream;
  const status = terminalStatus(stream);
  status('x'.repeat(100));
  expect(written).toBe(`\r\u001b[2K${'x'.repeat(28)}…`);
  written = '';
  status(undefined);
  expect(written).toBe('\r\u001b[2K');
});

test('until every suite has loaded, the progress counts the cases loaded so far and gives no estimate', () => {
  const lines: string[] = [];
  let clock = 0;
  const console = new ProbeConsole({ write: (l) => lines.push(l), now: () => clock });
  const first = fakeModule('suites/01-spec-observations.test.ts', 2);
  const second = fakeModule('suites/02-presence-matrix.test.ts', 4);
  console.onTestRunStart([{}, {}]);
  console.onTestModuleCollected(first);
  console.onTestModuleStart(first);
  console.onTestCaseResult(fakeCase(first, 'a', { state: 'passed' }, record('spec/a', 'CONFORMS', 1)));
  clock = 6_000;
  console.tick();
  expect(lines.pop()).toBe(
    '… 6 s: 1 case done of the 2 in the 1 of 2 suites loaded so far, 1 request sent as of the last case done; running 01-spec-observations',
  );
  console.onTestModuleCollected(second);
  clock = 12_000;
  console.tick();
  expect(lines.pop()).toMatch(/^… 12 s: 1 of 6 cases done, about 60 s left,/);
});

test('a case a cancelled run reports twice is counted once: the suite line counts its cases when it ends', () => {
  const lines: string[] = [];
  const console = new ProbeConsole({ write: (l) => lines.push(l), now: () => 0, stopped: () => true });
  const matrix = fakeModule('suites/02-presence-matrix.test.ts', 3, 16.2);
  console.onTestRunStart();
  console.onTestModuleCollected(matrix);
  console.onTestModuleStart(matrix);
  const done = fakeCase(matrix, 'present: a', { state: 'passed' }, record('matrix/a', 'DEVIATES', 3, 'a 422'));
  const cut = fakeCase(matrix, 'present: b', { state: 'failed', errors: [{ message: 'aborted' }] });
  for (const testCase of [done, cut, done, cut]) console.onTestCaseResult(testCase);
  console.onTestModuleEnd(matrix);
  expect(lines).toEqual([
    '  DEVIATES (spec §7 rule 1) matrix/a: a 422',
    '02-presence-matrix: 1 DEVIATES, 1 not run (the run was stopped); 3 requests, 16.2 s',
  ]);
});

test('a suite without a case says it was not run when the run was stopped, and "no case" otherwise', () => {
  for (const stopped of [true, false]) {
    const lines: string[] = [];
    const console = new ProbeConsole({ write: (l) => lines.push(l), now: () => 0, stopped: () => stopped });
    const module = fakeModule('suites/07-lifecycle.test.ts', 0);
    console.onTestRunStart();
    console.onTestModuleStart(module);
    console.onTestModuleEnd(module);
    expect(lines).toEqual([`07-lifecycle: ${stopped ? 'not run (the run was stopped)' : 'no case'}; 0 requests, 0.0 s`]);
  }
});

test('the status line marks a count of cases that will grow (suites still to load) with a +', () => {
  const shown: string[] = [];
  let clock = 0;
  const console = new ProbeConsole({
    write: () => undefined,
    status: (t) => t !== undefined && shown.push(t),
    maxRequests: 300,
    now: () => clock,
  });
  const first = fakeModule('suites/01-spec-observations.test.ts', 2);
  console.onTestRunStart([{}, {}]);
  console.onTestModuleCollected(first);
  console.onTestModuleStart(first);
  clock = 6_000;
  console.tick();
  expect(shown).toEqual(['… 6 s · 01-spec-observations · cases 0/2+ · requests 0/300']);
});

test('with the worker saying its count as it sends, progress counts requests sent so far, not as of the last case done', () => {
  const lines: string[] = [];
  let clock = 0;
  let live = 0;
  const console = new ProbeConsole({
    write: (l) => lines.push(l),
    quietMs: 5_000,
    maxRequests: 300,
    now: () => clock,
    requestsSent: () => live,
  });
  const lifecycle = fakeModule('suites/07-lifecycle.test.ts', 2);
  console.onTestRunStart();
  console.onTestModuleCollected(lifecycle);
  console.onTestModuleStart(lifecycle);
  // A slow case sends for a long while before it ends: the count moves all the same.
  live = 9;
  clock = 6_000;
  console.tick();
  live = 21;
  clock = 12_000;
  console.tick();
  expect(lines).toEqual([
    '… 6 s: 0 of 2 cases done, 9 requests sent of at most 300; running 07-lifecycle',
    '… 12 s: 0 of 2 cases done, 21 requests sent of at most 300; running 07-lifecycle',
  ]);
});

test("a merge replays the shards' cases without their lines; the merged report's verdicts are said once, after", () => {
  const lines: string[] = [];
  const console = new ProbeConsole({ write: (l) => lines.push(l), quietMs: 5_000, now: () => 0, replay: true });
  const module = fakeModule('suites/03-value-classes.test.ts', 1);
  console.onTestRunStart();
  console.onTestModuleCollected(module);
  console.onTestModuleStart(module);
  console.onTestCaseResult(fakeCase(module, 'bad', { state: 'failed', errors: [] }, record('value/bad', 'DEVIATES', 1, 'a 500')));
  expect(lines.filter((l) => l.includes('value/bad'))).toEqual([]);
  const merged = [
    { id: 'value/bad', verdict: 'INFORMATIONAL' as const, specRef: 'spec §7 rule 1', finding: 'a 500' },
    { id: 'value/worse', verdict: 'DEVIATES' as const, specRef: 'spec §7 rule 1', finding: 'a 502' },
    { id: 'value/known', verdict: 'DEVIATES' as const, specRef: 'spec §7 rule 1', finding: 'a 418', expectation: { reason: 'ticket 9' } },
  ];
  expect(caseLines(merged)).toEqual([
    '  DEVIATES (spec §7 rule 1) value/worse: a 502',
    '  DEVIATES (expected: ticket 9) value/known: a 418',
  ]);
});
