import { expect, test } from 'vitest';
import { defaultProfileReport } from '../../test/support/report-fixtures.js';
import { renderJunit } from './render-junit.js';

/** The attribute of an element, read back as a dashboard would. */
const attribute = (xml: string, element: string, name: string): string | undefined =>
  new RegExp(`<${element}\\b[^>]*\\b${name}="([^"]*)"`).exec(xml)?.[1];

test('one case per case id: DEVIATES a failure, ERROR an error, the others pass; the root counts them', () => {
  const report = defaultProfileReport();
  const [first, second] = report.cases;
  if (first === undefined || second === undefined) throw new Error('fixture has cases');
  first.verdict = 'DEVIATES';
  first.finding = 'answered 422, not 400 <with "markup"> & all';
  first.expected = '400 invalidRequest';
  first.observed = '422';
  second.verdict = 'ERROR';
  second.finding = 'no answer within REQUEST_TIMEOUT_MS';
  const xml = renderJunit(report, []);
  expect(xml.match(/<testcase /g)).toHaveLength(report.cases.length);
  expect(attribute(xml, 'testsuites', 'tests')).toBe(String(report.cases.length));
  expect([
    attribute(xml, 'testsuites', 'failures'),
    attribute(xml, 'testsuites', 'errors'),
    attribute(xml, 'testsuites', 'skipped'),
  ]).toEqual(['1', '1', '0']);
  expect(xml).toContain(`name="${first.id}" time="0.000"><properties><property name="verdict" value="DEVIATES"/>`);
  expect(xml).toContain('<failure message="answered 422, not 400 &lt;with &quot;markup&quot;&gt; &amp; all" type="DEVIATES">');
  expect(xml).toContain('Expected: 400 invalidRequest\nActual:   422</failure>');
  expect(xml).toContain('<error message="no answer within REQUEST_TIMEOUT_MS" type="ERROR">');
});

test('skipped and not-run cases are <skipped> with their reason; each run failure is one failing case of the suite probe run', () => {
  const report = defaultProfileReport();
  report.skipped = [
    { id: 'events/notification', suite: '06-events', name: 'n', reason: 'no public receiver', toTest: 'set RECEIVER_PUBLIC_URL' },
  ];
  report.notRun = [{ id: 'lifecycle/read', suite: '07-lifecycle', name: 'r', reason: 'not started: stopped by Ctrl-C' }];
  const xml = renderJunit(report, [{ id: 'run/interrupted', message: 'stopped by Ctrl-C before every case ran' }]);
  expect(xml).toContain(
    '<testcase classname="06-events" name="events/notification" time="0.000"><skipped message="skipped: no public receiver; to test: set RECEIVER_PUBLIC_URL"/></testcase>',
  );
  expect(xml).toContain(
    '<testcase classname="07-lifecycle" name="lifecycle/read" time="0.000"><skipped message="not started: stopped by Ctrl-C"/></testcase>',
  );
  expect(xml).toMatch(/<testsuite name="probe run" tests="1" failures="1" errors="0" skipped="0"/);
  expect(xml.match(/name="run\/interrupted"/g)).toHaveLength(1);
  expect(attribute(xml, 'testsuites', 'skipped')).toBe('2');
  expect(attribute(xml, 'testsuites', 'failures')).toBe('1');
});

test('names are unique within a suite, and characters XML cannot carry are replaced', () => {
  const report = defaultProfileReport();
  const [first] = report.cases;
  if (first === undefined) throw new Error('fixture has cases');
  report.cases.push({ ...first, finding: 'a bell \u0007 and a NUL \u0000 from the target' });
  const xml = renderJunit(report, []);
  expect(xml).toContain(`name="${first.id}#2"`);
  expect(xml).not.toMatch(/[\u0000\u0007]/);
});

test('names are unique across suites and the run failures, and the same from run to run', () => {
  const report = defaultProfileReport();
  const [first] = report.cases;
  if (first === undefined) throw new Error('fixture has cases');
  // The same id recorded by another suite, and as a skipped case.
  report.cases.push({ ...first, suite: '99-other' });
  report.skipped = [{ id: first.id, suite: '98-more', name: 'n', reason: 'r' }];
  const names = (xml: string): string[] => [...xml.matchAll(/<testcase [^>]*name="([^"]*)"/g)].map((m) => m[1] ?? '');
  const xml = renderJunit(report, [
    { id: 'run/drift', message: 'x' },
    { id: 'run/drift', message: 'y' },
  ]);
  expect(new Set(names(xml)).size).toBe(names(xml).length);
  expect(
    names(xml)
      .filter((n) => n.startsWith(first.id))
      .sort(),
  ).toEqual([first.id, `${first.id}#2`, `${first.id}#3`]);
  expect(names(xml)).toEqual(expect.arrayContaining(['run/drift', 'run/drift#2']));
  // Another run of the same cases, with other times and findings: the same names.
  const again = structuredClone(report);
  for (const c of again.cases) c.finding = `${c.finding ?? ''} again`;
  again.run.startedAt = '2027-01-01T00:00:00.000Z';
  expect(
    names(
      renderJunit(again, [
        { id: 'run/drift', message: 'x' },
        { id: 'run/drift', message: 'y' },
      ]),
    ),
  ).toEqual(names(xml));
});

test("a suite's time is its elapsed time from the report's suites, not the sum of its cases' overlapping times", () => {
  const report = defaultProfileReport();
  const suite = '02-presence-matrix';
  const cases = report.cases.slice(0, 3);
  for (const c of cases) Object.assign(c, { suite, seconds: 8 });
  const suiteTime = (xml: string): string | undefined => new RegExp(`<testsuite name="${suite}"[^>]*time="([^"]*)"`).exec(xml)?.[1];
  // An older report without suites: the sum is all there is.
  delete report.suites;
  expect(suiteTime(renderJunit(report, []))).toBe((8 * cases.length).toFixed(3));
  report.suites = [{ suite, counts: report.counts, skipped: 0, notRun: 0, requests: 68, seconds: 16.2 }];
  expect(suiteTime(renderJunit(report, []))).toBe('16.200');
});
