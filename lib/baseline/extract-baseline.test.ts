import { describe, expect, test } from 'vitest';
import { conditionalReport, defaultProfileReport, nothingAcceptedReport } from '../../test/support/report-fixtures.js';
import type { BehaviourReport } from '../report/types.js';
import { defaultTargetName, extractBaseline, unfitForBaseline } from './extract-baseline.js';

describe('extractBaseline', () => {
  test('keeps roles, rule, each combination and value class with status and code, and the limits', () => {
    const baseline = extractBaseline(defaultProfileReport(), 'embedded-default');

    expect(baseline.name).toBe('embedded-default');
    expect(baseline.target).toEqual({ kind: 'embedded-reference', referenceProfile: 'default' });
    expect(baseline.fields).toEqual({
      changeType: 'forbidden',
      notificationUrl: 'required',
      resource: 'forbidden',
      expirationDateTime: 'required',
      clientState: 'optional',
    });
    expect(baseline.rule).toEqual({ expression: 'notificationUrl && expirationDateTime && !changeType && !resource', dependencies: [] });
    expect(baseline.matrix).toHaveLength(32);
    expect(baseline.matrix[0]).toEqual({ present: [], outcome: 'rejected', status: 400, errorCode: 'invalidRequest' });
    expect(baseline.values['notificationUrl']?.classes['http-absolute']).toEqual({ outcome: 'accepted', status: 201 });
    expect(baseline.values['clientState']?.limits).toEqual({
      'longest accepted clientState': { unit: 'characters', value: 255, firstRejected: 256 },
    });
    expect(Object.keys(baseline.values)).toEqual(['notificationUrl', 'expirationDateTime', 'clientState']);
  });

  test('leaves out what changes from run to run: times, requests, port, seed, messages, examples', () => {
    const report = defaultProfileReport();
    const other: BehaviourReport = structuredClone(report);
    other.run = {
      ...other.run,
      target: 'http://127.0.0.1:50999',
      startedAt: '2027-01-01T00:00:00.000Z',
      endedAt: '2027-01-01T00:01:00.000Z',
      requestsSent: 999,
      seed: 7,
    };
    for (const entry of other.matrix) {
      entry.errorMessage = 'request id 0f3a: something else';
      delete entry.example;
    }
    for (const limit of other.values['clientState']?.limits ?? []) limit.requests = 99;

    const text = JSON.stringify(extractBaseline(report, 'x'));

    expect(JSON.stringify(extractBaseline(other, 'x'))).toBe(text);
    expect(text).not.toMatch(/43117|2026-11-21|requests|message|curl/);
  });

  test('an unstable or failed combination keeps its outcome only; a limit search that ended in ERROR has no verdict', () => {
    const baseline = extractBaseline(conditionalReport(), 'zero-or-one');

    const unstable = baseline.matrix.find((c) => c.present.join('+') === 'changeType+notificationUrl+expirationDateTime');
    const failed = baseline.matrix.find((c) => c.present.join('+') === 'notificationUrl+resource+expirationDateTime+clientState');
    expect(unstable).toEqual({ present: ['changeType', 'notificationUrl', 'expirationDateTime'], outcome: 'unstable', status: null });
    expect(failed).toEqual({
      present: ['notificationUrl', 'resource', 'expirationDateTime', 'clientState'],
      outcome: 'error',
      status: null,
    });
    expect(baseline.values['changeType']?.classes['json-null']).toEqual({ outcome: 'error', status: null });
    expect(baseline.values['clientState']?.limits['longest accepted clientState']).toEqual({ unit: 'characters', noVerdict: true });
    expect(baseline.values['expirationDateTime']?.limits['longest accepted lifetime']).toEqual({ unit: 'minutes', value: 5_256_000 });
  });

  test("a limit search that stopped short is stored as undetermined: where it stopped is not the target's behaviour", () => {
    const report = defaultProfileReport();
    const lifetime = report.values['expirationDateTime']?.limits[0];
    if (lifetime === undefined) throw new Error('the fixture has a lifetime limit');
    delete lifetime.value;
    Object.assign(lifetime, {
      firstRejected: 4491,
      largestAccepted: 3850,
      unfinished: true,
      note: 'stopped after 39 requests (the most allowed)',
    });

    const baseline = extractBaseline(report, 'stopped');

    expect(baseline.values['expirationDateTime']?.limits['longest accepted lifetime']).toEqual({ unit: 'minutes', undetermined: true });
  });

  test('a configured target keeps its base URL; nothing accepted gives no roles', () => {
    const baseline = extractBaseline(nothingAcceptedReport(), 'drive.contoso.example');

    expect(baseline.target).toEqual({ kind: 'configured', baseUrl: 'https://drive.contoso.example' });
    expect(baseline.fields).toEqual({});
  });
});

describe('defaultTargetName', () => {
  test.each([
    [
      { target: 'http://127.0.0.1:40025', targetKind: 'embedded-reference' as const, referenceProfile: 'graph-like' },
      'embedded-graph-like',
    ],
    [{ target: 'http://127.0.0.1:40025', targetKind: 'embedded-reference' as const }, 'embedded-default'],
    [{ target: 'https://contoso.sharepoint.com/sites/probe', targetKind: 'configured' as const }, 'contoso.sharepoint.com'],
    [{ target: 'http://localhost:8080', targetKind: 'configured' as const }, 'localhost-8080'],
    [{ target: 'http://[::1]:8080/x', targetKind: 'configured' as const }, '1-8080'],
    [{ target: 'unknown (no case ran)', targetKind: 'configured' as const }, 'unknown-target'],
  ])('%o is named %s', (run, name) => {
    expect(defaultTargetName(run)).toBe(name);
  });
});

describe('unfitForBaseline', () => {
  test('a complete run is fit', () => {
    expect(unfitForBaseline(defaultProfileReport())).toBeUndefined();
  });

  test('a run that stopped early is not', () => {
    const report = defaultProfileReport();
    report.run.stopped = { by: 'budget', at: report.run.endedAt, why: 'the request budget (MAX_REQUESTS=50) was reached' };

    expect(unfitForBaseline(report)).toBe('the run stopped early (the request budget (MAX_REQUESTS=50) was reached)');
  });

  test('a run with ERROR cases is not, and the first one is named', () => {
    expect(unfitForBaseline(conditionalReport())).toMatch(/^1 case\(s\) ended in ERROR \(no verdict from the target\), first matrix\//);
  });

  test('a run where nothing was accepted is not', () => {
    expect(unfitForBaseline(nothingAcceptedReport())).toMatch(/^nothing was accepted \(/);
  });

  test('a run with neither a matrix nor value classes is not', () => {
    const report = defaultProfileReport();
    report.matrix = [];
    for (const v of Object.values(report.values)) Object.assign(v, { accepted: [], rejected: [], other: [], limits: [] });

    expect(unfitForBaseline(report)).toMatch(/no presence matrix, no value classes and no lifecycle facts/);
  });
});
