import { describe, expect, test } from 'vitest';
import { defaultProfileReport } from '../../test/support/report-fixtures.js';
import { formatConsoleSummary } from '../vitest/console-summary.js';
import type { Observation } from '../inference/types.js';
import { namingOf, namingSentence } from './naming.js';
import { renderHtml } from './render-html.js';
import { renderMarkdown } from './render-markdown.js';
import { validateBehaviourReport } from './validate-report.js';

const FIELDS = ['changeType', 'notificationUrl', 'resource'];

const refused = (present: string[], errorMessage?: string, errorNames?: string[]): Observation => ({
  present,
  outcome: 'rejected',
  status: 400,
  ...(errorMessage !== undefined ? { errorMessage } : {}),
  ...(errorNames !== undefined ? { errorNames } : {}),
});

describe('naming: how much of the refusals the error reader could read', () => {
  test('counts refused combinations only: with a message, and naming a field by structure or in the text', () => {
    const counts = namingOf(FIELDS, [
      { present: [], outcome: 'accepted', status: 201 },
      { present: ['resource'], outcome: 'unstable', status: 400 },
      refused(['changeType'], "property 'changeType' should not exist"),
      refused(['resource'], 'Bad input', ['create.request.resource']),
      refused(['notificationUrl'], 'The requested resource does not accept this media type'),
      refused(['changeType', 'resource']),
    ]);
    expect(counts).toEqual({ refusals: 4, withMessage: 3, withFields: 2 });
    expect(namingOf(FIELDS, [{ present: [], outcome: 'accepted', status: 201 }])).toBeUndefined();
  });

  test('the sentence says what the gaps are, and says nothing of gaps when there are none', () => {
    expect(namingSentence({ refusals: 4, withMessage: 3, withFields: 2 })).toBe(
      '4 refused combinations: a message read from 3, a field named by 2; 1 gave no message the error reader could read (no body, or one it could not place); 2 named no field it could find: their bodies are in the matrix',
    );
    expect(namingSentence({ refusals: 1, withMessage: 1, withFields: 1 })).toBe(
      '1 refused combination: a message read from 1, a field named by 1',
    );
  });

  test('shown in the console, the Markdown and the HTML, and valid in the report', () => {
    const base = defaultProfileReport();
    const refusals = base.matrix.filter((e) => e.outcome === 'rejected').length;
    const report = { ...base, naming: { refusals, withMessage: refusals, withFields: refusals - 1 } };
    expect(validateBehaviourReport(report).valid).toBe(true);
    expect(validateBehaviourReport({ ...base, naming: { refusals: refusals + 1, withMessage: 0, withFields: 0 } }).valid).toBe(false);
    expect(validateBehaviourReport({ ...base, naming: { refusals, withMessage: refusals + 1, withFields: 0 } }).valid).toBe(false);
    const sentence = namingSentence(report.naming);
    expect(formatConsoleSummary(report)).toContain(`  refusals read: ${sentence}`);
    expect(renderMarkdown(report)).toContain(`**Refusals read** ${sentence}`);
    expect(renderHtml(report)).toContain(`Refusals read: ${sentence}`);
  });
});
