import { describe, expect, test } from 'vitest';
import { conditionalReport, defaultProfileReport, nothingAcceptedReport } from '../../test/support/report-fixtures.js';
import { renderMarkdown } from './render-markdown.js';

describe('renderMarkdown', () => {
  test('states target, requests, the rule in words and in code, and the roles', () => {
    const md = renderMarkdown(defaultProfileReport());

    expect(md).toContain('`http://127.0.0.1:43117`');
    expect(md).toContain('**requests** 104');
    expect(md).toContain(
      'Accepted exactly when notificationUrl and expirationDateTime are present and changeType and resource are absent; clientState does not matter.',
    );
    expect(md).toContain('```text\nnotificationUrl && expirationDateTime && !changeType && !resource\n```');
    expect(md).toContain('| `notificationUrl` | **required** (must be present) |');
    expect(md).toContain('| `changeType` | **forbidden** (must be absent) |');
    expect(md).toContain('| `clientState` | **optional** (does not matter) |');
    expect(md).toContain(
      '| 400 | `invalidRequest` | when at least one of changeType and resource is present | 24 | – | `The request is malformed or incorrect.` |',
    );
    expect(md).toContain('| 4 | 0 | 35 | 0 |');
    expect(md).not.toContain('Stopped early');
    expect(md).not.toContain('Deviations and errors');
  });

  test('a stopped run opens with what stopped it, before the target line, and counts the cases not run', () => {
    const report = defaultProfileReport();
    report.run.stopped = { by: 'Ctrl-C', at: report.run.endedAt, why: 'stopped by Ctrl-C' };
    report.notRun = [{ id: 'lifecycle/read', suite: '07-lifecycle', name: 'read it', reason: 'not started: stopped by Ctrl-C' }];

    const md = renderMarkdown(report);
    expect(md.split('\n')[2]).toMatch(/^> \*\*⚠ Stopped early:\*\* stopped by Ctrl-C \(at .*\)\. 1 case was not run/);
    expect(md.indexOf('Stopped early')).toBeLessThan(md.indexOf('**Target**'));
    expect(md).toContain('### Not tested, and why');
    expect(md).toContain('- **1 case** (`lifecycle/read`): not started: stopped by Ctrl-C.');
  });

  test('skipped cases are listed by reason with what to set to test them', () => {
    const report = defaultProfileReport();
    report.skipped = [
      { id: 'events/notification', suite: '06-events', name: 'a', reason: 'no public receiver', toTest: 'set RECEIVER_PUBLIC_URL' },
      { id: 'events/payload', suite: '06-events', name: 'b', reason: 'no public receiver', toTest: 'set RECEIVER_PUBLIC_URL' },
    ];
    const md = renderMarkdown(report);
    expect(md).toContain(
      '- **2 cases** (`events/notification`, `events/payload`): no public receiver. To test: set `RECEIVER_PUBLIC_URL`.',
    );
    expect(md).not.toContain('Stopped early');
  });

  test('explains a run where nothing was accepted and lists deviations and errors', () => {
    const md = renderMarkdown(nothingAcceptedReport());

    expect(md).toContain('### Diagnosis: nothing was accepted');
    expect(md).toContain('Likely cause: **token**');
    expect(md).not.toContain('### Field roles');
    expect(md).toContain(
      '- **DEVIATES** `spec-4/observation-all-five` (spec §4 observed behaviour): A request with all five fields is answered with 400. 401 instead of 400: the token was refused before the body was looked at. Expected `400 invalidRequest`. Observed `401 InvalidAuthenticationToken`.',
    );
    expect(md).toContain('- **ERROR** `events/notification-receiver`');
  });

  test('shows IDL dependencies and unknown combinations', () => {
    const md = renderMarkdown(conditionalReport());

    expect(md).toContain('```text\nZeroOrOne(changeType, resource);\n```');
    expect(md).toContain('Unknown (no usable answer, treated as either): `changeType + notificationUrl + expirationDateTime`');
    expect(md).toContain('4 of 32 combinations accepted, 26 rejected, 1 unstable, 1 error.');
  });

  test('with combinations lacking a usable answer, the rule in words says what it rests on', () => {
    expect(renderMarkdown(conditionalReport())).toContain(
      'On the 30 of 32 combinations with a usable answer: accepted exactly when notificationUrl and expirationDateTime are present',
    );
    expect(renderMarkdown(defaultProfileReport())).toContain('\nAccepted exactly when notificationUrl and expirationDateTime are present');
  });

  test('an undetermined role says which roles are possible and the combinations it hangs on', () => {
    const md = renderMarkdown(conditionalReport());

    expect(md).toContain(
      '| `clientState` | **undetermined** (optional or conditional, depending on 2 combinations without a usable answer: changeType + notificationUrl + expirationDateTime; notificationUrl + resource + expirationDateTime + clientState) |',
    );
  });

  test('keeps what the target sent from becoming markup or breaking a table', () => {
    const report = defaultProfileReport();
    const hostile = 'bad | cell ![x](https://evil.example/p.png) <img src=x onerror=alert(1)> `tick`\nnext line';
    for (const entry of report.matrix) if (entry.errorMessage !== undefined) entry.errorMessage = hostile;
    const informational = report.cases.find((c) => c.verdict === 'INFORMATIONAL');
    if (informational === undefined) throw new Error('fixture has an INFORMATIONAL case');
    informational.finding = hostile;

    const md = renderMarkdown(report);

    // In a code span the markup is shown as text; outside one it is escaped.
    expect(md).toContain('| ``bad \\| cell ![x](https://evil.example/p.png) <img src=x onerror=alert(1)> `tick` next line`` |');
    expect(md.replace(/``.*?``/g, '')).not.toMatch(/<img|!\[x\]/);
    expect(md).toContain(
      `- \`${informational.id}\`: bad \\| cell !\\[x\\](https://evil.example/p.png) &lt;img src=x onerror=alert(1)&gt; \\\`tick\\\` next line`,
    );
  });

  test('failing cases first, then every finding about a limit or the handshake, then the others up to a cut that says what it left out', () => {
    const report = defaultProfileReport();
    const template = report.cases[0];
    if (template === undefined) throw new Error('fixture has cases');
    const info = (id: string, finding: string) => ({ ...template, id, verdict: 'INFORMATIONAL' as const, finding });
    report.cases = [
      ...Array.from({ length: 40 }, (_, i) => info(`value/clientState/c${i}`, `value finding ${i}`)),
      { ...template, id: 'matrix/refusals', verdict: 'DEVIATES', finding: 'a 422 breaks spec §7 rule 1' },
      info('limit/clientState/longest-client-state', 'clientState: longest accepted clientState is 255 characters'),
      info('events/handshake-deadline', 'handshake deadline: between 4 and 5 s'),
    ];

    const md = renderMarkdown(report);

    const at = (s: string): number => md.indexOf(s);
    expect(at('### Deviations and errors')).toBeGreaterThan(0);
    expect(at('### Deviations and errors')).toBeLessThan(at('### Acceptance rule'));
    expect(md).toContain('a 422 breaks spec §7 rule 1');
    const findings = md.slice(at('### Findings'));
    expect(findings.split('\n').slice(2, 4)).toEqual([
      '- `limit/clientState/longest-client-state`: clientState: longest accepted clientState is 255 characters',
      '- `events/handshake-deadline`: handshake deadline: between 4 and 5 s',
    ]);
    // 25 lines in all: the two above and 23 others; the cut names the 17 left out and where they are.
    expect(findings).toContain('- `value/clientState/c22`: value finding 22');
    expect(findings).not.toContain('value finding 23');
    expect(findings).toContain('- … and 17 more findings: every case is in behaviour-report.html and .json');
  });

  test('a compact value table per field, rejections grouped by status and code, and the limits found', () => {
    const md = renderMarkdown(defaultProfileReport());

    expect(md).toContain('### Values (one value changed in an accepted body)');
    expect(md).toContain(
      '| `notificationUrl` | https-absolute, http-absolute, ip-literal | 400 `invalidRequest`: relative-path\\*, json-number\\* | – |',
    );
    expect(md).toContain('| `expirationDateTime` | spec-form, without-milliseconds\\* | 400 `invalidRequest`: 181-days, no-zone\\* | – |');
    expect(md).toContain('No value classes recorded for `changeType`, `resource`');
    expect(md).toContain('| `expirationDateTime` | longest accepted lifetime | **259200 minutes (180 days)** | 259201 | 37 |  |');
    expect(md).toContain('| `clientState` | longest accepted clientState | **255 characters** | 256 | 23 |  |');
  });

  test('values without a verdict and limits not pinned say so', () => {
    const md = renderMarkdown(conditionalReport());

    expect(md).toContain('| `changeType` | updated | 422 `unprocessable`: garbage | 500: json-null\\*; no answer: created |');
    expect(md).toContain(
      '| `clientState` | longest accepted clientState | not pinned | – | 9 | no answer for 64 after a retry: search stopped, nothing inferred past what was seen |',
    );
    expect(md).toContain('accepted up to the largest value tried (5256000)');
  });

  test('a value whose asks contradicted each other is undetermined, and an intermittent refusal is listed with its rate', () => {
    const report = defaultProfileReport();
    const values = report.values['clientState'];
    const accepted = values?.accepted[0];
    const limit = values?.limits[0];
    if (values === undefined || accepted === undefined || limit === undefined)
      throw new Error('fixture has clientState values and a limit');
    accepted.intermittent = { shown: '400 invalidRequest "Operation: Create; try again"', refused: 1, asks: 2 };
    limit.intermittent = { shown: '400 invalidRequest "Operation: Create; try again"', refused: 2, asks: 27 };
    values.other.push({ ...accepted, classId: 'length-128', outcome: 'unstable', status: 400, errorCode: 'invalidRequest' });

    const md = renderMarkdown(report);

    expect(md).toMatch(/^\| `clientState` \| .* \| undetermined: length-128 \|$/m);
    expect(md).toContain('Refused now and then, and accepted when asked again (an intermittent refusal, not the value):');
    expect(md).toContain(`- \`clientState ${accepted.classId}\`: 400 invalidRequest "Operation: Create; try again" on 1 of 2 asks`);
    expect(md).toContain('- `clientState longest accepted clientState`: 400 invalidRequest "Operation: Create; try again" on 2 of 27 asks');
  });

  test('leaves the values section out when no value case ran', () => {
    expect(renderMarkdown(nothingAcceptedReport())).not.toContain('### Values');
  });

  test('keeps an error code from the target from breaking the value table', () => {
    const report = defaultProfileReport();
    const rejected = report.values['clientState']?.rejected[0];
    if (rejected === undefined) throw new Error('fixture has a rejected clientState');
    rejected.errorCode = 'a|b <img src=x>';

    expect(renderMarkdown(report)).toContain('400 `a\\|b <img src=x>`: length-256');
  });

  test("says how the target spelled the validation parameter when the run's receiver got a validation request, escaped", () => {
    const report = defaultProfileReport();
    expect(renderMarkdown(report)).not.toContain('**Validation**');
    const validation = { requests: 3, parameters: [{ name: 'validationToken', requests: 3 }] };
    expect(renderMarkdown({ ...report, run: { ...report.run, validation } })).toContain(
      "**Validation** the target sent 3 validation requests to the run's receiver, with the token's query parameter spelled validationToken",
    );
  });
});
