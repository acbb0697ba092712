import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { TOOL_ROOT } from '../operation/shipped.js';
import { defaultProfileReport } from '../../test/support/report-fixtures.js';
import { sarifSchemaErrors } from '../../test/support/sarif-schema.js';
import { caseField, fieldLines, renderSarif, ruleName, type SarifLog } from './render-sarif.js';
import type { BehaviourReport } from './types.js';

const DESCRIPTION = 'operations/drive-subscription-v2.json';
const descriptionText = readFileSync(new URL(DESCRIPTION, `file://${TOOL_ROOT}/`), 'utf8');

/** The default report with a DEVIATES case, an ERROR case, an expected deviation and a value case of one field. */
function reportWithFailures(): BehaviourReport {
  const report = defaultProfileReport();
  report.run.target = 'https://staging.contoso.example/sites/probe';
  const [deviates, error, expected] = report.cases;
  if (deviates === undefined || error === undefined || expected === undefined) throw new Error('fixture has cases');
  deviates.verdict = 'DEVIATES';
  deviates.finding = 'answered 422 at https://staging.contoso.example/sites/probe/_api/v2.0/drive/root/subscriptions';
  deviates.expected = '400 invalidRequest';
  deviates.observed = '422';
  error.verdict = 'ERROR';
  error.finding = 'no answer within REQUEST_TIMEOUT_MS';
  expected.verdict = 'DEVIATES';
  expected.expectation = { reason: 'the gateway answers 422 until it is replaced', until: '2027-01-31', link: 'OPS-12' };
  report.cases.push({
    id: 'value/clientState/length-256',
    name: 'clientState: 256 characters',
    specRef: 'open: spec §8 (limits: not shown)',
    verdict: 'DEVIATES',
    finding: 'answered 500',
    suite: '03-value-classes',
  });
  return report;
}

const render = (report: BehaviourReport): SarifLog =>
  renderSarif(report, {
    toolVersion: '0.1.0',
    artifact: { uri: DESCRIPTION, fieldLines: fieldLines(descriptionText, report.operation.fields) },
  });

describe('results.sarif', () => {
  test('validates against the SARIF 2.1.0 schema, with one rule per case id and one result per DEVIATES, ERROR and expected deviation', () => {
    const report = reportWithFailures();
    const log = render(report);
    expect(sarifSchemaErrors(log)).toEqual([]);
    const [run] = log.runs;
    expect(run?.tool.driver.rules.map((r) => r.id)).toEqual(report.cases.map((c) => c.id));
    const failing = report.cases.filter((c) => c.verdict === 'DEVIATES' || c.verdict === 'ERROR');
    expect(run?.results.map((r) => [r.ruleId, r.level])).toEqual(
      failing.map((c) => [c.id, c.expectation === undefined ? 'error' : 'note']),
    );
    // Each result names its rule by index too, as viewers read it.
    for (const r of run?.results ?? []) expect(run?.tool.driver.rules[r.ruleIndex]?.id).toBe(r.ruleId);
  });

  test('an expected deviation is a note with an accepted suppression giving its reason; the others have none', () => {
    const log = render(reportWithFailures());
    const [, , expected] = log.runs[0]?.results ?? [];
    expect(expected?.suppressions).toEqual([
      { kind: 'external', status: 'accepted', justification: 'the gateway answers 422 until it is replaced (until 2027-01-31) OPS-12' },
    ]);
    expect(expected?.message.text).toMatch(/^DEVIATES \(expected: the gateway answers 422 until it is replaced\)/);
    expect(log.runs[0]?.results.filter((r) => r.suppressions !== undefined)).toHaveLength(1);
  });

  test("results point to the operation description, at the field's line for a case about one field", () => {
    const log = render(reportWithFailures());
    const results = log.runs[0]?.results ?? [];
    const field = results.find((r) => r.ruleId === 'value/clientState/length-256');
    const line = field?.locations[0]?.physicalLocation.region?.startLine ?? 0;
    expect(descriptionText.split('\n')[line - 1]).toMatch(/"name": "clientState"/);
    expect(field?.locations[0]?.physicalLocation.artifactLocation.uri).toBe(DESCRIPTION);
    // A case about the whole body points to the file.
    expect(results[0]?.locations[0]?.physicalLocation.region).toBeUndefined();
  });

  test('fingerprints follow the operation and the case, not the finding, the time or the order', () => {
    const a = reportWithFailures();
    const b = reportWithFailures();
    b.cases.reverse();
    b.run.startedAt = '2027-02-01T03:23:00.000Z';
    for (const c of b.cases) c.finding = `${c.finding ?? ''} (another night)`;
    const prints = (log: SarifLog): Record<string, string | undefined> =>
      Object.fromEntries((log.runs[0]?.results ?? []).map((r) => [r.ruleId, r.partialFingerprints.primaryLocationLineHash]));
    expect(prints(render(b))).toEqual(prints(render(a)));
    expect(new Set(Object.values(prints(render(a)))).size).toBe(4);
    const other = reportWithFailures();
    other.operation.id = 'graph-subscription';
    expect(prints(render(other))['value/clientState/length-256']).not.toBe(prints(render(a))['value/clientState/length-256']);
  });

  test("the target's address is never in it: messages read {BASE_URL}", () => {
    const text = JSON.stringify(render(reportWithFailures()));
    expect(text).not.toContain('staging.contoso.example');
    expect(text).toContain('{BASE_URL}/_api/v2.0/drive/root/subscriptions');
  });

  test('a run without failures has rules and no result, and still validates', () => {
    const log = render(defaultProfileReport());
    expect(log.runs[0]?.results).toEqual([]);
    expect(sarifSchemaErrors(log)).toEqual([]);
  });

  test.each([
    ['a stopped run', (r: BehaviourReport) => (r.run.stopped = { by: 'Ctrl-C', at: r.run.endedAt, why: 'stopped by Ctrl-C' }), undefined],
    [
      'a merge with a stopped shard',
      (r: BehaviourReport) => (r.run.stopped = { by: 'shard', at: r.run.endedAt, why: 'shard 2/2 was stopped by SIGTERM' }),
      undefined,
    ],
    ['a run of some suites', () => undefined, 'only the suites matching "05-protocol" ran'],
  ])('%s says it is partial in a tool notification, so that no missing result reads as fixed', (_, mark, partial) => {
    const report = reportWithFailures();
    mark(report);
    const log = renderSarif(report, {
      toolVersion: '0.1.0',
      artifact: { uri: DESCRIPTION, fieldLines: new Map() },
      ...(partial !== undefined ? { partial } : {}),
    });
    expect(sarifSchemaErrors(log)).toEqual([]);
    const [invocation] = log.runs[0]?.invocations ?? [];
    expect(invocation?.executionSuccessful).toBe(false);
    const reason = report.run.stopped?.why ?? partial ?? '';
    expect(invocation?.toolExecutionNotifications).toEqual([
      {
        descriptor: { id: 'partial-run' },
        level: 'error',
        message: {
          text: expect.stringMatching(
            new RegExp(`^A partial run: ${reason.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\. .*not checked, not fixed`),
          ),
        },
      },
    ]);
    // The results it has are still there: the partial run's own findings.
    expect(log.runs[0]?.results).toHaveLength(4);
  });

  test('a complete run has no notification', () => {
    expect(render(reportWithFailures()).runs[0]?.invocations[0]).toEqual({
      executionSuccessful: true,
      startTimeUtc: expect.any(String),
      endTimeUtc: expect.any(String),
    });
  });

  test('the schema check can fail: a result without a message, a level SARIF does not have', () => {
    const log = render(reportWithFailures()) as unknown as { runs: { results: Record<string, unknown>[] }[] };
    const [first] = log.runs[0]?.results ?? [];
    if (first === undefined) throw new Error('a result');
    delete first.message;
    first.level = 'fatal';
    expect(sarifSchemaErrors(log).length).toBeGreaterThan(0);
  });
});

describe('the parts', () => {
  test('rule names, the field a case is about, the line of a field in JSON, YAML and OpenAPI', () => {
    expect(ruleName('protocol/spec-5/unknown-bearer')).toBe('ProtocolSpec5UnknownBearer');
    expect(caseField('value/clientState/empty', ['clientState'])).toBe('clientState');
    expect(caseField('limit/expirationDateTime/longest-lifetime', ['expirationDateTime'])).toBe('expirationDateTime');
    expect(caseField('matrix/changeType+resource', ['changeType', 'resource'])).toBeUndefined();
    expect(caseField('value/nope/x', ['clientState'])).toBeUndefined();
    expect([...fieldLines('fields:\n  - name: a\n  - name: "b"\n', ['a', 'b', 'c'])]).toEqual([
      ['a', 2],
      ['b', 3],
    ]);
    expect([...fieldLines('properties:\n  other: {}\n  a:\n    type: string\n', ['a'])]).toEqual([['a', 3]]);
  });
});
