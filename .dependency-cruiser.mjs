// Which way imports may point, checked by `npm test` (test/architecture.test.ts) and by
// `npx depcruise lib suites bin reference scripts` for a look by hand.
//
// LIB_TIERS names lib's tiers, lowest first, and the folders and top-level files in each: a module may import
// anything in its own tier or a lower one, never a higher one. Inside a tier there is no order; what keeps it
// readable is that no two rooms (a folder of lib, or a top-level file) import each other, even through others:
// test/architecture.test.ts checks that on the modules' graph this cruise gives. A new folder in lib/ must be placed
// in a tier, or the check fails.
export const LIB_TIERS = {
  // Plain data and the helpers every tier uses: JSON guards, verdicts, the token holder, the error classes, the tool's
  // own folder, paths as the user types them, the YAML parser loaded when needed, loopback, the spec's error object, the
  // acceptance rule as a value, the one reader of error bodies, redaction.
  foundation: [
    'json.ts',
    'outcome.ts',
    'secret.ts',
    'errors.ts',
    'tool-root.ts',
    'short-path.ts',
    'yaml.ts',
    'net',
    'schema',
    'rule',
    'error-body',
    'redaction',
  ],
  // The HTTP engine (its own options, nothing of fields or settings) and its exchanges as HAR.
  transport: ['http', 'har'],
  // What the tool knows and infers, sending nothing: the operation, the settings, what answers mean, the explorer.
  knowledge: ['operation', 'config', 'inference', 'answer', 'traffic', 'explore'],
  // What acts on a target or beside it: tokens, the cleanup ledger, a create and its undo, the notification receiver.
  actions: ['auth', 'ledger', 'create', 'receiver'],
  // Each suite's judge of what came back, the record a case leaves, and explain's search for why a body got 400.
  judges: ['protocol', 'matrix', 'lifecycle', 'values', 'presence', 'properties', 'events', 'case-record.ts', 'explain'],
  // What a run gives: the report and every file it writes, the observed contract, the drift, the expectations, the plan.
  outputs: ['expectations', 'plan', 'report', 'contract', 'baseline'],
  // The edges of a probe run: vitest's reporters and sequencer, and the run itself.
  run: ['vitest', 'run'],
};

/** Tests and the helpers only tests use: the tiers bind product code, a test may reach across them. */
const TEST_CODE = '(^test/)|(\\.test\\.ts$)';

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The path pattern of one tier entry: a folder `lib/x/` or a file `lib/x.ts`. */
const entryPath = (entry) => (entry.endsWith('.ts') ? `^lib/${escape(entry)}$` : `^lib/${escape(entry)}/`);
const anyOf = (entries) => entries.map(entryPath).join('|');

/** One rule per tier: nothing in it imports an entry of a higher tier. */
export function tierRules(tiers = LIB_TIERS) {
  const names = Object.keys(tiers);
  const rules = [];
  names.forEach((name, index) => {
    const above = names.slice(index + 1).flatMap((n) => tiers[n]);
    if (above.length === 0) return;
    rules.push({
      name: `lib-tier:${name}`,
      comment: `lib's ${name} tier (LIB_TIERS, .dependency-cruiser.mjs) imports only its own tier and lower ones`,
      severity: 'error',
      from: { path: anyOf(tiers[name]), pathNot: TEST_CODE },
      to: { path: anyOf(above) },
    });
  });
  const known = anyOf(Object.values(tiers).flat());
  rules.push(
    {
      name: 'lib-tier:unplaced',
      comment: 'every folder and file of lib/ has a place in LIB_TIERS (.dependency-cruiser.mjs)',
      severity: 'error',
      from: { path: '^lib/', pathNot: `${known}|${TEST_CODE}` },
      to: {},
    },
    {
      name: 'lib-tier:unplaced-target',
      comment: 'every folder and file of lib/ has a place in LIB_TIERS (.dependency-cruiser.mjs)',
      severity: 'error',
      from: {},
      to: { path: '^lib/', pathNot: known },
    },
  );
  return rules;
}

export const PROJECT_RULES = [
  {
    name: 'lib-below-everything',
    comment: 'lib/ is the engine: it never imports the suites, the commands, the reference service or scripts',
    severity: 'error',
    from: { path: '^lib/', pathNot: TEST_CODE },
    to: { path: '^(suites|bin|reference|scripts)/' },
  },
  {
    name: 'product-apart-from-tests',
    comment: 'product code never imports a test file or a test helper (test/, *.test.ts)',
    severity: 'error',
    from: { path: '^(lib|bin|reference|suites)/', pathNot: TEST_CODE },
    to: { path: TEST_CODE },
  },
  {
    name: 'no-circular-in-lib',
    comment: 'no import cycle between modules of lib/',
    severity: 'error',
    from: { path: '^lib/' },
    to: { circular: true },
  },
];

export default {
  forbidden: [...tierRules(), ...PROJECT_RULES],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    moduleSystems: ['es6'],
  },
};
