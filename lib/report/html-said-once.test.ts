import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { codeProblem } from '../protocol/error-rule.js';
import { escapeHtml } from './html.js';
import { caseAnchor } from './html-cases.js';
import { noteAnchor, saidOnce, splitByNotes } from './html-said-once.js';
import { renderHtml } from './render-html.js';
import { conditionalReport, defaultProfileReport } from '../../test/support/report-fixtures.js';
import type { BehaviourReport } from './types.js';

const recorded = (): BehaviourReport =>
  JSON.parse(
    readFileSync(new URL('../../test/fixtures/drive-subscription-v2.before.behaviour-report.json', import.meta.url), 'utf8'),
  ) as BehaviourReport;

/** The recorded report with the letter-case sentence a target spelling the code `InvalidRequest` gets added to every finding that says "rejected". */
function letterCaseReport(): BehaviourReport {
  const report = recorded();
  const sentence = `which breaks spec §7 rule 1: ${codeProblem('InvalidRequest')}; judged once per kind of refusal in 03-value-classes/refusals`;
  const cases = report.cases.map((c) => (c.finding?.includes('rejected') === true ? { ...c, finding: `${c.finding}, ${sentence}` } : c));
  return {
    ...report,
    cases,
    findings: cases.flatMap((c) => (c.verdict === 'INFORMATIONAL' && c.finding !== undefined ? [c.finding] : [])),
  };
}

const occurrences = (page: string, text: string): number => page.split(text).length - 1;

describe('a finding many cases share is said once, with the count', () => {
  test.each([
    ['the recorded drive report', recorded],
    ['the recorded report with the code in another letter case', letterCaseReport],
    ['the default fixture', defaultProfileReport],
    ['a conditional rule', conditionalReport],
  ])('%s: each shared part once in the page, its count, and a link to it from each of its cases', (_, make) => {
    const report = make();
    const page = renderHtml(report);
    const notes = saidOnce(report.cases);
    notes.forEach((note, n) => {
      expect(occurrences(page, escapeHtml(note.text))).toBe(1);
      const holders = report.cases.flatMap((c, i) => (c.finding?.includes(note.text) === true ? [i] : []));
      expect(note.cases).toEqual(holders);
      expect(page).toContain(`<strong>${holders.length} cases:</strong> ${escapeHtml(note.text)}`);
      for (const i of holders) {
        const row = new RegExp(`<tr id="${caseAnchor(i)}"[^]*?</tr>`).exec(page)?.[0] ?? '';
        expect(row).toContain(`href="#${noteAnchor(n)}"`);
      }
    });
    // What no note says stays in the rows: each finding is its own text and its notes' texts, in order.
    for (const c of report.cases) {
      if (c.finding === undefined) continue;
      expect(
        splitByNotes(c.finding, notes)
          .map((p) => (typeof p === 'string' ? p : (notes[p.note]?.text ?? '')))
          .join(''),
      ).toBe(c.finding);
    }
  });

  test('the letter case of the error code: said once for every finding that held it, where it was said in each', () => {
    const report = letterCaseReport();
    const refusals = report.cases.filter((c) => c.finding?.includes('rejected') === true).length;
    expect(refusals).toBeGreaterThan(20);
    const page = renderHtml(report);
    expect(occurrences(page, escapeHtml(codeProblem('InvalidRequest')))).toBe(1);
    expect(page).toContain(`<strong>${refusals} cases:</strong>`);
    // The unchanged report has no such sentence to share.
    expect(occurrences(renderHtml(recorded()), escapeHtml(codeProblem('InvalidRequest')))).toBe(0);
  });

  test('a part fewer cases share, or too short to stand alone, stays in the rows', () => {
    const shared = 'the target answered with a sentence long enough to be said once for all of them';
    expect(saidOnce(Array.from({ length: 4 }, (_, i) => ({ finding: `case ${i}: ${shared}` })))).toEqual([]);
    expect(saidOnce(Array.from({ length: 9 }, (_, i) => ({ finding: `case ${i}: short and shared` })))).toEqual([]);
    expect(saidOnce(Array.from({ length: 5 }, (_, i) => ({ finding: `case ${i}: ${shared}` })))).toEqual([
      { text: shared, cases: [0, 1, 2, 3, 4] },
    ]);
  });

  test("a target's text said once is escaped", () => {
    const hostile = '<script>alert(1)</script> said by the target, long enough to be said once for all of them';
    const report = recorded();
    const cases = report.cases.map((c, i) => (i < 6 ? { ...c, finding: `case ${i}: ${hostile}` } : c));
    const page = renderHtml({ ...report, cases });
    expect(page).not.toContain('<script>alert');
    expect(occurrences(page, escapeHtml(hostile))).toBe(1);
  });
});
