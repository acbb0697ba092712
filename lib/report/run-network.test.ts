import { expect, test } from 'vitest';
import { defaultProfileReport } from '../../test/support/report-fixtures.js';
import { TLS_INSECURE_WARNING } from '../config/network-info.js';
import { formatConsoleSummary } from '../vitest/console-summary.js';
import { renderHtml } from './render-html.js';
import { renderMarkdown } from './render-markdown.js';
import { validateBehaviourReport } from './validate-report.js';

test('the network a configured target was reached through is in every report, and TLS_INSECURE is warned of in each', () => {
  const base = defaultProfileReport();
  const report = {
    ...base,
    run: { ...base.run, network: { proxy: 'http://proxy.example.com:3128', caFile: 'ca.pem', tlsInsecure: true as const } },
  };
  expect(validateBehaviourReport(report).valid).toBe(true);
  const markdown = renderMarkdown(report);
  expect(markdown).toContain('**Network** through the proxy http://proxy.example.com:3128, trusting ca.pem besides the default roots');
  expect(markdown).toMatch(/> \*\*⚠ TLS\\_INSECURE=true: the target's certificate was not verified/);
  expect(renderHtml(report)).toMatch(
    /class="banner warn"><strong>⚠ TLS_INSECURE=true: the target(&#39;|&#x27;|')s certificate was not verified/,
  );
  expect(formatConsoleSummary(report)).toContain(`  WARNING: ${TLS_INSECURE_WARNING}`);
  expect(renderMarkdown(base)).not.toContain('TLS_INSECURE');
});
