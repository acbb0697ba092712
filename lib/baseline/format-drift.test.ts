import { describe, expect, test } from 'vitest';
import { driftLine, formatDrift, reportDrift } from './format-drift.js';
import type { Drift, DriftChange } from './types.js';

const rejected400 = { outcome: 'rejected' as const, status: 400, errorCode: 'invalidRequest' };
const accepted201 = { outcome: 'accepted' as const, status: 201 };

describe('driftLine: one line per kind of change, `subject: before -> after`', () => {
  test.each<[DriftChange, string]>([
    [{ kind: 'role', field: 'resource', from: 'forbidden', to: 'optional' }, 'resource: forbidden -> optional'],
    [{ kind: 'role', field: 'resource', from: 'forbidden', to: undefined }, 'resource: forbidden -> no role (nothing accepted)'],
    [{ kind: 'rule', from: 'a && b', to: 'a' }, 'rule: a && b -> a'],
    [{ kind: 'dependencies', from: [], to: ['IF a THEN b;', 'OnlyOne(c, d);'] }, 'dependencies: (none) -> IF a THEN b; OnlyOne(c, d);'],
    [
      { kind: 'matrix', present: ['notificationUrl', 'resource'], from: rejected400, to: accepted201 },
      '{notificationUrl, resource}: 400 invalidRequest -> 201',
    ],
    [{ kind: 'matrix', present: [], from: { outcome: 'rejected', status: 401 }, to: rejected400 }, '{}: 401 -> 400 invalidRequest'],
    [
      { kind: 'value', field: 'notificationUrl', classId: 'http-absolute', from: accepted201, to: rejected400 },
      'notificationUrl http-absolute: accepted 201 -> rejected 400 invalidRequest',
    ],
    [
      {
        kind: 'limit',
        field: 'clientState',
        name: 'longest accepted clientState',
        from: { unit: 'characters', value: 128, firstRejected: 129 },
        to: { unit: 'characters', value: 255, firstRejected: 256 },
      },
      'clientState longest accepted clientState: 128 -> 255 characters',
    ],
    [
      {
        kind: 'limit',
        field: 'clientState',
        name: 'longest accepted clientState',
        from: { unit: 'characters', value: 255, firstRejected: 256 },
        to: { unit: 'characters', value: 4096 },
      },
      'clientState longest accepted clientState: 255 characters -> at least 4096 characters',
    ],
    [
      {
        kind: 'limit',
        field: 'clientState',
        name: 'longest accepted clientState',
        from: { unit: 'characters', value: 255, firstRejected: 256 },
        to: { unit: 'characters', firstRejected: 1 },
      },
      'clientState longest accepted clientState: 255 characters -> not pinned (1 rejected)',
    ],
  ])('%j', (change, message) => {
    expect(driftLine(change).message).toBe(message);
  });

  test('keeps what identifies the change and the two sides apart, for the report tables', () => {
    expect(driftLine({ kind: 'matrix', present: ['notificationUrl', 'resource'], from: rejected400, to: accepted201 })).toEqual({
      kind: 'matrix',
      present: ['notificationUrl', 'resource'],
      subject: '{notificationUrl, resource}',
      before: '400 invalidRequest',
      after: '201',
      message: '{notificationUrl, resource}: 400 invalidRequest -> 201',
    });
    expect(
      driftLine({
        kind: 'limit',
        field: 'expirationDateTime',
        name: 'longest accepted lifetime',
        from: { unit: 'minutes', value: 259_200, firstRejected: 259_201 },
        to: { unit: 'minutes', value: 42_300, firstRejected: 42_301 },
      }),
    ).toEqual({
      kind: 'limit',
      field: 'expirationDateTime',
      limit: 'longest accepted lifetime',
      subject: 'expirationDateTime longest accepted lifetime',
      before: '259200 minutes',
      after: '42300 minutes',
      message: 'expirationDateTime longest accepted lifetime: 259200 -> 42300 minutes',
    });
  });
});

describe('formatDrift: the console lines', () => {
  const compared = { combinations: 32, valueClasses: 47, limits: 2, ruleAndRoles: true };

  test('the changes under a heading that counts them, then what was and was not compared', () => {
    const drift: Drift = {
      changes: [
        { kind: 'role', field: 'resource', from: 'forbidden', to: 'required' },
        { kind: 'matrix', present: ['notificationUrl', 'resource'], from: rejected400, to: accepted201 },
      ],
      compared,
      notCompared: [
        { part: 'matrix', reason: 'unstable', count: 1 },
        { part: 'values', reason: 'only-in-run', count: 25 },
      ],
    };

    expect(formatDrift(reportDrift(drift, 'baselines/embedded-default.json', 'embedded-default'))).toEqual([
      'drift from baseline baselines/embedded-default.json (embedded-default): 2 changes',
      '  resource: forbidden -> required',
      '  {notificationUrl, resource}: 400 invalidRequest -> 201',
      '  compared: 32 combinations, 47 value classes, 2 limits, the rule and roles',
      '  not compared: 1 combination unstable; 25 value classes only in this run',
    ]);
  });

  test('no drift says so in one line, and why the rule was not compared', () => {
    const drift: Drift = {
      changes: [],
      compared: { ...compared, ruleAndRoles: false },
      notCompared: [],
      ruleNotCompared: 'compared only when …',
    };

    expect(formatDrift(reportDrift(drift, 'b.json', 'x'))).toEqual([
      'drift from baseline b.json (x): none',
      '  compared: 32 combinations, 47 value classes, 2 limits',
      '  not compared: the rule and roles (compared only when …)',
    ]);
  });
});
