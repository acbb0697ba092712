/**
 * Targets written with another framework than the spec's service, whose validation is the framework's own:
 *
 * - Fastify, NestJS, Prism, Django REST framework, connexion and a text/plain service (test/support/framework-targets.ts),
 *   each probed in process through the engine, the presence step and the report writers the suites use
 *   (probeCombination, judgeCombination, DistinctRefusals, buildBehaviourReport, renderMarkdown, renderHtml): every
 *   refused combination carries the framework's message, the fields the framework's text names are named, refusals
 *   that say different kinds of things are different groups, the Markdown's code and message columns are filled, and
 *   the rule is still exact. In process: the engine, the report builder and the writers are the run's own, and six
 *   probe children would cost some 25 s of CPU for the same evidence.
 * - One whole probe run, as a user runs the tool, for what only a whole run shows: the embedded reference's
 *   fastapi-like profile, whose every suite meets pydantic's 422 (each kind judged once in the run).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { CaseInput } from '../lib/report/build-report.js';
import { buildBehaviourReport } from '../lib/report/build-report.js';
import { renderHtml } from '../lib/report/render-html.js';
import { renderMarkdown } from '../lib/report/render-markdown.js';
import type { BehaviourReport } from '../lib/report/types.js';
import { judgeCombination, shownExchange } from '../lib/matrix/judge-combination.js';
import { probeCombination } from '../lib/matrix/probe-combination.js';
import { DistinctRefusals } from '../lib/protocol/distinct-refusals.js';
import { namedInError } from '../lib/inference/message-pattern.js';
import { combinations, formatCombination } from '../lib/rule/field-set.js';
import { subscriptionCreate } from '../lib/operation/index.js';
import { toCurl } from '../lib/http/curl.js';
import { runProbe } from './run-probe.js';
import {
  FRAMEWORK_KINDS,
  frameworkRefusal,
  RULE,
  startFrameworkTarget,
  type FrameworkKind,
  type FrameworkTarget,
} from './support/framework-targets.js';
import { clientFor, loopbackEngine, values } from './support/synthetic.js';

const operation = subscriptionCreate;
const FIELDS = operation.fields.map((f) => f.name);
const TARGET = { baseUrl: 'http://127.0.0.1', kind: 'configured' as const };

/** The presence step of suite 02 and its report, in process, against one target. */
async function probeInProcess(target: FrameworkTarget): Promise<BehaviourReport> {
  const engine = loopbackEngine(target.url, 'framework-test-token');
  const client = clientFor(engine, operation);
  const refusals = new DistinctRefusals(FIELDS);
  const startedAt = new Date().toISOString();
  const cases: CaseInput[] = await Promise.all(
    combinations(FIELDS).map(async (present): Promise<CaseInput> => {
      const { observation, exchanges } = await probeCombination(client, operation, present, 2, values);
      refusals.add(formatCombination(present), exchanges);
      const shown = shownExchange(exchanges);
      return {
        name: `present: ${present.join(', ')}`,
        record: {
          id: `matrix/${present.length === 0 ? 'none' : present.join('+')}`,
          kind: 'matrix',
          observation,
          requests: exchanges.length,
          target: TARGET,
          ...(shown === undefined ? {} : { example: { curl: toCurl(shown), status: shown.status, responseBody: shown.responseBody } }),
          ...judgeCombination(observation, exchanges),
        },
      };
    }),
  );
  cases.push({
    name: 'refusals of the presence matrix',
    record: { id: 'matrix/refusals', kind: 'protocol', requests: 0, target: TARGET, ...refusals.judge('body of the presence matrix') },
  });
  await engine.close();
  return buildBehaviourReport({
    operation: { id: operation.id, method: operation.method, path: operation.path, fields: FIELDS },
    cases,
    startedAt,
    endedAt: new Date().toISOString(),
    suiteVersion: 'test',
    repeats: 2,
  });
}

/** The rows of the Markdown's rejection table: code, fields named, message. */
function rejectionRows(markdown: string): { code: string; named: string; message: string }[] {
  const table = markdown.split('### Rejections')[1]?.split('\n\n')[1] ?? '';
  return table
    .split('\n')
    .slice(2)
    .map((line) => line.split(' | '))
    .map((cells) => ({ code: cells[1] ?? '', named: cells[4] ?? '', message: (cells[5] ?? '').replace(/ \|$/, '') }));
}

/** Which frameworks' default bodies give a code: the report says none for the others, never an invented one. */
const GIVES_A_CODE: Record<FrameworkKind, boolean> = { fastify: true, nestjs: true, prism: true, drf: false, connexion: true, text: false };

describe.concurrent('six framework-like targets: the framework speaks, the report says what it said', () => {
  for (const kind of FRAMEWORK_KINDS) {
    test(kind, async () => {
      const target = await startFrameworkTarget(kind);
      let report: BehaviourReport;
      try {
        report = await probeInProcess(target);
        expect(target.live, 'every create deleted').toBe(0);
      } finally {
        await target.close();
      }

      // The rule is still exact, on every combination.
      expect(report.rule.expression).toBe(RULE);
      expect(report.rule.exactOn).toEqual({ answered: 32, of: 32 });

      const rejected = report.matrix.filter((m) => m.outcome === 'rejected');
      expect(rejected).toHaveLength(30);
      for (const row of rejected) {
        const truth = frameworkRefusal(kind, row.present);
        // Every refused combination carries the framework's message, and names exactly the fields its text names.
        expect(row.errorMessage, formatCombination(row.present)).toBeDefined();
        expect(namedInError(row, FIELDS), formatCombination(row.present)).toEqual(FIELDS.filter((f) => truth?.names.includes(f)));
      }

      // Refusals that say different kinds of things are different groups; each group lists the fields its errors name.
      const kindsOf = (present: readonly string[]): string => [...new Set(frameworkRefusal(kind, present)?.kinds ?? [])].join('+');
      for (const group of report.rejectionGroups) {
        expect(new Set(group.combinations.map(kindsOf)).size, group.summary).toBe(1);
        const named = new Set(group.combinations.flatMap((c) => frameworkRefusal(kind, c)?.names ?? []));
        expect(group.namedFields ?? [], group.summary).toEqual(FIELDS.filter((f) => named.has(f)));
      }
      expect(report.rejectionGroups.length).toBeGreaterThanOrEqual(new Set(rejected.map((r) => kindsOf(r.present))).size);

      // The Markdown's code and message columns are filled: the message always, the code where the framework gives one.
      const rows = rejectionRows(renderMarkdown(report));
      expect(rows).toHaveLength(report.rejectionGroups.length);
      for (const row of rows) {
        expect(row.message).not.toBe('–');
        expect(row.code === '–').toBe(!GIVES_A_CODE[kind]);
      }
      expect(renderHtml(report)).toContain('Example message');

      // Not the §7 error object: every kind of refusal breaks rule 1, judged once per kind.
      const refusals = report.cases.find((c) => c.id === 'matrix/refusals');
      expect(refusals?.verdict).toBe('DEVIATES');
      // Said of the answer, once, never as a JSON parser's complaint about it.
      expect(refusals?.finding).not.toMatch(/Unexpected token|in JSON at position/);
      if (kind === 'text') expect(refusals?.finding).toContain("the answer's body is not JSON, so not the §7 error object");
    });
  }
});

describe('as a user runs it: one probe child', () => {
  test('FastAPI errors: the same rule as the default profile, groups that name their properties, one deviation per kind of 422', async () => {
    const run = await runProbe({ REFERENCE_PROFILE: 'fastapi-like' }, []);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    const report = JSON.parse(readFileSync(join(run.reportDir, 'behaviour-report.json'), 'utf8')) as BehaviourReport;

    expect(report.rule.expression).toBe('notificationUrl && expirationDateTime && !changeType && !resource');
    const groups = report.rejectionGroups.map((g) => [g.status, g.summary.replace(/ \(.*$/, '')]);
    expect(groups).toEqual([
      [422, '422 when changeType is present'],
      [422, '422 when resource is present and changeType is absent'],
      [422, '422 when changeType and resource are absent, and at least one of notificationUrl and expirationDateTime is absent'],
    ]);
    expect(report.rejectionGroups.map((g) => g.namedFields)).toEqual([
      ['changeType'],
      ['resource'],
      ['notificationUrl', 'expirationDateTime'],
    ]);

    // Each kind of 422 is one DEVIATES in the whole run, in the first case that met it: every suite refuses with
    // pydantic's body, and a later case that meets a kind judged already records whose it is.
    const deviating = report.cases.filter((c) => c.verdict === 'DEVIATES');
    expect(deviating.map((c) => c.id)).toEqual([
      'spec-4/observation-all-five',
      'matrix/refusals',
      'value/refusals',
      'protocol/spec-7.1/not-json',
      'protocol/spec-7.1/json-array',
      'protocol/spec-4/no-content-type',
    ]);
    const kinds = deviating.flatMap((c) => c.refusalKinds ?? []);
    expect(deviating.every((c) => (c.refusalKinds ?? []).length > 0)).toBe(true);
    expect(new Set(kinds).size).toBe(kinds.length);
    const same = report.cases.filter((c) => c.sameKindAs !== undefined);
    expect(same.map((c) => c.id)).toEqual(
      expect.arrayContaining(['property/error-body-spec-7', 'protocol/spec-7.1/empty-body', 'protocol/spec-4/text-plain']),
    );
    const order = report.cases.map((c) => c.id);
    for (const c of same) {
      expect(c.verdict).toBe('INFORMATIONAL');
      for (const owner of c.sameKindAs ?? []) expect(order.indexOf(owner), `${c.id} after ${owner}`).toBeLessThan(order.indexOf(c.id));
    }
    const refusals = report.cases.find((c) => c.id === 'matrix/refusals');
    expect(refusals?.finding).toMatch(/^3 kinds of refusal of a body of the presence matrix break spec §7 rule 1, judged once per kind/);
    // Every combination's own case says what it saw and where the refusal is judged, and no more.
    const matrixCases = report.cases.filter((c) => c.id.startsWith('matrix/') && c.id !== 'matrix/refusals');
    expect(matrixCases.filter((c) => c.verdict !== 'INFORMATIONAL')).toEqual([]);
    expect(report.matrix.filter((m) => m.outcome === 'rejected').every((m) => (m.errorNames ?? []).length === 1)).toBe(true);
  }, 300_000);
});
