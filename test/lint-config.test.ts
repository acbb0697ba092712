/**
 * The lint `npm test` runs (oxlint with .oxlintrc.json, type-aware through oxlint-tsgolint) still finds what it is
 * there for: a floating promise above all, a promise where a condition or a void callback is expected, an `await` of
 * a non-promise, and an unused variable or argument (`_` arguments allowed). A planted file marks each line that
 * must be reported with the rule's name; the lint must report exactly those lines. A child process, because the
 * lint is a program: one run over one file costs about 0.3 s of CPU.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const PLANTED = `import { setTimeout as sleep } from 'node:timers/promises';

async function work(): Promise<number> {
  await sleep(1);
  return 1;
}
interface Handler {
  handle(): void;
}

export function floating(): void {
  work(); // expect: no-floating-promises
  work().then(() => 1); // expect: no-floating-promises
  work().finally(() => 0); // expect: no-floating-promises
  [work(), work()]; // expect: no-floating-promises
  (async () => 1)(); // expect: no-floating-promises
  void work();
  work().catch(() => 0);
  work().then(
    () => 1,
    () => 2,
  );
}

export async function thenables(): Promise<number> {
  await 1; // expect: await-thenable
  return await work();
}

export function misused(): Handler {
  const pending = work();
  if (pending) console.log('always'); // expect: no-misused-promises
  [1].forEach(async () => { // expect: no-misused-promises
    await work();
  });
  return { handle: async () => {} }; // expect: no-misused-promises
}

export function unused(a: number, _b: number, c: number): number { // expect: no-unused-vars
  const notRead = 1; // expect: no-unused-vars
  return a;
}
`;

/** `line:rule` for every line the planted file marks. */
function marked(source: string): string[] {
  return source
    .split('\n')
    .flatMap((text, index) => [...text.matchAll(/expect: ([\w-]+)/g)].map((m) => `${index + 1}:${m[1]}`))
    .sort();
}

interface OxlintReport {
  diagnostics: { code: string; labels: { span: { line: number } }[] }[];
}

test("the lint reports each planted line under its rule and nothing else (.oxlintrc.json's rules, type-aware)", async () => {
  const folder = await mkdtemp(join(tmpdir(), 'lint-config-'));
  try {
    // The project's own lint configuration and compiler options, over the planted file alone.
    await writeFile(join(folder, '.oxlintrc.json'), await readFile(join(ROOT, '.oxlintrc.json')));
    const tsconfig = JSON.parse(await readFile(join(ROOT, 'tsconfig.json'), 'utf8')) as { compilerOptions: unknown };
    await writeFile(join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions: tsconfig.compilerOptions, include: ['*.ts'] }));
    await writeFile(join(folder, 'planted.ts'), PLANTED);
    // oxlint finds its type-aware half (and the planted file its @types/node) in the folder's node_modules.
    await symlink(join(ROOT, 'node_modules'), join(folder, 'node_modules'), 'dir');

    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(join(ROOT, 'node_modules', '.bin', 'oxlint'), ['-f', 'json'], { cwd: folder, timeout: 60_000 }, (error, out, err) => {
        // Findings make it exit 1; anything else (no report on stdout) is the lint itself failing.
        if (out.trim().startsWith('{')) resolve(out);
        else reject(new Error(`oxlint: ${error?.message ?? ''}\n${err}`));
      });
    });

    const report = JSON.parse(stdout) as OxlintReport;
    const found = report.diagnostics.map((d) => `${d.labels[0]?.span.line}:${d.code.replace(/^.*\((.*)\)$/, '$1')}`).sort();
    expect(found).toEqual(marked(PLANTED));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
