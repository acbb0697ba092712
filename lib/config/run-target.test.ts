import { describe, expect, it } from 'vitest';
import { reportTarget, sameTarget, settingsTarget } from './run-target.js';

describe('the same target, for every reader of an earlier report', () => {
  const configured = settingsTarget({ baseUrl: 'https://Staging.Example.com/api/', referenceProfile: 'default' });
  it('a configured target by its base URL: trailing slash and the host name case aside, nothing else', () => {
    expect(sameTarget(configured, reportTarget({ target: 'https://staging.example.com/api', targetKind: 'configured' })!)).toBe(true);
    expect(sameTarget(configured, reportTarget({ target: 'https://staging.example.com/api/v2', targetKind: 'configured' })!)).toBe(false);
    expect(sameTarget(configured, reportTarget({ target: 'http://staging.example.com/api', targetKind: 'configured' })!)).toBe(false);
  });
  it('the embedded reference by its profile, never a configured target; a report without a profile is of the default', () => {
    const embedded = settingsTarget({ baseUrl: undefined, referenceProfile: 'default' });
    expect(sameTarget(embedded, reportTarget({ target: 'http://127.0.0.1:1', targetKind: 'embedded-reference' })!)).toBe(true);
    const other = reportTarget({ target: 'http://127.0.0.1:1', targetKind: 'embedded-reference', referenceProfile: 'graph-like' });
    expect(sameTarget(embedded, other!)).toBe(false);
    expect(sameTarget(embedded, configured)).toBe(false);
  });
  it('a report that names another kind of target names none', () => {
    expect(reportTarget({ target: 'x', targetKind: 'something-else' })).toBeUndefined();
  });
});
