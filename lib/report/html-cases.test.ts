import { runInNewContext } from 'node:vm';
import { describe, expect, test } from 'vitest';
import { CASE_FILTER_SCRIPT, observedRepeatsFinding, suitesOf } from './html-cases.js';
import type { CaseSummary } from './types.js';

/** Just the parts of the DOM the filter script touches, so that its logic runs without a browser. */
class FakeElement {
  hidden = false;
  open = false;
  value = '';
  checked = true;
  textContent = '';
  readonly listeners = new Map<string, () => void>();
  constructor(
    readonly attributes: Record<string, string> = {},
    readonly rows: FakeElement[] = [],
  ) {}
  getAttribute(name: string): string | null {
    return this.attributes[name] ?? null;
  }
  addEventListener(type: string, listener: () => void): void {
    this.listeners.set(type, listener);
  }
  fire(type: string): void {
    this.listeners.get(type)?.();
  }
  querySelectorAll(selector: string): FakeElement[] {
    if (selector === 'tr[data-verdict]:not([hidden])') return this.rows.filter((r) => !r.hidden);
    if (selector === 'input[type=checkbox]') return this.rows;
    throw new Error(`selector not faked: ${selector}`);
  }
}

function row(verdict: string, text: string, suite: string): FakeElement {
  const r = new FakeElement({ 'data-verdict': verdict, 'data-suite': suite });
  r.textContent = text;
  return r;
}

function page() {
  const presence = [
    row('INFORMATIONAL', 'present: changeType rejected', 'matrix'),
    row('INFORMATIONAL', 'present: resource rejected', 'matrix'),
  ];
  const protocol = [row('DEVIATES', 'a refused token gets 401 without WWW-Authenticate', 'protocol')];
  const groups = [new FakeElement({}, presence), new FakeElement({}, protocol)];
  const checks = ['CONFORMS', 'DEVIATES', 'INFORMATIONAL', 'ERROR'].map((verdict) => Object.assign(new FakeElement(), { value: verdict }));
  const box = new FakeElement({}, checks);
  box.hidden = true;
  const byId: Record<string, FakeElement> = {
    'case-controls': box,
    'case-filter': new FakeElement(),
    'case-suite': new FakeElement(),
    'case-count': new FakeElement(),
    'case-open': new FakeElement(),
    'case-close': new FakeElement(),
  };
  const document = {
    getElementById: (id: string) => byId[id] ?? null,
    querySelectorAll: (selector: string) => {
      if (selector === '#cases tr[data-verdict]') return [...presence, ...protocol];
      if (selector === '#cases details.suite') return groups;
      throw new Error(`selector not faked: ${selector}`);
    },
  };
  runInNewContext(CASE_FILTER_SCRIPT, { document });
  return { box, byId, groups, presence, protocol, checks };
}

describe('the case filter script', () => {
  test('shows its controls, then filters rows by text and hides suites left empty', () => {
    const { box, byId, groups, presence, protocol } = page();

    expect(box.hidden).toBe(false);
    expect(byId['case-count']?.textContent).toBe('3 of 3 cases shown');

    const filter = byId['case-filter'];
    if (filter === undefined) throw new Error('no filter');
    filter.value = 'WWW-authenticate';
    filter.fire('input');

    expect(presence.map((r) => r.hidden)).toEqual([true, true]);
    expect(protocol[0]?.hidden).toBe(false);
    expect(groups.map((g) => [g.hidden, g.open])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect(byId['case-count']?.textContent).toBe('1 of 3 cases shown');
  });

  test('a verdict unticked hides its rows; Open all and Close all fold every suite', () => {
    const { byId, checks, groups, presence, protocol } = page();
    const informational = checks[2];
    if (informational === undefined) throw new Error('no checkbox');

    informational.checked = false;
    informational.fire('change');

    expect([...presence, ...protocol].map((r) => r.hidden)).toEqual([true, true, false]);
    expect(groups[0]?.hidden).toBe(true);
    byId['case-open']?.fire('click');
    expect(groups.every((g) => g.open)).toBe(true);
    byId['case-close']?.fire('click');
    expect(groups.some((g) => g.open)).toBe(false);
  });
});

test('the suite picker shows one suite and opens it', () => {
  const { byId, groups, presence, protocol } = page();
  const suite = byId['case-suite'];
  if (suite === undefined) throw new Error('no suite picker');

  suite.value = 'matrix';
  suite.fire('change');

  expect([...presence, ...protocol].map((r) => r.hidden)).toEqual([false, false, true]);
  expect(groups.map((g) => [g.hidden, g.open])).toEqual([
    [false, true],
    [true, false],
  ]);
});

describe('observedRepeatsFinding', () => {
  test.each([
    ['{changeType} rejected (400 invalidRequest)', 'rejected (400, 400) invalidRequest', true],
    ['notificationUrl accepted (201)', 'status 201', true],
    ['{resource} rejected (400 invalidRequest)', 'unstable (400, 201) invalidRequest', false],
    ['401 instead of 400', '401 InvalidAuthenticationToken', false],
  ])('finding %s, observed %s: repeats %s', (finding, observed, repeats) => {
    expect(observedRepeatsFinding({ finding, observed })).toBe(repeats);
  });

  test('without a finding, Observed is all there is', () => {
    expect(observedRepeatsFinding({ observed: 'status 201' })).toBe(false);
  });
});

describe('suitesOf', () => {
  const c = (id: string, name: string, verdict: CaseSummary['verdict']): CaseSummary => ({ id, name, verdict, specRef: 'spec' });

  test('groups by the id’s first part in run order, failing cases first, titled by the shared name prefix', () => {
    const suites = suitesOf([
      c('matrix/none', 'presence matrix > present: (none)', 'INFORMATIONAL'),
      c('protocol/x', 'protocol > x', 'CONFORMS'),
      c('matrix/a', 'presence matrix > present: a', 'DEVIATES'),
    ]);

    expect(suites.map((s) => [s.key, s.title, s.cases.map((x) => x.index)])).toEqual([
      ['matrix', 'presence matrix', [2, 0]],
      ['protocol', 'protocol', [1]],
    ]);
  });
});
