import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { sarifSchemaErrors } from '../../test/support/sarif-schema.js';
import { joinSarif, operationIdLine } from './join-sarif.js';
import type { SarifLog } from './render-sarif.js';

const DOCUMENT = new URL('../../test/fixtures/openapi/campaign-3.1.yaml', import.meta.url).pathname;
const TEXT = readFileSync(DOCUMENT, 'utf8');

/** A one-operation run's log with one DEVIATES result of the case `caseId`, on the field's line of another file. */
function runLog(operation: string, caseId: string, partial = false): SarifLog {
  const rule = {
    id: caseId,
    name: 'Case',
    shortDescription: { text: 'a case' },
    fullDescription: { text: 'a case' },
    help: { text: 'a case' },
    defaultConfiguration: { level: 'error' as const },
    properties: { tags: ['conformance'], spec: 'spec §1' },
  };
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'subscription-conformance', version: '1.0.0', rules: [rule] } },
        automationDetails: { id: `subscription-conformance/${operation}/` },
        columnKind: 'utf16CodeUnits',
        invocations: [
          {
            executionSuccessful: !partial,
            startTimeUtc: '2026-01-01T00:00:00.000Z',
            endTimeUtc: '2026-01-01T00:01:00.000Z',
            ...(partial
              ? {
                  toolExecutionNotifications: [
                    { descriptor: { id: 'partial-run' }, level: 'error' as const, message: { text: 'A partial run' } },
                  ],
                }
              : {}),
          },
        ],
        results: [
          {
            ruleId: caseId,
            ruleIndex: 0,
            level: 'error',
            message: { text: 'DEVIATES' },
            locations: [{ physicalLocation: { artifactLocation: { uri: 'elsewhere.yaml' }, region: { startLine: 3 } } }],
            partialFingerprints: { primaryLocationLineHash: `${operation}:1` },
            properties: { verdict: 'DEVIATES' },
          },
        ],
      },
    ],
  };
}

describe('joinSarif', () => {
  test("one run over the document: each result's rule carries its operation id and points at its operationId line", () => {
    const log = joinSarif(
      [
        { id: 'createWidget', log: runLog('createWidget', 'value/name/empty') },
        { id: 'createGadget', log: runLog('createGadget', 'value/name/empty', true) },
        { id: 'createPart', notServed: 'every answer was 404', at: { start: '2026-01-01T00:02:00.000Z', end: '2026-01-01T00:02:01.000Z' } },
      ],
      { uri: 'test/fixtures/openapi/campaign-3.1.yaml', text: TEXT, toolVersion: '1.0.0' },
    );
    expect(sarifSchemaErrors(log)).toEqual([]);
    const run = log.runs[0];
    expect(log.runs).toHaveLength(1);
    expect(run?.results.map((r) => r.ruleId)).toEqual([
      'createWidget/value/name/empty',
      'createGadget/value/name/empty',
      'createPart/campaign/not-served',
    ]);
    const lines = TEXT.split('\n');
    for (const r of run?.results ?? []) {
      const location = r.locations[0]?.physicalLocation;
      expect(location?.artifactLocation.uri).toBe('test/fixtures/openapi/campaign-3.1.yaml');
      const id = r.ruleId.split('/')[0] ?? '';
      expect(lines[(location?.region?.startLine ?? 0) - 1]).toContain(`operationId: ${id}`);
      expect(run?.tool.driver.rules[r.ruleIndex]?.id).toBe(r.ruleId);
    }
    expect(run?.invocations[0]?.executionSuccessful).toBe(false);
    expect(run?.invocations[0]?.toolExecutionNotifications?.[0]?.message.text).toBe('createGadget: A partial run');
    expect(run?.invocations[0]?.endTimeUtc).toBe('2026-01-01T00:02:01.000Z');
  });

  test('operationIdLine finds YAML, quoted, flow and JSON spellings, not a longer id, and none in a text without it', () => {
    expect(operationIdLine('a: 1\n  operationId: createWidget\n', 'createWidget')).toBe(2);
    expect(operationIdLine('x\n"operationId": "createWidget",\n', 'createWidget')).toBe(2);
    expect(operationIdLine("post: { operationId: 'create.Widget', responses: {} }", 'create.Widget')).toBe(1);
    expect(operationIdLine('operationId: createWidgets\n', 'createWidget')).toBeUndefined();
    expect(operationIdLine('operationId: createXWidget\n', 'create.Widget')).toBeUndefined();
  });
});
