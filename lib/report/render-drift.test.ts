import { describe, expect, test } from 'vitest';
import { defaultProfileReport } from '../../test/support/report-fixtures.js';
import { renderHtml } from './render-html.js';
import { renderMarkdown } from './render-markdown.js';
import type { BehaviourReport, ReportDrift } from './types.js';
import { validateBehaviourReport } from './validate-report.js';

const HOSTILE = '<img src=x onerror=alert(1)>|`**';

function withDrift(changes: ReportDrift['changes']): BehaviourReport {
  const report = defaultProfileReport();
  report.drift = {
    baseline: 'baselines/embedded-default.json',
    name: 'embedded-default',
    changes,
    compared: { combinations: 32, valueClasses: 47, limits: 2, ruleAndRoles: true },
    notCompared: [{ part: 'values', reason: 'only-in-run', count: 25 }],
  };
  return report;
}

const CHANGES: ReportDrift['changes'] = [
  {
    kind: 'role',
    field: 'resource',
    subject: 'resource',
    before: 'forbidden',
    after: 'required',
    message: 'resource: forbidden -> required',
  },
  {
    kind: 'matrix',
    present: ['notificationUrl', 'resource'],
    subject: '{notificationUrl, resource}',
    before: `400 ${HOSTILE}`,
    after: '201',
    message: `{notificationUrl, resource}: 400 ${HOSTILE} -> 201`,
  },
];

describe('the drift section of the reports', () => {
  test('a report with drift matches the schema; a drift line naming an unknown field does not', () => {
    expect(validateBehaviourReport(withDrift(CHANGES)).valid).toBe(true);

    const wrong = withDrift([{ ...CHANGES[0], field: 'subject' } as ReportDrift['changes'][number]]);
    expect(validateBehaviourReport(wrong)).toEqual({
      valid: false,
      errors: ['/drift/changes/0/field: "subject" is not one of operation.fields'],
    });
  });

  test('Markdown: a warning with the count, one row per change with baseline and this run, what was not compared', () => {
    const md = renderMarkdown(withDrift(CHANGES));

    expect(md).toContain('### Drift from the baseline');
    expect(md).toContain('**⚠ 2 changes** from `baselines/embedded-default.json` (embedded-default)');
    expect(md).toContain('| `resource` | `forbidden` | `required` |');
    expect(md).toContain('| `{notificationUrl, resource}` | ``400 <img src=x onerror=alert(1)>\\|`**`` | `201` |');
    expect(md).toContain('Compared: 32 combinations, 47 value classes, 2 limits, the rule and roles.');
    expect(md).toContain('Not compared: 25 value classes only in this run.');
    expect(md.indexOf('### Drift')).toBeLessThan(md.indexOf('### Acceptance rule'));
  });

  test('Markdown: no drift is one sentence', () => {
    const md = renderMarkdown(withDrift([]));

    expect(md).toContain('No drift from `baselines/embedded-default.json` (embedded-default).');
    expect(md).not.toContain('| What |');
  });

  test('HTML: a banner in the header, a table of changes, escaped', () => {
    const html = renderHtml(withDrift(CHANGES));

    expect(html).toContain('<strong>Drift: 2 changes</strong> from the baseline <code>baselines/embedded-default.json</code>');
    expect(html).toContain('<a href="#drift">Drift</a>');
    expect(html).toContain('<td class="mono">resource</td><td class="mono before">forbidden</td><td class="mono after">required</td>');
    expect(html).toContain('400 &lt;img src=x onerror=alert(1)&gt;|`**');
    expect(html).not.toMatch(/<img/i);
    expect(html).toContain('Not compared: 25 value classes only in this run.');
  });

  test('HTML: no drift is a green banner; no baseline, no section at all', () => {
    expect(renderHtml(withDrift([]))).toContain('<p class="banner same"><strong>No drift</strong>');
    expect(renderHtml(defaultProfileReport())).not.toContain('id="drift"');
    expect(renderMarkdown(defaultProfileReport())).not.toContain('Drift');
  });
});
