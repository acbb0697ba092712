/**
 * Which way imports point: lib's folders in the layer order of .dependency-cruiser.mjs (each imports only
 * lower layers), no cycle between lib's modules, lib below the suites and commands, and product code apart
 * from test helpers. Checked with dependency-cruiser, the same rules `npx depcruise` reads.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';
import { environmentUses } from './support/environment-use.js';

const root = fileURLToPath(new URL('..', import.meta.url));

interface ArchitectureConfig {
  LIB_LAYERS: string[][];
  layerRules: (layers: string[][]) => IForbiddenRuleType[];
  PROJECT_RULES: IForbiddenRuleType[];
  default: { forbidden: IForbiddenRuleType[]; options: Record<string, unknown> };
}
const configUrl = pathToFileURL(join(root, '.dependency-cruiser.mjs')).href;
const config = (await import(configUrl)) as ArchitectureConfig;

async function violations(baseDir: string, roots: string[], forbidden: IForbiddenRuleType[]): Promise<string[]> {
  const result = await cruise(roots, { ...config.default.options, baseDir, validate: true, ruleSet: { forbidden } }, undefined, {
    tsConfig: { fileName: join(root, 'tsconfig.json') },
  });
  const output = result.output as ICruiseResult;
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
}

describe('imports point one way', () => {
  it('lib, suites, bin, reference and scripts break no rule of .dependency-cruiser.mjs', async () => {
    const found = await violations(root, ['lib', 'suites', 'bin', 'reference', 'scripts'], config.default.forbidden);
    expect(found, `upward or circular imports:\n${found.join('\n')}`).toEqual([]);
  });

  it('every folder and top-level file of lib has its place in the layer order', () => {
    const placed = new Set(config.LIB_LAYERS.flat());
    const entries = readdirSync(join(root, 'lib'), { withFileTypes: true })
      .filter((e) => e.isDirectory() || (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')))
      .map((e) => e.name);
    expect(entries.filter((name) => !placed.has(name))).toEqual([]);
    expect(
      [...placed].filter((name) => !entries.includes(name)),
      'layer entries with no folder or file in lib/',
    ).toEqual([]);
  });
});

describe("the README's layout", () => {
  it('names every lib folder, in the layer order', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const layout = readme.slice(readme.indexOf('## Layout'));
    const folders = config.LIB_LAYERS.flat().filter((entry) => !entry.endsWith('.ts'));
    const at = folders.map((folder) => ({ folder, at: layout.search(new RegExp(`^  (?:[\\w./, -]*, )?${folder}/`, 'm')) }));
    expect(
      at.filter((f) => f.at < 0).map((f) => f.folder),
      'lib folders the layout does not name',
    ).toEqual([]);
    const order = [...at].sort((a, b) => a.at - b.at).map((f) => f.folder);
    expect(order).toEqual(folders);
  });
});

describe('the check fails on what it forbids', () => {
  // A small tree shaped like lib: http below config, as in the real order.
  const planted = mkdtempSync(join(tmpdir(), 'layers-'));
  afterAll(() => rmSync(planted, { recursive: true, force: true }));
  const write = (path: string, text: string): void => {
    mkdirSync(dirname(join(planted, path)), { recursive: true });
    writeFileSync(join(planted, path), text);
  };
  write('lib/config/settings.ts', "import { send } from '../http/send.js';\nexport const settings = send;\n");
  write('lib/http/send.ts', 'export const send = 1;\n');
  write('lib/http/upward.ts', "import { settings } from '../config/settings.js';\nexport const upward = settings;\n");
  write('lib/mystery/new.ts', "import { send } from '../http/send.js';\nexport const mystery = send;\n");
  write('lib/http/uses-helper.ts', "import { helper } from './test-helper.js';\nexport const used = helper;\n");
  write('lib/http/test-helper.ts', 'export const helper = 1;\n');
  write('lib/http/a.ts', "import { b } from './b.js';\nexport const a = b;\n");
  write('lib/http/b.ts', "import { a } from './a.js';\nexport const b = a;\n");
  const rules = [...config.layerRules([['http'], ['config']]), ...config.PROJECT_RULES];

  it('reports an upward import, an unplaced folder, a test helper in product code and a cycle', async () => {
    const found = await violations(planted, ['lib'], rules);
    expect(found).toEqual(
      expect.arrayContaining([
        'lib-layer:http: lib/http/upward.ts -> lib/config/settings.ts',
        'lib-layer:unplaced: lib/mystery/new.ts -> lib/http/send.ts',
        'product-apart-from-tests: lib/http/uses-helper.ts -> lib/http/test-helper.ts',
        'no-circular-in-lib: lib/http/a.ts -> lib/http/b.ts',
      ]),
    );
    expect(
      found.some((v) => v.includes('lib/config/settings.ts -> lib/http/send.ts')),
      'a downward import is allowed',
    ).toBe(false);
  });
});

describe('the environment is read once, by lib/config, and written by nobody', () => {
  const PRODUCT = ['lib', 'suites', 'bin', 'reference', 'vitest.config.ts'];
  /** The one write product code may make: an allocator knob, before anything allocates (bin/support/lean-dependencies.ts). */
  const ALLOCATOR = /process\.env\.MIMALLOC_\w+ \?\?=/;

  it('no product file writes process.env', () => {
    const writes = environmentUses(root, PRODUCT).filter((u) => u.kind === 'write' && !ALLOCATOR.test(u.text));
    expect(writes.map((u) => `${u.file}:${u.line}: ${u.text}`)).toEqual([]);
  });

  it('in lib/ and suites/, only lib/config reads process.env, and the helper that starts a child process hands it on', () => {
    const reads = environmentUses(root, ['lib', 'suites']).filter(
      (u) => !u.file.startsWith('lib/config/') && u.file !== 'lib/events/run-command.ts',
    );
    expect(reads.map((u) => `${u.file}:${u.line}: ${u.text}`)).toEqual([]);
  });

  it('finds the writes and reads it forbids', () => {
    const planted = mkdtempSync(join(tmpdir(), 'env-use-'));
    try {
      mkdirSync(join(planted, 'lib', 'x'), { recursive: true });
      writeFileSync(
        join(planted, 'lib', 'x', 'a.ts'),
        [
          "process.env.BASE_URL ??= 'embedded';",
          "process.env['OPERATION'] = path;",
          'delete process.env.SEED;',
          'Object.assign(process.env, flags);',
          'const rate = process.env.REQUESTS_PER_SECOND;',
          "if (process.env.CI === 'true') go();",
          '// process.env.X = 1 in a comment is no use',
        ].join('\n'),
      );
      expect(environmentUses(planted, ['lib']).map((u) => [u.line, u.kind])).toEqual([
        [1, 'write'],
        [2, 'write'],
        [3, 'write'],
        [4, 'write'],
        [5, 'read'],
        [6, 'read'],
      ]);
    } finally {
      rmSync(planted, { recursive: true, force: true });
    }
  });
});
