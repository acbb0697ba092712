import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { expect, test } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

/** Transpiles `entry` and every module it imports for its value (type-only imports vanish), into `out`. */
async function transpileTree(entry: string, out: string, done = new Set<string>()): Promise<void> {
  if (done.has(entry)) return;
  done.add(entry);
  const source = await readFile(entry, 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2023, verbatimModuleSyntax: true },
    fileName: entry,
  });
  const target = join(out, relative(root, entry)).replace(/\.ts$/, '.js');
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, outputText);
  for (const [, spec] of outputText.matchAll(/from '(\.{1,2}\/[^']+)\.js'/g)) {
    await transpileTree(join(dirname(entry), `${spec}.ts`), out, done);
  }
}

// tsx and vitest resolve 'ajv/dist/2020' without '.js' and forgive CommonJS default-import
// mistakes; plain Node does not. Load the report writers the way a user's `node` would.
test('the report writers load and validate under plain node (no tsx)', async () => {
  const out = await mkdtemp(join(tmpdir(), 'plain-node-check-'));
  try {
    await transpileTree(join(root, 'lib/report/write-reports.ts'), out);
    await transpileTree(join(root, 'test/support/report-fixtures.ts'), out);
    await copyFile(join(root, 'lib/report/behaviour-report.schema.json'), join(out, 'lib/report/behaviour-report.schema.json'));
    await writeFile(join(out, 'package.json'), '{"type":"module"}\n');
    await symlink(join(root, 'node_modules'), join(out, 'node_modules'), 'dir');
    const check = join(out, 'check.js');
    await writeFile(
      check,
      `import { writeBehaviourReports, readBehaviourReport } from './lib/report/write-reports.js';
       import { defaultProfileReport } from './test/support/report-fixtures.js';
       const paths = await writeBehaviourReports(defaultProfileReport(), ${JSON.stringify(join(out, 'reports'))});
       const back = await readBehaviourReport(paths.json);
       const broken = { ...back, fields: { clientState: { presence: 'maybe', explanation: 'x' } } };
       await writeBehaviourReports(broken, ${JSON.stringify(join(out, 'broken'))}).catch((e) => console.log(e.code, e.problems.join('; ')));
       console.log('ok', back.matrix.length);`,
    );

    const { stdout } = await run(process.execPath, [check], { cwd: out });

    expect(stdout).toBe(
      'REPORT_INVALID /fields/clientState/presence: must be one of required, forbidden, optional, conditional, undetermined\nok 32\n',
    );
  } finally {
    await rm(out, { recursive: true, force: true });
  }
});
