// Which way imports may point, checked by `npm test` (test/architecture.test.ts) and by
// `npx depcruise lib suites bin reference scripts` for a look by hand.
//
// LIB_LAYERS lists lib's folders and top-level files, lowest first: a module may import its own
// folder and anything in a lower layer, never a higher one. Entries on one line share a layer and
// must not import each other. A new folder in lib/ must be placed here, or the check fails.
export const LIB_LAYERS = [
  ['json.ts', 'outcome.ts', 'secret.ts', 'net', 'schema'], // plain data and helpers with no project imports
  ['error-body'], // the one reader of any error body: its code, its message, the properties it names
  ['rule'], // the acceptance rule as one value, field sets as bitmasks, minimal hitting sets: fields only
  ['redaction'], // finds secrets (a Secret's value among them) in text; knows nothing of where text came from
  ['http'], // the engine: takes its own options, knows nothing of fields or configuration
  ['har'], // the engine's exchanges as HTTP Archive 1.2, and HAR files read back
  ['inference'], // what the answers mean for fields (reads answers, sends nothing)
  ['answer'], // the one reading of an exchange, and the presence outcome it gives
  ['traffic'], // the presence inference and the value evidence from recorded traffic (a HAR), sending nothing
  ['explore'], // the adaptive search over combinations, on top of inference
  ['operation'], // the operation description: fields, values, paths
  ['config'], // settings, read into an operation and a target
  ['auth'], // tokens from the settings
  ['ledger'], // what this run created on the target, and cleaning it up
  ['create'], // sending a body to the operation and undoing what it created
  ['protocol'], // judges of one answer against spec §7
  ['matrix'], // a combination's body, its repeats and its verdict
  ['lifecycle'], // read, list, renew and delete of a created subscription: the facts of their answers and the verdict
  ['case-record.ts'], // what a case attaches to its test for the reporter
  ['values'], // value classes and limits
  ['presence'], // the presence step: exploring which fields are accepted, and what it learnt for the later suites
  ['properties', 'receiver'], // property checks; the notification receiver
  ['events'], // notification cases on top of the receiver
  ['expectations', 'plan'], // expected deviations and what became of them; what a run will send, before it does
  ['report'], // the behaviour report: plain data in, files out
  ['contract'], // the observed contract, built from the report
  ['baseline', 'explain'], // drift against a baseline; why did this request get 400
  ['vitest'], // the reporters that collect the cases' records, and the sequencer
  ['run'], // the edges of a probe run: the setup check before it; after it, the report assembled and written once, the exit decided
];

/** Tests and the helpers only tests use: the layers bind product code, a test may reach across them. */
const TEST_CODE = '(^test/)|(\\.test\\.ts$)|(/test-[^/]*\\.ts$)';

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The path pattern of one layer entry: a folder `lib/x/` or a file `lib/x.ts`. */
const entryPath = (entry) => (entry.endsWith('.ts') ? `^lib/${escape(entry)}$` : `^lib/${escape(entry)}/`);
const anyOf = (entries) => entries.map(entryPath).join('|');

/** One rule per layer: nothing in it imports an entry of a higher layer or a sibling in its own. */
export function layerRules(layers = LIB_LAYERS) {
  const rules = [];
  layers.forEach((layer, index) => {
    const above = layers.slice(index + 1).flat();
    for (const entry of layer) {
      const siblings = layer.filter((other) => other !== entry);
      const forbidden = [...above, ...siblings];
      if (forbidden.length === 0) continue;
      rules.push({
        name: `lib-layer:${entry}`,
        comment: `lib/${entry} is in layer ${index} of LIB_LAYERS (.dependency-cruiser.mjs): it may import only lower layers`,
        severity: 'error',
        from: { path: entryPath(entry), pathNot: TEST_CODE },
        to: { path: anyOf(forbidden) },
      });
    }
  });
  const known = anyOf(layers.flat());
  rules.push(
    {
      name: 'lib-layer:unplaced',
      comment: 'every folder and file of lib/ has a place in LIB_LAYERS (.dependency-cruiser.mjs)',
      severity: 'error',
      from: { path: '^lib/', pathNot: known },
      to: {},
    },
    {
      name: 'lib-layer:unplaced-target',
      comment: 'every folder and file of lib/ has a place in LIB_LAYERS (.dependency-cruiser.mjs)',
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
    comment: 'product code never imports a test file or a test helper (test/, *.test.ts, test-*.ts)',
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
  forbidden: [...layerRules(), ...PROJECT_RULES],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    moduleSystems: ['es6'],
  },
};
