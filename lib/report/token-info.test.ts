/** run.auth: where the token came from, in the JSON (schema-valid), the Markdown and the HTML; never more. */
import { expect, test } from 'vitest';
import { defaultProfileReport } from '../../test/support/report-fixtures.js';
import { renderHtml } from './render-html.js';
import { renderMarkdown } from './render-markdown.js';
import type { BehaviourReport } from './types.js';
import { validateBehaviourReport } from './validate-report.js';

function withAuth(): BehaviourReport {
  const report = defaultProfileReport();
  report.run.auth = {
    credential: 'certificate',
    credentialSetting: 'CLIENT_CERTIFICATE_FILE',
    tokenEndpointHost: 'login.microsoftonline.com',
    clientId: 'c0ffee00-0000-4000-8000-000000000001',
    scope: 'https://contoso.sharepoint.com/.default',
    tokensObtained: 3,
    renewalsBeforeExpiry: 2,
    renewalsAfter401: 0,
    lastLifetimeSeconds: 3599,
  };
  return report;
}

const LINE =
  'client credentials from login.microsoftonline.com (client c0ffee00-0000-4000-8000-000000000001, scope https://contoso.sharepoint.com/.default, ' +
  'certificate from CLIENT_CERTIFICATE_FILE): 3 token(s), renewed 2 time(s) before expiry and 0 after a 401';

test('the schema takes run.auth and refuses anything more in it (a token has no place there)', () => {
  const report = withAuth();
  expect(validateBehaviourReport(report).valid).toBe(true);
  (report.run.auth as unknown as Record<string, unknown>).accessToken = 'eyJ...';
  expect(validateBehaviourReport(report).valid).toBe(false);
});

test('Markdown and HTML say where the token came from', () => {
  // Markdown escapes the underscores of the setting's name.
  expect(renderMarkdown(withAuth())).toContain(`**Token** ${LINE.replaceAll('_', '\\_')}`);
  expect(renderHtml(withAuth())).toContain(`<dt>Token</dt><dd>${LINE}</dd>`);
  expect(renderMarkdown(defaultProfileReport())).not.toContain('**Token**');
});
