/**
 * Which way imports point: lib's folders in the named tiers of .dependency-cruiser.mjs (each imports its own tier
 * and lower ones), no circle between lib's rooms (a folder, a top-level file) nor between its modules, lib below the
 * suites and commands, and product code apart from test helpers. Checked with dependency-cruiser, the same rules
 * `npx depcruise` reads.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cruise, type ICruiseOptions, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';
import { environmentUses } from './support/environment-use.js';
import { roomCircles } from './support/room-circles.js';

const root = fileURLToPath(new URL('..', import.meta.url));

interface ArchitectureConfig {
  LIB_TIERS: Record<string, string[]>;
  tierRules: (tiers: Record<string, string[]>) => IForbiddenRuleType[];
  PROJECT_RULES: IForbiddenRuleType[];
  default: { forbidden: IForbiddenRuleType[]; options: ICruiseOptions };
}
const configUrl = pathToFileURL(join(root, '.dependency-cruiser.mjs')).href;
const config = (await import(configUrl)) as ArchitectureConfig;

interface Cruised {
  violations: string[];
  circles: string[];
}

/** The rules' violations, and the circles between lib's rooms, of one cruise. */
async function cruised(baseDir: string, roots: string[], forbidden: IForbiddenRuleType[]): Promise<Cruised> {
  const result = await cruise(roots, { ...config.default.options, baseDir, validate: true, ruleSet: { forbidden } }, undefined, {
    tsConfig: { fileName: join(root, 'tsconfig.json') },
  });
  const output = result.output as ICruiseResult;
  return {
    violations: output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`),
    circles: roomCircles(output.modules).map((circle) => circle.join(' <-> ')),
  };
}

describe('imports point one way', () => {
  // One cruise, two checks: the rules, and the circles between rooms that no rule of dependency-cruiser sees (its
  // folder rules take lib's top-level files as the folder lib, which holds every other).
  const whole = cruised(root, ['lib', 'suites', 'bin', 'reference', 'scripts'], config.default.forbidden);

  it('lib, suites, bin, reference and scripts break no rule of .dependency-cruiser.mjs', async () => {
    const found = (await whole).violations;
    expect(found, `upward or circular imports:\n${found.join('\n')}`).toEqual([]);
  });

  it("no two of lib's rooms (folders, top-level files) import each other, even through others", async () => {
    expect((await whole).circles).toEqual([]);
  });

  it('every folder and top-level file of lib has its place in a tier', () => {
    const placed = new Set(Object.values(config.LIB_TIERS).flat());
    const entries = readdirSync(join(root, 'lib'), { withFileTypes: true })
      .filter((e) => e.isDirectory() || (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')))
      .map((e) => e.name);
    expect(entries.filter((name) => !placed.has(name))).toEqual([]);
    expect(
      [...placed].filter((name) => !entries.includes(name)),
      'tier entries with no folder or file in lib/',
    ).toEqual([]);
  });

  it('product folders hold no test helper: those live in test/support/', () => {
    const helpers = (folder: string): string[] =>
      readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' }).filter((path) => /(^|\/)test-[^/]*\.ts$/.test(path));
    expect(['lib', 'reference', 'suites', 'bin'].flatMap((folder) => helpers(folder).map((path) => `${folder}/${path}`))).toEqual([]);
  });
});

describe("the README's layout", () => {
  it('names every lib folder under its tier, the tiers in their order', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const layout = readme.slice(readme.indexOf('## Layout'));
    const tiers = Object.entries(config.LIB_TIERS);
    const heading = (tier: string): number => layout.search(new RegExp(`^ {2}${tier}: `, 'm'));
    const starts = tiers.map(([tier]) => heading(tier));
    expect(starts.filter((at) => at < 0).length, 'tiers the layout does not head').toBe(0);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    const misplaced = tiers.flatMap(([tier, entries], i) =>
      entries
        .filter((entry) => !entry.endsWith('.ts'))
        .filter((folder) => {
          const at = layout.search(new RegExp(`^ {4}(?:[\\w./, -]*, )?${folder}/`, 'm'));
          return at < starts[i]! || (i + 1 < starts.length && at > starts[i + 1]!);
        })
        .map((folder) => `${folder} (${tier})`),
    );
    expect(misplaced, 'lib folders the layout does not name under their tier').toEqual([]);
  });
});

describe('the check fails on what it forbids', () => {
  // A small tree shaped like lib: http below config, as in the real tiers; config and auth share a tier.
  const planted = mkdtempSync(join(tmpdir(), 'tiers-'));
  afterAll(() => rmSync(planted, { recursive: true, force: true }));
  const write = (path: string, text: string): void => {
    mkdirSync(dirname(join(planted, path)), { recursive: true });
    writeFileSync(join(planted, path), text);
  };
  write('lib/config/settings.ts', "import { send } from '../http/send.js';\nexport const settings = send;\n");
  write('lib/http/send.ts', 'export const send = 1;\n');
  write('lib/http/upward.ts', "import { settings } from '../config/settings.js';\nexport const upward = settings;\n");
  write('lib/mystery/new.ts', "import { send } from '../http/send.js';\nexport const mystery = send;\n");
  write('lib/http/uses-helper.ts', "import { helper } from '../../test/support/helper.js';\nexport const used = helper;\n");
  write('test/support/helper.ts', 'export const helper = 1;\n');
  write('lib/http/a.ts', "import { b } from './b.js';\nexport const a = b;\n");
  write('lib/http/b.ts', "import { a } from './a.js';\nexport const b = a;\n");
  // In one tier, config may import auth; but auth importing config back closes a circle of rooms, though no module's.
  write('lib/config/token-setting.ts', "import { token } from '../auth/token.js';\nexport const tokenSetting = token;\n");
  write('lib/auth/token.ts', 'export const token = 1;\n');
  write('lib/auth/from-settings.ts', "import { settings } from '../config/settings.js';\nexport const fromSettings = settings;\n");
  const tiers = { transport: ['http'], knowledge: ['config', 'auth'] };
  const rules = [...config.tierRules(tiers), ...config.PROJECT_RULES];

  it('reports an upward import, an unplaced folder, a test helper in product code, a cycle of modules and a circle of rooms', async () => {
    const found = await cruised(planted, ['lib'], rules);
    expect(found.violations).toEqual(
      expect.arrayContaining([
        'lib-tier:transport: lib/http/upward.ts -> lib/config/settings.ts',
        'lib-tier:unplaced: lib/mystery/new.ts -> lib/http/send.ts',
        'product-apart-from-tests: lib/http/uses-helper.ts -> test/support/helper.ts',
        'no-circular-in-lib: lib/http/a.ts -> lib/http/b.ts',
      ]),
    );
    expect(
      found.violations.filter(
        (v) => v.includes('lib/config/settings.ts -> lib/http/send.ts') || v.includes('lib/config/token-setting.ts -> lib/auth/token.ts'),
      ),
      'a downward import, and one inside a tier, are allowed',
    ).toEqual([]);
    // config and auth, and config and http through http/upward.ts: two circles no module cycle makes.
    expect(found.circles).toEqual(['lib/auth <-> lib/config <-> lib/http']);
  });
});

describe('suites send, judge in lib and record', () => {
  it('no suite composes a verdict of its own: each comes from a judge in lib/', () => {
    const suites = readdirSync(join(root, 'suites')).filter((f) => f.endsWith('.test.ts'));
    const composed = suites.flatMap((file) =>
      readFileSync(join(root, 'suites', file), 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          /\bverdict: '(CONFORMS|DEVIATES|INFORMATIONAL|ERROR)'/.test(line) ? [`suites/${file}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(composed).toEqual([]);
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
