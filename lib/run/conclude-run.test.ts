import { describe, expect, test } from 'vitest';
import { mergeRun, shardRun, singleRun, stoppedRun, without } from '../../test/support/run-results.js';
import { concludeRun } from './conclude-run.js';
import { EXIT } from './exit-decision.js';

describe('concludeRun: the facts, the exit decision and the lines of a run, from its result alone', () => {
  test('single: a whole run where every case holds exits 0; its lines are the summary, the costs, memory and the count', () => {
    const result = singleRun();
    const report = result.finished?.report;
    const { decision, lines, counts, facts } = concludeRun(result);
    expect(decision).toEqual({ code: EXIT.ok, reason: 'every case holds and nothing drifted, was left behind or leaked', runFailures: [] });
    expect(facts.casesRan).toBe(report?.cases.length);
    const passed = (report?.counts.CONFORMS ?? 0) + (report?.counts.INFORMATIONAL ?? 0);
    expect(counts).toEqual({ passed, failed: 0, skipped: 0, notRun: 0, expected: 0 });
    expect(lines.counts).toBe(`${passed} passed, 0 failed`);
    expect(lines.findings[1]).toMatch(/^Behaviour of http:\/\/127\.0\.0\.1:43117 \(embedded reference, profile default\): 104 requests$/);
    expect(lines.findings.slice(-3)).toEqual([
      'contract: /work/reports/observed-openapi.json (OpenAPI 3.1 valid)',
      ...(result.collected?.costLines ?? []),
    ]);
    expect(lines.remarks).toEqual(['peak memory: 212 MB']);
    expect(lines.annotations).toEqual([]);
  });

  test('single: DEVIATES, drift and a subscription left fail it; each reason no case carries is a run failure, counted once', () => {
    const result = singleRun();
    const report = result.finished?.report;
    if (report === undefined) throw new Error('a report');
    const deviating = report.cases[0];
    if (deviating !== undefined) deviating.verdict = 'DEVIATES';
    report.counts.CONFORMS -= 1;
    report.counts.DEVIATES += 1;
    report.drift = {
      baseline: 'baselines/x.json',
      name: 'x',
      changes: [{ kind: 'rule', subject: 'rule', before: 'a', after: 'b', message: 'rule: a -> b' }],
      compared: { combinations: 32, valueClasses: 0, limits: 0, ruleAndRoles: true },
      notCompared: [],
    };
    result.ledger = {
      created: 3,
      leftOnTarget: [{ id: 's1', createdAt: report.run.endedAt, reason: 'not deleted: DELETE answered 500' }],
      duplicateIds: [],
    };
    result.ci = { githubActions: true, stepSummary: '/work/summary.md' };
    const { decision, lines, counts } = concludeRun(result);
    expect(decision.code).toBe(EXIT.failed);
    expect(decision.runFailures.map((f) => f.id)).toEqual(['run/drift', 'run/left-on-target']);
    expect(decision.reason).toBe('1 case failed (DEVIATES or ERROR); 1 change from the baseline; 1 subscription left on the target');
    expect(counts?.failed).toBe(3);
    expect(lines.remarks).toEqual([
      'peak memory: 212 MB',
      expect.stringMatching(/^drift: 1 change\(s\) from the baseline baselines\/x\.json/),
      expect.stringMatching(/^probe: 1 subscription\(s\) left on http:\/\/127\.0\.0\.1:43117 \(1 whose DELETE failed\)/),
    ]);
    // In a GitHub Actions job, an ::error per reason and per failing case, the rest said to be in the job summary.
    expect(lines.annotations).toEqual([
      '::error title=run/drift::1 change from the baseline',
      '::error title=run/left-on-target::1 subscription left on the target',
      `::error title=DEVIATES ${deviating?.id ?? ''}::${deviating?.specRef ?? ''}: ${deviating?.observed ?? ''}`,
    ]);
  });

  test('shard: no report; the count line reads the collected cases, an expected deviation counted apart', () => {
    const result = shardRun();
    const first = result.collected?.cases[0];
    if (first === undefined) throw new Error('a case');
    first.record.verdict = 'DEVIATES';
    result.expectations = {
      file: 'expectations.yaml',
      list: [{ case: first.record.id, verdict: 'DEVIATES', reason: 'the gateway answers 422 until it is replaced' }],
      today: '2026-11-21',
    };
    const { decision, counts, lines } = concludeRun(result);
    expect(lines.findings).toEqual([]);
    expect(counts).toMatchObject({ failed: 0, expected: 1 });
    expect(lines.counts).toMatch(/^\d+ passed, 0 failed, 1 expected deviation$/);
    expect(decision.code).toBe(EXIT.ok);
    // Past its until, the expectation no longer holds for it.
    result.expectations.today = '2026-11-22';
    result.expectations.list = [{ ...result.expectations.list[0], until: '2026-11-21' } as (typeof result.expectations.list)[number]];
    expect(concludeRun(result).counts).toMatchObject({ failed: 1, expected: 0 });
  });

  test('merge: the report of the whole run; blobs that hold no case exit 2 and say so', () => {
    expect(concludeRun(mergeRun()).decision.code).toBe(EXIT.ok);
    const { decision, lines } = concludeRun({ ...without(mergeRun(), 'collected', 'finished'), casesRan: 0 });
    expect(decision).toEqual({
      code: EXIT.setup,
      reason: "no case ran: the shards' blobs hold no case; no report was written",
      runFailures: [],
    });
    expect(lines.counts).toBeUndefined();
  });

  test('stopped: the stop is one failure of its own, the cases it left out are not run, never failed', () => {
    const result = stoppedRun();
    const { decision, counts, lines } = concludeRun(result);
    expect(decision.code).toBe(EXIT.failed);
    expect(decision.runFailures).toEqual([{ id: 'run/interrupted', message: 'stopped by Ctrl-C before every case ran' }]);
    expect(counts).toMatchObject({ failed: 1, notRun: 2 });
    expect(lines.counts).toMatch(/^\d+ passed, 1 failed, 2 not run \(stopped\)$/);
    expect(lines.findings).toContain(
      '  STOPPED EARLY: stopped by Ctrl-C: what was on the wire was answered and recorded; the cases it cut short and the ones not started were not run',
    );
    // Stopped before any case finished: no report, exit 1 all the same.
    expect(concludeRun({ ...without(result, 'finished'), casesRan: 0 }).decision.reason).toBe(
      'stopped by Ctrl-C before any case finished; no report was written',
    );
  });

  test("what the outputs' checks found is a fact too: a secret in an output, an output its schema refused", () => {
    const { decision } = concludeRun(singleRun(), { secretFound: true, invalidOutputs: ['/work/reports/behaviour-report.json'] });
    expect(decision.runFailures.map((f) => f.id)).toEqual(['run/secret-in-output', 'run/invalid-output']);
    expect(decision.reason).toMatch(
      /a secret was found in a file this run wrote; not written, as its schema refuses it: \/work\/reports\/behaviour-report\.json$/,
    );
  });
});
