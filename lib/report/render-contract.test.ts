import { describe, expect, test } from 'vitest';
import { buildObservedContract } from '../contract/build-contract.js';
import { subscriptionCreate } from '../operation/index.js';
import { defaultProfileReport } from '../../test/support/report-fixtures.js';
import { renderHtml } from './render-html.js';
import { renderMarkdown } from './render-markdown.js';
import type { BehaviourReport } from './types.js';

function withContract(): BehaviourReport {
  const report = defaultProfileReport();
  const observed = buildObservedContract(report, subscriptionCreate);
  report.contract = {
    observed: {
      file: 'observed-openapi.json',
      yaml: 'observed-openapi.yaml',
      requestBodySchema: observed.requestSchema,
      roundTripDisagreements: 0,
    },
    comparison: {
      contract: 'team.yaml',
      compared: { combinations: 32, valueClasses: 0, limits: 0 },
      notCompared: { noVerdict: 0, notBuildable: 0 },
      disagreements: [
        {
          kind: 'combination',
          subject: '{notificationUrl}',
          evidence: 'notificationUrl',
          contract: 'accepted',
          target: '400 <img src=x>`|',
          message: '{notificationUrl}: contract says accepted, target did 400 <img src=x>`|',
        },
      ],
    },
  };
  return report;
}

describe('the reports show the observed contract and a contract comparison', () => {
  test('Markdown: a link to the file, the request body schema without x-observed, the disagreements in code spans', () => {
    const md = renderMarkdown(withContract());
    expect(md).toContain('### Observed contract');
    expect(md).toContain('[`observed-openapi.json`](observed-openapi.json) ([YAML](observed-openapi.yaml))');
    expect(md).toContain('"required": [\n    "notificationUrl",\n    "expirationDateTime"\n  ]');
    expect(md).not.toContain('x-observed"');
    expect(md).toContain('### Contract comparison');
    expect(md).toContain('- `{notificationUrl}`: contract says `accepted`, target did ``400 <img src=x>`|``');
    expect(md.indexOf('### Contract comparison')).toBeLessThan(md.indexOf('### Acceptance rule'));
  });

  test('HTML: the link, the schema, the disagreements escaped', () => {
    const page = renderHtml(withContract());
    expect(page).toContain('<a href="observed-openapi.json"><code>observed-openapi.json</code></a>');
    expect(page).toContain('<a href="#contract">Contract</a>');
    expect(page).toContain('&quot;notificationUrl&quot;');
    expect(page).toContain('400 &lt;img src=x&gt;`|');
    expect(page).not.toContain('<img src=x>');
  });
});
