import { expect, test } from 'vitest';
import { mergeLifecycle } from '../lifecycle/merge.js';
import { lifecycleSection } from './lifecycle-html.js';
import { lifecycleMarkdown } from './lifecycle-markdown.js';

const facts = mergeLifecycle([
  {
    operations: {
      read: { method: 'GET', path: '/s/{id}', supported: false, status: 405, code: 'notSupported' },
      renew: { method: 'PATCH', path: '/s/{id}', supported: null, status: 400, code: 'invalidRequest' },
    },
    record: { fields: { expirationDateTime: { type: 'string', origin: 'changed', sent: '"a|b"', returned: '"<b>x</b>"' } } },
    afterDelete: { read: 404, delete: 204, listed: null },
    states: [{ from: 'absent', action: 'create', status: 201, to: 'active' }],
  },
]);

test('Markdown: each operation supported, not supported, refused or not found out; changed fields show both values', () => {
  const md = lifecycleMarkdown(facts).join('\n');

  expect(md).toContain('| read | `GET /s/{id}` | not supported (405 notSupported) |');
  expect(md).toContain('| renew | `PATCH /s/{id}` | refused (400 invalidRequest) |');
  expect(md).toContain('| delete |  | not found out |');
  expect(md).toContain('| `expirationDateTime` | string | changed: sent `"a\\|b"`, returned `"<b>x</b>"` |');
  expect(md).toContain('After delete: read 404, a second delete 204, not found out.');
  expect(md).toContain('| absent | create | 201 | active |');
});

test('HTML: the values a target sent are escaped', () => {
  const page = lifecycleSection(facts).value;

  expect(page).toContain('&lt;b&gt;x&lt;/b&gt;');
  expect(page).not.toContain('<b>x</b>');
  expect(page).toContain('<td>not supported (405 notSupported)</td>');
});
