/**
 * The run's edge stays a few short steps: no function under lib/run/ is over 60 lines (a run once grew a 231-line
 * function of 14 closures there, which only whole runs could test), nor under lib/explain/ (explain once was one
 * function of 357 lines). Measured as the TypeScript parser sees them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';

const LIB = join(new URL('..', import.meta.url).pathname, 'lib');
const RUN = join(LIB, 'run');
const EXPLAIN = join(LIB, 'explain');
const MAX_LINES = 60;

/** Every function of a file (declarations, methods, arrows, expressions) with its length in lines. */
function functionLengths(file: string, text: string): { name: string; lines: number }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: { name: string; lines: number }[] = [];
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

test(`no function under lib/run/ is over ${MAX_LINES} lines`, () => {
  const files = readdirSync(RUN).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const all = files.flatMap((f) => functionLengths(f, readFileSync(join(RUN, f), 'utf8')));
  expect(all.length).toBeGreaterThan(20);
  expect(all.filter((f) => f.lines > MAX_LINES)).toEqual([]);
  // The measure itself: a function of 61 lines is found.
  const long = `function f() {\n${'  x();\n'.repeat(59)}}\n`;
  expect(functionLengths('planted.ts', long)).toEqual([{ name: 'planted.ts:1 f', lines: 61 }]);
});

test(`no function under lib/explain/ is over ${MAX_LINES} lines`, () => {
  const files = readdirSync(EXPLAIN).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const all = files.flatMap((f) => functionLengths(f, readFileSync(join(EXPLAIN, f), 'utf8')));
  expect(all.length).toBeGreaterThan(50);
  expect(all.filter((f) => f.lines > MAX_LINES)).toEqual([]);
});
