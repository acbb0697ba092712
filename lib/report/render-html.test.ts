import { describe, expect, test } from 'vitest';
import { conditionalReport, defaultProfileReport, nothingAcceptedReport } from '../../test/support/report-fixtures.js';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { escapeHtml } from './html.js';
import { CASE_FILTER_SCRIPT } from './html-cases.js';
import { limitRange, renderHtml } from './render-html.js';
import type { BehaviourReport } from './types.js';

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

    // The one script is the page's own filter; the target's arrives as text.
    expect(html.match(/<script/gi)).toHaveLength(1);
    expect(html).toContain(`<script>${CASE_FILTER_SCRIPT}</script>`);
    expect(html).not.toMatch(/<img/i);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('x&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
  });

  test('is one self-contained page: inline CSS, nothing fetched, only its own script allowed, by hash', () => {
    const html = renderHtml(defaultProfileReport());
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    const hash = createHash('sha256').update(script).digest('base64');

    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(script.length).toBeGreaterThan(100);
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${hash}'">`,
    );
    expect(html).not.toMatch(/<(link|img|iframe)\b/i);
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
    expect(html.match(/<details class="example">/g)).toHaveLength(4);
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
    expect(page).toContain('<details class="fold"><summary><strong class="mono">notificationUrl</strong>');
    expect(page).toContain('<td class="muted form">not spec form</td>');
    expect(page).toContain('<a href="#limits">Limits</a>');
    expect(page).toContain('accepted up to <strong>259200 minutes (180 days)</strong>, refused from 259201</div>');
    expect(page).toContain('No value classes recorded for <code>changeType</code>, <code>resource</code>');
  });

  test('escapes what the target sent in the value tables', () => {
    const report = defaultProfileReport();
    const rejected = report.values['notificationUrl']?.rejected[0];
    if (rejected === undefined) throw new Error('fixture has a rejected notificationUrl');
    rejected.errorMessage = SCRIPT;
    rejected.sent = '"<img src=x>"';

    const page = renderHtml(report);

    expect(page.match(/<script/gi)).toHaveLength(1);
    expect(page).not.toMatch(/<img/i);
    expect(page).toContain('&lt;script&gt;');
  });

  test('the first screen says whether it is green and what the target requires, before any long table', () => {
    const page = renderHtml(defaultProfileReport());
    const at = (text: string): number => {
      const i = page.indexOf(text);
      expect(i, text).toBeGreaterThan(-1);
      return i;
    };

    const order = [
      at('<section id="summary"'),
      at('<span class="badge CONFORMS">CONFORMS'),
      at('<p class="status green"><strong>Green.</strong>'),
      at('<p class="rule-words">Accepted exactly when notificationUrl and expirationDateTime are present'),
      at('<table class="roles">'),
      at('<figure class="rule-grid">'),
      at('<nav class="toc"'),
      at('<section id="rule">'),
      at('<section id="matrix">'),
      at('<section id="cases">'),
      at('<section id="run">'),
    ];
    expect(order).toEqual([...order].sort((a, b) => a - b));
    for (const id of ['rule', 'matrix', 'rejections', 'values', 'limits', 'examples', 'findings', 'cases', 'run']) {
      expect(page).toContain(`<a href="#${id}">`);
      expect(page).toContain(`id="${id}"`);
    }
  });

  test('a failing run says so first and names the failing cases, linked to their rows', () => {
    const page = renderHtml(nothingAcceptedReport());
    const summary = page.slice(page.indexOf('<section id="summary"'), page.indexOf('</section>', page.indexOf('<section id="summary"')));

    expect(summary).toContain('<strong>Not green: the run fails.</strong>');
    expect(summary).toContain('<a href="#cases">2 cases DEVIATE from the spec</a>');
    expect(summary).toContain('<a href="#cases">1 case ended in ERROR: no verdict from the target</a>');
    expect(summary).toContain('<a href="#diagnosis">nothing was accepted (likely cause: token)</a>');
    const link = /<a href="#(case-\d+)">A notification reaches notificationUrl<\/a>/.exec(summary);
    expect(link).not.toBeNull();
    expect(page).toContain(`<tr id="${link?.[1] ?? ''}" data-verdict="ERROR" data-suite="events">`);
    expect(page).not.toContain('class="status green"');
  });

  test('a stopped run opens with what stopped it, never green, and lists what did not run and what would test it', () => {
    const report = defaultProfileReport();
    report.run.stopped = { by: 'SIGTERM', at: report.run.endedAt, why: 'stopped by SIGTERM' };
    report.notRun = [{ id: 'lifecycle/read', suite: '07-lifecycle', name: 'r', reason: 'not started: stopped by SIGTERM' }];
    report.skipped = [
      { id: 'events/notification', suite: '06-events', name: 'n', reason: 'no public receiver', toTest: 'set RECEIVER_PUBLIC_URL' },
    ];
    const page = renderHtml(report);
    const summary = page.slice(page.indexOf('<section id="summary"'), page.indexOf('<h2 id="requires">'));
    expect(summary).toContain('<div class="status stopped"><strong>Stopped early:</strong> stopped by SIGTERM (at ');
    expect(summary).toContain('<a href="#not-tested">1 case was not run</a>');
    expect(page).not.toContain('class="status green"');
    expect(page).toContain('<a href="#not-tested">Not tested</a>');
    const section = page.slice(page.indexOf('<section id="not-tested">'));
    expect(section).toContain('<strong>1 case</strong>: no public receiver. <em>To test:</em> set RECEIVER_PUBLIC_URL.');
    expect(section).toContain('<code>lifecycle/read</code>');
  });

  test('cases carrying their suite file are folded by it: the protocol suite is one group, titled by its blocks', () => {
    const report = defaultProfileReport();
    const block = (name: string): string => name.slice(0, name.indexOf(' > '));
    report.cases = [
      {
        id: 'protocol/spec-5/no-authorization',
        name: 'spec §5 authentication > no Authorization',
        suite: '05-protocol',
        specRef: 'spec §5',
        verdict: 'CONFORMS',
      },
      {
        id: 'protocol/spec-7.1/not-json',
        name: 'spec §7 rule 1: a malformed body > not JSON',
        suite: '05-protocol',
        specRef: 'spec §7 rule 1',
        verdict: 'CONFORMS',
      },
      {
        id: 'protocol/spec-9/v1.0',
        name: 'spec §9 version > v1.0',
        suite: '05-protocol',
        specRef: 'open: spec §9',
        verdict: 'INFORMATIONAL',
      },
    ];
    const page = renderHtml(report);
    const groups = [...page.matchAll(/<details class="suite"( open)?>\s*<summary><strong>([^<]*)<\/strong> <span class="muted">([^ ]+) /g)];
    expect(groups.map((m) => [m[3], m[2]])).toEqual([['05-protocol', report.cases.map((c) => block(c.name)).join(' · ')]]);
    expect(page).toContain('<td><div>no Authorization</div><code class="muted">protocol/spec-5/no-authorization</code>');
  });

  test('cases are folded by suite, failing suites open, with a filter the page reads without', () => {
    const page = renderHtml(nothingAcceptedReport());
    const suites = [
      ...page.matchAll(/<details class="suite"( open)?>\s*<summary><strong>[^<]*<\/strong> <span class="muted">([^ ]+) /g),
    ].map((m) => [m[2], m[1] === ' open']);

    expect(suites).toEqual(
      expect.arrayContaining([
        ['spec-4', true],
        ['events', true],
        ['open', false],
        ['matrix', false],
      ]),
    );
    // Hidden until the script shows it: without scripts there is no control that does nothing.
    expect(page).toContain('<div id="case-controls" class="controls" hidden>');
    expect(page).toContain('<input type="search" id="case-filter"');
    expect(page).toContain('<option value="events">events</option>');
    for (const verdict of ['CONFORMS', 'DEVIATES', 'INFORMATIONAL', 'ERROR']) {
      expect(page).toContain(`<input type="checkbox" value="${verdict}" checked>`);
    }
    expect(page.match(/<tr id="case-\d+" data-verdict="\w+" data-suite="[\w-]+">/g)).toHaveLength(nothingAcceptedReport().cases.length);
  });

  test('Observed is left out when it only repeats the finding, and kept when it says more', () => {
    const report = defaultProfileReport();
    report.cases = [
      {
        id: 'matrix/changeType',
        name: 'present: changeType',
        specRef: 'open',
        verdict: 'INFORMATIONAL',
        finding: '{changeType} rejected (400 invalidRequest)',
        observed: 'rejected (400, 400) invalidRequest',
      },
      {
        id: 'matrix/resource',
        name: 'present: resource',
        specRef: 'open',
        verdict: 'INFORMATIONAL',
        finding: '{resource} rejected (400 invalidRequest)',
        observed: 'unstable (400, 201) invalidRequest',
      },
    ];

    const page = renderHtml(report);
    const row = (id: string): string => page.split('<tr ').find((r) => r.includes(`<code class="muted">${id}</code>`)) ?? '';

    expect(row('matrix/changeType')).toContain('{changeType} rejected (400 invalidRequest)');
    expect(row('matrix/changeType')).not.toContain('Observed:');
    expect(row('matrix/resource')).toContain('<span class="muted">Observed:</span> <code>unstable (400, 201) invalidRequest</code>');
  });

  test('the matrix puts the accepted combinations first, then each rejection group', () => {
    const page = renderHtml(conditionalReport());
    const matrix = page.slice(page.indexOf('<section id="matrix">'), page.indexOf('<section id="rejections">'));
    const outcomes = [...matrix.matchAll(/<td class="outcome (\w+)">/g)].map((m) => m[1]);
    const firstNotAccepted = outcomes.findIndex((o) => o !== 'accepted');

    expect(outcomes).toHaveLength(32);
    expect(firstNotAccepted).toBeGreaterThan(0);
    expect(outcomes.slice(firstNotAccepted)).not.toContain('accepted');
    expect(matrix.indexOf('</span> Accepted</th>')).toBeLessThan(matrix.indexOf('</span> Rejected 400'));
  });

  test('the rule is drawn as a grid with one cell per combination, changes from the baseline outlined', () => {
    const report = defaultProfileReport();
    report.drift = {
      baseline: 'baselines/x.json',
      name: 'x',
      changes: [
        {
          kind: 'matrix',
          present: ['notificationUrl', 'expirationDateTime'],
          subject: '{notificationUrl, expirationDateTime}',
          before: '400 <b>',
          after: '201',
          message: 'm',
        },
      ],
      compared: { combinations: 32, valueClasses: 0, limits: 0, ruleAndRoles: true },
      notCompared: [],
    };

    const page = renderHtml(report);
    const grid = page.slice(page.indexOf('<figure class="rule-grid">'), page.indexOf('</figure>'));

    expect(grid.match(/<td class="cell /g)).toHaveLength(32);
    expect(grid.match(/<td class="cell accepted/g)).toHaveLength(2);
    expect(grid).toContain(
      '<td class="cell accepted drifted" title="notificationUrl + expirationDateTime: accepted, 201; baseline: 400 &lt;b&gt;">✓</td>',
    );
    expect(page).toMatch(/<tr class="drifted">(<td class="(on|off)"[^>]*>.<\/td>){5}<td class="num mono">201<\/td>/);
    expect(page).not.toContain('<span class="was">');
  });

  test('a role that changed since the baseline is marked in the roles table, with what it was', () => {
    const report = defaultProfileReport();
    report.drift = {
      baseline: 'baselines/x.json',
      name: 'x',
      changes: [{ kind: 'role', field: 'resource', subject: 'resource', before: 'optional', after: 'forbidden', message: 'm' }],
      compared: { combinations: 32, valueClasses: 0, limits: 0, ruleAndRoles: true },
      notCompared: [],
    };

    const page = renderHtml(report);

    expect(page).toMatch(
      /<tr class="drifted"><td class="mono">resource<\/td><td><span class="badge forbidden">forbidden<\/span> <span class="muted">must be absent<\/span> <span class="was">baseline: optional<\/span>/,
    );
    expect(page.match(/<span class="was">/g)).toHaveLength(1);
  });

  test('limits are drawn as ranges: accepted up to the largest value, refused from the first rejected', () => {
    const page = renderHtml(defaultProfileReport());

    expect(page).toContain('<div class="range-words">accepted up to <strong>255 characters</strong>, refused from 256</div>');
    expect(page).toMatch(
      /title="accepted up to 255, refused from 256 characters"><span class="acc" style="width:86\.6%"><\/span><span class="gap" style="width:0\.3%"><\/span><span class="ref" style="width:13\.0%"><\/span><\/div>/,
    );
  });

  test('a limit with only one side known is drawn with the other side grey', () => {
    const acceptedOnly = String(limitRange({ value: 10, unit: 'characters' }));
    const refusedOnly = String(limitRange({ firstRejected: 20, unit: 'characters' }));

    expect(acceptedOnly).toContain('<span class="acc" style="width:87.0%"></span><span class="gap" style="width:13.0%"></span></div>');
    expect(acceptedOnly).toContain('accepted up to <strong>10 characters</strong>, no value refused');
    expect(refusedOnly).toContain(
      '<span class="acc" style="width:0.0%"></span><span class="gap" style="width:87.0%"></span><span class="ref" style="width:13.0%"></span>',
    );
    expect(refusedOnly).toContain('largest accepted not pinned, refused from 20');
    expect(limitRange({ unit: 'characters' })).toBe('');
  });

  test('the full default report unfolds little: its 128 cases, values, examples and findings start folded', () => {
    const fixture = new URL('../../test/fixtures/drive-subscription-v2.before.behaviour-report.json', import.meta.url);
    const page = renderHtml(JSON.parse(readFileSync(fixture, 'utf8')) as BehaviourReport);
    // What a reader sees before opening anything: the page without its closed <details>.
    const unfolded = page.replace(/<details(?![^>]*\bopen\b)[^>]*>[\s\S]*?<\/details>/g, '');

    // The page draws 269 table rows, 83 of them unfolded (the matrix's 32 and its bands, roles, the grid, lifecycle);
    // a page that showed every row, cases and values included, would show about 250.
    expect(page.match(/<tr/g)?.length).toBeGreaterThan(250);
    expect(unfolded.match(/<tr/g)?.length).toBeLessThan(100);
    // The first screen's causes of a 400 are unfolded on purpose, in a box of fixed height (html-style.ts): the other lists stay short.
    expect(unfolded).toContain('<ul class="why400">');
    expect(unfolded.replace(/<ul class="why400">[\s\S]*?<\/ul>/, '').match(/<li/g)?.length ?? 0).toBeLessThan(10);
    expect(unfolded).not.toContain('data-verdict=');
  });
});
