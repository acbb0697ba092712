import { describe, expect, test } from 'vitest';
import { conditionalReport, defaultProfileReport, nothingAcceptedReport } from '../../test/support/report-fixtures.js';
import { escapeHtml } from './html.js';
import { renderHtml } from './render-html.js';

const SCRIPT = '<script>alert("x")</script>';

describe('renderHtml', () => {
  test('escapes markup from the target wherever it shows up', () => {
    const report = defaultProfileReport();
    const rejected = report.matrix.find((e) => e.outcome === 'rejected');
    if (rejected?.example === undefined) throw new Error('fixture has a rejected example');
    rejected.errorCode = `x"><img src=x onerror=alert(1)>`;
    rejected.errorMessage = SCRIPT;
    rejected.example.responseBody = JSON.stringify({ error: { code: 'invalidRequest', message: SCRIPT } });
    report.findings.push(`message was ${SCRIPT}`);
    report.cases.push({ id: 'x/<b>', name: SCRIPT, specRef: 'spec §7', verdict: 'DEVIATES', observed: SCRIPT });

    const html = renderHtml(report);

    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('x&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
  });

  test('is one self-contained page: inline CSS, nothing fetched, scripts forbidden', () => {
    const html = renderHtml(defaultProfileReport());

    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`);
    expect(html).not.toMatch(/<(script|link|img|iframe)\b/i);
    expect(html).not.toMatch(/\bsrc=|@import|url\(/i);
    expect(html.match(/href="([^"]*)"/g)?.every((href) => href.startsWith('href="#'))).toBe(true);
  });

  test('draws one grid row per combination with a coloured outcome cell', () => {
    const html = renderHtml(conditionalReport());

    expect(html.match(/<td class="outcome /g)).toHaveLength(32);
    for (const outcome of ['accepted', 'rejected', 'unstable', 'error']) {
      expect(html).toContain(`<td class="outcome ${outcome}">${outcome}</td>`);
    }
    expect(html).toContain('201/503/201');
    expect(html).toContain('ZeroOrOne(changeType, resource);');
  });

  test('an undetermined role is shown as such, with the combinations it hangs on', () => {
    const html = renderHtml(conditionalReport());

    expect(html).toContain(
      '<span class="badge undetermined">undetermined</span> <span class="muted">optional or conditional, depending on 2 combinations without a usable answer: changeType + notificationUrl + expirationDateTime; notificationUrl + resource + expirationDateTime + clientState</span>',
    );
  });

  test('shows the cURL request and answer once per distinct outcome, status and error code', () => {
    const html = renderHtml(conditionalReport());

    // accepted 201, rejected 400 invalidRequest, unstable 201, error (no answer)
    expect(html.match(/<div class="example">/g)).toHaveLength(4);
    expect(html).toContain(escapeHtml('-H "Authorization: Bearer $ACCESS_TOKEN"'));
    expect(html).toContain('No answer: socket hang up (ECONNRESET)');
  });

  test('states the rule, the roles and the diagnosis', () => {
    const accepted = renderHtml(defaultProfileReport());
    const refused = renderHtml(nothingAcceptedReport());

    expect(accepted).toContain(
      'Accepted exactly when notificationUrl and expirationDateTime are present and changeType and resource are absent; clientState does not matter.',
    );
    expect(accepted).toContain('<span class="badge forbidden">forbidden</span>');
    expect(refused).toContain('<strong>Nothing was accepted.</strong>');
    expect(refused).toContain('likely cause: token');
  });

  test('draws a value table per probed field and a limits table', () => {
    const page = renderHtml(defaultProfileReport());

    expect(page).toContain('<a href="#values">Values</a>');
    expect(page.match(/<table class="values">/g)).toHaveLength(3);
    expect(page).toContain('<h3 class="mono">notificationUrl</h3>');
    expect(page).toContain('<td class="muted form">not spec form</td>');
    expect(page).toContain('<td><strong>259200 minutes (180 days)</strong></td>');
    expect(page).toContain('No value classes recorded for <code>changeType</code>, <code>resource</code>');
  });

  test('escapes what the target sent in the value tables', () => {
    const report = defaultProfileReport();
    const rejected = report.values['notificationUrl']?.rejected[0];
    if (rejected === undefined) throw new Error('fixture has a rejected notificationUrl');
    rejected.errorMessage = SCRIPT;
    rejected.sent = '"<img src=x>"';

    const page = renderHtml(report);

    expect(page).not.toMatch(/<script|<img/i);
    expect(page).toContain('&lt;script&gt;');
  });
});

