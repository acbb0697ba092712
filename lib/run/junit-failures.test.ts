import { expect, test } from 'vitest';
import { withRunFailures } from './junit-failures.js';

const xml = `<?xml version="1.0" encoding="UTF-8" ?>
<testsuites name="vitest tests" tests="2" failures="0" errors="0" time="1.0">
    <testsuite name="suites/01.test.ts" tests="2" failures="0" errors="0" skipped="0" time="1.0">
        <testcase classname="suites/01.test.ts" name="a" time="0.1"></testcase>
        <testcase classname="suites/01.test.ts" name="b" time="0.1"></testcase>
    </testsuite>
</testsuites>
`;

test('each run failure is a failing case, and the root counts it', () => {
  const out = withRunFailures(xml, [
    { id: 'run/drift', message: '2 changes from the baseline' },
    { id: 'run/secret-in-output', message: 'a secret was found in a file this run wrote <&>' },
  ]);
  expect(out).toMatch(/<testsuites name="vitest tests" tests="4" failures="2"/);
  expect(out).toContain('<testcase classname="probe run" name="run/drift" time="0">');
  expect(out).toContain('<failure message="2 changes from the baseline" type="RunFailure">');
  expect(out).toContain('&lt;&amp;&gt;');
  expect(out.indexOf('<testsuite name="probe run"')).toBeLessThan(out.indexOf('</testsuites>'));
});

test('no failure leaves the file as it is', () => {
  expect(withRunFailures(xml, [])).toBe(xml);
});
