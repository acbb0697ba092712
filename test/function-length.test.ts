/**
 * Functions stay a few named steps. Under lib/run/ and lib/explain/ none is over 60 lines (a run once grew a 231-line
 * function of 14 closures there, which only whole runs could test; explain once was one function of 357 lines). Across lib/, suites/, bin/ and reference/ (their non-test
 * files, every folder down) none is over 150 lines, and the number over 60 may not grow past CEILING. Measured as the
 * TypeScript parser sees them: every function (declarations, methods, accessors, arrows, expressions), a nested one
 * counted apart from the one around it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;
const SHORT_ONLY = ['lib/run', 'lib/explain'];
const TREE = ['lib', 'suites', 'bin', 'reference'];
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

/** The product's TypeScript files under `dir`, every folder down, tests left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .map((f) => join(dir, f));
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
  expect(files.some((f) => f.endsWith('.test.ts'))).toBe(false);
  const all = measure(files);
  expect(all.length).toBeGreaterThan(1000);
  expect(longest(all, MAX_LINES_ANYWHERE, BEING_SPLIT)).toEqual([]);
  const long = longest(all, MAX_LINES);
  expect(long.length, `functions over ${MAX_LINES} lines:\n${long.join('\n')}`).toBeLessThanOrEqual(CEILING);
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
