import { describe, expect, test } from 'vitest';
import type { CaseRecord } from '../case-record.js';
import type { Observation } from '../inference/types.js';
import { presentOf } from '../rule/field-set.js';
import { buildBehaviourReport, UNKNOWN_SAMPLE } from './build-report.js';
import { validateBehaviourReport } from './validate-report.js';

/** A report of `tried` combinations of `n` fields, each answered 400, as the presence matrix records them. */
function reportOf(n: number, tried: number) {
  const fields = Array.from({ length: n }, (_, i) => `f${i}`);
  const record = (mask: number): CaseRecord => {
    const observation: Observation = {
      present: presentOf(fields, mask),
      outcome: 'rejected',
      status: 400,
      errorCode: 'invalidRequest',
      statuses: [400],
    };
    return {
      id: `matrix/${mask}`,
      kind: 'matrix',
      specRef: 'open: spec §4',
      verdict: 'INFORMATIONAL',
      requests: 1,
      observation,
      target: { baseUrl: 'http://127.0.0.1:1', kind: 'configured' },
    };
  };
  // Spread over the masks, as an explorer's jumps are.
  const masks = Array.from({ length: tried }, (_, i) => (i * 2654435761) % 2 ** n);
  return buildBehaviourReport({
    operation: { id: 'op', method: 'POST', path: '/x', fields },
    cases: [...new Set(masks)].map((mask) => ({ name: `m${mask}`, record: record(mask) })),
    startedAt: '2026-01-01T00:00:00.000Z',
    endedAt: '2026-01-01T00:00:01.000Z',
    suiteVersion: '0.1.0',
    repeats: 1,
  });
}

describe('a report that found nothing accepted among part of the combinations', () => {
  test.each([12, 20, 30])(
    'at %i fields: every field listed, undetermined; unknowns counted and sampled; exact on what was answered',
    (n) => {
      const report = reportOf(n, 27);
      const answered = report.matrix.length;
      expect(Object.keys(report.fields)).toHaveLength(n);
      expect(Object.values(report.fields).every((f) => f.presence === 'undetermined' && (f.hangsOn?.length ?? 0) > 0)).toBe(true);
      expect(report.rule.exactOn).toEqual({ answered, of: 2 ** n });
      expect(report.rule.unknownCount).toBe(2 ** n - answered);
      expect(report.rule.unknown.length).toBeLessThanOrEqual(UNKNOWN_SAMPLE);
      expect(report.diagnosis?.message).not.toMatch(/every combination/);
      expect(report.diagnosis?.message).toMatch(
        new RegExp(`among the ${answered} combinations tried of ${2 ** n} \\(the rule is not known\\)`),
      );
      const checked = validateBehaviourReport(JSON.parse(JSON.stringify(report)));
      expect(checked.valid, checked.valid ? '' : checked.errors.join('\n')).toBe(true);
    },
  );

  test("the report's size does not grow with 2^n", () => {
    const size = (n: number): number => JSON.stringify(reportOf(n, 27)).length;
    expect(size(30)).toBeLessThan(3 * size(5));
  });
});

describe("the run's second asks", () => {
  test('are summed over the cases into run.secondAsks, said in the Markdown summary, and absent when there were none', async () => {
    const { renderMarkdown } = await import('./render-markdown.js');
    const fields = ['a'];
    const record = (id: string, secondAsks?: number): CaseRecord => ({
      id,
      kind: 'matrix',
      specRef: 'open: spec §4',
      verdict: 'INFORMATIONAL',
      requests: 1,
      observation: { present: id === 'matrix/a' ? ['a'] : [], outcome: 'rejected', status: 400, statuses: [400] },
      target: { baseUrl: 'http://127.0.0.1:1', kind: 'configured' },
      ...(secondAsks === undefined ? {} : { secondAsks }),
    });
    const build = (records: CaseRecord[]) =>
      buildBehaviourReport({
        operation: { id: 'op', method: 'POST', path: '/x', fields },
        cases: records.map((r) => ({ name: r.id, record: r })),
        startedAt: '2026-01-01T00:00:00.000Z',
        endedAt: '2026-01-01T00:00:01.000Z',
        suiteVersion: '0.1.0',
        repeats: 1,
      });

    const asked = build([record('matrix/a', 2), record('matrix/none', 1)]);
    expect(asked.run.secondAsks).toBe(3);
    expect(renderMarkdown(asked)).toContain('; 3 asked again after no verdict)');
    const checked = validateBehaviourReport(JSON.parse(JSON.stringify(asked)));
    expect(checked.valid, checked.valid ? '' : checked.errors.join('\n')).toBe(true);
    expect(build([record('matrix/a'), record('matrix/none')]).run).not.toHaveProperty('secondAsks');
  });
});
