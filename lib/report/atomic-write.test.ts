import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import * as fsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';

// Wrap rename so a test can stop the write just before the switch-over.
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return { ...actual, rename: vi.fn(actual.rename) };
});
const rename = vi.mocked(fsPromises.rename);

// Test files share their worker's modules (vitest.config.ts): another file may have loaded atomic-write.ts with the
// real rename already, so it is loaded afresh here, after the mock.
let writeFileAtomic: typeof import('./atomic-write.js').writeFileAtomic;
let ATOMIC_TEMP_PATTERN: RegExp;
beforeAll(async () => {
  vi.resetModules();
  ({ writeFileAtomic, ATOMIC_TEMP_PATTERN } = await import('./atomic-write.js'));
});

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atomic-write-'));
});
afterEach(async () => {
  rename.mockClear();
  await rm(dir, { recursive: true, force: true });
});

describe('writeFileAtomic', () => {
  test('writes the content and leaves no temporary file behind', async () => {
    const target = join(dir, 'behaviour-report.json');

    await writeFileAtomic(target, '{"a":1}\n');
    await writeFileAtomic(target, '{"a":2}\n');

    expect(await readFile(target, 'utf8')).toBe('{"a":2}\n');
    expect(await readdir(dir)).toEqual(['behaviour-report.json']);
  });

  test('until the rename the target holds the old content, and the new bytes sit whole in a temp file', async () => {
    const target = join(dir, 'report.md');
    await writeFile(target, 'old');
    const seen: { target: string; temp: string; tempName: string }[] = [];
    rename.mockImplementationOnce(async (from, to) => {
      const tempName = String(from).slice(dir.length + 1);
      seen.push({ target: await readFile(String(to), 'utf8'), temp: await readFile(String(from), 'utf8'), tempName });
      const { rename: real } = await vi.importActual<typeof import('node:fs/promises')>('node:fs/promises');
      await real(from, to);
    });

    await writeFileAtomic(target, 'new content');

    expect(seen).toEqual([{ target: 'old', temp: 'new content', tempName: expect.stringMatching(ATOMIC_TEMP_PATTERN) }]);
    expect(await readFile(target, 'utf8')).toBe('new content');
  });

  test('when the rename never happens the old file stays and the temp file is removed', async () => {
    const target = join(dir, 'report.html');
    await writeFile(target, '<p>old</p>');
    rename.mockRejectedValueOnce(Object.assign(new Error('EIO: simulated'), { code: 'EIO' }));

    await expect(writeFileAtomic(target, '<p>new</p>')).rejects.toThrow('EIO: simulated');

    expect(await readFile(target, 'utf8')).toBe('<p>old</p>');
    expect(await readdir(dir)).toEqual(['report.html']);
  });

  test('a process killed mid-write leaves the previous file whole, never half of one', async () => {
    const target = join(dir, 'big.txt');
    const child = join(dir, 'writer.mts'); // .mts: ESM whatever package.json the temp dir lacks
    const module = fileURLToPath(new URL('./atomic-write.ts', import.meta.url));
    // Each write is 4 MB of one letter: a torn file would mix letters or be short.
    await writeFile(
      child,
      `import { writeFileAtomic } from ${JSON.stringify(module)};
       const size = 4 * 1024 * 1024;
       for (let i = 0; ; i += 1) {
         await writeFileAtomic(${JSON.stringify(target)}, String.fromCharCode(65 + (i % 26)).repeat(size));
         if (i === 0) process.stdout.write('first\\n');
       }`,
    );
    for (const delayMs of [5, 40, 120]) {
      const proc = spawn(process.execPath, ['--import', 'tsx', child], { stdio: ['ignore', 'pipe', 'inherit'] });
      await new Promise<void>((resolve, reject) => {
        proc.stdout.once('data', () => resolve());
        proc.once('exit', (code) => reject(new Error(`writer exited early with ${code}`)));
      });
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      proc.kill('SIGKILL');
      await new Promise((resolve) => proc.once('exit', resolve));

      const content = await readFile(target, 'utf8');

      expect(content.length).toBe(4 * 1024 * 1024);
      expect(new Set(content).size).toBe(1);
    }
  });
});
