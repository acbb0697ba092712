import { expect, test } from 'vitest';
import { defaultProfileReport } from '../../test/support/report-fixtures.js';
import { renderHtml } from './render-html.js';
import { renderMarkdown } from './render-markdown.js';
import { validateBehaviourReport } from './validate-report.js';
import { DUPLICATE_CASE_ID, withLedgerOutcome } from './with-ledger-outcome.js';

const LEFT = [
  {
    id: 'sub-500',
    deletePath: '/_api/v2.0/drive/root/subscriptions/sub-500',
    createdAt: '2026-11-22T10:00:00.000Z',
    reason: 'not deleted: server: HTTP 500 after 4 attempts',
  },
  { createdAt: '2026-11-22T10:00:01.000Z', reason: 'created (status 201), id unknown: answer names no id' },
  { id: '..', createdAt: '2026-11-22T10:00:02.000Z', reason: 'not deleted: unsafe id: the id is a dot segment (".."); no DELETE sent' },
];

test('what is left on the target is in the JSON, the Markdown and the HTML, and the report stays valid', () => {
  const report = withLedgerOutcome(defaultProfileReport(), { leftOnTarget: LEFT, duplicateIds: [] });
  expect(validateBehaviourReport(report).valid).toBe(true);
  expect(report.run.leftOnTarget).toEqual(LEFT);
  const md = renderMarkdown(report);
  expect(md).toContain('Left on the target: 3 subscription(s)');
  expect(md).toContain('`sub-500`');
  expect(md).toContain('unsafe id');
  expect(md).toContain('| unknown |');
  const page = renderHtml(report);
  expect(page).toContain('Left on the target: 3 subscription(s)');
  expect(page).toContain('<code>..</code>');
  expect(page).toContain('id unknown: answer names no id');
});

test('nothing left: an empty list in the JSON, no section in the Markdown or HTML', () => {
  const report = withLedgerOutcome(defaultProfileReport(), { leftOnTarget: [], duplicateIds: [] });
  expect(report.run.leftOnTarget).toEqual([]);
  expect(renderMarkdown(report)).not.toContain('Left on the target');
  expect(renderHtml(report)).not.toContain('Left on the target');
});

test('one id for several creates is an INFORMATIONAL case and finding; counts stay consistent', () => {
  const before = defaultProfileReport();
  const report = withLedgerOutcome(before, { leftOnTarget: [], duplicateIds: [{ id: 'string', creates: 7 }] });
  expect(validateBehaviourReport(report).valid).toBe(true);
  const added = report.cases.find((c) => c.id === DUPLICATE_CASE_ID);
  expect(added?.verdict).toBe('INFORMATIONAL');
  expect(report.counts.INFORMATIONAL).toBe(before.counts.INFORMATIONAL + 1);
  expect(report.findings.at(-1)).toMatch(/same id for different creates: "string" \(7 creates\)/);
  // The input is not changed.
  expect(before.cases.some((c) => c.id === DUPLICATE_CASE_ID)).toBe(false);
});
