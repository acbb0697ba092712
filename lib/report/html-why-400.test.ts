import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { escapeHtml } from './html.js';
import { summarySection } from './html-summary.js';
import { handshakeCauses, refusalCauses, valueRefusalCauses } from './html-why-400.js';
import { conditionalReport, nothingAcceptedReport } from '../../test/support/report-fixtures.js';
import type { BehaviourReport } from './types.js';

const recorded = (): BehaviourReport =>
  JSON.parse(
    readFileSync(new URL('../../test/fixtures/drive-subscription-v2.before.behaviour-report.json', import.meta.url), 'utf8'),
  ) as BehaviourReport;

/** The summary's list, one entry per line as text. */
function listed(report: BehaviourReport): string[] {
  const summary = summarySection(report).value;
  const list = /<ul class="why400">(.*?)<\/ul>/s.exec(summary)?.[1] ?? '';
  return [...list.matchAll(/<li[^>]*>(.*?)<\/li>/gs)].map((m) => m[1] ?? '');
}

describe('the first screen says why a body gets a 400', () => {
  test.each([
    ['the recorded drive report', recorded],
    ['a conditional rule', conditionalReport],
    ['nothing accepted', nothingAcceptedReport],
  ])('%s: one line per cause, each rejection group, value class, limit and refused handshake named', (_, make) => {
    const report = make();
    const lines = listed(report);
    expect(lines).toHaveLength(refusalCauses(report).length);
    for (const g of report.rejectionGroups)
      expect(lines.some((l) => l.includes(`${g.status}`) && l.startsWith('<a href="#rejections"'))).toBe(true);
    // Every refused value class is named on some value line, its field beside it.
    for (const field of report.operation.fields) {
      for (const r of report.values[field]?.rejected ?? []) {
        expect(lines.some((l) => l.includes('#values') && l.includes(r.classId) && l.includes(field))).toBe(true);
      }
      for (const l of report.values[field]?.limits ?? []) {
        expect(lines.some((line) => line.includes('#limits') && line.includes(escapeHtml(`${l.field} past its ${l.name}`)))).toBe(true);
      }
    }
    const refusedHandshakes = report.cases.filter(
      (c) => c.id.startsWith('events/handshake-') && /answered the create 4\d\d/.test(c.finding ?? ''),
    );
    expect(lines.filter((l) => l.includes('>handshake</a>'))).toHaveLength(refusedHandshakes.length);
  });

  test('the recorded report: the list sits after the rule and before the roles, and every kind is there', () => {
    const report = recorded();
    const summary = summarySection(report).value;
    const at = summary.indexOf('id="why-rejected"');
    expect(at).toBeGreaterThan(summary.indexOf('class="rule-words"'));
    expect(at).toBeLessThan(summary.indexOf('class="roles"'));
    expect(new Set(refusalCauses(report).map((c) => c.kind))).toEqual(new Set(['presence', 'value', 'limit', 'handshake']));
  });

  test('value classes refused alike are one line; refused otherwise, another', () => {
    const report = recorded();
    const causes = valueRefusalCauses(report);
    const rejected = report.operation.fields.flatMap((f) => report.values[f]?.rejected ?? []);
    expect(causes.length).toBeGreaterThan(0);
    expect(causes.length).toBeLessThan(rejected.length);
    // The messages of one line are the same refusal: no two lines show the same example message.
    expect(new Set(causes.map((c) => c.message)).size).toBe(causes.length);
  });

  test("a target's message is escaped, in the line and in its title", () => {
    const report = recorded();
    const hostile = '<img src=x onerror=alert(1)>"\'';
    const handshake = report.cases.find((c) => c.id === 'events/handshake-500');
    if (handshake === undefined) throw new Error('the fixture has no handshake-500 case');
    handshake.finding = `receiver that answers the validation request 500: the target sent 1 validation request and answered the create 400 invalidRequest ${JSON.stringify(hostile)} after 5 ms`;
    expect(handshakeCauses(report).some((c) => c.message === hostile)).toBe(true);
    const summary = summarySection(report).value;
    expect(summary).not.toContain('<img');
    expect(summary).toContain(escapeHtml(hostile));
  });

  test('a run that refused nothing has no list', () => {
    const report = recorded();
    const none: BehaviourReport = {
      ...report,
      rejectionGroups: [],
      values: {},
      cases: report.cases.filter((c) => !c.id.startsWith('events/handshake-')),
    };
    expect(refusalCauses(none)).toEqual([]);
    expect(summarySection(none).value).not.toContain('why-rejected');
  });
});
