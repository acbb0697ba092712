/**
 * Functions stay a few named steps. Under lib/run/ and lib/explain/ none is over 60 lines (a run once grew a 231-line
 * function of 14 closures there, which only whole runs could test; explain once was one function of 357 lines). Across
 * lib/, suites/, bin/, reference/ and scripts/ (their product files, every folder down: the suites' own files too) none
 * is over 150 lines, and the number over 60 may not grow past CEILING; the tool's tests have ceilings of their own.
 * Files have ceilings too: the longest, and how many are over 400 lines. Measured as the
 * TypeScript parser sees them: every function (declarations, methods, accessors, arrows, expressions), a nested one
 * counted apart from the one around it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;
const SHORT_ONLY = ['lib/run', 'lib/explain'];
const TREE = ['lib', 'suites', 'bin', 'reference', 'scripts'];
const MAX_LINES = 60;
const MAX_LINES_ANYWHERE = 150;
/**
 * Functions over MAX_LINES in TREE, at most. This number may only go down: split a long function into named steps
 * rather than raise it, and lower it when a split brings the count below it.
 */
const CEILING = 0;
/**
 * Functions over MAX_LINES_ANYWHERE that are being split elsewhere, by file and name (lines move). This list may
 * only shrink: take an entry out once its function is split, and add none.
 */
const BEING_SPLIT: string[] = [];

interface Measured {
  name: string;
  lines: number;
}

/** Every function of a file (declarations, methods, arrows, expressions) with its length in lines. */
function functionLengths(file: string, text: string): Measured[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Measured[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const name = ts.getNameOfDeclaration(node as ts.Declaration)?.getText(source) ?? '(anonymous)';
      found.push({ name: `${file}:${first + 1} ${name}`, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The product's TypeScript files under `dir`, every folder down, tests left out. The conformance suites are the
 * product although vitest names them `*.test.ts`: under `suites/` every file counts.
 */
function sourceFiles(dir: string): string[] {
  const suites = dir === join(ROOT, 'suites');
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && (suites || !f.endsWith('.test.ts')))
    .map((f) => join(dir, f));
}

/** The tool's own tests: `*.test.ts` beside the code and everything under `test/` but its fixtures. */
function testFiles(): string[] {
  const besides = TREE.filter((dir) => dir !== 'suites').flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => join(ROOT, dir, f)),
  );
  const underTest = readdirSync(join(ROOT, 'test'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.startsWith('fixtures'))
    .map((f) => join(ROOT, 'test', f));
  return [...besides, ...underTest];
}

function measure(files: readonly string[]): Measured[] {
  return files.flatMap((path) => functionLengths(relative(ROOT, path), readFileSync(path, 'utf8')));
}

const longest = (all: readonly Measured[], over: number, excused: readonly string[] = []): string[] =>
  all
    .filter((f) => f.lines > over && !excused.includes(f.name.replace(/:\d+ /, ' ')))
    .sort((a, b) => b.lines - a.lines)
    .map((f) => `${f.lines} ${f.name}`);

test.each(SHORT_ONLY)(`no function under %s is over ${MAX_LINES} lines`, (dir) => {
  const path = join(ROOT, dir);
  const all = measure(readdirSync(path).flatMap((f) => (f.endsWith('.ts') && !f.endsWith('.test.ts') ? [join(path, f)] : [])));
  expect(all.length).toBeGreaterThan(20);
  expect(longest(all, MAX_LINES)).toEqual([]);
});

test(`across ${TREE.join(', ')}: none over ${MAX_LINES_ANYWHERE} lines, at most ${CEILING} over ${MAX_LINES}`, () => {
  const files = TREE.flatMap((dir) => sourceFiles(join(ROOT, dir)));
  // The walk reaches nested folders and leaves tests out.
  expect(files.some((f) => f.includes(`${join('lib', 'operation', 'openapi')}`))).toBe(true);
  expect(files.some((f) => f.includes(join('suites', 'support')))).toBe(true);
  // Tests are left out, but not the suites, which vitest runs as tests.
  expect(files.filter((f) => f.endsWith('.test.ts')).every((f) => f.includes(`${join(ROOT, 'suites')}/`))).toBe(true);
  expect(files.some((f) => f.endsWith(join('suites', '04-properties.test.ts')))).toBe(true);
  const all = measure(files);
  expect(all.length).toBeGreaterThan(1000);
  expect(longest(all, MAX_LINES_ANYWHERE, BEING_SPLIT)).toEqual([]);
  const long = longest(all, MAX_LINES);
  expect(long.length, `functions over ${MAX_LINES} lines:\n${long.join('\n')}`).toBeLessThanOrEqual(CEILING);
});

/**
 * The tool's own tests: a test is a story told in order, and some are long, but they too may only get shorter.
 * These two numbers only go down.
 */
const TEST_CEILING = 148;
const TEST_LONGEST = 346;

test(`the tool's tests: none over ${TEST_LONGEST} lines, at most ${TEST_CEILING} over ${MAX_LINES}`, () => {
  const files = testFiles();
  expect(files.some((f) => f.includes(join('test', 'support')))).toBe(true);
  expect(files.some((f) => f.includes(join('lib', 'http')))).toBe(true);
  expect(files.some((f) => f.includes(join('test', 'fixtures')))).toBe(false);
  const all = measure(files);
  expect(all.length).toBeGreaterThan(3000);
  expect(longest(all, TEST_LONGEST)).toEqual([]);
  const long = longest(all, MAX_LINES);
  expect(long.length, `test functions over ${MAX_LINES} lines:\n${long.join('\n')}`).toBeLessThanOrEqual(TEST_CEILING);
});

/**
 * Files stay a size a reader can hold: the longest product file and the number over FILE_LINES, and the same for the
 * tool's tests. These four numbers only go down: split a file rather than raise one.
 */
const FILE_LINES = 400;
const PRODUCT_FILE_LONGEST = 744;
const PRODUCT_FILES_OVER = 8;
const TEST_FILE_LONGEST = 731;
const TEST_FILES_OVER = 5;

const lineCount = (path: string): number => readFileSync(path, 'utf8').split('\n').length - 1;
const longFiles = (files: readonly string[], over: number): string[] =>
  files
    .map((f) => ({ f: relative(ROOT, f), n: lineCount(f) }))
    .filter((x) => x.n > over)
    .sort((a, b) => b.n - a.n)
    .map((x) => `${x.n} ${x.f}`);

test.each([
  ['product', PRODUCT_FILE_LONGEST, PRODUCT_FILES_OVER, () => TREE.flatMap((dir) => sourceFiles(join(ROOT, dir)))],
  ['test', TEST_FILE_LONGEST, TEST_FILES_OVER, testFiles],
] as const)(`%s files: none over %i lines, at most %i over ${FILE_LINES}`, (_kind, longestAllowed, overAllowed, files) => {
  const all = files();
  expect(all.length).toBeGreaterThan(100);
  expect(longFiles(all, longestAllowed)).toEqual([]);
  const long = longFiles(all, FILE_LINES);
  expect(long.length, `files over ${FILE_LINES} lines:\n${long.join('\n')}`).toBeLessThanOrEqual(overAllowed);
});

test('an excused function is known by its file and name, wherever it starts', () => {
  const all = [
    { name: 'lib/a.ts:10 f', lines: 200 },
    { name: 'lib/a.ts:99 g', lines: 200 },
  ];
  expect(longest(all, MAX_LINES_ANYWHERE, ['lib/a.ts f'])).toEqual(['200 lib/a.ts:99 g']);
});

test('the measure finds a function of 61 lines, a nested one apart, and an arrow', () => {
  const long = `function f() {\n${'  x();\n'.repeat(59)}}\n`;
  expect(functionLengths('planted.ts', long)).toEqual([{ name: 'planted.ts:1 f', lines: 61 }]);
  const nested = `function outer() {\n  const inner = () => {\n    y();\n  };\n}\n`;
  expect(functionLengths('planted.ts', nested)).toEqual([
    { name: 'planted.ts:1 outer', lines: 5 },
    { name: 'planted.ts:2 inner', lines: 3 },
  ]);
});
