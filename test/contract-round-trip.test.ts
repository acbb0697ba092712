/**
 * The observed contract round-trips. Random ground-truth rules (roles plus up to three
 * IDL dependencies, 3 to 12 fields) are served by the reference service over HTTP; the probe's
 * matrix step (exhaustive up to 8 fields, the adaptive explorer above) gives the observations, the
 * report is built from them as a probe run builds it, and the exported request body schema, judged
 * by two fresh ajvs here (not the generator's own checker), one reading it as JSON Schema 2020-12 and one under
 * draft-07 rules (as Prism reads an OpenAPI 3.1 schema), must accept a body exactly when the target accepted it:
 * every combination tried, zero disagreements, and no keyword that one draft reads and another skips.
 */
import fc from 'fast-check';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CaseRecord } from '../lib/case-record.js';
import { buildObservedContract } from '../lib/contract/build-contract.js';
import { expectValidOpenApi } from './support/openapi-valid.js';
import { nonPortableKeywords } from '../lib/contract/portable.js';
import { explore } from '../lib/explore/explore.js';
import { combinations } from '../lib/rule/field-set.js';
import { evaluate, parseExpression } from '../lib/rule/expression.js';
import { truthTable } from './support/truth-table.js';
import type { Observation } from '../lib/inference/types.js';
import { buildBody } from '../lib/matrix/build-body.js';
import { probeCombination } from '../lib/matrix/probe-combination.js';
import { runMatrix } from './support/run-matrix.js';
import { buildBehaviourReport } from '../lib/report/build-report.js';
import type { BehaviourReport } from '../lib/report/types.js';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import addFormatsCjs from 'ajv-formats';
import { bodyOf, triedBodies, valueContexts } from '../lib/contract/tried-bodies.js';
import { UNEXPLAINED_MARK } from '../lib/contract/compare-contract.js';
import { loadOperationFile, subscriptionCreate } from '../lib/operation/index.js';
import { PROFILES, ruleProfile, startReferenceService, type ReferenceService } from '../reference/index.js';
import { runProbe } from './run-probe.js';
import { arbitraryRule, clientFor, idlRule, loopbackEngine, syntheticOperation, values } from './support/synthetic.js';

const TOKEN = 'contract-token';
const SEED = 20261122;
/** fast-check's own default number of runs; with the seed fixed they are the first 100 of the same sequence every time. */
const RULES = 100;
let service: ReferenceService;

beforeAll(async () => {
  service = await startReferenceService({ tokens: [TOKEN], handshake: false });
});
afterAll(async () => {
  await service.close();
});

/**
 * Probes the reference serving `truth` the way 02-presence-matrix does, and builds the report. Once per combination:
 * the reference answers each body the same every time, so a second ask adds requests and no evidence about the
 * contract (what repeats are for is inference-honesty.test.ts's flipping case).
 */
const REPEATS = 1;
async function probeReport(n: number, truth: string): Promise<BehaviourReport> {
  const operation = syntheticOperation(n);
  const fields = operation.fields.map((f) => f.name);
  service.setProfile(ruleProfile(fields, truth));
  const engine = loopbackEngine(service.url, TOKEN, { maxRetries: 10 });
  const target = { baseUrl: service.url, kind: 'embedded-reference' as const, referenceProfile: 'rule' };
  try {
    const client = clientFor(engine, operation);
    let records: CaseRecord[];
    if (n <= 8) {
      const observations = await runMatrix(client, operation, { repeats: REPEATS, values, parallel: 8 });
      records = observations.map((observation) => ({
        id: `matrix/${observation.present.join('+')}`,
        kind: 'matrix',
        specRef: 'test',
        verdict: 'INFORMATIONAL',
        requests: REPEATS,
        observation,
        target,
      }));
    } else {
      const observed: Observation[] = [];
      // As a user gives ACCEPTED_FIELDS: a body the target accepts (one of the truth's), for the explorer to start from.
      const acceptedMask = truthTable(fields, truth).findIndex(Boolean);
      const startFrom = acceptedMask < 0 ? undefined : fields.filter((_, i) => (acceptedMask & (1 << i)) !== 0);
      const result = await explore(
        fields,
        async (present) => {
          const { observation } = await probeCombination(
            client,
            operation,
            fields.filter((f) => present.has(f)),
            REPEATS,
            values,
          );
          observed.push(observation);
          return observation.outcome === 'accepted' || observation.outcome === 'rejected' ? observation.outcome : 'unknown';
        },
        startFrom === undefined ? {} : { startFrom },
      );
      const { strategy, confirmed, possible, exact, unresolved, assumptions, rule, ruleExpr, roles, dependencies } = result;
      const exploration = {
        strategy,
        confirmed,
        possible,
        exact,
        unresolved,
        assumptions,
        rule,
        ruleExpr,
        roles,
        dependencies,
        combinationsAsked: result.requests,
        observations: observed,
      };
      records = [
        {
          id: 'matrix/adaptive-exploration',
          kind: 'exploration',
          specRef: 'test',
          verdict: 'INFORMATIONAL',
          requests: result.requests,
          target,
          exploration,
        },
      ];
    }
    return buildBehaviourReport({
      operation: { id: operation.id, method: operation.method, path: operation.path, fields },
      cases: records.map((record) => ({ name: record.id, record })),
      startedAt: new Date().toISOString(),
      endedAt: new Date().toISOString(),
      suiteVersion: 'test',
      repeats: REPEATS,
    });
  } finally {
    await engine.close();
  }
}

/** The schema judged under 2020-12 and under draft-07 rules; both must say the same of every body. */
/**
 * One judge per draft for the file, each checking every schema against its draft's meta-schema before compiling it:
 * a new ajv per rule compiled that meta-schema again, about two thirds of the 160 rules' CPU. A rule's schema is
 * forgotten once compiled, so that no rule is judged with another's.
 */
const judges = { modern: new Ajv2020({ strict: false }), draft07: new Ajv({ strict: false }) };
function judged(judge: Ajv | Ajv2020, schema: object): (body: unknown) => boolean {
  try {
    const validate = judge.compile(schema);
    return (body) => validate(body) as boolean;
  } finally {
    judge.removeSchema(schema);
  }
}

function bothDrafts(schema: object): (body: unknown) => boolean {
  const modern = judged(judges.modern, schema);
  const draft07 = judged(judges.draft07, schema);
  return (body) => {
    const answer = modern(body);
    if (draft07(body) !== answer) throw new Error(`draft-07 and 2020-12 differ on ${JSON.stringify(body)}`);
    return answer;
  };
}

function requestSchemaOf(document: Record<string, unknown>, path: string): object {
  const post = ((document.paths as Record<string, Record<string, unknown>>)[path] as Record<string, unknown>).post as {
    requestBody: { content: { 'application/json': { schema: object } } };
  };
  return post.requestBody.content['application/json'].schema;
}

const addFormats = addFormatsCjs.default;
/** The profiles whose value rules (or the answers to refused values) differ: the others share default's. */
const VALUE_PROFILES = ['default', 'graph-like', 'fastapi-like', 'graph-v1-rules'];
const GRAPH_12 = fileURLToPath(new URL('fixtures/operations/graph-12.json', import.meta.url));

/** A fresh ajv of one draft with the formats and the contract's x-lifetime (the instant's distance from now). */
function withFormats<T extends Ajv | Ajv2020>(ajv: T, now: Date): T {
  addFormats(ajv);
  ajv.addKeyword({
    keyword: 'x-lifetime',
    type: 'string',
    validate: (bound: { unit: string; minimum?: number; maximum?: number }, data: string) => {
      const unit = { seconds: 1e3, minutes: 6e4, hours: 36e5, days: 864e5 }[bound.unit] ?? Number.NaN;
      const lifetime = (Date.parse(data) - now.getTime()) / unit;
      return Number.isNaN(lifetime) || ((bound.minimum ?? -Infinity) <= lifetime && lifetime <= (bound.maximum ?? Infinity));
    },
  });
  return ajv;
}

describe('the observed contract of every built-in reference profile, judged under draft-07 and 2020-12', () => {
  test.each(Object.keys(PROFILES).map((name) => [name]))(
    '%s: both drafts accept exactly what the target accepted among the bodies tried, with no non-portable keyword',
    async (name) => {
      const dir = mkdtempSync(join(tmpdir(), 'contract-profile-'));
      try {
        service.setProfile(name);
        const graph = name === 'graph-v1-rules';
        // Value classes where the profile's value rules or answers differ from another's already probed here; the
        // presence matrix everywhere (the profiles differ in it most).
        const suites = VALUE_PROFILES.includes(name) ? ['02-presence', '03-value'] : ['02-presence'];
        const run = await runProbe(
          { BASE_URL: service.url, ACCESS_TOKEN: TOKEN, REPORT_DIR: dir, ...(graph ? { OPERATION: GRAPH_12 } : {}) },
          suites,
          180_000,
        );
        // fastapi-like's 422s DEVIATE by design (exit 1); what counts here is the contract the run wrote.
        expect([0, 1], run.stdout + run.stderr).toContain(run.code);
        const operation = graph ? loadOperationFile(GRAPH_12) : subscriptionCreate;
        const report = JSON.parse(readFileSync(join(dir, 'behaviour-report.json'), 'utf8')) as BehaviourReport;
        expect(report.contract?.observed?.problem).toBeUndefined();
        const document = JSON.parse(readFileSync(join(dir, 'observed-openapi.json'), 'utf8')) as Record<string, unknown>;
        const schema = requestSchemaOf(document, operation.path) as {
          properties: Record<string, { 'x-observed'?: { unknown?: string[] } }>;
        };
        expect(nonPortableKeywords(schema)).toEqual([]);
        const post = (document.paths as Record<string, Record<string, Record<string, unknown>>>)[operation.path]?.post ?? {};
        expect(post['x-dependencies']).toEqual(
          report.rule.dependenciesExact && report.rule.dependencies.length > 0 ? report.rule.dependencies : undefined,
        );
        // What the contract itself says it states no reason for is not held against it.
        const marked = new Set(
          Object.values(schema.properties).flatMap((p) =>
            (p?.['x-observed']?.unknown ?? []).filter((u) => u.endsWith(UNEXPLAINED_MARK)).map((u) => u.slice(0, -UNEXPLAINED_MARK.length)),
          ),
        );
        const now = new Date();
        const [modern, draft07] = [withFormats(new Ajv2020({ strict: false }), now), withFormats(new Ajv({ strict: false }), now)].map(
          (ajv) => ajv.compile(schema),
        );
        const [ctx] = valueContexts(now);
        const tried = triedBodies(report, operation).filter((t) => t.target.outcome !== 'unknown' && !marked.has(t.subject));
        const wrong = tried.flatMap((t) => {
          const body = bodyOf(operation, t, ctx);
          if (body === undefined) return [];
          const accepted = t.target.outcome === 'accepted';
          return [
            ...((modern?.(body) as boolean) !== accepted ? [`2020-12: ${t.subject}`] : []),
            ...((draft07?.(body) as boolean) !== accepted ? [`draft-07: ${t.subject}`] : []),
          ];
        });
        expect(wrong).toEqual([]);
        expect(tried.filter((t) => t.kind === 'combination').length).toBeGreaterThan(0);
        expect(tried.some((t) => t.target.outcome === 'accepted') && tried.some((t) => t.target.outcome === 'rejected')).toBe(true);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    180_000,
  );
});

describe('the observed contract accepts exactly what the target accepted', () => {
  test(`${RULES} random rules over 3 to 12 fields (roles and up to three IDL dependencies), probed over HTTP`, async () => {
    const tally = {
      rules: 0,
      bodies: 0,
      disagreements: 0,
      adaptive: 0,
      truthChecked: 0,
      adaptiveEqualToTruth: 0,
      explorerBasis: 0,
      xDependencies: 0,
    };
    const forms: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(
        // Rules that accept nothing give a trivial contract: only satisfiable ones count towards RULES.
        fc
          .integer({ min: 3, max: 12 })
          .chain((n) => fc.tuple(fc.constant(n), idlRule(Array.from({ length: n }, (_, i) => `f${i}`))))
          .filter(([n, truth]) =>
            truthTable(
              Array.from({ length: n }, (_, i) => `f${i}`),
              truth,
            ).some(Boolean),
          ),
        async ([n, truth]) => {
          const report = await probeReport(n, truth);
          const operation = syntheticOperation(n);
          const contract = buildObservedContract(report, operation);
          const schema = requestSchemaOf(contract.document, operation.path);
          expect(nonPortableKeywords(schema), `rule ${truth}`).toEqual([]);
          const validate = bothDrafts(schema);
          const ctx = values();
          // IDL4OAS x-dependencies only when they are the rule exactly, each with its evidence beside it.
          const post = (contract.document.paths as Record<string, Record<string, Record<string, unknown>>>)[operation.path]?.post ?? {};
          const evidence = (post['x-observed'] as { dependencies: { idl: string; breaking: number; runId: string }[] }).dependencies;
          expect(evidence.map((e) => e.idl)).toEqual(report.rule.dependencies);
          if (report.rule.dependenciesExact && report.rule.dependencies.length > 0) {
            expect(post['x-dependencies']).toEqual(report.rule.dependencies);
            tally.xDependencies += 1;
          } else expect(post['x-dependencies']).toBeUndefined();
          for (const e of evidence) expect(e.runId).toBe(report.run.startedAt);
          const wrong = report.matrix
            .filter((row) => row.outcome === 'accepted' || row.outcome === 'rejected')
            .filter((row) => (validate(buildBody(operation, row.present, ctx)) as boolean) !== (row.outcome === 'accepted'))
            .map((row) => `{${row.present.join(', ')}}: ${row.outcome}`);
          const form = (requestSchemaOf(contract.document, operation.path) as { 'x-observed': { form: string } })['x-observed'].form;
          forms[form] = (forms[form] ?? 0) + 1;
          tally.rules += 1;
          tally.bodies += report.matrix.length;
          tally.disagreements += wrong.length;
          expect(wrong, `rule ${truth}, inferred ${report.rule.expression}`).toEqual([]);
          expect(contract.roundTrip.disagreements).toEqual([]);
          if (n <= 8) {
            // Exhaustive: every combination was tried, so the schema equals the ground truth itself.
            const rule = parseExpression(truth);
            for (const present of combinations(operation.fields.map((f) => f.name))) {
              expect(validate(buildBody(operation, present, ctx)), `{${present.join(', ')}} under ${truth}`).toBe(
                evaluate(rule, new Set(present)),
              );
            }
            tally.truthChecked += 1;
          } else {
            // Measured, not asserted: beyond the combinations tried the schema follows the inferred rule (x-observed says so).
            const rule = parseExpression(truth);
            tally.adaptive += 1;
            if (report.rule.basis === 'explorer') tally.explorerBasis += 1;
            if (
              combinations(operation.fields.map((f) => f.name)).every(
                (present) => (validate(buildBody(operation, present, ctx)) as boolean) === evaluate(rule, new Set(present)),
              )
            ) {
              tally.adaptiveEqualToTruth += 1;
            }
          }
        },
      ),
      { seed: SEED, numRuns: RULES },
    );
    console.log(
      `contract round trip: ${tally.rules} rules, ${tally.bodies} combinations tried, ${tally.disagreements} disagreements; ${tally.truthChecked} exhaustive rules equal to the truth on all 2^n, ${tally.adaptive} adaptive (${tally.explorerBasis} with the explorer's rule as basis, ${tally.adaptiveEqualToTruth} equal to the truth on all 2^n too); presence written as ${JSON.stringify(forms)}; ${tally.xDependencies} with x-dependencies; every schema judged alike under 2020-12 and draft-07`,
    );
    expect(tally).toMatchObject({ rules: RULES, disagreements: 0 });
    expect(tally.xDependencies).toBeGreaterThan(0);
  }, 900_000);

  test("60 arbitrary truth tables over 3 to 6 fields: rules the group kinds cannot state, written with IDL's compound clauses", async () => {
    const forms: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 3, max: 6 }).chain((n) => fc.tuple(fc.constant(n), arbitraryRule(Array.from({ length: n }, (_, i) => `f${i}`)))),
        async ([n, truth]) => {
          const report = await probeReport(n, truth);
          const operation = syntheticOperation(n);
          const contract = buildObservedContract(report, operation);
          const schema = requestSchemaOf(contract.document, operation.path) as { 'x-observed': { form: string } };
          forms[schema['x-observed'].form] = (forms[schema['x-observed'].form] ?? 0) + 1;
          expect(nonPortableKeywords(schema)).toEqual([]);
          const validate = bothDrafts(schema);
          const rule = parseExpression(truth);
          const ctx = values();
          for (const present of combinations(operation.fields.map((f) => f.name))) {
            expect(validate(buildBody(operation, present, ctx)), `{${present.join(', ')}} under ${truth}`).toBe(
              evaluate(rule, new Set(present)),
            );
          }
        },
      ),
      { seed: SEED, numRuns: 60 },
    );
    console.log(`contract round trip, arbitrary rules: presence written as ${JSON.stringify(forms)}`);
    // Every rule is stated whole in IDL (lib/inference/idl-clauses.ts), and each schema was exact above: the products
    // form, the fallback for a rule the statements do not state, is never needed on a complete matrix.
    expect(forms.products ?? 0).toBe(0);
    expect(forms.idl ?? 0).toBeGreaterThan(30);
  }, 600_000);

  test("the document of a random rule is valid OpenAPI 3.1 (the tool's validator and @readme/openapi-parser)", async () => {
    const report = await probeReport(6, '(f0 || f1) && !f2 && (!f3 || f4)');
    await expectValidOpenApi(buildObservedContract(report, syntheticOperation(6)).document);
  });
});
