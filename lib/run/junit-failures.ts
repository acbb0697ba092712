/**
 * The run's own failures as failing JUnit cases, so that a CI dashboard reading junit.xml agrees with the
 * exit code: drift, a subscription left behind or a secret found fail the run without any case failing.
 * They go into a suite of their own, `probe run`, and the root's counts include them.
 */
import type { RunFailure } from './exit-decision.js';

const escapeXml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `xml` (vitest's JUnit report) with one failing case per run failure; unchanged when there is none. */
export function withRunFailures(xml: string, failures: readonly RunFailure[]): string {
  const end = xml.lastIndexOf('</testsuites>');
  if (failures.length === 0 || end < 0) return xml;
  const cases = failures
    .map(
      (f) =>
        `        <testcase classname="probe run" name="${escapeXml(f.id)}" time="0">\n` +
        `            <failure message="${escapeXml(f.message)}" type="RunFailure">${escapeXml(f.message)}</failure>\n` +
        '        </testcase>\n',
    )
    .join('');
  const suite = `    <testsuite name="probe run" tests="${failures.length}" failures="${failures.length}" errors="0" skipped="0" time="0">\n${cases}    </testsuite>\n`;
  const withSuite = `${xml.slice(0, end)}${suite}${xml.slice(end)}`;
  // The root element's totals, so that a reader of the first line sees the failures too.
  return withSuite.replace(/<testsuites\b[^>]*>/, (root) =>
    root
      .replace(/\btests="(\d+)"/, (_, n: string) => `tests="${Number(n) + failures.length}"`)
      .replace(/\bfailures="(\d+)"/, (_, n: string) => `failures="${Number(n) + failures.length}"`),
  );
}
