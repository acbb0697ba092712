import { describe, expect, test } from 'vitest';
import { diffBaseline } from './diff-baseline.js';
import { formatDrift, reportDrift } from './format-drift.js';
import { combo, defaultBaseline } from '../../test/support/baselines.js';
import type { Baseline } from './types.js';

/** The default baseline, changed by `edit`: the run the baseline is compared with. */
function changed(edit: (b: Baseline) => void): Baseline {
  const run = defaultBaseline();
  edit(run);
  return run;
}

describe('diffBaseline', () => {
  test('the same behaviour: no drift, everything compared', () => {
    const drift = diffBaseline(defaultBaseline(), defaultBaseline());

    expect(drift).toEqual({
      changes: [],
      compared: { combinations: 32, valueClasses: 11, limits: 2, ruleAndRoles: true },
      notCompared: [],
    });
  });

  test('a baseline of another target says so, before any change: the drift compares two targets', () => {
    const run = changed((b) => {
      b.target = { kind: 'configured', baseUrl: 'https://staging.example.com/sites/dev' };
    });
    expect(diffBaseline(defaultBaseline(), run).otherTarget).toEqual({
      baseline: 'the embedded reference (profile default)',
      run: 'https://staging.example.com/sites/dev',
    });
    const drift = reportDrift(diffBaseline(defaultBaseline(), run), 'baselines/embedded-default.json', 'embedded-default');
    expect(formatDrift(drift)[0]).toBe(
      'NOTE: the baseline baselines/embedded-default.json was made against the embedded reference (profile default), not https://staging.example.com/sites/dev, which this run probed: the drift compares two targets',
    );
    // The same configured target with a trailing slash is the same target.
    const slash = changed((b) => {
      b.target = { kind: 'configured', baseUrl: 'https://staging.example.com/sites/dev/' };
    });
    expect(diffBaseline(run, slash).otherTarget).toBeUndefined();
  });

  test('a role that changed', () => {
    const drift = diffBaseline(
      defaultBaseline(),
      changed((b) => (b.fields['resource'] = 'optional')),
    );

    expect(drift.changes).toEqual([{ kind: 'role', field: 'resource', from: 'forbidden', to: 'optional' }]);
  });

  test('a role undetermined on either side is counted as not compared, never as drift', () => {
    const drift = diffBaseline(
      changed((b) => (b.fields['clientState'] = 'undetermined')),
      changed((b) => {
        b.fields['resource'] = 'undetermined';
        b.fields['changeType'] = 'optional';
      }),
    );

    expect(drift.changes).toEqual([{ kind: 'role', field: 'changeType', from: 'forbidden', to: 'optional' }]);
    expect(drift.notCompared).toEqual([{ part: 'roles', reason: 'undetermined', count: 2 }]);
  });

  test('no roles any more (nothing accepted) is a change of every role', () => {
    const drift = diffBaseline(
      defaultBaseline(),
      changed((b) => (b.fields = {})),
    );

    expect(drift.changes.filter((c) => c.kind === 'role')).toHaveLength(5);
    expect(drift.changes[0]).toEqual({ kind: 'role', field: 'changeType', from: 'forbidden', to: undefined });
  });

  test('the rule and the dependencies', () => {
    const drift = diffBaseline(
      defaultBaseline(),
      changed((b) => {
        b.rule.expression = 'notificationUrl && expirationDateTime';
        b.rule.dependencies = ['IF clientState THEN notificationUrl;'];
      }),
    );

    expect(drift.changes).toEqual([
      {
        kind: 'rule',
        from: 'notificationUrl && expirationDateTime && !changeType && !resource',
        to: 'notificationUrl && expirationDateTime',
      },
      { kind: 'dependencies', from: [], to: ['IF clientState THEN notificationUrl;'] },
    ]);
  });

  test('dependencies in another order are the same', () => {
    const was = changed((b) => (b.rule.dependencies = ['OnlyOne(a, b);', 'IF c THEN d;']));
    const now = changed((b) => (b.rule.dependencies = ['IF c THEN d;', 'OnlyOne(a, b);']));

    expect(diffBaseline(was, now).changes).toEqual([]);
  });

  test('a combination whose outcome, status or error code changed', () => {
    const drift = diffBaseline(
      defaultBaseline(),
      changed((b) => {
        Object.assign(combo(b, 'notificationUrl', 'resource'), { outcome: 'accepted', status: 201, errorCode: undefined });
        delete combo(b, 'notificationUrl', 'resource').errorCode;
        combo(b, 'changeType').errorCode = 'unknownProperty';
        combo(b).status = 422;
      }),
    );

    expect(drift.changes).toEqual([
      {
        kind: 'matrix',
        present: [],
        from: { outcome: 'rejected', status: 400, errorCode: 'invalidRequest' },
        to: { outcome: 'rejected', status: 422, errorCode: 'invalidRequest' },
      },
      {
        kind: 'matrix',
        present: ['changeType'],
        from: { outcome: 'rejected', status: 400, errorCode: 'invalidRequest' },
        to: { outcome: 'rejected', status: 400, errorCode: 'unknownProperty' },
      },
      {
        kind: 'matrix',
        present: ['notificationUrl', 'resource'],
        from: { outcome: 'rejected', status: 400, errorCode: 'invalidRequest' },
        to: { outcome: 'accepted', status: 201 },
      },
    ]);
  });

  test('a value class whose answer changed', () => {
    const drift = diffBaseline(
      defaultBaseline(),
      changed((b) => {
        const classes = b.values['notificationUrl']?.classes ?? {};
        classes['http-absolute'] = { outcome: 'rejected', status: 400, errorCode: 'invalidRequest' };
      }),
    );

    expect(drift.changes).toEqual([
      {
        kind: 'value',
        field: 'notificationUrl',
        classId: 'http-absolute',
        from: { outcome: 'accepted', status: 201 },
        to: { outcome: 'rejected', status: 400, errorCode: 'invalidRequest' },
      },
    ]);
  });

  test('a limit that moved, or that is no longer pinned', () => {
    const drift = diffBaseline(
      defaultBaseline(),
      changed((b) => {
        const values = b.values;
        values['clientState'] = {
          classes: values['clientState']?.classes ?? {},
          limits: { 'longest accepted clientState': { unit: 'characters', value: 128, firstRejected: 129 } },
        };
        values['expirationDateTime'] = {
          classes: values['expirationDateTime']?.classes ?? {},
          limits: { 'longest accepted lifetime': { unit: 'minutes', value: 5_256_000 } },
        };
      }),
    );

    expect(drift.changes).toEqual([
      {
        kind: 'limit',
        field: 'expirationDateTime',
        name: 'longest accepted lifetime',
        from: { unit: 'minutes', value: 259_200, firstRejected: 259_201 },
        to: { unit: 'minutes', value: 5_256_000 },
      },
      {
        kind: 'limit',
        field: 'clientState',
        name: 'longest accepted clientState',
        from: { unit: 'characters', value: 255, firstRejected: 256 },
        to: { unit: 'characters', value: 128, firstRejected: 129 },
      },
    ]);
  });

  test('changes come in the order roles, rule, matrix, values, limits', () => {
    const drift = diffBaseline(
      defaultBaseline(),
      changed((b) => {
        b.fields['clientState'] = 'forbidden';
        b.rule.expression = 'false';
        combo(b, 'notificationUrl', 'expirationDateTime', 'clientState').outcome = 'rejected';
        const clientState = b.values['clientState'];
        if (clientState !== undefined) {
          clientState.classes['length-255'] = { outcome: 'rejected', status: 400 };
          clientState.limits['longest accepted clientState'] = { unit: 'characters', value: 1, firstRejected: 2 };
        }
      }),
    );

    expect(drift.changes.map((c) => c.kind)).toEqual(['role', 'rule', 'matrix', 'value', 'limit']);
  });
});

describe('what is not compared', () => {
  test('a combination unstable in the baseline or in the run is not drift, and the rule is then not compared', () => {
    const was = changed((b) => Object.assign(combo(b, 'resource'), { outcome: 'unstable', status: null }));
    const now = changed((b) => {
      Object.assign(combo(b, 'notificationUrl', 'expirationDateTime'), { outcome: 'unstable', status: null });
      b.rule.expression = 'notificationUrl && expirationDateTime && clientState && !changeType && !resource';
      b.fields['clientState'] = 'required';
    });

    const drift = diffBaseline(was, now);

    expect(drift.changes).toEqual([]);
    expect(drift.notCompared).toEqual([{ part: 'matrix', reason: 'unstable', count: 2 }]);
    expect(drift.compared).toMatchObject({ combinations: 30, ruleAndRoles: false });
    expect(drift.ruleNotCompared).toBe(
      'compared only when both matrices hold the same combinations, each with one answer; the baseline has 32 combinations, 31 with one answer, this run 32 combinations, 31 with one answer',
    );
  });

  test('a combination or value class without a verdict (error) is not compared', () => {
    const now = changed((b) => {
      Object.assign(combo(b, 'resource'), { outcome: 'error', status: null });
      const classes = b.values['notificationUrl']?.classes ?? {};
      classes['http-absolute'] = { outcome: 'error', status: null };
      const limits = b.values['clientState']?.limits ?? {};
      limits['longest accepted clientState'] = { unit: 'characters', noVerdict: true };
    });

    const drift = diffBaseline(defaultBaseline(), now);

    expect(drift.changes).toEqual([]);
    expect(drift.notCompared).toEqual([
      { part: 'matrix', reason: 'no-verdict', count: 1 },
      { part: 'values', reason: 'no-verdict', count: 1 },
      { part: 'limits', reason: 'no-verdict', count: 1 },
    ]);
  });

  test('a limit search that stopped short on either side is counted as undetermined, never compared as a change', () => {
    const now = changed((b) => {
      const limits = b.values['expirationDateTime']?.limits ?? {};
      limits['longest accepted lifetime'] = { unit: 'minutes', undetermined: true };
    });

    const drift = diffBaseline(defaultBaseline(), now);
    const back = diffBaseline(now, defaultBaseline());

    for (const d of [drift, back]) {
      expect(d.changes).toEqual([]);
      expect(d.notCompared).toEqual([{ part: 'limits', reason: 'undetermined', count: 1 }]);
    }
  });

  test('a filtered run: what it did not probe is counted, not reported as drift', () => {
    const now = changed((b) => {
      b.matrix = [];
      b.fields = {};
      b.rule = { expression: 'false', dependencies: [] };
      delete b.values['clientState'];
      const classes = b.values['notificationUrl']?.classes ?? {};
      classes['brand-new-class'] = { outcome: 'accepted', status: 201 };
    });

    const drift = diffBaseline(defaultBaseline(), now);

    expect(drift.changes).toEqual([]);
    expect(drift.notCompared).toEqual([
      { part: 'matrix', reason: 'only-in-baseline', count: 32 },
      { part: 'values', reason: 'only-in-baseline', count: 2 },
      { part: 'values', reason: 'only-in-run', count: 1 },
      { part: 'limits', reason: 'only-in-baseline', count: 1 },
    ]);
    expect(drift.compared).toEqual({ combinations: 0, valueClasses: 9, limits: 1, ruleAndRoles: false });
  });

  test('combinations only in the run are counted too', () => {
    const was = changed((b) => (b.matrix = b.matrix.slice(0, 30)));

    const drift = diffBaseline(was, defaultBaseline());

    expect(drift.notCompared).toEqual([{ part: 'matrix', reason: 'only-in-run', count: 2 }]);
    expect(drift.compared.ruleAndRoles).toBe(false);
  });

  test('a combination is the same whatever the order of its fields', () => {
    const now = changed((b) => {
      for (const c of b.matrix) c.present.reverse();
    });

    expect(diffBaseline(defaultBaseline(), now)).toMatchObject({ changes: [], notCompared: [], compared: { combinations: 32 } });
  });
});
